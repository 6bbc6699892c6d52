import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { client, disposeStore, freshStore } from './helpers.ts'
import { LOAD_ADMIN, mixedLoad, startLoadServer, type LoadServer } from './load-mix.ts'

/**
 * Bounded loopback load test: the real entry point (server/main.ts, production settings, demo data) in a
 * child process under concurrent reads and writes: 300 reads, 20 coupon rounds and 9 sign-ups at once (a few
 * seconds on an idle machine; a count, not a duration, so a loaded machine gets the same work done). Passes
 * with zero 5xx, zero socket errors or timeouts and only the expected statuses, and the server stops cleanly.
 * Memory growth under a longer run is a measurement, not a behaviour: `BENCH_ONLY=memory npm run bench`
 * (bench/memory) runs the same mix for 60 s with GC'd samples.
 */
const LENGTH = { reads: 300, couponRounds: 20, signUps: 9 }

let store: { dataDir: string; schema: string | null }
let server: LoadServer

beforeAll(async () => {
  store = await freshStore()
  server = await startLoadServer({
    dataDir: store.dataDir,
    databaseUrl: process.env.DATABASE_URL,
    schema: store.schema,
  })
}, 120_000)

afterAll(async () => {
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGTERM')
    await server.exited
  }
  await disposeStore(store)
})

describe('load', () => {
  it('mixed reads and writes on loopback (300 reads, 20 coupon rounds, 9 sign-ups): no error, no 5xx, only expected statuses', async () => {
    const mix = await mixedLoad(server.url, LENGTH)
    console.log(
      `Charge : ${JSON.stringify({
        seconds: mix.seconds,
        requests: mix.total,
        errors: mix.errors,
        timeouts: mix.timeouts,
        '5xx': mix.fiveXx,
        latencyP99ms: mix.latencyP99ms,
        statuses: Object.fromEntries([...mix.statuses.entries()].sort()),
        oddities: mix.oddities,
      })}`,
    )
    expect(mix.errors).toBe(0)
    expect(mix.timeouts).toBe(0)
    expect(mix.fiveXx).toBe(0)
    expect(mix.unexpected).toEqual([])
    // Writes really happened alongside the reads: sign-ups, and coupon uses and give-backs that succeeded,
    // not only 409s. How many a second is a speed figure: the bench's memory section reports it.
    expect(mix.statuses.get('register 201') ?? 0).toBe(LENGTH.signUps)
    expect(mix.statuses.get('use coupon 200') ?? 0).toBeGreaterThan(0)
    expect(mix.statuses.get('give coupon back 200') ?? 0).toBeGreaterThan(0)
    // The server still answers and stops cleanly.
    const api = client({ url: server.url })
    expect((await api.get('/api/health')).status).toBe(200)
    expect((await api.login(LOAD_ADMIN.email, LOAD_ADMIN.password)).access_token).toBeTruthy()
    server.child.kill('SIGTERM')
    expect(await server.exited).toBe(0)
  }, 180_000)
})
