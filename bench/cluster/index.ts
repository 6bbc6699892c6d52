/**
 * Search throughput of one server instance against two behind nginx (scripts/cluster: real `server/main.ts`
 * processes, Debian's nginx with deploy/nginx/partenaires.conf, a throwaway PostgreSQL 15).
 *
 * One database, seeded once with the API bench's partners (bench/api/seed.ts), serves three configurations in
 * turn, each loaded by autocannon with the API bench's search queries over the same number of connections:
 * one instance directly, the same instance behind nginx, then two instances behind nginx. During each load
 * phase the CPU time of the instances, nginx (master and workers), PostgreSQL (postmaster and backends) and the
 * bench process itself is read from /proc, to say which of them takes the cores.
 */
import { join } from 'node:path'
import autocannon from 'autocannon'
import pg from 'pg'
import { migrateToLatest, openDatabase } from '@/server/db/index.ts'
import { createPgCluster, type PgCluster } from '@/server/test/pg-cluster.ts'
import { clusterUnavailable, startCluster, type Cluster } from '@/scripts/cluster/index.ts'
import { searchQueries, toQueryString } from '../api/search.ts'
import { seedPartners, type SeedStats } from '../api/seed.ts'
import { pidFromFile, sampleCpu, withChildren, type CpuReport } from '../lib/cpu.ts'
import { info, type Figure } from '../lib/report.ts'
import { round } from '../lib/stats.ts'

export interface ClusterBenchOptions {
  partners: number
  seconds: number
  connections: number
  log: (line: string) => void
}

export type ClusterTargetKey = 'direct-1' | 'nginx-1' | 'nginx-2'

export interface ClusterRun {
  key: ClusterTargetKey
  label: string
  instances: number
  viaNginx: boolean
  http: {
    rps: number
    medianMs: number
    p99Ms: number
    requests: number
    non2xx: number
    errors: number
    timeouts: number
  }
  cpu: CpuReport
  /** Behind nginx: requests of the load phase per upstream address, from nginx's access log. */
  upstreams: Record<string, number> | null
}

export interface ClusterBenchResult {
  partners: number
  seed: SeedStats
  connections: number
  seconds: number
  /** DATABASE_POOL_MAX of each instance (the server's default unless the environment sets it). */
  poolMax: number
  runs: ClusterRun[]
}

const labels: Record<ClusterTargetKey, string> = {
  'direct-1': '1 instance, direct',
  'nginx-1': '1 instance behind nginx',
  'nginx-2': '2 instances behind nginx',
}

/** Why the bench cannot run here, or null. */
export const clusterBenchUnavailable = () => clusterUnavailable()

export async function benchCluster(options: ClusterBenchOptions): Promise<ClusterBenchResult> {
  const { log } = options
  const database = 'bench'
  const poolMax = Number(process.env.DATABASE_POOL_MAX ?? 10)
  const pgCluster = await createPgCluster()
  // Both clusters borrow this PostgreSQL, so neither destroys it: make sure it goes with this process.
  const destroyPg = () => pgCluster.destroy()
  process.once('exit', destroyPg)
  try {
    const seed = await seedDatabase(pgCluster, database, options.partners)
    log(
      `  seeded ${seed.partners} partners, ${seed.offers} offers in ${round(seed.ms / 1000, 1)} s (PostgreSQL)`,
    )
    const env = { DATABASE_POOL_MAX: String(poolMax) }
    const runs: ClusterRun[] = []

    const one = await startCluster({ instances: 1, pg: pgCluster, database, env })
    let token: string
    try {
      token = await registerUser(one.url)
      runs.push(await measure(one, 'direct-1', token, options))
      runs.push(await measure(one, 'nginx-1', token, options))
    } finally {
      await one.destroy()
    }
    const two = await startCluster({ instances: 2, pg: pgCluster, database, env })
    try {
      runs.push(await measure(two, 'nginx-2', token, options))
    } finally {
      await two.destroy()
    }
    return {
      partners: options.partners,
      seed,
      connections: options.connections,
      seconds: options.seconds,
      poolMax,
      runs,
    }
  } finally {
    process.off('exit', destroyPg)
    destroyPg()
  }
}

/** Creates the database, migrates it and seeds the partners, before any instance starts. */
async function seedDatabase(pgCluster: PgCluster, database: string, partners: number): Promise<SeedStats> {
  const admin = new pg.Client({ connectionString: pgCluster.url })
  admin.on('error', () => {})
  await admin.connect()
  try {
    await admin.query(`create database ${database}`)
  } finally {
    await admin.end()
  }
  const handle = await openDatabase({
    databaseUrl: pgCluster.url.replace(/\/[^/]*$/, `/${database}`),
    databaseSchema: null,
    dataDir: join(pgCluster.dir, 'unused'),
    databasePoolMax: 2,
  })
  try {
    await migrateToLatest(handle)
    return await seedPartners(handle.db, partners)
  } finally {
    await handle.close()
  }
}

async function registerUser(base: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      firstname: 'Banc',
      lastname: 'Grappe',
      email: `bench-cluster-${Date.now()}@exemple.fr`,
      password: 'un-mot-de-passe-de-banc-essai',
    }),
  })
  if (response.status !== 201)
    throw new Error(`register answered ${response.status}: ${await response.text()}`)
  return ((await response.json()) as { access_token: string }).access_token
}

