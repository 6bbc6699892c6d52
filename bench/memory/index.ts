/**
 * BENCH_ONLY=memory: the load test's mix of reads and writes (server/test/load-mix.ts) on the real entry
 * point, for BENCH_MEMORY_SECONDS (60 by default), with the server's memory sampled every 2 s right after a
 * full GC (--expose-gc and bench/memory/probe.ts in the child), so samples show what is retained. Passes
 * with no retained-heap or RSS growth across the second half, and, as the test does, no error, no 5xx and
 * only the expected statuses. It moved here from the test suite: a 60 s target belongs in the bench.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { mixedLoad, startLoadServer, type MemorySample } from '../../server/test/load-mix.ts'
import { budgeted, info, type Figure } from '../lib/report.ts'
import type { Store } from '../api/index.ts'

const SAMPLE_MS = 2000
const MB = 1024 * 1024
/** Retained heap flat across the second half; RSS too, with room for allocator noise. */
export const MEMORY_BUDGET = { heapGrowthMB: 4, rssGrowthMB: 24 }

export interface MemoryResult {
  store: Store
  seconds: number
  requests: number
  perSecond: number
  errors: number
  timeouts: number
  fiveXx: number
  unexpected: [string, number][]
  latencyP99ms: number
  statuses: Record<string, number>
  rssMB: { firstHalf: number; secondHalf: number }
  heapMB: { firstHalf: number; secondHalf: number }
  secondHalfGrowthMB: { rss: number; heap: number }
  samples: number
  oddities: string[]
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

export async function benchMemory(options: {
  store: Store
  seconds: number
  log: (line: string) => void
}): Promise<MemoryResult> {
  const { store, seconds, log } = options
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-memory-'))
  const databaseUrl = store === 'postgres' ? (process.env.DATABASE_URL ?? null) : null
  const schema = databaseUrl ? `bench_mem_${process.pid}_${randomBytes(3).toString('hex')}` : null
  const server = await startLoadServer({ dataDir, databaseUrl, schema, probeMemory: true })
  try {
    const started = Date.now()
    const samples: (MemorySample & { t: number })[] = []
    let sampling = true
    const sampler = (async () => {
      while (sampling) {
        const t = (Date.now() - started) / 1000
        samples.push({ t, ...(await server.sampleMemory()) })
        await new Promise((r) => setTimeout(r, SAMPLE_MS))
      }
    })()
    const mix = await mixedLoad(server.url, { seconds }).finally(() => (sampling = false))
    await sampler
    const half = seconds / 2
    const second = samples.filter((s) => s.t >= half)
    const first = samples.filter((s) => s.t < half)
    if (second.length < 4) throw new Error(`only ${second.length} memory samples in the second half`)
    const third = Math.max(1, Math.floor(second.length / 3))
    const early = second.slice(0, third)
    const late = second.slice(-third)
    const result: MemoryResult = {
      store,
      seconds,
      requests: mix.total,
      perSecond: Math.round(mix.total / seconds),
      errors: mix.errors,
      timeouts: mix.timeouts,
      fiveXx: mix.fiveXx,
      unexpected: mix.unexpected,
      latencyP99ms: mix.latencyP99ms,
      statuses: Object.fromEntries([...mix.statuses.entries()].sort()),
      rssMB: {
        firstHalf: Math.round(median(first.map((s) => s.rss)) / MB),
        secondHalf: Math.round(median(second.map((s) => s.rss)) / MB),
      },
      heapMB: {
        firstHalf: Math.round(median(first.map((s) => s.heapUsed)) / MB),
        secondHalf: Math.round(median(second.map((s) => s.heapUsed)) / MB),
      },
      secondHalfGrowthMB: {
        rss: Math.round((median(late.map((s) => s.rss)) - median(early.map((s) => s.rss))) / MB),
        heap:
          Math.round(
            ((median(late.map((s) => s.heapUsed)) - median(early.map((s) => s.heapUsed))) / MB) * 10,
          ) / 10,
      },
      samples: samples.length,
      oddities: mix.oddities,
    }
    log(`memory (${store}): ${JSON.stringify(result)}`)
    server.child.kill('SIGTERM')
    const code = await server.exited
    if (code !== 0) throw new Error(`server exited with ${code} after the load`)
    return result
  } finally {
    if (server.child.exitCode === null) {
      server.child.kill('SIGKILL')
      await server.exited
    }
    if (schema) {
      const client = new pg.Client({ connectionString: databaseUrl! })
      await client.connect()
      await client.query(`drop schema if exists "${schema}" cascade`).finally(() => client.end())
    }
    rmSync(dataDir, { recursive: true, force: true })
  }
}

export function memoryFigures(r: MemoryResult): Figure[] {
  const section = `Memory under load (${r.store}, ${r.seconds} s)`
  return [
    budgeted(
      section,
      'retained heap growth, second half',
      r.secondHalfGrowthMB.heap,
      'MB',
      `< ${MEMORY_BUDGET.heapGrowthMB} MB`,
      (v) => v < MEMORY_BUDGET.heapGrowthMB,
    ),
    budgeted(
      section,
      'RSS growth, second half',
      r.secondHalfGrowthMB.rss,
      'MB',
      `< ${MEMORY_BUDGET.rssGrowthMB} MB`,
      (v) => v < MEMORY_BUDGET.rssGrowthMB,
    ),
    budgeted(
      section,
      'errors + timeouts + 5xx + unexpected statuses',
      r.errors + r.timeouts + r.fiveXx + r.unexpected.length,
      '',
      '0',
      (v) => v === 0,
      r.unexpected.length ? r.unexpected.map(([k, n]) => `${k} ×${n}`).join(', ') : undefined,
    ),
    // The load test checked these rates over its 60 s: more than one sign-up and one coupon use a second.
    budgeted(
      section,
      'sign-ups a second (production argon2id cost, 3/s offered)',
      Math.round(((r.statuses['register 201'] ?? 0) / r.seconds) * 10) / 10,
      '/s',
      '> 1 /s',
      (v) => v > 1,
    ),
    budgeted(
      section,
      'coupon uses a second (200)',
      Math.round(((r.statuses['use coupon 200'] ?? 0) / r.seconds) * 10) / 10,
      '/s',
      '> 1 /s',
      (v) => v > 1,
    ),
    info(
      section,
      'retained heap (MB), medians first / second half',
      `${r.heapMB.firstHalf} / ${r.heapMB.secondHalf}`,
      'MB',
    ),
    info(
      section,
      'RSS (MB), medians first / second half',
      `${r.rssMB.firstHalf} / ${r.rssMB.secondHalf}`,
      'MB',
    ),
    info(
      section,
      'requests',
      r.requests,
      '',
      `${r.perSecond} req/s, p99 ${r.latencyP99ms} ms, ${r.samples} samples`,
    ),
  ]
}
