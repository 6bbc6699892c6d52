import { request as httpRequest } from 'node:http'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuthUser } from '@/contract/schemas.ts'
import { COMPRESS_FROM_BYTES } from '../compression.ts'
import { ADMIN, client, partnerBody, startServer, type TestServer } from './helpers.ts'

let server: TestServer
let admin: AuthUser

/** node:http, not fetch: fetch decompresses by itself and hides what went over the wire. */
function raw(
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(server.url + path, { headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      )
    })
    req.on('error', reject)
    req.end()
  })
}

beforeAll(async () => {
  server = await startServer()
  const api = client(server)
  admin = await api.login(ADMIN.email, ADMIN.password)
  for (let i = 0; i < 6; i++)
    await api.post('/api/partners', partnerBody({ name: `Partenaire compressé ${i}` }), {
      token: admin.access_token,
    })
})
afterAll(() => server.close())

describe('compression of API answers', () => {
  const auth = () => ({ authorization: `Bearer ${admin.access_token}` })

  it('compresses a large JSON answer as the client accepts (br first, then gzip), same JSON once decoded', async () => {
    const plain = await raw('/api/partners/search?name=compress', auth())
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.length).toBeGreaterThanOrEqual(COMPRESS_FROM_BYTES)
    const json = JSON.parse(plain.body.toString('utf8'))
    expect(json).toHaveLength(6)

    const br = await raw('/api/partners/search?name=compress', { ...auth(), 'accept-encoding': 'gzip, br' })
    expect(br.headers['content-encoding']).toBe('br')
    // A cache in between must not hand the compressed bytes to a client that did not ask for them.
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding')
    expect(br.body.length).toBeLessThan(plain.body.length / 3)
    expect(JSON.parse(brotliDecompressSync(br.body).toString('utf8'))).toEqual(json)

    const gz = await raw('/api/partners/search?name=compress', {
      ...auth(),
      'accept-encoding': 'br;q=0, gzip',
    })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(JSON.parse(gunzipSync(gz.body).toString('utf8'))).toEqual(json)
    // Security headers survive on the compressed answer.
    expect(gz.headers['x-request-id']).toBeTruthy()
    expect(gz.headers['cache-control']).toBe('no-store')
  })

  it('leaves small answers and errors as they are', async () => {
    const small = await raw('/api/partners/statues', { ...auth(), 'accept-encoding': 'br, gzip' })
    expect(small.status).toBe(200)
    expect(small.body.length).toBeLessThan(COMPRESS_FROM_BYTES)
    expect(small.headers['content-encoding']).toBeUndefined()
    const error = await raw('/api/partners/search?page=abc', { ...auth(), 'accept-encoding': 'br' })
    expect(error.status).toBe(400)
    expect(error.headers['content-encoding']).toBeUndefined()
    expect(JSON.parse(error.body.toString('utf8')).message).toMatch(/page/)
  })

  it('follows the Accept-Encoding weights', async () => {
    const encodingFor = async (acceptEncoding: string) =>
      (await raw('/api/partners/search?name=compress', { ...auth(), 'accept-encoding': acceptEncoding }))
        .headers['content-encoding']
    expect(await encodingFor('identity')).toBeUndefined()
    expect(await encodingFor('gzip, deflate, br')).toBe('br')
    expect(await encodingFor('br;q=0.5, gzip;q=0.8')).toBe('gzip')
    expect(await encodingFor('br;q=0, gzip;q=0')).toBeUndefined()
    expect(await encodingFor('GZIP')).toBe('gzip')
  })
})
