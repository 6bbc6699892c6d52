/**
 * Child process of the API benchmark: owns the store (PGlite allows one process), seeds or grows it, times the
 * search straight through the database layer, serves it over HTTP with the real buildApp (and a bare Fastify
 * "ceiling" route beside it) while the parent process generates load, and reports EXPLAIN plans. Talks to the
 * parent over IPC.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Fastify, { type FastifyInstance } from 'fastify'
import Type from 'typebox'
import { CompiledQuery, sql } from 'kysely'
import { PartnerSearchResult } from '@/contract/schemas.ts'
import { buildApp } from '@/server/app.ts'
import { loadConfig } from '@/server/config.ts'
import { migrateToLatest, openDatabase } from '@/server/db/index.ts'
import { vacuumEmbeddedStore } from '@/server/db/vacuum.ts'
import { partnerStatement, searchPartners, searchStatement } from '@/server/services/search.ts'
import { median, percentile, round } from '../lib/stats.ts'
import { growPartners } from './grow.ts'
import { searchQueries, toQueryString } from './search.ts'
import { seedPartners } from './seed.ts'

export type WorkerRequest =
  | { type: 'raw'; seconds: number; concurrency: number }
  | { type: 'listen' }
  | { type: 'grow'; to: number }
  | { type: 'explain' }
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

export interface Plan {
  /** The search's query string, or a read's name. */
  query: string
  executionMs: number
  text: string
}

const kind = process.env.BENCH_STORE === 'postgres' ? 'postgres' : 'pglite'
const partners = Number(process.env.BENCH_PARTNERS ?? 100_000)
// BENCH_SEED=none: start empty, the parent grows the directory step by step ('grow').
const seedMode = process.env.BENCH_SEED === 'none' ? 'none' : 'js'
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
const seeded =
  reuse || seedMode === 'none'
    ? { partners: reuse ? partners : 0, offers: 0, images: 0, categories: 0, ms: 0 }
    : await seedPartners(handle.db, partners)
const settledMs = seedMode === 'none' ? 0 : await settle()
global.gc?.()
send({ type: 'seeded', seed: seeded, rssMb: rssMb(), kind, settledMs })

/**
 * PostgreSQL: VACUUM ANALYZE of the seeded or grown store before it is measured, as autovacuum does within a
 * minute of a bulk insert on a deployed server (PostgreSQL 13+ vacuums after inserts too): until then, the
 * visibility map is empty, so no index-only scan skips the heap, and the first reads set hint bits. Measuring
 * the minute after the insert measured that transient (raw search 6.8 ms against 3.5 ms on the same seed
 * vacuumed, BENCHMARKS.md issue 16). PGlite runs no autovacuum (one process, no background workers): the
 * server vacuums its written tables before it serves (server/db/vacuum.ts), and the bench does the same.
 */
async function settle(): Promise<number> {
  const started = performance.now()
  if (kind !== 'postgres') {
    // What the server does before it serves a PGlite store (server/db/vacuum.ts): PGlite has no autovacuum.
    await vacuumEmbeddedStore(handle, { info: () => {} })
    return Math.round(performance.now() - started)
  }
  // The tables the measured reads touch, in the store's schema (the database may hold other stores).
  await sql`vacuum analyze partners, partner_categories, categories, offers, images, users, used_coupons`.execute(
    handle.db,
  )
  return Math.round(performance.now() - started)
}

const source = 'server/services/search.ts searchPartners'
const search = searchPartners

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

async function explain(compiled: CompiledQuery): Promise<{ executionMs: number; text: string }> {
  // Run twice: the second plan is the one of a warm cache, as under load.
  const query = CompiledQuery.raw(`explain (analyze, costs off) ${compiled.sql}`, [...compiled.parameters])
  await handle.db.executeQuery(query)
  const rows = (await handle.db.executeQuery<{ 'QUERY PLAN': string }>(query)).rows
  const text = rows.map((r) => r['QUERY PLAN']).join('\n')
  const executionMs = Number(/Execution Time: ([\d.]+) ms/.exec(text)?.[1] ?? NaN)
  return { executionMs, text }
}

/** EXPLAIN ANALYZE of each bench search and of a partner's details, on the store as it is now. */
async function plans(): Promise<Plan[]> {
  const out: Plan[] = []
  for (const q of searchQueries)
    out.push({ query: toQueryString(q), ...(await explain(searchStatement(handle.db, q).compile())) })
  const [first] = JSON.parse(await search(handle.db, searchQueries[0])) as PartnerSearchResult[]
  if (first) {
    const id = first.partnerId.id
    const details = partnerStatement(handle.db, id, { offers: 'usable', viewerId: 1 }).compile()
    out.push({ query: `partner ${id} with the offers as user 1 sees them`, ...(await explain(details)) })
  }
  return out
}

let app: FastifyInstance | null = null
let ceiling: FastifyInstance | null = null

/**
 * The HTTP ceiling of this machine for a search answer: a bare Fastify (no logger, hooks, auth or database)
 * answering a fixed 50-partner page serialised from the same response schema as the search route.
 */
async function startCeiling(): Promise<number> {
  // Objects, serialised by the route's schema as the search route did before it sent the database's text.
  const page = JSON.parse(await search(handle.db, searchQueries[0])) as PartnerSearchResult[]
  ceiling = Fastify({ logger: false })
  ceiling.get(
    '/ceiling',
    { schema: { response: { 200: Type.Array(PartnerSearchResult) } } },
    async () => page,
  )
  await ceiling.listen({ port: 0, host: '127.0.0.1' })
  const address = ceiling.server.address()
  return typeof address === 'object' && address ? address.port : 0
}

async function close() {
  await app?.close()
  await ceiling?.close()
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
        const sample = (JSON.parse(await search(handle.db, searchQueries[0])) as PartnerSearchResult[]).map(
          (p) => p.partnerId.id,
        )
        send({
          type: 'listening',
          port: typeof address === 'object' && address ? address.port : 0,
          ceilingPort: await startCeiling(),
          partnerIds: sample,
        })
      } else if (message.type === 'grow') {
        const grow = await growPartners(handle.db, message.to)
        send({ type: 'grown', grow, settledMs: await settle() })
      } else if (message.type === 'explain') {
        send({ type: 'plans', plans: await plans() })
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
