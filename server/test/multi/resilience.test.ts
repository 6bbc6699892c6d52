/**
 * Two instances behind nginx under bounded load while PostgreSQL restarts or goes away for a while, and while
 * one instance drains on SIGTERM.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Cluster } from '@/scripts/cluster/index.ts'
import { startLoad, summarize, type Load, type LoadResult } from '@/scripts/cluster/load.ts'
import type { AuthUser } from '@/contract/schemas.ts'
import { client, partnerBody } from '../helpers.ts'
import { ADMIN, adminEnv, cluster, createUser, FRENCH, isReady, sleep, within } from './support.ts'

const DRAIN_SECONDS = 2
const POOL_MAX = 4
let c: Cluster
let user: AuthUser

beforeAll(async () => {
  c = await cluster({
    instances: 2,
    env: { ...adminEnv, DRAIN_SECONDS: String(DRAIN_SECONDS), DATABASE_POOL_MAX: String(POOL_MAX) },
  })
  const api = client(c.instances[0])
  const admin = await api.login(ADMIN.email, ADMIN.password)
  const names = ['Café du port', 'Boulangerie Élise', 'Garage central', 'Librairie des quais', 'Opticien']
  for (const name of names) {
    const res = await api.post('/api/partners', partnerBody({ name }), { token: admin.access_token })
    expect(res.status).toBe(201)
  }
  await createUser(c, 'charge@multi.fr', 'mot de passe de charge')
  user = await api.login('charge@multi.fr', 'mot de passe de charge')
})
afterAll(() => c?.destroy())

const queries = ['caf', 'e', 'garage', 'quais', 'o']
const searchPath = (worker: number, i: number) =>
  `/api/partners/search?name=${encodeURIComponent(queries[(worker + i) % queries.length])}&pageSize=20`

/** 10 concurrent searches straight on the instances (5 each) and 4 more through nginx. */
function searchLoads(): { A: Load; B: Load; nginx: Load } {
  const headers = { authorization: `Bearer ${user.access_token}` }
  const load = (url: string, concurrency: number) =>
    startLoad({ url, path: searchPath, headers, concurrency })
  return { A: load(c.instances[0].url, 5), B: load(c.instances[1].url, 5), nginx: load(c.nginx!.url, 4) }
}

/** Anything but a 200 that is not a 503 with Retry-After and a French JSON message. */
function badAnswers(results: readonly LoadResult[]): string[] {
  return results.flatMap((r) => {
    if (r.status === 200) return []
    let message = ''
    try {
      message = String((JSON.parse(r.body ?? '') as { message?: unknown }).message ?? '')
    } catch {
      // not JSON: reported below
    }
    const ok =
      r.status === 503 &&
      r.retryAfter !== null &&
      Number(r.retryAfter) > 0 &&
      /^application\/json/.test(r.contentType ?? '') &&
      FRENCH.test(message)
    return ok
      ? []
      : [`${r.status}${r.error ? ` ${r.error}` : ''} retry-after=${r.retryAfter} ${r.body ?? ''}`]
  })
}

const fatalLines = () =>
  c.instances.flatMap((i) =>
    i.lines
      .filter((l) => typeof l.json?.level === 'number' && l.json.level >= 60)
      .map((l) => `${i.name}: ${l.text}`),
  )

/** Stops the loads and checks what both restarts must keep: processes up, nothing fatal, only 200 or a clean 503. */
async function stopLoadsExpectingNoFailure(loads: ReturnType<typeof searchLoads>) {
  const A = await loads.A.stop()
  const B = await loads.B.stop()
  const viaNginx = await loads.nginx.stop()
  expect(c.instances.map((i) => i.running)).toEqual([true, true])
  expect(fatalLines()).toEqual([])
  const summary = JSON.stringify({ A: summarize(A), B: summarize(B), nginx: summarize(viaNginx) })
  expect(badAnswers(A), summary).toEqual([])
  expect(badAnswers(B), summary).toEqual([])
  expect(badAnswers(viaNginx), summary).toEqual([])
  return { A, B, viaNginx, summary }
}

