import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig, devices } from '@playwright/test'
import { chromiumArgs, findChromium } from './scripts/chromium.ts'

const port = Number(process.env.E2E_PORT ?? 3100)
// A fresh data directory every run: the journeys start from the demo seed, never from yesterday's data.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'partenaires-e2e-'))
process.env.E2E_DATA_DIR = dataDir
const staticDir = join(dataDir, 'dist')

export const e2eAdmin = { email: 'admin.e2e@exemple.fr', password: 'e2e-admin-mot-de-passe' }

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI
    ? [['list']]
    : [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    launchOptions: { executablePath: findChromium(), args: chromiumArgs },
  },
  projects: [
    { name: 'phone', use: { ...devices['Pixel 7'], browserName: 'chromium' }, testIgnore: /backoffice/ },
    {
      name: 'desktop',
      use: { viewport: { width: 1366, height: 900 }, browserName: 'chromium' },
      testMatch: /backoffice/,
    },
  ],
  // The server exactly as `npm start` runs it (built app + API on one port), on its own data directory.
  webServer: {
    // Its own build folder: a parallel run (or a developer's `npm run build`) cannot swap files under it.
    command: `npx vite build --outDir ${staticDir} --emptyOutDir && node --import tsx server/main.ts`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: staticDir,
      SEED_DEMO: '1',
      ADMIN_EMAIL: e2eAdmin.email,
      ADMIN_PASSWORD: e2eAdmin.password,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      GOOGLE_MAPS_API_KEY: '',
      LOG_LEVEL: 'warn',
      // The journeys register many users from one address; the production limit would answer 429.
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    },
  },
})
