import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig, devices } from '@playwright/test'
import { chromiumArgs, findHeadlessChromium } from './scripts/chromium.ts'

const port = Number(process.env.E2E_PORT ?? 3100)
// A fresh data directory every run: the journeys start from the demo seed, never from yesterday's data. Set
// here (the runner) so the workers, which load this file again, inherit it.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'partenaires-e2e-'))
process.env.E2E_DATA_DIR = dataDir

export const e2eAdmin = { email: 'admin.e2e@exemple.fr', password: 'e2e-admin-mot-de-passe' }

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  // The build, then one server per worker (the server exactly as `npm start` runs it, on its own data and its
  // own copy of the build, the first on E2E_PORT): e2e/global-setup.ts; each journey talks to its worker's
  // server (e2e/fixtures.ts).
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  // One journey at a time by default: on the shared 2-core machine, with the API suites running beside it,
  // two workers measured no faster and cost more CPU (a second server and browser). E2E_WORKERS=2 on an idle
  // machine: each worker then has its own server, so the journeys stay independent.
  workers: Number(process.env.E2E_WORKERS ?? 1),
  // A failed journey runs once more, traced (use.trace): a trace recorded on every first run cost ~10 % of the
  // suite's CPU and was thrown away when it passed. A journey that passes only on its second run does not fail
  // the run (CI shares 2 cores with every other suite, at load 8-10) but is named at the end of `npm test`
  // (scripts/testReports.ts) as unstable.
  retries: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI
    ? [['list']]
    : [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    // The first worker's server; e2e/fixtures.ts gives each worker its own.
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    // Each fresh context would install the app's service worker, which precaches the whole public app (every
    // chunk, font and icon) behind the journey's back: ~10 % of the suite's CPU. The journeys about the
    // installed app (public-offline*, public-update) and those that fail on any console warning (prerender: the
    // app warns when it cannot register its worker) allow it (test.use); the others see no worker.
    serviceWorkers: 'block',
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    launchOptions: { executablePath: findHeadlessChromium(), args: chromiumArgs },
  },
  projects: [
    { name: 'phone', use: { ...devices['Pixel 7'], browserName: 'chromium' }, testIgnore: /backoffice/ },
    {
      name: 'desktop',
      use: { viewport: { width: 1366, height: 900 }, browserName: 'chromium' },
      testMatch: /backoffice/,
    },
  ],
})
