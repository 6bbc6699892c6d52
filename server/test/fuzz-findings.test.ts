import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuthUser, Partner, PartnerSearchResult } from '@/contract/schemas.ts'
import { ADMIN, client, partnerBody, pngBytes, startServer, type Client, type TestServer } from './helpers.ts'

/** One deterministic test per problem fuzz.test.ts found, over real HTTP. */
let server: TestServer
let api: Client
let admin: AuthUser
let staticBase: string

beforeAll(async () => {
  staticBase = mkdtempSync(join(tmpdir(), 'fuzz-findings-'))
  const dist = join(staticBase, 'dist')
  mkdirSync(join(dist, 'assets'), { recursive: true })
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Partenaires</title>')
  writeFileSync(join(dist, '.env'), 'SECRET=ne-pas-servir')
  writeFileSync(join(dist, 'assets', '.hidden'), 'ne-pas-servir')
  server = await startServer({ staticDir: dist })
  api = client(server)
  admin = await api.login(ADMIN.email, ADMIN.password)
})
afterAll(async () => {
  await server.close()
  rmSync(staticBase, { recursive: true, force: true })
})

describe('paths the router cannot take', () => {
  it('a broken percent-encoding is a French 400, not Fastify’s English FST_ERR_BAD_URL', async () => {
    for (const path of ['/api/partners/%ZZ', '/api/users/%ED%A0%80', '/uploads/%C3%28']) {
      const res = await api.get(path, { token: admin.access_token })
      expect(res.status, path).toBe(400)
      expect(res.headers.get('content-type')).toMatch(/^application\/json/)
      expect(res.body, path).toEqual({
        message: 'L’adresse demandée est mal formée (encodage « % » invalide ou caractères non UTF-8).',
      })
    }
  })

  it('a parameter over maxParamLength is a French 414 (without a client build, whose wildcard takes it)', async () => {
    const bare = await startServer()
    try {
      const res = await client(bare).get(`/api/partners/${'1'.repeat(201)}`, { token: admin.access_token })
      expect(res.status).toBe(414)
      expect(res.body).toEqual({ message: 'L’adresse demandée est trop longue.' })
    } finally {
      await bare.close()
    }
  })
})

describe('malformed multipart uploads', () => {
  const upload = (path: string, body: Buffer, contentType: string) =>
    api.request('POST', path, { token: admin.access_token, raw: body, contentType })

  it('a form without its closing boundary or without a boundary is a French 400, not a 500', async () => {
    const partner = await api.post<Partner>('/api/partners', partnerBody(), { token: admin.access_token })
    const png = await pngBytes()
    const part = Buffer.concat([
      Buffer.from('--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n'),
      png,
    ])
    for (const path of ['/api/articles/image', `/api/partners/${partner.body.partnerId.id}/image`]) {
      for (const [body, type] of [
        [part, 'multipart/form-data; boundary=b'],
        [Buffer.concat([part, Buffer.from('\r\n--b--\r\n')]), 'multipart/form-data'],
      ] as const) {
        const res = await upload(path, body, type)
        expect(res.status, `${path} ${type}`).toBe(400)
        expect(res.body).toEqual({
          message: 'Le formulaire envoyé est mal formé ou incomplet (multipart/form-data).',
          field: 'file',
        })
      }
    }
    const complete = Buffer.concat([part, Buffer.from('\r\n--b--\r\n')])
    expect((await upload('/api/articles/image', complete, 'multipart/form-data; boundary=b')).status).toBe(
      201,
    )
  })
})

describe('coordinates PostgreSQL would underflow on', () => {
  it('a denormal latitude or longitude is stored as 0 instead of failing with a 500', async () => {
    const res = await api.post<Partner>(
      '/api/partners',
      partnerBody({
        location: { address: '1 rue', city: 'Marseille', position: { lat: 5e-324, lng: -5e-324 } },
      }),
      { token: admin.access_token },
    )
    expect(res.status, res.text).toBe(201)
    expect(res.body.location.position).toEqual({ lat: 0, lng: 0 })
  })

  it('a search position written as a tiny decimal is accepted', async () => {
    const tiny = `0.${'0'.repeat(322)}5`
    const res = await api.get<PartnerSearchResult[]>(`/api/partners/search?userPosition=${tiny},${tiny}`, {
      token: admin.access_token,
    })
    expect(res.status, res.text).toBe(200)
  })
})

describe('static files', () => {
  it('dotfiles in the build folder are never served', async () => {
    // inject: fetch would resolve the dot segments before sending.
    for (const path of ['/.env', '/assets/../.env', '/assets/.hidden']) {
      const res = await server.app.inject({ method: 'GET', url: path })
      expect(res.statusCode, path).toBe(404)
      expect(res.body).not.toContain('ne-pas-servir')
      const page = await server.app.inject({ method: 'GET', url: path, headers: { accept: 'text/html' } })
      expect(page.body, path).toContain('<title>Partenaires</title>')
    }
  })
})
