/**
 * Several server processes on one throwaway PostgreSQL behind a real nginx, for the multi-instance suite
 * (server/test/multi), end-to-end journeys and benchmarks.
 *
 *   const cluster = await startCluster({ instances: 2, env: { SEED_DEMO: '1' } })
 *   cluster.url                 // nginx, rendered from deploy/nginx/partenaires.conf
 *   cluster.instances[0].url    // one instance directly
 *   await cluster.instances[0].stop()          // SIGTERM, waits for the exit code
 *   await cluster.restartDatabase()            // pg_ctl restart -m fast
 *   await cluster.destroy()
 *
 * Nothing outlives the calling process: destroy() stops everything, an exit handler kills what is left, and a
 * detached watchdog cleans up if the process dies without running its handlers (SIGKILL, runner timeout).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createConnection, createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { delimiter, join, resolve } from 'node:path'
import pg from 'pg'
import { childNodeArgs } from '@/server/test/child-node.ts'
import { createPgCluster, pgClusterUnavailable, type PgCluster } from '@/server/test/pg-cluster.ts'

export const repoRoot = resolve(import.meta.dirname, '..', '..')
export const nginxConfSource = join(repoRoot, 'deploy', 'nginx', 'partenaires.conf')

export interface LogLine {
  /** Date.now() when the line arrived. */
  at: number
  stream: 'stdout' | 'stderr'
  text: string
  /** The parsed line when it is JSON (pino), else null. */
  json: Record<string, unknown> | null
}

export interface ExitInfo {
  code: number | null
  signal: NodeJS.Signals | null
}

export interface Instance {
  /** 'A', 'B', … in start order. */
  readonly name: string
  readonly index: number
  readonly port: number
  /** http://127.0.0.1:<port>, stable across restarts (nginx's upstream lists these ports). */
  readonly url: string
  readonly dataDir: string
  /** The environment of the current (or last) run. */
  readonly env: Readonly<Record<string, string>>
  readonly pid: number | null
  readonly running: boolean
  /** Lines of the current (or last) run. */
  readonly lines: readonly LogLine[]
  /** Lines of every run, in order. */
  readonly allLines: readonly LogLine[]
  /** Settles when the current run's process exits. */
  readonly exited: Promise<ExitInfo>
  /** Spawns the process (it must be stopped); env entries override, undefined removes. Does not wait. */
  start(env?: EnvOverrides): void
  /** Polls /api/health/ready until 200; rejects with the log tail if the process exits or time runs out. */
  waitReady(timeoutMs?: number): Promise<void>
  /** Sends a signal without waiting. */
  signal(signal: NodeJS.Signals): void
  /** Sends the signal (SIGTERM by default) and waits for the exit; SIGKILL after timeoutMs. */
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<ExitInfo>
  kill(): Promise<ExitInfo>
  /** stop() then start() then waitReady(). */
  restart(env?: EnvOverrides): Promise<void>
  waitForLine(predicate: (line: LogLine) => boolean, timeoutMs?: number): Promise<LogLine>
  /** The last lines of output, for error messages. */
  tail(lines?: number): string
}

export interface NginxAccessLine {
  time: string
  remote: string
  request: string
  status: number
  upstream: string
  upstream_status: string
  xff: string
  request_time: number
  /** nginx's $request_id, sent to the instance as X-Request-Id. */
  request_id: string
}

export interface Nginx {
  readonly url: string
  readonly port: number
  /** The rendered copy of deploy/nginx/partenaires.conf that nginx runs with. */
  readonly confPath: string
  accessLog(): NginxAccessLine[]
  errorLog(): string
  stop(): Promise<void>
}

export interface Cluster {
  readonly dir: string
  readonly pg: PgCluster
  /** DATABASE_URL given to the instances. */
  readonly databaseUrl: string
  readonly instances: Instance[]
  readonly nginx: Nginx | null
  /** nginx's URL, or the first instance's without nginx. */
  readonly url: string
  /** pg_ctl restart -m fast (resolves once PostgreSQL accepts connections again). */
  restartDatabase(): Promise<void>
  stopDatabase(): Promise<void>
  startDatabase(): Promise<void>
  /** One query on a fresh connection (survives database restarts). */
  query<T extends Record<string, unknown> = Record<string, unknown>>(
    text: string,
    values?: unknown[],
  ): Promise<T[]>
  destroy(): Promise<void>
}

