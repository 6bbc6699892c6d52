/**
 * HTTP A/B on a busy machine: two source trees' servers (serve-tree.ts) on the same kept store, loaded in
 * turn with the bench's 8 searches, then a partner's details and the user's discounts view, at the bench's 10
 * connections; the order alternates each round so both see the same load. Throughput figures here are
 * relative (before against after in the same minutes), not the goals' idle figures. The CPU each request
 * costs the server process and its PostgreSQL backends (from /proc, found by their application_name) is the
 * figure a loaded machine disturbs least: waiting for a core adds no CPU time.
 *
 *   DATABASE_URL=… PERQUERY_SCHEMA=… node --import tsx bench/api/abhttp.ts <tree before> <tree after> [rounds] [seconds]
 *
 * ABHTTP_ONLY: which answers (search, details, discounts view), comma-separated; all three by default.
 * ABHTTP_BEFORE_ENV / ABHTTP_AFTER_ENV: settings for one side's server, `KEY=value` separated by spaces (e.g.
 * `DATABASE_POOL_MAX=4`), to compare a setting with one tree on both sides.
 *
 * PGlite (no DATABASE_URL): each side serves its own store folder, ABHTTP_BEFORE_DIR and ABHTTP_AFTER_DIR (one
 * PGlite folder has one process); the database runs in the server process, so its CPU is in Node's figure.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { loadavg } from 'node:os'
import { readFileSync } from 'node:fs'
import autocannon from 'autocannon'
import pg from 'pg'
import { median, round } from '../lib/stats.ts'
import { searchQueries, toQueryString } from './search.ts'

const [beforeTree, afterTree, roundsArg, secondsArg] = process.argv.slice(2)
if (!beforeTree || !afterTree)
  throw new Error('usage: abhttp.ts <tree before> <tree after> [rounds] [seconds]')
const rounds = Number(roundsArg ?? 4)
const seconds = Number(secondsArg ?? 5)

const databaseUrl = process.env.DATABASE_URL
const dirs = { before: process.env.ABHTTP_BEFORE_DIR, after: process.env.ABHTTP_AFTER_DIR }
if (!databaseUrl && (!dirs.before || !dirs.after))
  throw new Error('DATABASE_URL (PostgreSQL), or ABHTTP_BEFORE_DIR and ABHTTP_AFTER_DIR (PGlite stores)')
const settings = (side: 'before' | 'after') =>
  Object.fromEntries(
    (process.env[`ABHTTP_${side.toUpperCase()}_ENV`] ?? '')
      .split(' ')
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  )
const sideEnv = (side: 'before' | 'after') => ({ ...connection(side), ...settings(side) })
const connection = (side: 'before' | 'after') =>
  databaseUrl
    ? {
        DATABASE_URL: `${databaseUrl}${databaseUrl.includes('?') ? '&' : '?'}application_name=abhttp_${side}`,
      }
    : { PERQUERY_DIR: dirs[side] }

function serve(tree: string, side: 'before' | 'after'): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', new URL('./serve-tree.ts', import.meta.url).pathname, tree],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, ...sideEnv(side) },
    },
  )
  return new Promise((resolve, reject) => {
    let err = ''
    child.stderr!.on('data', (chunk: Buffer) => {
      err += chunk.toString()
      const port = /PORT (\d+)/.exec(err)?.[1]
      if (port) resolve({ child, base: `http://127.0.0.1:${port}` })
    })
    child.on('exit', (code) => reject(new Error(`${tree} exited ${code}: ${err}`)))
  })
}

const servers = { before: await serve(beforeTree, 'before'), after: await serve(afterTree, 'after') }
const monitor = databaseUrl ? new pg.Client({ connectionString: databaseUrl }) : null
await monitor?.connect()

/** CPU seconds (user + system) of these processes so far; a process gone meanwhile counts 0. */
function cpuSeconds(pids: number[]): number {
  let ticks = 0
  for (const pid of pids) {
    try {
      // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
      ticks += Number(fields[11]) + Number(fields[12])
    } catch {
      // exited
    }
  }
  return ticks / 100
}
async function backends(side: string): Promise<number[]> {
  if (!monitor) return []
  const { rows } = await monitor.query<{ pid: number }>(
    'select pid from pg_stat_activity where application_name = $1',
    [`abhttp_${side}`],
  )
  return rows.map((r) => r.pid)
}
/** A user registered on a side's store (two PGlite stores know different users). */
async function register(side: 'before' | 'after') {
  const res = await fetch(`${servers[side].base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      firstname: 'Banc',
      lastname: 'Essai',
      email: `abhttp-${side}-${Date.now()}@exemple.fr`,
      password: 'un-mot-de-passe-de-banc-essai',
    }),
  })
  const { access_token: token, userId } = (await res.json()) as {
    access_token: string
    userId: { id: number }
  }
  return { headers: { authorization: `Bearer ${token}` }, userId }
}
const users = { before: await register('before'), after: await register('after') }
const { headers, userId } = users.after
const firstPage = (await (
  await fetch(`${servers.after.base}/api/partners/search?${toQueryString(searchQueries[0])}`, { headers })
).json()) as { partnerId: { id: number } }[]
const ids = firstPage.map((p) => p.partnerId.id)

const allLoads: Record<string, string[]> = {
  search: searchQueries.map((q) => `/api/partners/search?${toQueryString(q)}`),
  details: ids.map((id) => `/api/partners/${id}`),
  'discounts view': ids.map((id) => `/api/partners/${id}/discounts-user/${userId.id}`),
}
// ABHTTP_ONLY: the answers to load, comma-separated (e.g. `search`), for more rounds of one in the same time.
const only = process.env.ABHTTP_ONLY?.split(',')
const loads = Object.fromEntries(Object.entries(allLoads).filter(([name]) => !only || only.includes(name)))
type Figures = { rps: number[]; p50: number[]; p99: number[]; node: number[]; db: number[]; bytes: number[] }
const results: Record<string, { before: Figures; after: Figures }> = {}
for (const name of Object.keys(loads))
  results[name] = {
    before: { rps: [], p50: [], p99: [], node: [], db: [], bytes: [] },
    after: { rps: [], p50: [], p99: [], node: [], db: [], bytes: [] },
  }

async function run(side: 'before' | 'after', name: string) {
  const sideHeaders = users[side].headers
  const paths = loads[name].map((path) =>
    path.replace(`/discounts-user/${userId.id}`, `/discounts-user/${users[side].userId.id}`),
  )
  const requests = paths.map((path) => ({ method: 'GET' as const, path, headers: sideHeaders }))
  // Each answer once (the server is warm and its answers are checked), and their mean size: the bench's client
  // asks no compression, so these are the bytes each request sends.
  let bytes = 0
  for (const r of requests) {
    const res = await fetch(servers[side].base + r.path, { headers: sideHeaders })
    if (!res.ok) throw new Error(`${side} ${r.path}: ${res.status}`)
    bytes += (await res.arrayBuffer()).byteLength
  }
  results[name][side].bytes.push(bytes / requests.length)
  await autocannon({ url: servers[side].base, connections: 10, duration: 1, requests })
  const pids = await backends(side)
  const node = [servers[side].child.pid!]
  const [node0, db0] = [cpuSeconds(node), cpuSeconds(pids)]
  const r = await autocannon({ url: servers[side].base, connections: 10, duration: seconds, requests })
  if (r.non2xx || r.errors || r.timeouts) throw new Error(`${side} ${name}: failures`)
  results[name][side].node.push(((cpuSeconds(node) - node0) * 1000) / r.requests.total)
  results[name][side].db.push(((cpuSeconds(pids) - db0) * 1000) / r.requests.total)
  results[name][side].rps.push(r.requests.average)
  results[name][side].p50.push(r.latency.p50)
  results[name][side].p99.push(r.latency.p99)
}

const loadAverages = [loadavg()[0].toFixed(1)]
try {
  for (let round = 0; round < rounds; round++) {
    for (const name of Object.keys(loads)) {
      const order: ('before' | 'after')[] = round % 2 === 0 ? ['before', 'after'] : ['after', 'before']
      for (const side of order) await run(side, name)
    }
    loadAverages.push(loadavg()[0].toFixed(1))
  }
} finally {
  for (const s of Object.values(servers)) s.child.kill('SIGTERM')
  await monitor?.end()
}
console.log(`${rounds} rounds of ${seconds} s each side, 10 connections, load ${loadAverages.join(' → ')}`)
console.log(
  '| answer | mean bytes before → after | CPU per request, before: Node + PostgreSQL ms | after | before req/s (median; each round) | after req/s | before p50 / p99 ms | after p50 / p99 ms |',
)
console.log('|---|---|---|---|---|---|---|---|')
const cpu = (f: Figures) =>
  `${round(median(f.node), 2)} + ${round(median(f.db), 2)} = ${round(median(f.node) + median(f.db), 2)}`
for (const [name, { before, after }] of Object.entries(results)) {
  const each = (xs: number[]) => xs.map((x) => Math.round(x)).join(', ')
  console.log(
    `| ${name} | ${Math.round(median(before.bytes))} → ${Math.round(median(after.bytes))} | ${cpu(before)} | ${cpu(after)} | ${round(median(before.rps), 1)} (${each(before.rps)}) | ${round(median(after.rps), 1)} (${each(after.rps)}) | ${median(before.p50)} / ${median(before.p99)} | ${median(after.p50)} / ${median(after.p99)} |`,
  )
}
