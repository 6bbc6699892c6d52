/**
 * Global setup of playwright.config.ts: builds the app and seeds the demo data once, then starts one server per
 * Playwright worker, each as `npm start` runs it on its own copy of the data and of the build, and hands them to the
 * workers through the environment (e2e/fixtures.ts picks the worker's own). A worker's journeys thus run one
 * after the other on a server of their own, as they did when one worker ran them all, while the workers run
 * side by side: most of a journey's time is spent waiting (the browser, the server), not computing.
 * Returns the teardown.
 */
import { cpSync } from 'node:fs'
import { join } from 'node:path'
import type { FullConfig } from '@playwright/test'
import { appBuild, e2eBuildKey } from './build.ts'
import {
  copySeededData,
  e2eSeededDataKey,
  e2eServersKey,
  freePort,
  seedDataFolder,
  startServer,
  type E2eServer,
} from './servers.ts'

export default async function globalSetup(config: FullConfig) {
  const dataDir = process.env.E2E_DATA_DIR
  if (!dataDir) throw new Error('E2E_DATA_DIR absent : lancer avec playwright.config.ts')
  // The pristine build: copied for each server, and served as is by the Maps-key server (googleMapsServer.ts),
  // which finds it through the environment.
  const staticDir = appBuild(join(dataDir, 'dist'))
  process.env[e2eBuildKey] = staticDir
  // The demo data, seeded once: each server (and the Maps-key server, googleMapsServer.ts) starts on a copy.
  const seeded = join(dataDir, 'seeded')
  await seedDataFolder(seeded, staticDir)
  process.env[e2eSeededDataKey] = seeded

  const mainPort = Number(process.env.E2E_PORT ?? 3100)
  const started = await Promise.allSettled(
    Array.from({ length: config.workers }, async (_, index) => {
      const serverDir = join(dataDir, `server-${index}`)
      copySeededData(serverDir)
      // Its own copy: public-update.spec.ts ships a new release into the folder its server serves.
      const serverStatic = join(serverDir, 'dist')
      cpSync(staticDir, serverStatic, { recursive: true })
      const port = index === 0 ? mainPort : await freePort()
      return startServer({ port, dataDir: serverDir, staticDir: serverStatic })
    }),
  )
  const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
  const stopAll = () => Promise.all(servers.map((server) => server.stop())).then(() => undefined)
  const failure = started.find((result) => result.status === 'rejected')
  if (failure) {
    await stopAll()
    throw failure.reason
  }
  process.env[e2eServersKey] = JSON.stringify(
    servers.map(({ url, dataDir, staticDir }): E2eServer => ({ url, dataDir, staticDir })),
  )
  return stopAll
}
