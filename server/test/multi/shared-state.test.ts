/**
 * Two instances on one PostgreSQL behind nginx: whatever one instance learns (a signing key, an image, a
 * failed sign-in, a logout) holds on the other at the next request.
 */
import { execFile } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startCluster, type Cluster } from '@/scripts/cluster/index.ts'
import type { AuthUser, Image, Partner } from '@/contract/schemas.ts'
import { client, fileForm, partnerBody, pngBytes, waitFor, type Client } from '../helpers.ts'
import { findPgBin } from '../pg-cluster.ts'
import { ADMIN, adminEnv, cluster, createUser, rawRequest } from './support.ts'

const LIMIT = 4
let c: Cluster
let A: Client
let B: Client
let viaNginx: Client
let admin: AuthUser

beforeAll(async () => {
  c = await cluster({
    instances: 2,
    // No JWT_SECRET: the instances must agree on a key kept in the database.
    env: { ...adminEnv, AUTH_RATE_LIMIT_PER_MINUTE: String(LIMIT), JWT_SECRET: undefined },
  })
  A = client(c.instances[0])
  B = client(c.instances[1])
  viaNginx = client(c.nginx!)
  admin = await A.login(ADMIN.email, ADMIN.password)
})
afterAll(() => c?.destroy())

const as = (user: AuthUser) => ({ token: user.access_token })

describe('shared signing key', () => {
  it('a token issued by A is accepted by B and through nginx, and one issued by B by A (no JWT_SECRET)', async () => {
    expect(c.instances.every((i) => !('JWT_SECRET' in i.env))).toBe(true)
    expect((await B.get('/api/users', as(admin))).status).toBe(200)
    expect((await viaNginx.get('/api/users', as(admin))).status).toBe(200)
    const fromB = await B.login(ADMIN.email, ADMIN.password)
    expect((await A.get('/api/users', as(fromB))).status).toBe(200)
  })
})

describe('images', () => {
  it('an image uploaded through A is served byte for byte by B and through nginx', async () => {
    const partner = await A.post<Partner>('/api/partners', partnerBody({ name: 'Photo partagée' }), as(admin))
    expect(partner.status).toBe(201)
    const upload = await A.request<Image & { url: string }>(
      'POST',
      `/api/partners/${partner.body.partnerId.id}/image`,
      { ...as(admin), raw: fileForm(await pngBytes(64, 48)) },
    )
    expect(upload.status, upload.text).toBe(201)
    const url = upload.body.url
    expect(url).toMatch(/^\/uploads\/[A-Za-z0-9_-]+\.webp$/)
    // No file is shared between the instances: B can only have it from the database.
    expect(existsSync(join(c.instances[1].dataDir, 'uploads', url.slice('/uploads/'.length)))).toBe(false)

    const fetchBytes = async (base: string) => {
      const res = await fetch(base + url)
      return {
        status: res.status,
        type: res.headers.get('content-type'),
        bytes: Buffer.from(await res.arrayBuffer()),
      }
    }
    const fromA = await fetchBytes(c.instances[0].url)
    expect(fromA.status).toBe(200)
    expect(fromA.type).toMatch(/^image\/webp/)
    for (const base of [c.instances[1].url, c.nginx!.url, c.nginx!.url]) {
      const got = await fetchBytes(base)
      expect(got.status, base).toBe(200)
      expect(got.type).toMatch(/^image\/webp/)
      expect(got.bytes.equals(fromA.bytes)).toBe(true)
    }
  })

  it('nginx passes an upload close to MAX_UPLOAD_BYTES; above it the answer is a French JSON 413', async () => {
    const sharp = (await import('sharp')).default
    const width = 1100
    const height = 1100
    // Stored without compression (zlib level 0): a ~3.6 MB PNG, far above nginx's default 1 MB body limit. One
    // flat colour rather than random pixels: the server's WebP and AVIF copies of noise cost ~1.6 CPU-s more.
    const noisy = await sharp({
      create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } },
    })
      .png({ compressionLevel: 0 })
      .toBuffer()
    expect(noisy.length).toBeGreaterThan(3_000_000)
    expect(noisy.length).toBeLessThan(5 * 1024 * 1024)
    const partner = await viaNginx.post<Partner>(
      '/api/partners',
      partnerBody({ name: 'Grande photo' }),
      as(admin),
    )
    const path = `/api/partners/${partner.body.partnerId.id}/image`
    const big = await viaNginx.request('POST', path, { ...as(admin), raw: fileForm(noisy) })
    expect(big.status, big.text).toBe(201)

    // Just above 5 MB: nginx lets it through and the server refuses it itself.
    const over = await viaNginx.request<{ message: string }>('POST', path, {
      ...as(admin),
      raw: fileForm(Buffer.alloc(5 * 1024 * 1024 + 10, 1)),
    })
    expect(over.status).toBe(413)
    expect(over.body.message).toBe('Le fichier dépasse 5 Mo.')
    // Far above: nginx cuts it off, with the same kind of body.
    const huge = await viaNginx.request<{ message: string }>('POST', path, {
      ...as(admin),
      raw: fileForm(Buffer.alloc(7 * 1024 * 1024, 1)),
    })
    expect(huge.status).toBe(413)
    expect(huge.headers.get('content-type')).toMatch(/^application\/json/)
    expect(huge.body.message).toMatch(/volumineux/)
  })
})

