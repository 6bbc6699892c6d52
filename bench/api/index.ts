import { fork, type ChildProcess } from 'node:child_process'
import { loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { budgeted, info, type Figure } from '../lib/report.ts'
import { round } from '../lib/stats.ts'
import { searchQueries, toQueryString } from './search.ts'
import type { GrowStats } from './grow.ts'
import type { Plan, RawResult, WorkerRequest } from './worker.ts'
import type { SeedStats } from './seed.ts'

export type Store = 'pglite' | 'postgres'

export interface ApiOptions {
  store: Store
  partners: number
  seconds: number
  connections: number
  log: (line: string) => void
}

/** One autocannon run: 2 s of warm-up, then `seconds` measured. */
export interface LoadResult {
  rps: number
  medianMs: number
  p99Ms: number
  requests: number
  non2xx: number
  errors: number
  timeouts: number
  throughputMBs: number
  /** 1-minute load average of the machine when the measured part ended. */
  loadAverage: number
}

export interface ReadResult {
  name: string
  path: string
  result: LoadResult
}

export interface ApiResult {
  store: Store
  seed: SeedStats
  rssAfterSeedMb: number
  rssAfterLoadMb: number
  raw: RawResult
  http: LoadResult
  /** Bare Fastify answering a fixed 50-partner page (the same schema), same connections. */
  ceiling: LoadResult
  reads: ReadResult[]
  plans: Plan[]
  ratio: number
  searchOverCeiling: number
}

export interface GrowthStep {
  partners: number
  offers: number
  seedMs: number
  http: LoadResult
  perQueryMedianMs: number[]
  plans: Plan[]
}

export interface GrowthResult {
  store: Store
  steps: GrowthStep[]
}

type WorkerMessage =
  | { type: 'seeded'; seed: SeedStats; rssMb: number; settledMs: number }
  | { type: 'raw'; result: RawResult }
  | { type: 'listening'; port: number; ceilingPort: number; partnerIds: number[] }
  | { type: 'grown'; grow: GrowStats; settledMs: number }
  | { type: 'plans'; plans: Plan[] }
  | { type: 'rss'; rssMb: number }
  | { type: 'error'; message: string }

function next<T extends WorkerMessage['type']>(
  child: ChildProcess,
  type: T,
): Promise<Extract<WorkerMessage, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: WorkerMessage) => {
      if (m.type === 'error') {
        cleanup()
        reject(new Error(`API worker: ${m.message}`))
      } else if (m.type === type) {
        cleanup()
        resolve(m as Extract<WorkerMessage, { type: T }>)
      }
    }
    const onExit = (code: number | null) => {
      cleanup()
      reject(new Error(`API worker exited (${code}) while waiting for '${type}'`))
    }
    const cleanup = () => {
      child.off('message', onMessage)
      child.off('exit', onExit)
    }
    child.on('message', onMessage)
    child.on('exit', onExit)
  })
}

function startWorker(env: Record<string, string>): {
  child: ChildProcess
  ask: (m: WorkerRequest) => void
  stop: () => Promise<void>
} {
  const child = fork(fileURLToPath(new URL('./worker.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    env: { ...process.env, ...env },
    // The server logs every request, as in production; its output goes nowhere.
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  })
  const ask = (m: WorkerRequest) => child.send(m)
  const stop = async () => {
    if (!child.connected) return
    ask({ type: 'close' })
    await new Promise((resolve) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL')
        resolve(null)
      }, 60_000)
      child.once('exit', () => {
        clearTimeout(timer)
        resolve(null)
      })
    })
  }
  return { child, ask, stop }
}

type Request = { method: 'GET'; path: string; headers?: Record<string, string> }

async function load(
  base: string,
  requests: Request[],
  seconds: number,
  connections: number,
): Promise<LoadResult> {
  // Every request must answer 200 before loading: a fast 404 would flatter the figures.
  for (const r of requests) {
    const res = await fetch(base + r.path, { headers: r.headers })
    if (!res.ok) throw new Error(`${r.path} answered ${res.status}: ${(await res.text()).slice(0, 300)}`)
    await res.arrayBuffer()
  }
  await autocannon({ url: base, connections, duration: 2, requests })
  const result = await autocannon({ url: base, connections, duration: seconds, requests })
  return {
    rps: round(result.requests.average, 1),
    medianMs: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    throughputMBs: round(result.throughput.average / 2 ** 20, 2),
    loadAverage: round(loadavg()[0], 2),
  }
}

async function signIn(base: string): Promise<{ headers: Record<string, string>; userId: number }> {
  const register = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      firstname: 'Banc',
      lastname: 'Essai',
      email: `bench-${Date.now()}@exemple.fr`,
      password: 'un-mot-de-passe-de-banc-essai',
    }),
  })
  if (register.status !== 201)
    throw new Error(`register answered ${register.status}: ${await register.text()}`)
  const body = (await register.json()) as { access_token: string; userId: { id: number } }
  return { headers: { authorization: `Bearer ${body.access_token}` }, userId: body.userId.id }
}