export type EnvOverrides = Record<string, string | undefined>

export interface ClusterOptions {
  /** Server processes (default 2). */
  instances?: number
  /** Environment of every instance on top of the defaults below; undefined removes a default. */
  env?: EnvOverrides
  /** Per-instance additions (index 0 is A). */
  instanceEnv?: (index: number) => EnvOverrides
  /** nginx in front (default true). */
  nginx?: boolean
  /** Wait until every instance is ready before resolving (default true). */
  waitReady?: boolean
  readyTimeoutMs?: number
  /** An existing PostgreSQL cluster, left running by destroy(); default: a new one owned by this cluster. */
  pg?: PgCluster
  /** Database for the instances, created when missing (default 'partenaires'). */
  database?: string
  /** false: do not connect to create the database (it exists, or PostgreSQL is deliberately down). */
  createDatabase?: boolean
  /** Copy every instance line to stderr as it arrives (also CLUSTER_ECHO=1). */
  echo?: boolean
}

/** NGINX_BIN when set (null if it does not exist), else /usr/sbin/nginx, else nginx on PATH, else null. */
export function findNginx(): string | null {
  const chosen = process.env.NGINX_BIN?.trim()
  if (chosen) return existsSync(chosen) ? chosen : null
  if (existsSync('/usr/sbin/nginx')) return '/usr/sbin/nginx'
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir && existsSync(join(dir, 'nginx'))) return join(dir, 'nginx')
  }
  return null
}

/** Why a cluster cannot start on this machine (with the fix), or null. */
export function clusterUnavailable(options: { nginx?: boolean } = {}): string | null {
  const reasons: string[] = []
  const pgReason = pgClusterUnavailable()
  if (pgReason) reasons.push(`${pgReason} — installer PostgreSQL : apt-get install -y postgresql`)
  if (options.nginx !== false && !findNginx())
    reasons.push(
      `nginx introuvable (${process.env.NGINX_BIN?.trim() || '/usr/sbin/nginx ou PATH'}) — installer nginx : apt-get install -y nginx`,
    )
  return reasons.length ? `Grappe multi-instances impossible : ${reasons.join(' ; ')}` : null
}

export async function freePort(): Promise<number> {
  return new Promise((done, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => done(port))
    })
  })
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * deploy/nginx/partenaires.conf with this run's values: one upstream `server` line per port (keeping the
 * parameters of the file's first one), `listen` on loopback, logs in the temp folder. Throws when the file no
 * longer has what is replaced, so the suite cannot silently run a config other than the shipped one.
 */
export function renderNginxConf(
  source: string,
  values: {
    listenPort: number
    upstreamPorts: number[]
    accessLog: string
    errorLog: string
    /** Where the write relay's Unix socket goes (the file's own is under /run). */
    relaySocket: string
  },
): string {
  const upstream = /(upstream\s+partenaires\s*\{)([\s\S]*?)(\n\})/.exec(source)
  if (!upstream)
    throw new Error('deploy/nginx/partenaires.conf : bloc « upstream partenaires { … } » introuvable')
  const serverLine = /^([ \t]*)server[ \t]+\S+?([ \t][^;]*)?;[ \t]*$/
  const bodyLines = upstream[2].split('\n')
  const at = bodyLines.findIndex((l) => serverLine.test(l))
  if (at < 0) throw new Error('deploy/nginx/partenaires.conf : aucune ligne « server » dans l’upstream')
  const [, indent, params = ''] = serverLine.exec(bodyLines[at])!
  const body = [
    ...bodyLines.slice(0, at),
    ...values.upstreamPorts.map((p) => `${indent}server 127.0.0.1:${p}${params};`),
    ...bodyLines.slice(at).filter((l) => !serverLine.test(l)),
  ].join('\n')
  let out =
    source.slice(0, upstream.index) +
    upstream[1] +
    body +
    upstream[3] +
    source.slice(upstream.index + upstream[0].length)
  const replaceOnce = (pattern: RegExp, replacement: string, what: string) => {
    const count = [...out.matchAll(new RegExp(pattern.source, 'gm'))].length
    if (count !== 1)
      throw new Error(`deploy/nginx/partenaires.conf : ${count} directive(s) « ${what} » (une attendue)`)
    out = out.replace(new RegExp(pattern.source, 'm'), replacement)
  }
  replaceOnce(/^([ \t]*)listen[ \t]+(?!unix:)[^;]+;/, `$1listen 127.0.0.1:${values.listenPort};`, 'listen')
  // The relay's socket: its `listen` and its upstream's `server`.
  const relay = /unix:\/run\/nginx-partenaires-ecritures\.sock/g
  const relayCount = [...out.matchAll(relay)].length
  if (relayCount !== 2)
    throw new Error(
      `deploy/nginx/partenaires.conf : ${relayCount} mention(s) de la socket du relais des écritures (deux attendues)`,
    )
  out = out.replace(relay, `unix:${values.relaySocket}`)
  replaceOnce(
    /^([ \t]*)access_log[ \t]+(?!off;)[^;]+;/,
    `$1access_log ${values.accessLog} partenaires_test;`,
    'access_log',
  )
  replaceOnce(/^([ \t]*)error_log[ \t]+\S+([^;]*);/, `$1error_log ${values.errorLog}$2;`, 'error_log')
  return out
}

