/**
 * Starting several instances at once on an empty PostgreSQL, and starting while PostgreSQL is down.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startCluster, type Cluster, type LogLine } from '@/scripts/cluster/index.ts'
import { articles, categories, partners } from '@/server/seed/data.ts'
import { adminEnv, ADMIN, cluster, FRENCH, isWarnOrWorse } from './support.ts'

/** PostgreSQL only (no instance): each trial below gets a fresh database in it. */
let base: Cluster

beforeAll(async () => {
  base = await cluster({ instances: 0, nginx: false })
})
afterAll(() => base?.destroy())

const errorsOf = (c: Cluster) =>
  c.instances.flatMap((i) =>
    i.lines
      .filter((l) => typeof l.json?.level === 'number' && l.json.level >= 50)
      .map((l) => `${i.name}: ${l.text}`),
  )

async function count(c: Cluster, query: string): Promise<number> {
  const [row] = await c.query<{ n: string }>(`select count(*) as n from ${query}`)
  return Number(row.n)
}

describe('two instances started at the same instant on an empty database', () => {
  it.each([1, 2, 3])(
    'SEED_DEMO=1, trial %i: both ready, the demo directory seeded exactly once',
    async (trial) => {
      // startCluster spawns both processes in the same tick and waits until both answer ready.
      const c = await startCluster({
        pg: base.pg,
        database: `cold_seed_${trial}`,
        nginx: false,
        env: { SEED_DEMO: '1' },
      })
      try {
        expect(c.instances.every((i) => i.running)).toBe(true)
        expect(errorsOf(c)).toEqual([])
        expect(await count(c, 'partners')).toBe(partners.length)
        expect(await count(c, 'categories')).toBe(categories.length)
        expect(await count(c, 'articles')).toBe(articles.length)
        const photos = partners.reduce((sum, p) => sum + (p.photos ?? 1), 0) + articles.length
        expect(await count(c, 'images')).toBe(photos)
        // The demo user and, without ADMIN_EMAIL, the demo administrator: one row each.
        expect(await count(c, 'users')).toBe(2)
        expect(await count(c, 'users where is_admin')).toBe(1)
        expect(await count(c, "app_meta where key = 'demo_seeded_at'")).toBe(1)
      } finally {
        await c.destroy()
      }
    },
  )

  it.each([1, 2, 3])(
    'SEED_DEMO=0 with ADMIN_EMAIL, trial %i: both ready, one administrator row',
    async (trial) => {
      const c = await startCluster({
        pg: base.pg,
        database: `cold_admin_${trial}`,
        nginx: false,
        env: { SEED_DEMO: '0', ...adminEnv },
      })
      try {
        expect(c.instances.every((i) => i.running)).toBe(true)
        expect(errorsOf(c)).toEqual([])
        expect(await count(c, 'users')).toBe(1)
        const [admin] = await c.query<{ email: string; is_admin: boolean; status: string }>(
          'select email, is_admin, status from users',
        )
        expect(admin).toEqual({ email: ADMIN.email, is_admin: true, status: 'ACTIF' })
        expect(await count(c, 'partners')).toBe(0)
        // Both instances sign the administrator in: the account and the signing key are shared.
        for (const instance of c.instances) {
          const res = await fetch(`${instance.url}/api/auth/authenticate`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ username: ADMIN.email, password: ADMIN.password }),
          })
          expect(res.status, instance.name).toBe(200)
        }
      } finally {
        await c.destroy()
      }
    },
  )
})

describe('start while PostgreSQL is down', () => {
  const frenchWarning = (l: LogLine) => isWarnOrWorse(l) && FRENCH.test(String(l.json?.msg ?? ''))

  it('retries with JSON logs in French and becomes ready once PostgreSQL starts', async () => {
    await base.query('create database late_start')
    await base.stopDatabase()
    let c: Cluster | null = null
    try {
      c = await startCluster({
        pg: base.pg,
        database: 'late_start',
        createDatabase: false,
        instances: 1,
        nginx: false,
        waitReady: false,
        env: { ...adminEnv, DATABASE_CONNECT_TIMEOUT_SECONDS: '60' },
      })
      const instance = c.instances[0]
      const retry = await instance.waitForLine(frenchWarning, 15_000)
      expect(retry.json).toEqual(
        expect.objectContaining({ level: expect.any(Number), msg: expect.any(String) }),
      )
      // Still retrying a little later, not exited.
      await new Promise((r) => setTimeout(r, 1500))
      expect(instance.running, instance.tail()).toBe(true)
      // Everything it printed while waiting is JSON.
      expect(instance.lines.filter((l) => l.stream === 'stdout' && !l.json).map((l) => l.text)).toEqual([])

      await base.startDatabase()
      const back = Date.now()
      await instance.waitReady(15_000)
      expect(Date.now() - back).toBeLessThan(15_000)
      expect(instance.running).toBe(true)
    } finally {
      await base.startDatabase().catch(() => {})
      await c?.destroy()
    }
  })

  it('with a short DATABASE_CONNECT_TIMEOUT_SECONDS it gives up: exit code 1 and a French JSON line', async () => {
    await base.query('create database never_up')
    await base.stopDatabase()
    let c: Cluster | null = null
    try {
      c = await startCluster({
        pg: base.pg,
        database: 'never_up',
        createDatabase: false,
        instances: 1,
        nginx: false,
        waitReady: false,
        env: { ...adminEnv, DATABASE_CONNECT_TIMEOUT_SECONDS: '2' },
      })
      const instance = c.instances[0]
      const started = Date.now()
      const exit = await Promise.race([
        instance.exited,
        new Promise<null>((r) => setTimeout(() => r(null), 30_000)),
      ])
      const elapsed = Date.now() - started
      expect(exit, `still running after 30 s:\n${instance.tail()}`).not.toBeNull()
      expect(exit?.code, instance.tail()).toBe(1)
      // It tried for about the configured 2 s before giving up.
      expect(elapsed).toBeGreaterThanOrEqual(1500)
      expect(elapsed).toBeLessThan(20_000)
      const last = instance.lines.filter((l) => l.json).at(-1)
      expect(last?.json?.level, instance.tail()).toBeGreaterThanOrEqual(50)
      expect(String(last?.json?.msg), instance.tail()).toMatch(FRENCH)
    } finally {
      await base.startDatabase().catch(() => {})
      await c?.destroy()
    }
  })
})
