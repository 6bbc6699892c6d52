/**
 * `npx playwright test -c playwright.cluster.config.ts`: the journey through nginx in front of two server
 * instances on one PostgreSQL (scripts/cluster). The single-server journeys keep playwright.config.ts.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig, devices } from '@playwright/test'
import { chromiumArgs, findHeadlessChromium } from './scripts/chromium.ts'
import { clusterEnvKeys } from './e2e/cluster/env.ts'

// One folder for the whole run: set here (the runner) so the workers, which load this file again, inherit it.
const dir = process.env[clusterEnvKeys.dir] ?? mkdtempSync(join(tmpdir(), 'partenaires-e2e-cluster-'))
process.env[clusterEnvKeys.dir] = dir
// e2e/adminSupport.ts imports playwright.config.ts, which would otherwise make a data folder nobody removes.
process.env.E2E_DATA_DIR ??= dir

export default defineConfig({
  testDir: 'e2e/cluster',
  // Not *.spec.ts: playwright.config.ts (testDir e2e) must not pick it up and run it against one server.
  testMatch: /\.cluster\.ts$/,
  outputDir: 'test-results/e2e-cluster',
  globalSetup: './e2e/cluster/setup.ts',
  fullyParallel: false,
  workers: 1,
  // As in playwright.config.ts: the trace is recorded only when a failed journey runs again; a journey that
  // passes only then is named as unstable at the end of `npm test`.
  retries: 1,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    launchOptions: { executablePath: findHeadlessChromium(), args: chromiumArgs },
  },
  projects: [{ name: 'phone', use: { ...devices['Pixel 7'], browserName: 'chromium' } }],
})
