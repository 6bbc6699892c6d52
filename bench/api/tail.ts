/**
 * Which requests make the search's tail: one tree's server (serve-tree.ts) on the kept store, loaded by a
 * closed loop of 10 connections rotating the bench's 8 searches (as `npm run bench` does), each request's
 * latency kept with its query. Prints, per query, p50 / p90 / p99 / max under that load and its share of the
 * slowest 1 % of all requests; with TAIL_GC=1 the server runs with --trace-gc and the scavenges and
 * mark-compacts per second and their length are counted from its output (TAIL_GC=2: the first 12 GC lines
 * too). TAIL_SNAPSHOT=1, with `NODE_OPTIONS=--heapsnapshot-signal=SIGUSR2` in TAIL_ENV: a heap snapshot of the
 * server halfway through the run, written in the current folder.
 *
 *   DATABASE_URL=… PERQUERY_SCHEMA=… node --import tsx bench/api/tail.ts <tree> [seconds] [answer]
 *
 * answer: search (default), details or discounts. TAIL_NODE_ARGS: the server's node flags (e.g. `--cpu-prof
 * --cpu-prof-dir=/tmp/prof`), TAIL_ENV: settings for the server, `KEY=value` separated by
 * spaces (e.g. `NODE_OPTIONS=--max-semi-space-size=32`).
 */
import { spawn } from 'node:child_process'
import { Agent, request } from 'node:http'
import { loadavg } from 'node:os'
import { percentile, round } from '../lib/stats.ts'
import { searchQueries, toQueryString } from './search.ts'

const [tree = '.', secondsArg, answer = 'search'] = process.argv.slice(2)
const seconds = Number(secondsArg ?? 10)
const gc = process.env.TAIL_GC === '1' || process.env.TAIL_GC === '2'
const extraEnv = Object.fromEntries(
  (process.env.TAIL_ENV ?? '')
    .split(' ')
    .filter(Boolean)
    .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
)

const child = spawn(
  process.execPath,
  [
    ...(gc ? ['--trace-gc'] : []),
    ...(process.env.TAIL_NODE_ARGS ?? '').split(' ').filter(Boolean),
    '--import',
    'tsx',
    new URL('./serve-tree.ts', import.meta.url).pathname,
    tree,
  ],
  { stdio: ['ignore', gc ? 'pipe' : 'ignore', 'pipe'], env: { ...process.env, ...extraEnv } },
)
const gcLines: string[] = []
let out = ''
child.stdout?.on('data', (chunk: Buffer) => {
  out += chunk.toString()
  const lines = out.split('\n')
  out = lines.pop()!
  for (const line of lines) if (/Scavenge|Mark-Compact|Mark-sweep/.test(line)) gcLines.push(line)
})
const base = await new Promise<string>((resolve, reject) => {
  let err = ''
  child.stderr!.on('data', (chunk: Buffer) => {
    err += chunk.toString()
    const port = /PORT (\d+)/.exec(err)?.[1]
    if (port) resolve(`http://127.0.0.1:${port}`)
  })
  child.on('exit', (code) => reject(new Error(`${tree} exited ${code}: ${err}`)))
})

const agent = new Agent({ keepAlive: true, maxSockets: 10 })
function get(path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now()
    const req = request(base + path, { agent, headers }, (res) => {
      res.on('data', () => {})
      res.on('end', () => {
        if (res.statusCode !== 200) reject(new Error(`${path}: ${res.statusCode}`))
        else resolve(performance.now() - t0)
      })
    })
    req.on('error', reject)
    req.end()
  })
}