async function measure(
  cluster: Cluster,
  key: ClusterTargetKey,
  token: string,
  options: ClusterBenchOptions,
): Promise<ClusterRun> {
  const viaNginx = key !== 'direct-1'
  const base = viaNginx ? cluster.url : cluster.instances[0].url
  const headers = { authorization: `Bearer ${token}` }
  const requests = searchQueries.map((q) => ({
    method: 'GET' as const,
    path: `/api/partners/search?${toQueryString(q)}`,
    headers,
  }))
  for (const r of requests) {
    const res = await fetch(base + r.path, { headers })
    if (!res.ok) throw new Error(`${r.path} answered ${res.status}: ${(await res.text()).slice(0, 300)}`)
    await res.arrayBuffer()
  }
  await autocannon({ url: base, connections: options.connections, duration: 2, requests })

  const logStart = cluster.nginx?.accessLog().length ?? 0
  const postmaster = pidFromFile(join(cluster.pg.dataDir, 'postmaster.pid'))
  // The harness does not expose nginx's pid: its wrapper config writes it to <cluster.dir>/nginx.pid.
  const nginxMaster = viaNginx ? pidFromFile(join(cluster.dir, 'nginx.pid')) : null
  if (viaNginx && !nginxMaster) throw new Error(`nginx.pid introuvable dans ${cluster.dir}`)
  const sampler = sampleCpu({
    node: () => cluster.instances.flatMap((i) => (i.pid ? [i.pid] : [])),
    nginx: () => withChildren(nginxMaster),
    postgres: () => withChildren(postmaster),
  })
  const result = await autocannon({
    url: base,
    connections: options.connections,
    duration: options.seconds,
    requests,
  })
  const cpu = sampler.stop()

  let upstreams: Record<string, number> | null = null
  if (viaNginx && cluster.nginx) {
    upstreams = {}
    for (const line of cluster.nginx.accessLog().slice(logStart)) {
      const answered = line.upstream.split(/,\s*/).pop() ?? ''
      upstreams[answered] = (upstreams[answered] ?? 0) + 1
    }
  }
  const run: ClusterRun = {
    key,
    label: labels[key],
    instances: cluster.instances.length,
    viaNginx,
    http: {
      rps: round(result.requests.average, 1),
      medianMs: result.latency.p50,
      p99Ms: result.latency.p99,
      requests: result.requests.total,
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
    },
    cpu,
    upstreams,
  }
  options.log(
    `  ${run.label}: ${run.http.rps} req/s, p50 ${run.http.medianMs} ms, p99 ${run.http.p99Ms} ms, ` +
      `${run.http.non2xx} non-2xx; CPU ${cpuSummary(cpu)}` +
      (upstreams ? `; upstreams ${JSON.stringify(upstreams)}` : ''),
  )
  return run
}

/** "node 120 %, nginx 15 %, postgres 40 %, bench 30 %, other 5 % — machine 198 % of 200 %" */
export function cpuSummary(cpu: CpuReport): string {
  const parts = Object.entries(cpu.groups)
    .filter(([, g]) => g.processes > 0)
    .map(([name, g]) => `${name} ${g.percentOfCore} %`)
  parts.push(`bench ${cpu.self.percentOfCore} %`, `other ${cpu.otherPercentOfCore} %`)
  return `${parts.join(', ')} — machine ${cpu.machine.percentOfCore} % of ${cpu.machine.cores * 100} %`
}

/** The component taking the most CPU during a run, and whether the machine was saturated. */
function limitNote(cpu: CpuReport): string {
  const shares: [string, number][] = [
    ...Object.entries(cpu.groups).map(([name, g]) => [name, g.percentOfCore] as [string, number]),
    ['bench (autocannon)', cpu.self.percentOfCore],
    ['other work', cpu.otherPercentOfCore],
  ]
  const [top, share] = shares.sort((a, b) => b[1] - a[1])[0]
  const capacity = cpu.machine.cores * 100
  const saturated = cpu.machine.percentOfCore >= capacity * 0.9
  return `${saturated ? 'cores saturated' : 'cores not saturated'} (${cpu.machine.percentOfCore} / ${capacity} %); largest: ${top} ${share} %`
}

export function clusterFigures(r: ClusterBenchResult): Figure[] {
  const s = 'Instances (search)'
  const figures: Figure[] = [
    info(
      s,
      `seed ${r.partners} partners (PostgreSQL)`,
      round(r.seed.ms / 1000, 1),
      's',
      `${r.connections} connections, ${r.seconds} s a run, pool ${r.poolMax} per instance`,
    ),
  ]
  for (const run of r.runs) {
    const failures = run.http.non2xx + run.http.errors + run.http.timeouts
    figures.push(
      info(
        s,
        `${run.label}: throughput`,
        run.http.rps,
        'req/s',
        failures ? `${failures} failed requests` : `${run.http.requests} requests`,
      ),
      info(s, `${run.label}: p50`, run.http.medianMs, 'ms'),
      info(s, `${run.label}: p99`, run.http.p99Ms, 'ms'),
      info(s, `${run.label}: CPU (% of a core)`, cpuSummary(run.cpu), '', limitNote(run.cpu)),
    )
    if (run.upstreams)
      figures.push(
        info(
          s,
          `${run.label}: requests per upstream`,
          Object.values(run.upstreams).join(' / '),
          '',
          Object.keys(run.upstreams).join(' / '),
        ),
      )
  }
  const one = r.runs.find((x) => x.key === 'nginx-1')
  const two = r.runs.find((x) => x.key === 'nginx-2')
  if (one && two && one.http.rps > 0)
    figures.push(info(s, '2 instances / 1 instance behind nginx', round(two.http.rps / one.http.rps, 2), '×'))
  return figures
}
