/// <reference types="vitest/config" />
import { realpathSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createLogger, defineConfig, searchForWorkspaceRoot } from 'vite'
import react from '@vitejs/plugin-react'
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin'
import { playwright } from '@vitest/browser-playwright'
import { chromiumArgs, findChromium } from './scripts/chromium.ts'
import { firstLoadChunks } from './scripts/firstLoadChunks.ts'
import { precompress } from './scripts/precompress.ts'
import { prerenderPages } from './scripts/prerender.ts'
import { installableApp } from './scripts/pwa.ts'
import { styledComponentIds } from './scripts/styledComponentIds.ts'

const apiPort = Number(process.env.API_PORT ?? 3001)

// Charts.css declares some `@property` rules that browsers ignore as invalid (no initial value, or a syntax
// such as <line-style> that does not exist); Lightning CSS's minifier drops them too (css.lightningcss
// errorRecovery below) but warns about each one. Only those warnings are silenced.
const logger = createLogger()
const warn = logger.warn.bind(logger)
logger.warn = (message, options) => {
  if (message.includes('[lightningcss minify]') && message.includes('@property')) return
  warn(message, options)
}

// Dependencies pre-bundled up front so browser tests never hit a mid-run reload.
const optimizeDepsInclude = [
  'react',
  'react-dom',
  'react-dom/client',
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
  'react-router',
  'react-router/dom',
  'styled-components',
  'radix-ui',
  'swr',
  'swr/infinite',
  'final-form',
  'react-final-form',
  '@use-gesture/react',
  'react-virtuoso',
  'downshift',
  'date-fns',
  'date-fns/locale',
  '@mdi/js',
  'msw',
  'msw/browser',
  'msw-storybook-addon/csf3',
  'storybook/test',
]

/**
 * Tests of the server and scripts that never open a store (pure functions): the server project would run
 * them once per store for nothing, so they belong to the unit project.
 */
const storeFreeTests = [
  'scripts/**/*.test.ts',
  'server/services/frenchCsv.test.ts',
  'server/services/search.test.ts',
  'server/test/tokens.test.ts',
]

/**
 * Server tests that do the same work whatever DATABASE_URL says: the backup file runs the embedded store's
 * scripts and brings its own throwaway PostgreSQL cluster for pg_dump; the start-up errors stop main.ts before
 * it opens a store; the PGlite thread's own test always opens an embedded store; the PostgreSQL outages (disk
 * full, server stopped) run on a throwaway cluster of their own. `npm test` runs the server project on PGlite
 * and again on PostgreSQL; these run in the PGlite pass only (100-137 s saved in the second pass).
 */
const storeIndependentTests = [
  'server/test/backup.test.ts',
  'server/test/startup-errors.test.ts',
  'server/test/pgliteThread.test.ts',
  'server/test/pg-outages.test.ts',
]

/**
 * Server tests whose behaviour does not depend on the store: the HTTP layer (validation, permissions, French
 * errors, headers, compression, the prerendered pages) and services whose queries are the same plain reads and
 * writes on both, one request at a time. Search, migrations, transactions, concurrency between instances,
 * outages, backups and the mail outbox stay on both stores. When `npm test` runs the server project on both
 * (DATABASE_URL set), it runs these in the PostgreSQL pass only: its PGlite pass gets
 * API_ALSO_ON_POSTGRES=1. They cost about a third more CPU on PGlite, whose engine runs in the test process
 * (14 files, 345 tests: 35-41 CPU-s against 26-29 on PostgreSQL, its server included). The fuzz is the largest:
 * the same 11,040 requests, once per run instead of once per store.
 */
const oneStoreTests = [
  'server/test/fuzz.test.ts',
  'server/test/fuzz-findings.test.ts',
  'server/test/hostile.test.ts',
  'server/test/permissions.test.ts',
  'server/test/authorization.test.ts',
  'server/test/auth.test.ts',
  'server/test/compression.test.ts',
  'server/test/mapPage.test.ts',
  'server/test/pagePictures.test.ts',
  'server/test/articles.test.ts',
  'server/test/me.test.ts',
  'server/test/users.test.ts',
  'server/test/audit.test.ts',
]