describe('PostgreSQL restarts under load', () => {
  it('pg_ctl restart -m fast: both processes stay up, no reset, no 500, ready again within 2 s', async () => {
    const loads = searchLoads()
    await sleep(1000)
    // 5 concurrent searches per instance, yet each holds at most DATABASE_POOL_MAX connections.
    const [connections] = await c.query<{ n: string }>(
      `select count(*) as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
    )
    await c.restartDatabase()
    // Both probes start the moment pg_ctl reports PostgreSQL accepting connections again.
    const readyAfter = await Promise.all(
      c.instances.map((i) => within(2000, () => isReady(i.url), `${i.name} prête après le redémarrage`)),
    )
    await sleep(1000)
    const { A, B } = await stopLoadsExpectingNoFailure(loads)
    expect(Math.max(...readyAfter)).toBeLessThan(2000)
    expect(Number(connections.n)).toBeGreaterThan(0)
    expect(Number(connections.n)).toBeLessThanOrEqual(2 * POOL_MAX)
    // Traffic flowed before and after: the load really ran across the restart.
    for (const results of [A, B]) expect(results.filter((r) => r.status === 200).length).toBeGreaterThan(20)
  })

  it('PostgreSQL down for 2 s: 503 with Retry-After and French JSON during the outage, ready within 2 s after', async () => {
    const loads = searchLoads()
    await sleep(500)
    await c.stopDatabase()
    const down = Date.now()
    await sleep(300)
    for (const instance of c.instances) {
      const ready = await fetch(`${instance.url}/api/health/ready`)
      expect(ready.status, instance.name).toBe(503)
      expect((await ready.json()) as unknown).toEqual(expect.objectContaining({ database: false }))
      const live = await fetch(`${instance.url}/api/health/live`)
      expect(live.status, instance.name).toBe(200)
      await live.arrayBuffer()
    }
    await sleep(1700)
    // PostgreSQL may accept connections a little before pg_ctl notices: the outage ends when it is asked to start.
    const starting = Date.now()
    await c.startDatabase()
    const readyAfter = await Promise.all(
      c.instances.map((i) =>
        within(2000, () => isReady(i.url), `${i.name} prête après le retour de la base`),
      ),
    )
    // nginx may have set both instances aside (fail_timeout=5s) while they answered 503.
    const nginxAfter = await within(
      8000,
      async () => {
        const res = await fetch(`${c.nginx!.url}${searchPath(0, 0)}`, {
          headers: { authorization: `Bearer ${user.access_token}` },
        })
        await res.arrayBuffer()
        return res.status === 200
      },
      'recherche à travers nginx après le retour de la base',
    )
    const { A, B, viaNginx, summary } = await stopLoadsExpectingNoFailure(loads)
    // The outage was real and seen by each instance and through nginx.
    const during = (results: LoadResult[]) => results.filter((r) => r.start > down + 200 && r.end < starting)
    for (const results of [A, B, viaNginx]) {
      expect(during(results).length, summary).toBeGreaterThan(0)
      expect(
        during(results).every((r) => r.status === 503),
        summary,
      ).toBe(true)
    }
    expect(Math.max(...readyAfter)).toBeLessThan(2000)
    expect(nginxAfter).toBeLessThan(8000)
  })

  it('after the restarts, a logout on A still holds on B at the very next request', async () => {
    const A = client(c.instances[0])
    const B = client(c.instances[1])
    const id = await createUser(c, 'apres-coupure@multi.fr', 'mot de passe après coupure')
    const someone = await A.login('apres-coupure@multi.fr', 'mot de passe après coupure')
    const mine = { token: someone.access_token }
    expect((await B.get(`/api/users/${id}`, mine)).status).toBe(200)
    expect((await A.post('/api/auth/logout', undefined, mine)).status).toBe(200)
    expect((await B.get(`/api/users/${id}`, mine)).status).toBe(401)
  })
})

describe('drain on SIGTERM', () => {
  it('SIGTERM to A under keep-alive load: ready 503 while it drains, no reset, nothing lost through nginx, exit 0', async () => {
    const A = c.instances[0]
    const headers = { authorization: `Bearer ${user.access_token}` }
    const direct = startLoad({ url: A.url, path: searchPath, headers, concurrency: 3 })
    const proxied = startLoad({ url: c.nginx!.url, path: searchPath, headers, concurrency: 6 })
    await sleep(1000)
    const signalled = Date.now()
    A.signal('SIGTERM')
    const probes: { at: number; ready: number | string; live: number | string }[] = []
    const status = (path: string) =>
      fetch(A.url + path, { signal: AbortSignal.timeout(1000) }).then(
        async (r) => (await r.arrayBuffer(), r.status),
        (e: Error) => String((e.cause as { code?: string } | undefined)?.code ?? e.message),
      )
    // Both probes of a round at once, rounds 50 ms apart: on a busy machine, one after the other with 100 ms
    // between rounds, a 2 s drain was seen answered only three times.
    while (A.running) {
      const at = Date.now()
      const [ready, live] = await Promise.all([status('/api/health/ready'), status('/api/health/live')])
      probes.push({ at, ready, live })
      await sleep(50)
    }
    const exit = await A.exited
    const exitedAt = Date.now()
    // nginx keeps going on B alone for a moment.
    await sleep(1000)
    const directResults = await direct.stop()
    const proxiedResults = await proxied.stop()

    expect(exit, A.tail()).toEqual({ code: 0, signal: null })
    expect(exitedAt - signalled).toBeGreaterThanOrEqual(DRAIN_SECONDS * 1000 - 100)
    expect(exitedAt - signalled).toBeLessThan(DRAIN_SECONDS * 1000 + 5000)

    // Readiness: 503 from the signal on (until the listener closes), liveness still 200 meanwhile.
    const answered = probes.filter((p) => p.at > signalled + 50 && typeof p.ready === 'number')
    expect(answered.length).toBeGreaterThan(3)
    expect(answered.map((p) => p.ready)).toEqual(answered.map(() => 503))
    // The listener may close between the two probes of a round: only answered liveness probes count.
    const live = answered.map((p) => p.live).filter((status) => typeof status === 'number')
    expect(live.length).toBeGreaterThan(3)
    expect(live).toEqual(live.map(() => 200))

    // Straight on A. Every HTTP answer is a 200 (or a well-formed 503). A kept-alive connection is never cut:
    // the drain closes each one politely (Connection: close). Once the listener closes, new connections are
    // refused; the one exception is a connection whose handshake completed in the very instant the listener
    // closed, which the kernel resets (it sits in the accept queue): allowed only for a new connection, within
    // 1 s of the first refusal (CI, at load 13, saw two such resets more than 100 ms from it: the load's own
    // clients are scheduled late there). A reused connection cut is never allowed.
    const summary = JSON.stringify({ direct: summarize(directResults), nginx: summarize(proxiedResults) })
    const drainEnd = signalled + DRAIN_SECONDS * 1000 - 200
    const refusedAt = Math.min(...directResults.filter((r) => r.error === 'ECONNREFUSED').map((r) => r.start))
    const wrong = directResults
      .map((r) => ({ ...r, sinceSignalMs: r.start - signalled }))
      .filter((r) => {
        if (r.status !== 0) return badAnswers([r]).length > 0
        if (r.reused) return true
        if (r.error === 'ECONNREFUSED') return r.start < drainEnd
        return !(r.error === 'ECONNRESET' && r.start >= drainEnd && Math.abs(r.start - refusedAt) < 1000)
      })
    expect(wrong, summary).toEqual([])
    const duringDrain = directResults.filter((r) => r.start > signalled + 100 && r.status === 200)
    expect(duringDrain.length, summary).toBeGreaterThan(0)
    expect(
      duringDrain.every((r) => r.connection === 'close'),
      summary,
    ).toBe(true)

    // Through nginx: not one failure, and B carried the traffic after A left.
    expect(
      proxiedResults.filter((r) => r.status !== 200),
      summary,
    ).toEqual([])
    expect(proxiedResults.filter((r) => r.start > exitedAt).length, summary).toBeGreaterThan(10)

    A.start()
    await A.waitReady()
  })
})
