import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test as base } from '@playwright/test'
import { e2eAdmin } from '../playwright.config.ts'
import { routeGoogleMapsDouble } from './googleMapsDouble.ts'

/** The key this server hands out in GET /api/config: the double checks one is sent, as Google does. */
export const E2E_MAPS_KEY = 'cle-google-maps-e2e'

/**
 * A second server, started as `npm start` runs (same build, its own fresh demo data) but with GOOGLE_MAPS_API_KEY
 * set: the app then loads Google's script, which the double answers. The main e2e server stays without a key, as
 * the journeys of the no-key map expect.
 */
async function startServerWithMapsKey() {
  // A port the system hands out: E2E_PORT + 1 may be another run's E2E_PORT.
  const port = await new Promise<number>((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('port')),
      )
    })
  })
  const staticDir = join(process.env.E2E_DATA_DIR ?? '', 'dist')
  const dataDir = mkdtempSync(join(tmpdir(), 'partenaires-e2e-maps-'))
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
      GOOGLE_MAPS_API_KEY: E2E_MAPS_KEY,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const deadline = Date.now() + 90_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Le serveur avec clé s’est arrêté (code ${child.exitCode})`)
    try {
      // Ready once it answers with this run's key (not some other server on the port).
      const config = await fetch(`${url}/api/config`)
      if (
        config.ok &&
        ((await config.json()) as { googleMapsApiKey?: string }).googleMapsApiKey === E2E_MAPS_KEY
      )
        break
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error('Le serveur avec clé Google Maps n’a pas démarré en 90 s')
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGTERM')
        await exited
      }
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * Tests against the server with a Maps key, Google's script answered by the double. Service workers are blocked
 * so that every request reaches page.route (the double's script, and nothing else to Google).
 */
export const test = base.extend<{ mapsDouble: void }, { mapsServer: { url: string } }>({
  mapsServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies as a pattern
    async ({}, provide) => {
      const server = await startServerWithMapsKey()
      await provide(server)
      await server.stop()
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ mapsServer }, provide) => provide(mapsServer.url),
  serviceWorkers: 'block',
  mapsDouble: [async ({ page }, provide) => provide(await routeGoogleMapsDouble(page)), { auto: true }],
})

export { expect } from '@playwright/test'