export default defineConfig({
  plugins: [
    styledComponentIds(),
    react(),
    firstLoadChunks(),
    precompress(),
    prerenderPages(),
    installableApp(),
  ],
  // '@/…' is the repository's root (tsconfig.json's paths say the same to TypeScript, tsx and Playwright).
  resolve: { alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('./', import.meta.url)) }] },
  server: {
    // node_modules may be a link to a shared install (a git worktree): Vite must still serve files from it.
    fs: { allow: [searchForWorkspaceRoot(process.cwd()), realpathSync('node_modules')] },
    proxy: { '/api': `http://127.0.0.1:${apiPort}`, '/uploads': `http://127.0.0.1:${apiPort}` },
  },
  customLogger: logger,
  css: { lightningcss: { errorRecovery: true } },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // dist/.vite/manifest.json: lets `npm run bench` (bench/firstload) follow each route's chunks.
    manifest: true,
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: {
        // Back-office chunks carry a prefix so the service worker can leave them out of its precache.
        chunkFileNames: (chunk) =>
          chunk.facadeModuleId?.includes('/src/screens/backoffice/')
            ? 'assets/bo-[name]-[hash].js'
            : 'assets/[name]-[hash].js',
      },
    },
  },
  optimizeDeps: { include: optimizeDepsInclude },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'contract/**/*.test.ts'],
          // Runs once on its own (project multi): it brings its own PostgreSQL and nginx. The store-free
          // tests run once too, in the unit project, rather than once per store.
          exclude: [
            '**/node_modules/**',
            '**/.git/**',
            'server/test/multi/**',
            ...storeFreeTests,
            ...(process.env.DATABASE_URL ? storeIndependentTests : []),
            ...(process.env.API_ALSO_ON_POSTGRES === '1' ? oneStoreTests : []),
          ],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
          // One module cache for all the files (the server, Fastify, Kysely, PGlite loaded once): re-importing
          // them per file was 16-17 % of each pass and half the CPU of the quick files. The files keep no
          // state in shared modules; fuzz.test.ts, which mocks Fastify, reloads what it imports.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'multi',
          environment: 'node',
          include: ['server/test/multi/**/*.test.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // Each file starts a PostgreSQL, several servers and nginx: one file at a time on 2 cores.
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['src/**/*.test.ts', 'app/**/*.test.ts', 'mocks/**/*.test.ts', ...storeFreeTests],
        },
      },
      {
        extends: true,
        plugins: [storybookTest({ configDir: '.storybook', tags: { exclude: ['no-test'] } })],
        test: {
          name: 'storybook',
          // The back-office form stories fill a large form: when they typed its ~130 characters key by key, 10-12 s
          // at load 8 and over 30 s (twice, so past the retry) at load 25-30 with the other suites beside; they
          // paste most fields now (stories/fill.ts), the bound stays for the busiest runs.
          testTimeout: 60_000,
          // Two story files at once, each in its own page of the one browser (Vitest's default here would be
          // one page: cores − 1): a story mostly waits (its requests, timers, the settling before its picture).
          // Four pages were faster on a quiet machine (six screen files, 2 cores: 120 s → 46 s); on the busy
          // machine (load 14-18, as in CI with the other lanes), the whole project took 332 CPU-s and 363 s on
          // four pages against 291 CPU-s and 330 s on two, one run after the other.
          maxWorkers: Number(process.env.STORY_PAGES ?? 2),
          // The story files of a page run one after the other in the same document instead of a new one each:
          // the modules (React, the design system, msw's worker) are loaded and evaluated once per page, not once
          // per file. Each story still renders on its own (fresh providers, SWR cache, router, msw handlers); the
          // visual clock restarts for each file (.storybook/visual-clock.ts).
          isolate: false,
          // One more try for a story that failed on a loaded machine; a real regression fails both times.
          retry: 1,
          // Each story's picture is compared with its baseline once its play function has passed.
          setupFiles: ['.storybook/vitest.setup.ts'],
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: { executablePath: findChromium(), args: [...chromiumArgs, '--hide-scrollbars'] },
              // The app's audience: French, in Paris, light theme, one device pixel per CSS pixel.
              contextOptions: {
                locale: 'fr-FR',
                timezoneId: 'Europe/Paris',
                colorScheme: 'light',
                deviceScaleFactor: 1,
              },
            }),
            instances: [{ browser: 'chromium' }],
            expect: {
              toMatchScreenshot: {
                // No tolerance beyond pixelmatch's colour distance: one changed pixel fails.
                comparatorName: 'pixelmatch',
                comparatorOptions: { threshold: 0.1 },
                resolveScreenshotPath: ({ arg, ext, root }) => resolve(root, 'visual/baselines', arg + ext),
                resolveDiffPath: ({ arg, ext, root, attachmentsDir }) =>
                  resolve(root, attachmentsDir, 'visual', arg + ext),
              },
            },
          },
        },
      },
    ],
  },
})