describe('counters shared through the database', () => {
  it('wrong passwords alternated between A and B lock the account after exactly 5', async () => {
    const email = 'verrou@multi.fr'
    const password = 'le bon mot de passe'
    await createUser(c, email, password)
    const attempt = (api: Client, pw: string) =>
      api.request<{ message: string }>('POST', '/api/auth/authenticate', {
        body: { username: email, password: pw },
      })
    const statuses: number[] = []
    for (let i = 0; i < 5; i++) statuses.push((await attempt(i % 2 === 0 ? A : B, `faux ${i}`)).status)
    expect(statuses).toEqual([401, 401, 401, 401, 401])
    // The sixth attempt, even with the right password and on the other instance: locked.
    const locked = await attempt(B, password)
    expect(locked.status).toBe(429)
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(locked.body.message).toMatch(/Trop de tentatives/)
    expect((await attempt(A, password)).status).toBe(429)
    expect((await attempt(viaNginx, password)).status).toBe(429)
  })

  it(`forgot-password alternated between A and B: exactly ${LIMIT} accepted per address, each mail delivered once`, async () => {
    const email = 'oubli@multi.fr'
    await createUser(c, email, 'un ancien mot de passe')
    const from = '127.0.0.3'
    const results = []
    for (let i = 0; i < LIMIT + 4; i++) {
      const target = c.instances[i % 2].url
      results.push(
        await rawRequest(target, { path: '/api/auth/forgot-password', body: { email }, localAddress: from }),
      )
    }
    expect(results.map((r) => r.status)).toEqual([
      ...Array<number>(LIMIT).fill(200),
      ...Array<number>(4).fill(429),
    ])
    for (const refused of results.slice(LIMIT)) {
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
      expect(refused.json.message).toMatch(/Trop de requêtes/)
    }

    // The outbox: LIMIT mails, each written once as .eml by whichever instance claimed it.
    const emlCount = () =>
      c.instances
        .map((i) => join(i.dataDir, 'outbox'))
        .filter((dir) => existsSync(dir))
        .flatMap((dir) => readdirSync(dir).filter((n) => n.endsWith('.eml'))).length
    await waitFor(async () => {
      const [row] = await c.query<{ n: string }>(
        'select count(*) as n from mail_outbox where recipient = $1 and sent_at is not null',
        [email],
      )
      return Number(row.n) === LIMIT && emlCount() === LIMIT ? true : undefined
    }, 15_000)
    await new Promise((r) => setTimeout(r, 1500))
    expect(emlCount()).toBe(LIMIT)
  })
})

describe('revocation across instances', () => {
  it('logout on A: the token is refused by B at the very next request, and through nginx', async () => {
    const email = 'sortie@multi.fr'
    const id = await createUser(c, email, 'mot de passe de sortie')
    const user = await A.login(email, 'mot de passe de sortie')
    // B has seen the token work just before (anything it may keep about it is warm).
    for (let i = 0; i < 3; i++) expect((await B.get(`/api/users/${id}`, as(user))).status).toBe(200)
    expect((await A.post('/api/auth/logout', undefined, as(user))).status).toBe(200)
    expect((await B.get(`/api/users/${id}`, as(user))).status).toBe(401)
    expect((await A.get(`/api/users/${id}`, as(user))).status).toBe(401)
    expect((await viaNginx.get(`/api/users/${id}`, as(user))).status).toBe(401)
  })

  it('an administrator deactivates the user on A: refused by B at the very next request', async () => {
    const email = 'desactive@multi.fr'
    const password = 'mot de passe désactivé'
    const id = await createUser(c, email, password)
    const user = await B.login(email, password)
    for (let i = 0; i < 3; i++) expect((await B.get(`/api/users/${id}`, as(user))).status).toBe(200)
    const updated = await A.put(
      `/api/users/${id}`,
      { userId: { id }, firstname: 'Test', lastname: 'Multi', email, status: 'DESACTIVE' },
      as(admin),
    )
    expect(updated.status, updated.text).toBe(200)
    expect((await B.get(`/api/users/${id}`, as(user))).status).toBe(401)
    expect((await viaNginx.get(`/api/users/${id}`, as(user))).status).toBe(401)
    const again = await B.request('POST', '/api/auth/authenticate', { body: { username: email, password } })
    expect(again.status).toBe(403)
  })
})

