import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync } from 'node:fs'
import { createServer } from 'node:net'
import { createInterface } from 'node:readline'
import { e2eAdmin } from '../playwright.config.ts'

/** One server of the e2e run: where it listens, its data folder (store, outbox) and the build it serves. */
export interface E2eServer {
  url: string
  dataDir: string
  staticDir: string
}

/** The environment variable through which the global setup hands the servers to the workers. */
export const e2eServersKey = 'E2E_SERVERS'

/** A port the system hands out: E2E_PORT + 1 may be another run's E2E_PORT. */
export function freePort(): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('port')),
      )
    })
  })
}

/** Ready: healthy, and with a Maps key, answering with that key (so never some other server on the port). */
async function ready(url: string, googleMapsApiKey: string): Promise<boolean> {
  if (!googleMapsApiKey) return (await fetch(`${url}/api/health`)).ok
  const config = await fetch(`${url}/api/config`)
  return (
    config.ok &&
    ((await config.json()) as { googleMapsApiKey?: string }).googleMapsApiKey === googleMapsApiKey
  )
}

/**
 * Starts `server/main.ts` exactly as `npm start` runs it (after the build), on the data folder given (seeded with
 * the demo when empty, as a first start is); resolves once it is ready.
 */
export async function startServer(options: {
  port: number
  dataDir: string
  staticDir: string
  googleMapsApiKey?: string
  /** Receives each line the server logs, from LOG_LEVEL info up (otherwise warnings only, on stderr). */
  onLog?: (line: string) => void
}): Promise<E2eServer & { stop(): Promise<void> }> {
  const { port, dataDir, staticDir, googleMapsApiKey = '', onLog } = options
  const url = `http://127.0.0.1:${port}`
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: staticDir,
      SEED_DEMO: '1',
      ADMIN_EMAIL: e2eAdmin.email,
      ADMIN_PASSWORD: e2eAdmin.password,
      PUBLIC_URL: url,
      GOOGLE_MAPS_API_KEY: googleMapsApiKey,
      LOG_LEVEL: onLog ? 'info' : 'warn',
      // The journeys register many users from one address; the production limit would answer 429.
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      // No balancer to drain from: a stop at the end of the run need not wait the production 5 s.
      DRAIN_SECONDS: '0',
    },
    stdio: ['ignore', onLog ? 'pipe' : 'ignore', 'inherit'],
  })
  if (onLog && child.stdout) createInterface({ input: child.stdout }).on('line', onLog)
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    }
  }
  // A loaded 2-core machine has seen 30 s for one start (store, migrations, demo pictures and hashes).
  const deadline = Date.now() + 120_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Le serveur ${url} s’est arrêté (code ${child.exitCode})`)
    try {
      if (await ready(url, googleMapsApiKey)) break
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`Le serveur ${url} n’a pas démarré en 120 s`)
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  return { url, dataDir, staticDir, stop }
}

/** The environment variable through which the global setup hands the seeded data folder to the workers. */
export const e2eSeededDataKey = 'E2E_SEEDED_DATA_DIR'

/** What the server logs once the start-up backfill has made the demo pictures' AVIF and WebP copies. */
const backfillDone = 'copies réduites AVIF et WebP créées'

/**
 * A data folder with the demo seed and its pictures' copies, made once by a server started as `npm start`
 * runs it and stopped when its start-up work is done. Every e2e server then starts from a copy: seeding and
 * encoding the pictures cost ~20 CPU-seconds per server (against ~4 for a start on seeded data), and the
 * Maps-key server, started later beside the journeys, had timed out doing it on a loaded machine.
 */
export async function seedDataFolder(dataDir: string, staticDir: string): Promise<void> {
  let backfilled = () => {}
  const done = new Promise<void>((resolve) => (backfilled = resolve))
  const server = await startServer({
    port: await freePort(),
    dataDir,
    staticDir,
    onLog: (line) => {
      if (line.includes(backfillDone)) backfilled()
    },
  })
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`Copies réduites des images de démonstration absentes après 180 s`)),
      180_000,
    )
  })
  try {
    await Promise.race([done, timeout])
  } finally {
    clearTimeout(timer)
    await server.stop()
  }
}

/** A copy of the seeded data folder (its store closed) for one more server. */
export function copySeededData(to: string): void {
  const seeded = process.env[e2eSeededDataKey]
  if (!seeded)
    throw new Error(`${e2eSeededDataKey} absent : les données sont préparées par e2e/global-setup.ts`)
  cpSync(seeded, to, { recursive: true })
}