/**
 * nginx running deploy/nginx/partenaires.conf (rendered into `dir`) in front of `upstreamPorts`, resolved once
 * it accepts connections. `onSpawn` receives the master process as soon as it exists, for the caller's clean-up.
 */
export async function startNginx(
  dir: string,
  ports: { listenPort: number; upstreamPorts: number[] },
  onSpawn: (proc: ChildProcess, exited: Promise<void>) => void = () => {},
): Promise<Nginx> {
  const binary = findNginx()
  if (!binary) throw new Error('nginx introuvable — installer nginx : apt-get install -y nginx')
  const confPath = join(dir, 'partenaires.conf')
  const accessLog = join(dir, 'nginx-access.log')
  const errorLog = join(dir, 'nginx-error.log')
  writeFileSync(
    confPath,
    renderNginxConf(readFileSync(nginxConfSource, 'utf8'), {
      ...ports,
      accessLog,
      errorLog,
      relaySocket: join(dir, 'nginx-ecritures.sock'),
    }),
  )
  const mainConf = join(dir, 'nginx.conf')
  writeFileSync(mainConf, wrapperConf(dir, confPath))
  let output = ''
  const proc = spawn(
    binary,
    ['-p', dir, '-c', mainConf, '-e', join(dir, 'nginx-main-error.log'), '-g', 'daemon off;'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  const exited = new Promise<void>((done) => proc.once('exit', () => done()))
  onSpawn(proc, exited)
  proc.stdout!.on('data', (c: Buffer) => (output += c.toString()))
  proc.stderr!.on('data', (c: Buffer) => (output += c.toString()))
  const readLog = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : '')
  await waitForPort(
    ports.listenPort,
    10_000,
    () => proc.exitCode === null,
    () => `nginx s’est arrêté : ${output}${readLog(join(dir, 'nginx-main-error.log'))}${readLog(errorLog)}`,
  )
  return {
    url: `http://127.0.0.1:${ports.listenPort}`,
    port: ports.listenPort,
    confPath,
    accessLog: () =>
      readLog(accessLog)
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as NginxAccessLine),
    errorLog: () => readLog(errorLog) + readLog(join(dir, 'nginx-main-error.log')),
    async stop() {
      if (proc.exitCode !== null) return
      proc.kill('SIGTERM')
      await exited
    },
  }
}

function wrapperConf(dir: string, include: string): string {
  return `# Generated by scripts/cluster: a minimal main context around deploy/nginx/partenaires.conf.
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-main-error.log warn;
${process.getuid?.() === 0 ? 'user root root;' : ''}
events { worker_connections 1024; }
http {
  client_body_temp_path ${dir}/nginx-body;
  proxy_temp_path ${dir}/nginx-proxy;
  fastcgi_temp_path ${dir}/nginx-fastcgi;
  uwsgi_temp_path ${dir}/nginx-uwsgi;
  scgi_temp_path ${dir}/nginx-scgi;
  log_format partenaires_test escape=json '{"time":"$time_iso8601","remote":"$remote_addr","request":"$request",'
    '"status":$status,"upstream":"$partenaires_upstream","upstream_status":"$partenaires_upstream_status",'
    '"xff":"$http_x_forwarded_for","request_time":$request_time,"request_id":"$request_id"}';
  include ${include};
}
`
}

