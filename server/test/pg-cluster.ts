/**
 * A throwaway PostgreSQL cluster on loopback for tests that must stop and restart the database
 * (the suite's DATABASE_URL cluster is shared and must keep running). Uses the Debian binaries.
 */
import { execFile, execFileSync, spawnSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface PgCluster {
  url: string
  port: number
  /** Temp folder holding the data directory, the socket and the server log. */
  dir: string
  dataDir: string
  start(): void
  stop(): void
  /** The same through pg_ctl without blocking the event loop, so load keeps flowing during the outage. */
  startAsync(): Promise<void>
  stopAsync(): Promise<void>
  /** pg_ctl restart -m fast. */
  restartAsync(): Promise<void>
  destroy(): void
}

/** The newest /usr/lib/postgresql/<v>/bin holding initdb and pg_ctl, or null. */
export function findPgBin(): string | null {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return null
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')) && existsSync(join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a))
  return versions.length > 0 ? join(root, versions[0], 'bin') : null
}

/** Why the cluster cannot be started here, or null when it can. */
export function pgClusterUnavailable(): string | null {
  if (process.platform !== 'linux') return 'PostgreSQL jetable : Linux seulement'
  if (!findPgBin()) return 'binaires PostgreSQL absents (/usr/lib/postgresql/*/bin/initdb)'
  if (process.getuid?.() === 0 && !postgresIds())
    return 'lancé en root sans utilisateur « postgres » (initdb refuse root)'
  return null
}

function postgresIds(): { uid: number; gid: number } | null {
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim())
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim())
    return Number.isInteger(uid) && Number.isInteger(gid) ? { uid, gid } : null
  } catch {
    return null
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

/** initdb + start on a random loopback port (trust auth, socket in the temp folder). */
export async function createPgCluster(): Promise<PgCluster> {
  const bin = findPgBin()
  if (!bin) throw new Error('PostgreSQL introuvable')
  const dir = mkdtempSync(join(tmpdir(), 'partenaires-pg-'))
  // PostgreSQL refuses to run as root: run it as the postgres user then.
  const ids = process.getuid?.() === 0 ? postgresIds() : null
  if (ids) chownSync(dir, ids.uid, ids.gid)
  const run = (file: string, args: string[]) => {
    const result = spawnSync(join(bin, file), args, {
      encoding: 'utf8',
      timeout: 120_000,
      ...(ids ?? {}),
      env: { PATH: process.env.PATH, LANG: 'C' },
    })
    if (result.status !== 0)
      throw new Error(`${file} ${args.join(' ')}: ${result.stderr || result.stdout || String(result.error)}`)
  }
  const runAsync = (file: string, args: string[]) =>
    new Promise<void>((resolve, reject) => {
      execFile(
        join(bin, file),
        args,
        { encoding: 'utf8', timeout: 120_000, ...(ids ?? {}), env: { PATH: process.env.PATH, LANG: 'C' } },
        (error, stdout, stderr) =>
          error
            ? reject(new Error(`${file} ${args.join(' ')}: ${stderr || stdout || String(error)}`))
            : resolve(),
      )
    })
  const data = join(dir, 'data')
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync'])
  const port = await freePort()
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`
  const startArgs = ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', '-t', '60', 'start']
  const stopArgs = ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']
  const cluster: PgCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dir,
    dataDir: data,
    start: () => run('pg_ctl', startArgs),
    stop: () => run('pg_ctl', stopArgs),
    startAsync: () => runAsync('pg_ctl', startArgs),
    stopAsync: () => runAsync('pg_ctl', stopArgs),
    restartAsync: () =>
      runAsync('pg_ctl', [
        '-D',
        data,
        '-o',
        options,
        '-l',
        join(dir, 'log'),
        '-m',
        'fast',
        '-w',
        '-t',
        '60',
        'restart',
      ]),
    destroy: () => {
      spawnSync(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop'], {
        ...(ids ?? {}),
        stdio: 'ignore',
      })
      rmSync(dir, { recursive: true, force: true })
    },
  }
  cluster.start()
  return cluster
}
