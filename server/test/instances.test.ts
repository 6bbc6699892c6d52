/**
 * Two app instances on one store, in one process: what each instance must share through the database
 * (signing key, sign-in lockout, per-address limits, revocation, start-up steps) and what a balancer reads
 * (liveness, readiness, drain). On PostgreSQL the second instance has its own connection pool on the same
 * schema, as a second process would; on PGlite (one process per store) it shares the first one's handle.
 * The same behaviours across real processes behind nginx are proven by the multi-instance suite.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import type { AuthUser } from '@/contract/schemas.ts'
import { apiPaths } from '@/contract/paths.ts'
import { buildApp } from '../app.ts'
import { ensureAdmin } from '../bootstrap.ts'
import type { Config } from '../config.ts'
import type { Lifecycle } from '../context.ts'
import { signAccessToken } from '../services/tokens.ts'
import {
  ADMIN,
  capturedLogger,
  client,
  silentLog,
  startServer,
  testConfig,
  type TestServer,
} from './helpers.ts'

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!()
})

async function first(config: Partial<Config> = {}): Promise<TestServer> {
  const server = await startServer({ config })
  cleanups.push(() => server.close())
  return server
}

/** A second instance on the first one's store. */
async function second(
  server: TestServer,
  config: Partial<Config> = {},
  options: { lifecycle?: Lifecycle; logger?: ReturnType<typeof capturedLogger>['logger'] } = {},
): Promise<{ url: string; app: FastifyInstance }> {
  if (process.env.DATABASE_URL) {
    const other = await startServer({ schema: server.config.databaseSchema ?? undefined, config, ...options })
    cleanups.unshift(() => other.close({ keepData: true }))
    return other
  }
  const app = await buildApp({
    db: server.handle.db,
    config: { ...testConfig(server.dataDir), ...config },
    lifecycle: options.lifecycle,
    logger: options.logger,
  })
  const url = await app.listen({ port: 0, host: '127.0.0.1' })
  cleanups.unshift(() => app.close())
  return { url, app }
}

const wrongLogin = (email: string) => ({ username: email, password: 'pas le bon mot de passe' })

describe('several instances on one database', () => {
  it('without JWT_SECRET, the generated key is kept in the database: a token from A is accepted by B and after a restart', async () => {
    const a = await first({ jwtSecret: null })
    const b = await second(a, { jwtSecret: null })
    const user = await client(a).register()
    const me = await client(b).get(apiPaths.articlesPublished(), { token: user.access_token })
    expect(me.status).toBe(200)
    const stored = await a.handle.db
      .selectFrom('app_meta')
      .select('value')
      .where('key', '=', 'jwt_secret')
      .executeTakeFirstOrThrow()
    expect(stored.value.length).toBeGreaterThanOrEqual(32)
    const forged = await signAccessToken(
      user.userId.id,
      0,
      'une-autre-cle-secrete-de-trente-deux-caracteres',
      60,
    )
    expect((await client(b).get(apiPaths.articlesPublished(), { token: forged })).status).toBe(401)
  })

  it('adopts the key an older version kept in DATA_DIR/jwt-secret, so signed-in users stay signed in', async () => {
    const legacy = 'ancienne-cle-gardee-dans-le-dossier-de-donnees-0123456789'
    const probe = await startServer()
    writeFileSync(join(probe.dataDir, 'jwt-secret'), legacy + '\n', { mode: 0o600 })
    const admin = await client(probe).login(ADMIN.email, ADMIN.password)
    await probe.app.close()
    const app = await buildApp({ db: probe.handle.db, config: { ...probe.config, jwtSecret: null } })
    const url = await app.listen({ port: 0, host: '127.0.0.1' })
    cleanups.push(async () => {
      await app.close()
      await probe.close()
    })
    const old = await signAccessToken(admin.userId.id, 0, legacy, 60)
    expect((await client({ url }).get(apiPaths.users(), { token: old })).status).toBe(200)
  })

  it.each([
    ['too short', (file: string) => writeFileSync(file, 'court\n'), /endommagé \(moins de 32 caractères\)/],
    [
      'binary',
      (file: string) => writeFileSync(file, Buffer.alloc(64, 0xff)),
      /endommagé \(caractères non imprimables\)/,
    ],
    ['a directory', (file: string) => mkdirSync(file), /illisible \(EISDIR\)/],
  ])(
    'a damaged DATA_DIR/jwt-secret (%s) stops the start with a French message; no key is made up',
    async (_kind, damage, message) => {
      const probe = await startServer()
      cleanups.push(() => probe.close())
      await probe.app.close()
      damage(join(probe.dataDir, 'jwt-secret'))
      await expect(
        buildApp({ db: probe.handle.db, config: { ...probe.config, jwtSecret: null } }),
      ).rejects.toThrow(message)
      const stored = await probe.handle.db
        .selectFrom('app_meta')
        .select('key')
        .where('key', '=', 'jwt_secret')
        .execute()
      expect(stored).toEqual([])
    },
  )

  it('counts sign-in failures once across instances: wrong passwords alternated A/B lock the account after 5', async () => {
    const a = await first()
    const b = await second(a)
    const email = 'alternee@test.fr'
    await client(a).register({ email, password: 'le vrai mot de passe' })
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) {
      const api = client(i % 2 === 0 ? a : b)
      statuses.push((await api.post('/api/auth/authenticate', wrongLogin(email))).status)
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429])
    const locked = await client(b).post<{ message: string }>('/api/auth/authenticate', {
      username: email,
      password: 'le vrai mot de passe',
    })
    expect(locked.status).toBe(429)
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    expect(locked.body.message).toMatch(/Trop de tentatives de connexion/)
  })

  it('counts per-address limits once across instances: forgot-password alternated A/B accepts exactly the limit', async () => {
    const a = await first({ authRateLimitPerMinute: 4 })
    const b = await second(a, { authRateLimitPerMinute: 4 })
    const statuses: number[] = []
    for (let i = 0; i < 10; i++) {
      const api = client(i % 2 === 0 ? a : b)
      statuses.push((await api.post('/api/auth/forgot-password', { email: `x${i}@test.fr` })).status)
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(4)
    expect(statuses.slice(4).every((s) => s === 429)).toBe(true)
    // Each route counts on its own: register still has its own allowance.
    expect((await client(b).post('/api/auth/register', {})).status).toBe(400)
  })

  it('revokes at the next request on the other instance: logout on A, then deactivation by an admin on A', async () => {
    const a = await first()
    const b = await second(a)
    const apiA = client(a)
    const apiB = client(b)
    const user = await apiA.register({ email: 'revoque@test.fr', password: 'mot de passe revocable' })
    expect((await apiB.get(apiPaths.articlesPublished(), { token: user.access_token })).status).toBe(200)
    expect((await apiA.post(apiPaths.logout(), undefined, { token: user.access_token })).status).toBe(200)
    expect((await apiB.get(apiPaths.articlesPublished(), { token: user.access_token })).status).toBe(401)

    const again: AuthUser = await apiA.login('revoque@test.fr', 'mot de passe revocable')
    expect((await apiB.get(apiPaths.articlesPublished(), { token: again.access_token })).status).toBe(200)
    const admin = await apiA.login(ADMIN.email, ADMIN.password)
    const deactivated = await apiA.put(
      apiPaths.user(again.userId.id),
      { userId: again.userId, firstname: 'R', lastname: 'V', email: 'revoque@test.fr', status: 'DESACTIVE' },
      { token: admin.access_token },
    )
    expect(deactivated.status).toBe(200)
    expect((await apiB.get(apiPaths.articlesPublished(), { token: again.access_token })).status).toBe(401)
  })

  it('creates the ADMIN_EMAIL account once when instances start at the same instant', async () => {
    const a = await first({ adminEmail: null })
    const config = { ...a.config, adminEmail: 'chef@test.fr', adminPassword: 'un mot de passe de chef' }
    await Promise.all(Array.from({ length: 5 }, () => ensureAdmin(a.handle.db, config, silentLog)))
    const rows = await a.handle.db
      .selectFrom('users')
      .select(['is_admin'])
      .where('email', '=', 'chef@test.fr')
      .execute()
    expect(rows).toEqual([{ is_admin: true }])
    expect((await client(a).login('chef@test.fr', 'un mot de passe de chef')).roles).toContain('ROLE_ADMIN')
  })
})