function splitLines(stream: NodeJS.ReadableStream, onLine: (text: string) => void): void {
  let buffer = ''
  stream.setEncoding('utf8')
  stream.on('data', (chunk: string) => {
    buffer += chunk
    let nl: number
    while ((nl = buffer.indexOf('\n')) >= 0) {
      onLine(buffer.slice(0, nl))
      buffer = buffer.slice(nl + 1)
    }
  })
  stream.on('end', () => {
    if (buffer) onLine(buffer)
    buffer = ''
  })
}

function parseJson(text: string): Record<string, unknown> | null {
  if (!text.startsWith('{')) return null
  try {
    return JSON.parse(text) as Record<string, unknown>
  } catch {
    return null
  }
}

function mergeEnv(base: Record<string, string>, overrides: EnvOverrides = {}): Record<string, string> {
  const env = { ...base }
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) delete env[key]
    else env[key] = value
  }
  return env
}

/** Resolves when the TCP port accepts a connection. */
async function waitForPort(port: number, timeoutMs: number, alive: () => boolean, why: () => string) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const ok = await new Promise<boolean>((done) => {
      const socket = createConnection({ port, host: '127.0.0.1' })
      socket.once('connect', () => {
        socket.destroy()
        done(true)
      })
      socket.once('error', () => done(false))
    })
    if (ok) return
    if (!alive()) throw new Error(why())
    if (Date.now() > deadline) throw new Error(`port ${port} fermé après ${timeoutMs} ms : ${why()}`)
    await sleep(50)
  }
}

interface Registry {
  pidFile: string
  write(): void
}

function createInstance(
  index: number,
  port: number,
  dataDir: string,
  baseEnv: Record<string, string>,
  registry: Registry,
  echo: boolean,
): Instance & { child: ChildProcess | null } {
  const name = String.fromCharCode(65 + index)
  const url = `http://127.0.0.1:${port}`
  let child: ChildProcess | null = null
  let env = baseEnv
  let lines: LogLine[] = []
  const allLines: LogLine[] = []
  let exited: Promise<ExitInfo> = Promise.resolve({ code: null, signal: null })
  let running = false
  const waiters = new Set<(line: LogLine) => void>()

  const instance: Instance & { child: ChildProcess | null } = {
    name,
    index,
    port,
    url,
    dataDir,
    get env() {
      return env
    },
    get child() {
      return child
    },
    get pid() {
      return running ? (child?.pid ?? null) : null
    },
    get running() {
      return running
    },
    get lines() {
      return lines
    },
    get allLines() {
      return allLines
    },
    get exited() {
      return exited
    },
    start(overrides) {
      if (running) throw new Error(`instance ${name} déjà démarrée`)
      env = mergeEnv(env, overrides)
      lines = []
      // Node's own type stripping rather than tsx, as the API tests start their servers (child-node.ts):
      // ~0.7 CPU-s less per start, and the multi-instance suite starts some twenty.
      const proc = spawn(process.execPath, [...childNodeArgs, 'server/main.ts'], {
        cwd: repoRoot,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      child = proc
      running = true
      const current = lines
      const record = (stream: LogLine['stream']) => (text: string) => {
        const line: LogLine = { at: Date.now(), stream, text, json: parseJson(text) }
        current.push(line)
        allLines.push(line)
        if (echo) process.stderr.write(`[${name}] ${text}\n`)
        for (const waiter of waiters) waiter(line)
      }
      splitLines(proc.stdout!, record('stdout'))
      splitLines(proc.stderr!, record('stderr'))
      exited = new Promise<ExitInfo>((done) => {
        proc.once('exit', (code, signal) => {
          running = false
          registry.write()
          done({ code, signal })
        })
        proc.once('error', (error) => {
          record('stderr')(`spawn: ${error.message}`)
          running = false
          done({ code: null, signal: null })
        })
      })
      registry.write()
    },
    async waitReady(timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs
      let last: string
      for (;;) {
        if (!running) {
          const info = await exited
          throw new Error(
            `instance ${name} arrêtée avant d’être prête (code ${info.code}, signal ${info.signal}) :\n${instance.tail()}`,
          )
        }
        try {
          const res = await fetch(`${url}/api/health/ready`, { signal: AbortSignal.timeout(2000) })
          last = `${res.status} ${await res.text()}`
          if (res.status === 200) return
        } catch (error) {
          last = String((error as Error).cause ?? error)
        }
        if (Date.now() > deadline)
          throw new Error(`instance ${name} pas prête après ${timeoutMs} ms (${last}) :\n${instance.tail()}`)
        await sleep(100)
      }
    },
    signal(signal) {
      if (running) child?.kill(signal)
    },
    async stop(signal = 'SIGTERM', timeoutMs = 30_000) {
      if (!running) return exited
      child!.kill(signal)
      const timer = setTimeout(() => child?.kill('SIGKILL'), timeoutMs)
      try {
        return await exited
      } finally {
        clearTimeout(timer)
      }
    },
    kill() {
      return instance.stop('SIGKILL')
    },
    async restart(overrides) {
      await instance.stop()
      instance.start(overrides)
      await instance.waitReady()
    },
    waitForLine(predicate, timeoutMs = 30_000) {
      const found = allLines.find(predicate)
      if (found) return Promise.resolve(found)
      return new Promise((done, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check)
          reject(
            new Error(
              `instance ${name} : ligne attendue absente après ${timeoutMs} ms :\n${instance.tail()}`,
            ),
          )
        }, timeoutMs)
        const check = (line: LogLine) => {
          if (!predicate(line)) return
          clearTimeout(timer)
          waiters.delete(check)
          done(line)
        }
        waiters.add(check)
      })
    },
    tail(count = 40) {
      return lines
        .slice(-count)
        .map((l) => l.text)
        .join('\n')
    },
  }
  return instance
}

