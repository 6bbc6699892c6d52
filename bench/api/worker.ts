/**
 * Child process of the API benchmark: owns the store (PGlite allows one process), seeds it, times the search
 * straight through the database layer, then serves it over HTTP with the real buildApp while the parent
 * process generates load. Talks to the parent over IPC.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { buildApp } from '../../server/app.ts'
import { loadConfig } from '../../server/config.ts'
import { migrateToLatest, openDatabase } from '../../server/db/index.ts'
import { median, percentile, round } from '../lib/stats.ts'
import { searchPartners } from '../../server/services/search.ts'
import { searchQueries } from './search.ts'
import { seedPartners } from './seed.ts'

export type WorkerRequest =
  | { type: 'raw'; seconds: number; concurrency: number }
  | { type: 'listen' }
  | { type: 'rss' }
  | { type: 'close' }

export interface RawResult {
  source: string
  requests: number
  seconds: number
  rps: number
  medianMs: number
  p99Ms: number
  sequentialMedianMs: number
  perQueryMedianMs: number[]
}

const kind = process.env.BENCH_STORE === 'postgres' ? 'postgres' : 'pglite'
const partners = Number(process.env.BENCH_PARTNERS ?? 100_000)
// BENCH_API_REUSE_DIR (PGlite only, for profiling): an already seeded store is reused and kept.
const reuseDir = kind === 'pglite' ? (process.env.BENCH_API_REUSE_DIR ?? null) : null
const reuse = reuseDir !== null && existsSync(join(reuseDir, 'db'))
const dataDir = reuseDir ?? mkdtempSync(join(tmpdir(), `bench-api-${kind}-`))
const schema = kind === 'postgres' ? `bench_${process.pid}_${Date.now()}` : null

const send = (message: object) => process.send?.(message)
const rssMb = () => round(process.memoryUsage().rss / 2 ** 20, 1)

const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: kind === 'postgres' ? process.env.DATABASE_URL : '',
  DATABASE_SCHEMA: schema ?? '',
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
  AUTH_RATE_LIMIT_PER_MINUTE: '1000',
  SMTP_URL: '',
})

const handle = await openDatabase(config)
await migrateToLatest(handle)
const seeded = reuse ? { partners, offers: 0, categories: 0, ms: 0 } : await seedPartners(handle.db, partners)
global.gc?.()
send({ type: 'seeded', seed: seeded, rssMb: rssMb(), kind })

const search = searchPartners
const source = 'server/services/search.ts searchPartners'

async function timeRaw(seconds: number, concurrency: number): Promise<RawResult> {
  // Warm-up, then each query alone (sequential median per query), then `concurrency` loops for `seconds`.
  for (const q of searchQueries) await search(handle.db, q)
  const perQuery: number[] = []
  for (const q of searchQueries) {
    const times: number[] = []
    for (let i = 0; i < 15; i++) {
      const t = performance.now()
      await search(handle.db, q)
      times.push(performance.now() - t)
    }
    perQuery.push(round(median(times), 2))
  }
  const latencies: number[] = []
  let next = 0
  const started = performance.now()
  const deadline = started + seconds * 1000
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const q = searchQueries[next++ % searchQueries.length]
        const t = performance.now()
        await search(handle.db, q)
        latencies.push(performance.now() - t)
      }
    }),
  )
  const wall = (performance.now() - started) / 1000
  const sequential: number[] = []
  for (let i = 0; i < 40; i++) {
    const t = performance.now()
    await search(handle.db, searchQueries[i % searchQueries.length])
    sequential.push(performance.now() - t)
  }
  return {
    source,
    requests: latencies.length,
    seconds: round(wall, 2),
    rps: round(latencies.length / wall, 1),
    medianMs: round(median(latencies), 2),
    p99Ms: round(percentile(latencies, 99), 2),
    sequentialMedianMs: round(median(sequential), 2),
    perQueryMedianMs: perQuery,
  }
}

let app: Awaited<ReturnType<typeof buildApp>> | null = null

async function close() {
  await app?.close()
  if (schema) await sql.raw(`drop schema if exists "${schema}" cascade`).execute(handle.db)
  await handle.close()
  if (!reuseDir) rmSync(dataDir, { recursive: true, force: true })
  process.exit(0)
}

process.on('message', (message: WorkerRequest) => {
  void (async () => {
    try {
      if (message.type === 'raw')
        send({ type: 'raw', result: await timeRaw(message.seconds, message.concurrency) })
      else if (message.type === 'listen') {
        app = await buildApp({ db: handle.db, config, staticDir: null })
        await app.listen({ port: 0, host: '127.0.0.1' })
        const address = app.server.address()
        send({ type: 'listening', port: typeof address === 'object' && address ? address.port : 0 })
      } else if (message.type === 'rss') {
        global.gc?.()
        send({ type: 'rss', rssMb: rssMb() })
      } else if (message.type === 'close') await close()
    } catch (error) {
      send({
        type: 'error',
        message: error instanceof Error ? (error.stack ?? error.message) : String(error),
      })
    }
  })()
})
process.on('disconnect', () => void close())