const registered = await fetch(`${base}/api/auth/register`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({
    firstname: 'Banc',
    lastname: 'Traîne',
    email: `tail-${Date.now()}@exemple.fr`,
    password: 'un-mot-de-passe-de-banc-essai',
  }),
})
const { access_token: token, userId } = (await registered.json()) as {
  access_token: string
  userId: { id: number }
}
const headers = { authorization: `Bearer ${token}` }
const searches = searchQueries.map((q) => `/api/partners/search?${toQueryString(q)}`)
const firstPage = (await (await fetch(base + searches[0], { headers })).json()) as {
  partnerId: { id: number }
}[]
const ids = firstPage.slice(0, 8).map((p) => p.partnerId.id)
const paths =
  answer === 'details'
    ? ids.map((id) => `/api/partners/${id}`)
    : answer === 'discounts'
      ? ids.map((id) => `/api/partners/${id}/discounts-user/${userId.id}`)
      : searches

async function loop(until: number, samples: { path: number; ms: number }[] | null, start: number) {
  for (let i = start; performance.now() < until; i++) {
    const path = i % paths.length
    const ms = await get(paths[path], headers)
    samples?.push({ path, ms })
  }
}
// One second to warm up, then the measured run; each connection starts at another query, as autocannon does.
await Promise.all(Array.from({ length: 10 }, (_, c) => loop(performance.now() + 1000, null, c)))
const load0 = loadavg()[0]
const samples: { path: number; ms: number }[] = []
const gcFrom = gcLines.length
const t0 = performance.now()
// TAIL_SNAPSHOT=1 (with NODE_OPTIONS=--heapsnapshot-signal=SIGUSR2 in TAIL_ENV): what is live mid-run.
if (process.env.TAIL_SNAPSHOT === '1') setTimeout(() => child.kill('SIGUSR2'), (seconds * 1000) / 2)
await Promise.all(Array.from({ length: 10 }, (_, c) => loop(t0 + seconds * 1000, samples, c)))
const elapsed = (performance.now() - t0) / 1000
const gcSeen = gcLines.slice(gcFrom)
child.kill('SIGTERM')
agent.destroy()

const all = samples.map((s) => s.ms)
const cut = percentile(all, 99)
const slow = samples.filter((s) => s.ms > cut)
console.log(
  `${tree} ${answer}: ${samples.length} requests in ${round(elapsed, 1)} s (${round(samples.length / elapsed, 1)} req/s), load ${load0.toFixed(1)} → ${loadavg()[0].toFixed(1)}; all p50 / p99 / max ${round(percentile(all, 50), 1)} / ${round(cut, 1)} / ${round(Math.max(...all), 1)} ms`,
)
console.log('| request | p50 | p90 | p99 | max | share of the slowest 1 % |')
console.log('|---|---|---|---|---|---|')
paths.forEach((path, i) => {
  const mine = samples.filter((s) => s.path === i).map((s) => s.ms)
  const share = slow.filter((s) => s.path === i).length / Math.max(1, slow.length)
  console.log(
    `| ${path.replace('/api/partners/', '')} | ${round(percentile(mine, 50), 1)} | ${round(percentile(mine, 90), 1)} | ${round(percentile(mine, 99), 1)} | ${round(Math.max(...mine), 1)} | ${Math.round(share * 100)} % |`,
  )
})
if (process.env.TAIL_GC === '2') for (const line of gcSeen.slice(0, 12)) console.log(line)
if (gc) {
  const pauses = (kind: RegExp) =>
    gcSeen
      .filter((l) => kind.test(l))
      .map((l) => Number(/, ([\d.]+) \/ [\d.]+ ms/.exec(l)?.[1] ?? NaN))
      .filter(Number.isFinite)
  for (const [label, kind] of [
    ['scavenge', /Scavenge/],
    ['mark-compact', /Mark-Compact|Mark-sweep/],
  ] as const) {
    const p = pauses(kind)
    const total = p.reduce((a, b) => a + b, 0)
    console.log(
      `${label}: ${round(p.length / elapsed, 1)} per second, mean ${round(total / Math.max(1, p.length), 2)} ms, max ${round(Math.max(0, ...p), 2)} ms, ${round((total / 1000 / elapsed) * 100, 1)} % of the time`,
    )
  }
}