/** The watchdog: once `parent` is gone, kill the recorded processes, stop PostgreSQL, remove the folders. */
const watchdogScript = `
parent=$1; dir=$2; pgdata=$3; pgdir=$4
while kill -0 "$parent" 2>/dev/null; do sleep 1; done
if [ -f "$dir/pids" ]; then
  while read -r kind pid; do
    # A stopped nginx master cannot replace the workers killed after it.
    kill -STOP "$pid" 2>/dev/null
    workers=$(cat /proc/$pid/task/$pid/children 2>/dev/null)
    kill -9 "$pid" $workers 2>/dev/null
  done < "$dir/pids"
fi
if [ -n "$pgdata" ] && [ -f "$pgdata/postmaster.pid" ]; then
  kill -QUIT "$(head -n 1 "$pgdata/postmaster.pid")" 2>/dev/null
  sleep 1
fi
rm -rf "$dir"
[ -n "$pgdir" ] && rm -rf "$pgdir"
`

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const withNginx = options.nginx !== false
  const unavailable = clusterUnavailable({ nginx: withNginx })
  if (unavailable) throw new Error(unavailable)
  const count = options.instances ?? 2
  const echo = options.echo ?? process.env.CLUSTER_ECHO === '1'
  const dir = mkdtempSync(join(tmpdir(), 'partenaires-cluster-'))
  const ownsPg = !options.pg
  let pgCluster: PgCluster | null = options.pg ?? null
  const instances: (Instance & { child: ChildProcess | null })[] = []
  let nginxChild: ChildProcess | null = null
  let nginxExited: Promise<void> = Promise.resolve()
  let destroyed = false

  const registry: Registry = {
    pidFile: join(dir, 'pids'),
    write() {
      if (destroyed) return
      const rows = instances.filter((i) => i.running && i.child?.pid).map((i) => `node ${i.child!.pid}`)
      if (nginxChild?.pid && nginxChild.exitCode === null) rows.push(`nginx ${nginxChild.pid}`)
      writeFileSync(this.pidFile, rows.join('\n') + '\n')
    },
  }

  const killNginxNow = () => {
    if (!nginxChild?.pid || nginxChild.exitCode !== null) return
    // A stopped master cannot replace the workers killed after it.
    nginxChild.kill('SIGSTOP')
    const children = (() => {
      try {
        return readFileSync(`/proc/${nginxChild.pid}/task/${nginxChild.pid}/children`, 'utf8')
          .trim()
          .split(/\s+/)
          .filter(Boolean)
          .map(Number)
      } catch {
        return []
      }
    })()
    nginxChild.kill('SIGKILL')
    for (const pid of children) {
      try {
        process.kill(pid, 'SIGKILL')
      } catch {
        // already gone
      }
    }
  }

  // Last resort when the caller never reaches destroy(): synchronous, so it works inside 'exit'.
  const onExit = () => {
    for (const instance of instances) instance.child?.kill('SIGKILL')
    killNginxNow()
    if (ownsPg) pgCluster?.destroy()
    rmSync(dir, { recursive: true, force: true })
  }
  process.on('exit', onExit)

  let watchdog: ChildProcess | null = null
  const destroy = async () => {
    if (destroyed) return
    await Promise.all(instances.map((i) => i.kill()))
    if (nginxChild && nginxChild.exitCode === null) {
      // SIGTERM: the master stops its workers; SIGKILL would leave them behind.
      nginxChild.kill('SIGTERM')
      const timer = setTimeout(killNginxNow, 5000)
      await nginxExited
      clearTimeout(timer)
    }
    destroyed = true
    if (ownsPg) pgCluster?.destroy()
    process.off('exit', onExit)
    watchdog?.kill('SIGKILL')
    rmSync(dir, { recursive: true, force: true })
  }

  try {
    if (!pgCluster) pgCluster = await createPgCluster()
    watchdog = spawn(
      'sh',
      [
        '-c',
        watchdogScript,
        'watchdog',
        String(process.pid),
        dir,
        ownsPg ? pgCluster.dataDir : '',
        ownsPg ? pgCluster.dir : '',
      ],
      { detached: true, stdio: 'ignore' },
    )
    watchdog.unref()

    const database = options.database ?? 'partenaires'
    if (options.createDatabase !== false) {
      const admin = new pg.Client({ connectionString: pgCluster.url })
      admin.on('error', () => {})
      await admin.connect()
      try {
        const exists = await admin.query('select 1 from pg_database where datname = $1', [database])
        if (exists.rowCount === 0) await admin.query(`create database "${database.replace(/"/g, '""')}"`)
      } finally {
        await admin.end()
      }
    }
    const databaseUrl = pgCluster.url.replace(/\/[^/]*$/, `/${database}`)

    const ports = await Promise.all(Array.from({ length: count }, () => freePort()))
    const nginxPort = withNginx ? await freePort() : null
    const publicUrl = `http://127.0.0.1:${nginxPort ?? ports[0]}`
    const defaults: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      ...(process.env.HOME ? { HOME: process.env.HOME } : {}),
      ...(process.env.TMPDIR ? { TMPDIR: process.env.TMPDIR } : {}),
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      SEED_DEMO: '0',
      PUBLIC_URL: publicUrl,
      DRAIN_SECONDS: '1',
      ...(withNginx ? { TRUST_PROXY: '1' } : {}),
    }
    for (let i = 0; i < count; i++) {
      const dataDir = join(dir, `instance-${String.fromCharCode(65 + i)}`)
      mkdirSync(dataDir, { recursive: true })
      const env = mergeEnv(mergeEnv(defaults, options.env), {
        ...options.instanceEnv?.(i),
        PORT: String(ports[i]),
        DATA_DIR: dataDir,
      })
      instances.push(createInstance(i, ports[i], dataDir, env, registry, echo))
    }
    // Same tick for all: concurrent starts are part of what the suite checks.
    for (const instance of instances) instance.start()
    if (options.waitReady !== false)
      await Promise.all(instances.map((i) => i.waitReady(options.readyTimeoutMs)))

    let nginx: Nginx | null = null
    if (nginxPort) {
      nginx = await startNginx(dir, { listenPort: nginxPort, upstreamPorts: ports }, (proc, exited) => {
        nginxChild = proc
        nginxExited = exited
        registry.write()
      })
    }

    const pgc = pgCluster
    return {
      dir,
      pg: pgc,
      databaseUrl,
      instances,
      nginx,
      url: nginx?.url ?? instances[0]?.url ?? '',
      restartDatabase: () => pgc.restartAsync(),
      stopDatabase: () => pgc.stopAsync(),
      startDatabase: () => pgc.startAsync(),
      async query<T extends Record<string, unknown>>(text: string, values: unknown[] = []) {
        const client = new pg.Client({ connectionString: databaseUrl })
        client.on('error', () => {})
        await client.connect()
        try {
          return (await client.query(text, values)).rows as T[]
        } finally {
          await client.end()
        }
      },
      destroy,
    }
  } catch (error) {
    await destroy()
    throw error
  }
}