const searchRequests = (headers: Record<string, string>): Request[] =>
  searchQueries.map((q) => ({ method: 'GET', path: `/api/partners/search?${toQueryString(q)}`, headers }))

const describe = (r: LoadResult) =>
  `${r.rps} req/s, median ${r.medianMs} ms, p99 ${r.p99Ms} ms, ${r.non2xx + r.errors + r.timeouts} failed, load ${r.loadAverage}`

/** The worker's VACUUM ANALYZE after a seed or growth (PostgreSQL only: see settle in worker.ts). */
const settled = (ms: number) => (ms > 0 ? `, then VACUUM ANALYZE in ${round(ms / 1000, 1)} s` : '')

export async function benchApi(options: ApiOptions): Promise<ApiResult> {
  const { log, store, seconds, connections } = options
  const { child, ask, stop } = startWorker({ BENCH_STORE: store, BENCH_PARTNERS: String(options.partners) })
  try {
    const seeded = await next(child, 'seeded')
    log(
      `  ${store}: seeded ${seeded.seed.partners} partners, ${seeded.seed.offers} offers, ${seeded.seed.images} photos in ${round(seeded.seed.ms / 1000, 1)} s (RSS ${seeded.rssMb} MB)${settled(seeded.settledMs)}`,
    )
    ask({ type: 'raw', seconds, concurrency: connections })
    const raw = (await next(child, 'raw')).result
    log(`  ${store}: raw ${raw.rps} q/s, median ${raw.medianMs} ms, p99 ${raw.p99Ms} ms (${raw.source})`)
    ask({ type: 'listen' })
    const { port, ceilingPort, partnerIds } = await next(child, 'listening')
    const base = `http://127.0.0.1:${port}`
    const { headers, userId } = await signIn(base)

    // The ceiling right before the search, so both see the same machine.
    const ceiling = await load(
      `http://127.0.0.1:${ceilingPort}`,
      [{ method: 'GET', path: '/ceiling' }],
      seconds,
      connections,
    )
    log(`  ${store}: ceiling (bare Fastify, fixed 50 partners) ${describe(ceiling)}`)
    const http = await load(base, searchRequests(headers), seconds, connections)
    log(`  ${store}: HTTP search ${describe(http)}`)

    const readPaths: { name: string; paths: string[] }[] = [
      { name: 'partner details', paths: partnerIds.map((id) => `/api/partners/${id}`) },
      {
        name: 'user’s discounts view',
        paths: partnerIds.map((id) => `/api/partners/${id}/discounts-user/${userId}`),
      },
      { name: 'categories', paths: ['/api/partners/categories'] },
      { name: 'cities', paths: ['/api/partners/cities'] },
      { name: 'statuses', paths: ['/api/partners/statues'] },
    ]
    const reads: ReadResult[] = []
    for (const { name, paths } of readPaths) {
      const result = await load(
        base,
        paths.map((path) => ({ method: 'GET', path, headers })),
        seconds,
        connections,
      )
      log(`  ${store}: ${name} ${describe(result)}`)
      reads.push({ name, path: paths[0], result })
    }
    ask({ type: 'explain' })
    const { plans } = await next(child, 'plans')
    ask({ type: 'rss' })
    const rssAfterLoadMb = (await next(child, 'rss')).rssMb
    return {
      store,
      seed: seeded.seed,
      rssAfterSeedMb: seeded.rssMb,
      rssAfterLoadMb,
      raw,
      http,
      ceiling,
      reads,
      plans,
      ratio: round(http.rps / raw.rps, 3),
      searchOverCeiling: round(http.rps / ceiling.rps, 3),
    }
  } finally {
    await stop()
  }
}

/**
 * The same searches on a directory grown step by step (`sizes`, ascending) by growPartners in one database:
 * HTTP p50/p99 at each size, each query alone, and the plans.
 */
export async function benchGrowth(options: {
  store: Store
  sizes: number[]
  seconds: number
  connections: number
  log: (line: string) => void
}): Promise<GrowthResult> {
  const { log, store } = options
  const { child, ask, stop } = startWorker({ BENCH_STORE: store, BENCH_SEED: 'none' })
  try {
    await next(child, 'seeded')
    const steps: GrowthStep[] = []
    let base = ''
    let headers: Record<string, string> = {}
    for (const size of options.sizes) {
      ask({ type: 'grow', to: size })
      const { grow, settledMs } = await next(child, 'grown')
      log(`  ${store}: grown to ${size} partners in ${round(grow.ms / 1000, 1)} s${settled(settledMs)}`)
      if (!base) {
        ask({ type: 'listen' })
        base = `http://127.0.0.1:${(await next(child, 'listening')).port}`
        headers = (await signIn(base)).headers
      }
      ask({ type: 'raw', seconds: 1, concurrency: 1 })
      const raw = (await next(child, 'raw')).result
      const http = await load(base, searchRequests(headers), options.seconds, options.connections)
      log(`  ${store}, ${size} partners: HTTP search ${describe(http)}`)
      ask({ type: 'explain' })
      const { plans } = await next(child, 'plans')
      steps.push({
        partners: size,
        offers: grow.offers,
        seedMs: grow.ms,
        http,
        perQueryMedianMs: raw.perQueryMedianMs,
        plans,
      })
    }
    return { store, steps }
  } finally {
    await stop()
  }
}

