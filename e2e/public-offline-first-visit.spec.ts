import { expect, test } from './fixtures.ts'
import { registerUser, signInAs } from './support.ts'

// The installed app is what these journeys are about (playwright.config.ts blocks workers elsewhere).
test.use({ serviceWorkers: 'allow' })

/**
 * The first visit, before the app is kept on the device: the network goes away while the service worker is not
 * yet in control, and a tab whose code was never fetched is tapped. The page says so in French, inside the app
 * (the tab bar stays), and 'Réessayer' brings the screen once the network is back.
 */
test('hors ligne au premier passage, une page dont le code manque le dit en français, sous les onglets', async ({
  page,
  context,
}) => {
  const user = await registerUser(page.request, 'Premierpassage')
  await signInAs(page, user)
  // The worker would take the page within seconds of its load (registered once the page is quiet): kept away
  // here, the page stays what a first visit is before that.
  await page.route('**/sw.js', (route) => route.abort())
  await page.goto('/')
  const tabs = page.getByRole('navigation', { name: 'Navigation principale' })
  await expect(tabs).toBeVisible()
  // The tabs are in the prerendered HTML: until the app runs, a tap is a page load (offline: the browser's page).
  await expect(page.locator('html')).toHaveAttribute('data-app-start', /.+/)
  expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull()

  await context.setOffline(true)
  const unavailable = page.getByRole('heading', { level: 1, name: 'Page indisponible hors connexion' })
  for (const tab of ['Carte', 'Menu']) {
    await tabs.getByRole('link', { name: tab }).click()
    await expect(unavailable).toBeVisible()
    await expect(page.getByText('Vérifiez votre connexion puis réessayez.')).toBeVisible()
    await expect(tabs).toBeVisible()
    await expect(tabs.getByRole('link', { name: tab })).toHaveAttribute('aria-current', 'page')
    await expect(page).toHaveTitle('Page indisponible hors connexion — Partenaires')
    await expect(page.getByText(/Unexpected Application Error|dynamically imported module/)).toHaveCount(0)
  }
  // Still offline: trying again keeps the page (and its way back through the tabs).
  const retry = page.getByRole('button', { name: 'Réessayer' })
  await retry.click()
  await expect(unavailable).toBeVisible()
  await expect(retry).toBeEnabled()

  await context.setOffline(false)
  await retry.click()
  await expect(page.getByRole('heading', { name: 'MES INFOS' })).toBeVisible()
  await expect(unavailable).toHaveCount(0)
  await expect(page).toHaveTitle('Menu — Partenaires')
  await tabs.getByRole('link', { name: 'Carte' }).click()
  await expect(page.getByRole('heading', { name: 'Carte des partenaires' })).toBeVisible()
})

/**
 * The same first visit, left alone: the worker installs and takes the page without a reload, so the app's
 * code is on the device from then on, and the tabs open offline.
 */
test('au premier passage, le service worker prend la page sans rechargement et les onglets s’ouvrent hors ligne', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000)
  const user = await registerUser(page.request, 'Premiercontrole')
  await signInAs(page, user)
  await page.goto('/')
  const tabs = page.getByRole('navigation', { name: 'Navigation principale' })
  await expect(tabs).toBeVisible()
  // A mark on this document: a reload would start another without it.
  await page.evaluate(() => (document.documentElement.dataset.firstDocument = 'oui'))
  // Registered once the page has been quiet for a few seconds, then the whole public app precached.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 })
    .toBe(true)
  expect(await page.evaluate(() => document.documentElement.dataset.firstDocument)).toBe('oui')

  await context.setOffline(true)
  await tabs.getByRole('link', { name: 'Menu' }).click()
  await expect(page.getByRole('heading', { name: 'MES INFOS' })).toBeVisible()
  await tabs.getByRole('link', { name: 'Carte' }).click()
  await expect(page.getByRole('heading', { name: 'Carte des partenaires' })).toBeVisible()
  await tabs.getByRole('link', { name: 'Rechercher' }).click()
  await expect(page.getByRole('searchbox', { name: 'Rechercher un partenaire' })).toBeVisible()
  await expect(page.getByText('Page indisponible hors connexion')).toHaveCount(0)
  await context.setOffline(false)
})
