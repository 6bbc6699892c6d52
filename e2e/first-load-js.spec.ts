import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { firstPartnerId, registerUser, signInAs } from './support.ts'

/*
 * What a phone downloads and evaluates before a public screen answers: the JavaScript each route fetches on a
 * cold first visit (the entry, the screen's chunks, the chunks it preloads for its first taps), in bytes as the
 * browser parses them (decoded, so the figure does not depend on the compression). A route whose JavaScript grows
 * by more than 10 % over the recorded figure fails, and so does one that loads more JavaScript files than recorded
 * (first-load-modules.json: each file costs a phone a request, a compile and module-map tasks on its main
 * thread; scripts/firstLoadChunks.ts keeps them few). A deliberate growth is recorded again with
 * `UPDATE_FIRST_LOAD_JS=1 npx playwright test e2e/first-load-js.spec.ts`, in the same commit as its cause.
 * Main-thread work, a timing, is held to its recorded figures by `npm run bench` (BENCHMARKS.md), not here.
 */

const recordedFile = join(import.meta.dirname, 'first-load-js.json')
const recorded = JSON.parse(readFileSync(recordedFile, 'utf8')) as Record<string, number>
const recordedModulesFile = join(import.meta.dirname, 'first-load-modules.json')
const recordedModules = JSON.parse(readFileSync(recordedModulesFile, 'utf8')) as Record<string, number>
const update = process.env.UPDATE_FIRST_LOAD_JS === '1'
const measured: Record<string, number> = {}
const measuredModules: Record<string, number> = {}
const GROWTH_ALLOWED = 1.1

/**
 * The kilobytes of JavaScript the page has fetched from the build's assets once its network is quiet, and the
 * number of files they came in.
 */
async function firstLoadJs(page: Page): Promise<{ kb: number; modules: number }> {
  await expect(page.locator('html')).toHaveAttribute('data-app-start', /.+/)
  await page.waitForLoadState('networkidle')
  const sizes = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => /\/assets\/[^/]+\.js$/.test(new URL(entry.name).pathname))
      .map((entry) => (entry as PerformanceResourceTiming).decodedBodySize),
  )
  const bytes = sizes.reduce((sum, size) => sum + size, 0)
  return { kb: Math.round((bytes / 1024) * 10) / 10, modules: sizes.length }
}

function check(route: string, { kb, modules }: { kb: number; modules: number }) {
  measured[route] = kb
  measuredModules[route] = modules
  if (update) return
  const before = recorded[route]
  expect(before, `${route} n'a pas de chiffre enregistré (UPDATE_FIRST_LOAD_JS=1)`).toBeDefined()
  expect(
    kb,
    `${route} : ${kb} Ko de JavaScript au premier chargement, ${before} Ko enregistrés (+10 % au plus)`,
  ).toBeLessThanOrEqual(before * GROWTH_ALLOWED)
  expect(
    modules,
    `${route} : ${modules} fichiers JavaScript au premier chargement, ${recordedModules[route]} enregistrés`,
  ).toBeLessThanOrEqual(recordedModules[route])
}

test.describe('JavaScript du premier chargement', () => {
  test.describe.configure({ mode: 'serial' })

  for (const route of ['/login', '/inscription', '/forgot-password']) {
    test(`${route}, sans session`, async ({ page }) => {
      await page.goto(route)
      check(route, await firstLoadJs(page))
    })
  }

  const signedIn: { route: string; path: (partnerId: number) => string }[] = [
    { route: 'Accueil', path: () => '/' },
    { route: 'Rechercher', path: () => '/rechercher' },
    { route: 'Partenaire', path: (id) => `/partenaire/${id}` },
    { route: 'Carte (sans clé)', path: () => '/map' },
    { route: 'Favoris', path: () => '/favoris' },
    { route: 'Mes coupons', path: () => '/mes-coupons' },
  ]
  for (const { route, path } of signedIn) {
    test(`${route}, avec session`, async ({ page }) => {
      const user = await registerUser(page.request, 'Premier')
      const session = await signInAs(page, user)
      await page.goto(path(await firstPartnerId(page, session.access_token)))
      check(route, await firstLoadJs(page))
    })
  }

  test.afterAll(() => {
    console.log(
      `JavaScript du premier chargement (Ko, fichiers) : ${Object.entries(measured)
        .map(([route, kb]) => `${route} ${kb} (${measuredModules[route]})`)
        .join(', ')}`,
    )
    if (!update) return
    writeFileSync(recordedFile, `${JSON.stringify({ ...recorded, ...measured }, null, 2)}\n`)
    writeFileSync(
      recordedModulesFile,
      `${JSON.stringify({ ...recordedModules, ...measuredModules }, null, 2)}\n`,
    )
  })
})