describe('X-Forwarded-For through nginx (TRUST_PROXY=1)', () => {
  it('forged leftmost addresses neither bypass the per-address limit nor reach the request log', async () => {
    // The real client is 127.0.0.2: neither nginx's own address (127.0.0.1) nor anything the client wrote.
    const from = '127.0.0.2'
    const forged = (i: number) => `203.0.113.${i + 1}`
    const results = []
    for (let i = 0; i < LIMIT + 3; i++) {
      results.push(
        await rawRequest(c.nginx!.url, {
          path: '/api/auth/reset-password',
          body: { token: 'pas-un-vrai-jeton', newPassword: 'un nouveau mot de passe' },
          headers: { 'x-forwarded-for': forged(i) },
          localAddress: from,
        }),
      )
    }
    const statuses = results.map((r) => r.status)
    expect(
      statuses.slice(0, LIMIT).every((s) => s !== 429),
      String(statuses),
    ).toBe(true)
    expect(statuses.slice(LIMIT)).toEqual([429, 429, 429])

    // nginx did forward the forged header (the premise of the test), with the real address appended.
    // nginx writes its access line just after the response: wait for the last one.
    const forwarded = await waitFor(() => {
      const seen = c.nginx!.accessLog().filter((l) => l.request.startsWith('POST /api/auth/reset-password'))
      return seen.length === results.length ? seen : undefined
    })
    expect(forwarded.map((l) => l.xff)).toEqual(results.map((_, i) => forged(i)))
    expect(forwarded.every((l) => l.remote === from)).toBe(true)

    // Each request's log line on the instance that served it names the real client. The line is written when
    // the request ends, so it may reach the instance's output just after the answer: wait for all of them.
    const ids = results.map((r) => String(r.headers['x-request-id']))
    const requestLines = () =>
      c.instances.flatMap((i) => i.lines).filter((l) => ids.includes(String(l.json?.reqId)))
    const withAddress = () =>
      requestLines().filter((l) => (l.json?.req as { remoteAddress?: string } | undefined)?.remoteAddress)
    const incoming = await waitFor(() => {
      const seen = withAddress()
      return new Set(seen.map((l) => l.json!.reqId)).size === ids.length ? seen : undefined
    }).catch(() => withAddress())
    expect(new Set(incoming.map((l) => l.json!.reqId)).size).toBe(ids.length)
    const lines = requestLines()
    for (const line of incoming)
      expect((line.json!.req as { remoteAddress: string }).remoteAddress).toBe(from)
    expect(lines.filter((l) => l.text.includes('203.0.113.')).map((l) => l.text)).toEqual([])
  })
})

describe('backup', () => {
  it('one pg_dump is a complete backup: restored, a new instance with an empty DATA_DIR serves the images and accepts earlier tokens', async () => {
    const partner = await A.post<Partner>('/api/partners', partnerBody({ name: 'Sauvegardé' }), as(admin))
    const upload = await A.request<Image & { url: string }>(
      'POST',
      `/api/partners/${partner.body.partnerId.id}/image`,
      { ...as(admin), raw: fileForm(await pngBytes(30, 20)) },
    )
    expect(upload.status).toBe(201)
    const original = Buffer.from(await (await fetch(c.instances[0].url + upload.body.url)).arrayBuffer())

    const run = promisify(execFile)
    const bin = findPgBin()!
    const dump = join(c.dir, 'sauvegarde.dump')
    await run(join(bin, 'pg_dump'), ['--format=custom', `--file=${dump}`, c.databaseUrl])
    await c.query('create database restauree')
    const restoredUrl = c.databaseUrl.replace(/\/[^/]*$/, '/restauree')
    await run(join(bin, 'pg_restore'), ['--no-owner', `--dbname=${restoredUrl}`, dump])

    // Its own data folder, empty: nothing comes from the first instances' disks.
    const restored = await startCluster({ pg: c.pg, database: 'restauree', instances: 1, nginx: false })
    try {
      const R = client(restored.instances[0])
      expect((await R.get('/api/users', as(admin))).status).toBe(200)
      const image = await fetch(restored.instances[0].url + upload.body.url)
      expect(image.status).toBe(200)
      expect(Buffer.from(await image.arrayBuffer()).equals(original)).toBe(true)
      const found = await R.get<Partner>(`/api/partners/${partner.body.partnerId.id}`, as(admin))
      expect(found.body.name).toBe('Sauvegardé')
    } finally {
      await restored.destroy()
    }
  })
})
