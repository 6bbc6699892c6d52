import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test as base } from '@playwright/test'
import { e2eBuildKey } from './build.ts'
import { routeGoogleMapsDouble } from './googleMapsDouble.ts'
import { copySeededData, freePort, startServer } from './servers.ts'

/** The key this server hands out in GET /api/config: the double checks one is sent, as Google does. */
export const E2E_MAPS_KEY = 'cle-google-maps-e2e'

/**
 * Another server, started as `npm start` runs (the same build, its own copy of the demo data) but with GOOGLE_MAPS_API_KEY
 * set: the app then loads Google's script, which the double answers. The main e2e server stays without a key, as
 * the journeys of the no-key map expect.
 */
async function startServerWithMapsKey() {
  const staticDir = process.env[e2eBuildKey]
  if (!staticDir) throw new Error(`${e2eBuildKey} absent : la construction est faite par e2e/global-setup.ts`)
  const dataDir = mkdtempSync(join(tmpdir(), 'partenaires-e2e-maps-'))
  copySeededData(dataDir)
  const server = await startServer({
    port: await freePort(),
    dataDir,
    staticDir,
    googleMapsApiKey: E2E_MAPS_KEY,
  })
  return {
    url: server.url,
    async stop() {
      await server.stop()
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
