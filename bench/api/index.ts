import { fork, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { budgeted, info, type Figure } from '../lib/report.ts'
import { round } from '../lib/stats.ts'
import { searchQueries, toQueryString } from './search.ts'
import type { RawResult, WorkerRequest } from './worker.ts'
import type { SeedStats } from './seed.ts'

export interface ApiOptions {
  store: 'pglite' | 'postgres'
  partners: number
  seconds: number
  connections: number
  log: (line: string) => void
}

export interface ApiResult {
  store: string
  seed: SeedStats
  rssAfterSeedMb: number
  rssAfterLoadMb: number
  raw: RawResult
  http: {
    rps: number
    medianMs: number
    p99Ms: number
    requests: number
    non2xx: number
    errors: number
    timeouts: number
    throughputMBs: number
  }
  ratio: number
}

type WorkerMessage =
  | { type: 'seeded'; seed: SeedStats; rssMb: number }
  | { type: 'raw'; result: RawResult }
  | { type: 'listening'; port: number }
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

export async function benchApi(options: ApiOptions): Promise<ApiResult> {
  const { log } = options
  const child = fork(fileURLToPath(new URL('./worker.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    env: { ...process.env, BENCH_STORE: options.store, BENCH_PARTNERS: String(options.partners) },
    // The server logs every request, as in production; its output goes nowhere.
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  })
  const ask = (m: WorkerRequest) => child.send(m)
  try {
    const seeded = await next(child, 'seeded')
    log(
      `  ${options.store}: seeded ${seeded.seed.partners} partners, ${seeded.seed.offers} offers in ${round(seeded.seed.ms / 1000, 1)} s (RSS ${seeded.rssMb} MB)`,
    )
    ask({ type: 'raw', seconds: options.seconds, concurrency: options.connections })
    const raw = (await next(child, 'raw')).result
    log(
      `  ${options.store}: raw ${raw.rps} q/s, median ${raw.medianMs} ms, p99 ${raw.p99Ms} ms (${raw.source})`,
    )
    ask({ type: 'listen' })
    const { port } = await next(child, 'listening')
    const base = `http://127.0.0.1:${port}`
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
    const token = ((await register.json()) as { access_token: string }).access_token
    const headers = { authorization: `Bearer ${token}` }
    const requests = searchQueries.map((q) => ({
      method: 'GET' as const,
      path: `/api/partners/search?${toQueryString(q)}`,
      headers,
    }))
    // Check every query answers 200 before loading.
    for (const r of requests) {
      const res = await fetch(base + r.path, { headers })
      if (!res.ok) throw new Error(`${r.path} answered ${res.status}: ${(await res.text()).slice(0, 300)}`)
      await res.arrayBuffer()
    }
    await autocannon({ url: base, connections: options.connections, duration: 2, requests })
    const result = await autocannon({
      url: base,
      connections: options.connections,
      duration: options.seconds,
      requests,
    })
    const http = {
      rps: round(result.requests.average, 1),
      medianMs: result.latency.p50,
      p99Ms: result.latency.p99,
      requests: result.requests.total,
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
      throughputMBs: round(result.throughput.average / 2 ** 20, 2),
    }
    log(
      `  ${options.store}: HTTP ${http.rps} req/s, median ${http.medianMs} ms, p99 ${http.p99Ms} ms, ${http.non2xx} non-2xx`,
    )
    ask({ type: 'rss' })
    const rssAfterLoadMb = (await next(child, 'rss')).rssMb
    return {
      store: options.store,
      seed: seeded.seed,
      rssAfterSeedMb: seeded.rssMb,
      rssAfterLoadMb,
      raw,
      http,
      ratio: round(http.rps / raw.rps, 3),
    }
  } finally {
    if (child.connected) {
      ask({ type: 'close' })
      await new Promise((resolve) => {
        const timer = setTimeout(() => {
          child.kill('SIGKILL')
          resolve(null)
        }, 15_000)
        child.once('exit', () => {
          clearTimeout(timer)
          resolve(null)
        })
      })
    }
  }
}

export function apiFigures(r: ApiResult): Figure[] {
  const s = `API ${r.store === 'pglite' ? 'PGlite' : 'PostgreSQL'}`
  const p99Budget = r.store === 'pglite' ? 50 : 25
  const failures = r.http.non2xx + r.http.errors + r.http.timeouts
  return [
    info(
      s,
      'seed 100k partners',
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
    info(
      s,
      'HTTP throughput (10 connections)',
      r.http.rps,
      'req/s',
      failures ? `${failures} failed requests` : `${r.http.requests} requests`,
    ),
    info(s, 'HTTP median latency', r.http.medianMs, 'ms'),
    budgeted(s, 'HTTP p99 latency', r.http.p99Ms, 'ms', `< ${p99Budget} ms`, (v) => v < p99Budget),
    budgeted(s, 'HTTP / raw throughput', round(r.ratio * 100, 1), '%', '≥ 70 %', (v) => v >= 70),
    info('Memory', `server RSS after 100k partners (${r.store})`, r.rssAfterSeedMb, 'MB'),
    info('Memory', `server RSS after load test (${r.store})`, r.rssAfterLoadMb, 'MB'),
  ]
}
