import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import type { Plugin } from 'vite'
import { registerUser, signInAs } from './support.ts'

// The installed app is what these journeys are about (playwright.config.ts blocks workers elsewhere).
test.use({ serviceWorkers: 'allow' })

/**
 * A release while the app is installed: the server gets a new build (the same code with one changed line, as
 * a real release). Navigations go to the network first, so a reload already runs the new code; the installed
 * copy (what opens offline) stays the old release until the user accepts 'Nouvelle version disponible', so a
 * tab still open on the old release keeps its lazily loaded chunks. After 'Mettre à jour' the new release is
 * what opens offline, and the old release's files are gone from the caches.
 */
test('une nouvelle version est proposée, puis installée d’un geste', async ({
  page,
  context,
  request,
  server,
}) => {
  test.setTimeout(240_000)
  const user = await registerUser(request, 'Miseajour')
  await signInAs(page, user)
  await page.goto('/')
  await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeVisible()
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  await page.reload()
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
  const firstEntry = await entryScript(page)
  expect(await cachedPaths(page)).toContain(firstEntry)
  await expect(page.getByText('Nouvelle version disponible')).toHaveCount(0)

  await shipNextRelease(server.staticDir)

  // Opening the app again makes the browser look for a new worker; it installs in the background and waits.
  await page.reload()
  const prompt = page.getByRole('region', { name: 'Mise à jour de l’application' })
  await expect(prompt).toContainText('Nouvelle version disponible', { timeout: 30_000 })
  const nextEntry = await entryScript(page)
  expect(nextEntry).not.toBe(firstEntry)
  // Until the user chooses, the installed copy is still the old release.
  expect(await cachedPaths(page)).toContain(firstEntry)

  await Promise.all([
    page.waitForEvent('load'),
    prompt.getByRole('button', { name: 'Mettre à jour' }).click(),
  ])
  await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeVisible()
  await expect(page.getByText('Nouvelle version disponible')).toHaveCount(0)
  const cached = await cachedPaths(page)
  expect(cached).toContain(nextEntry)
  expect(cached).not.toContain(firstEntry)

  await context.setOffline(true)
  await page.reload()
  await expect(page.getByText(/Vous êtes hors ligne/)).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.dataset.release)).toBe('suivante')
  await context.setOffline(false)
})

/** The path of the page's entry script (its name changes with every release). */
async function entryScript(page: Page): Promise<string> {
  const src = await page.locator('script[type="module"][src^="/assets/"]').getAttribute('src')
  if (!src) throw new Error('script d’entrée introuvable')
  return src
}

/** Every path kept in the page's caches (the worker's precache and its runtime cache). */
function cachedPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const paths: string[] = []
    for (const name of await caches.keys()) {
      for (const cached of await (await caches.open(name)).keys()) paths.push(new URL(cached.url).pathname)
    }
    return paths
  })
}

/** Builds the app again into the folder the server serves, with one line changed in its entry module. */
async function shipNextRelease(outDir: string): Promise<void> {
  const { build } = await import('vite')
  const nextRelease: Plugin = {
    name: 'e2e:next-release',
    transform(code, id) {
      // One line appended after the module: the source map stays right for every line before it.
      if (id.endsWith('/app/main.tsx'))
        return { code: `${code}\ndocument.documentElement.dataset.release = 'suivante'\n`, map: null }
    },
  }
  await build({
    configFile: join(process.cwd(), 'vite.config.ts'),
    logLevel: 'warn',
    plugins: [nextRelease],
    build: { outDir, emptyOutDir: true },
  })
}