describe('behind a proxy', () => {
  it('TRUST_PROXY=1: the client is the rightmost X-Forwarded-For entry; a forged leftmost one neither dodges the limit nor reaches the logs', async () => {
    const a = await first()
    const captured = capturedLogger('info')
    const proxied = await second(a, { trustProxy: 1, authRateLimitPerMinute: 3 }, { logger: captured.logger })
    const api = client(proxied)
    const statuses: number[] = []
    for (let i = 0; i < 5; i++) {
      const res = await api.post(
        '/api/auth/forgot-password',
        { email: `f${i}@test.fr` },
        { headers: { 'x-forwarded-for': `203.0.113.${i}, 198.51.100.7` } },
      )
      statuses.push(res.status)
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429])
    // Another real client behind the same proxy has its own allowance.
    const other = await api.post(
      '/api/auth/forgot-password',
      { email: 'g@test.fr' },
      { headers: { 'x-forwarded-for': '198.51.100.8' } },
    )
    expect(other.status).toBe(200)
    const addresses = captured.lines.flatMap((l) => {
      const req = l.req as { remoteAddress?: string } | undefined
      return req?.remoteAddress ? [req.remoteAddress] : []
    })
    expect(addresses).toContain('198.51.100.7')
    expect(addresses.some((ip) => ip.startsWith('203.0.113.'))).toBe(false)
  })
})

describe('health for a balancer', () => {
  it('live answers without the database; ready is 200, then 503 "draining" with Connection: close on every response while draining', async () => {
    const a = await first()
    const lifecycle: Lifecycle = { draining: false }
    const b = await second(a, {}, { lifecycle })
    const api = client(b)
    expect((await api.get(apiPaths.healthLive())).body).toEqual({ status: 'ok' })
    const ready = await api.get(apiPaths.healthReady())
    expect(ready.status).toBe(200)
    expect(ready.body).toEqual({ status: 'ok', database: true, draining: false })
    expect(ready.headers.get('cache-control')).toBe('no-store')
    lifecycle.draining = true
    const draining = await api.get(apiPaths.healthReady())
    expect(draining.status).toBe(503)
    expect(draining.body).toEqual({ status: 'draining', database: true, draining: true })
    const served = await api.get(apiPaths.config())
    expect(served.status).toBe(200)
    expect(served.headers.get('connection')).toBe('close')
    expect((await api.get(apiPaths.healthLive())).status).toBe(200)
  })
})