const storeName = (store: Store) => (store === 'pglite' ? 'PGlite' : 'PostgreSQL')

export function apiFigures(r: ApiResult): Figure[] {
  const s = `API ${storeName(r.store)}`
  const goal = r.store === 'pglite' ? { rps: 250, p99: 60 } : { rps: 450, p99: 25 }
  const failures = r.http.non2xx + r.http.errors + r.http.timeouts
  const load = (l: LoadResult) => `load ${l.loadAverage}`
  const figures = [
    info(
      s,
      `seed ${r.seed.partners} partners`,
      round(r.seed.ms / 1000, 1),
      's',
      `${r.seed.partners} partners, ${r.seed.offers} offers`,
    ),
    info(
      s,
      'raw query throughput (10 concurrent)',
      r.raw.rps,
      'q/s',
      `median ${r.raw.medianMs} ms, alone ${r.raw.sequentialMedianMs} ms`,
    ),
    info(s, 'raw query p99', r.raw.p99Ms, 'ms'),
    budgeted(
      s,
      'HTTP search throughput (10 connections)',
      r.http.rps,
      'req/s',
      `≥ ${goal.rps} req/s`,
      (v) => v >= goal.rps,
      `${failures ? `${failures} failed requests` : `${r.http.requests} requests`}, ${load(r.http)}`,
    ),
    info(s, 'HTTP search median latency', r.http.medianMs, 'ms'),
    budgeted(s, 'HTTP search p99 latency', r.http.p99Ms, 'ms', `< ${goal.p99} ms`, (v) => v < goal.p99),
    info(
      s,
      'ceiling: bare Fastify, fixed 50 partners',
      r.ceiling.rps,
      'req/s',
      `median ${r.ceiling.medianMs} ms, p99 ${r.ceiling.p99Ms} ms, ${load(r.ceiling)}`,
    ),
    info(s, 'search ÷ ceiling', round(r.searchOverCeiling * 100, 1), '%'),
    budgeted(s, 'HTTP / raw throughput', round(r.ratio * 100, 1), '%', '≥ 70 %', (v) => v >= 70),
  ]
  for (const read of r.reads) {
    const note = `${read.result.rps} req/s, median ${read.result.medianMs} ms, ${load(read.result)}`
    figures.push(
      r.store === 'postgres'
        ? budgeted(s, `${read.name} p99`, read.result.p99Ms, 'ms', '< 10 ms', (v) => v < 10, note)
        : info(s, `${read.name} p99`, read.result.p99Ms, 'ms', note),
    )
  }
  figures.push(
    info('Memory', `server RSS after ${r.seed.partners} partners (${r.store})`, r.rssAfterSeedMb, 'MB'),
    info('Memory', `server RSS after load test (${r.store})`, r.rssAfterLoadMb, 'MB'),
  )
  return figures
}

export function growthFigures(g: GrowthResult): Figure[] {
  const s = `Growth ${storeName(g.store)}`
  const figures: Figure[] = g.steps.map((step) =>
    info(
      s,
      `${step.partners} partners: search p50 / p99`,
      `${step.http.medianMs} / ${step.http.p99Ms}`,
      'ms',
      `${step.http.rps} req/s; grown in ${round(step.seedMs / 1000, 1)} s; load ${step.http.loadAverage}`,
    ),
  )
  const first = g.steps[0]
  const last = g.steps[g.steps.length - 1]
  if (first && last && last !== first) {
    // autocannon's latencies are whole milliseconds: a 0-1 ms p50 is counted as 1 ms.
    const ratio = round(Math.max(1, last.http.medianMs) / Math.max(1, first.http.medianMs), 2)
    figures.push(
      budgeted(s, `p50 growth ${first.partners} → ${last.partners}`, ratio, '×', '< 2×', (v) => v < 2),
    )
  }
  return figures
}

/** The plans as Markdown, for BENCHMARKS.md. */
export function plansMarkdown(api: ApiResult[], growth: GrowthResult[]): string {
  const lines: string[] = []
  const block = (title: string, plans: Plan[]) => {
    lines.push(`### ${title}`, '')
    for (const p of plans)
      lines.push(`#### \`${p.query}\` — ${p.executionMs} ms`, '', '```', p.text, '```', '')
  }
  for (const r of api) block(`${storeName(r.store)}, ${r.seed.partners} partners (bench seed)`, r.plans)
  for (const g of growth)
    for (const step of g.steps)
      block(`${storeName(g.store)}, ${step.partners} partners (grown by generate_series)`, step.plans)
  return lines.join('\n')
}
