import { expect, test } from './fixtures.ts'
import { registerUser, signInAs } from './support.ts'

// The installed app is what these journeys are about (playwright.config.ts blocks workers elsewhere).
test.use({ serviceWorkers: 'allow' })

/**
 * The installed app: manifest and service worker. The app registers its worker itself (production build);
 * once it controls the page the network goes away: the app shell still opens and says it is offline.
 */
test('hors ligne, l’application installée s’ouvre et le dit clairement', async ({
  page,
  context,
  request,
}) => {
  const manifest = await request.get('/manifest.webmanifest')
  expect(manifest.ok()).toBe(true)
  const { icons, ...fields } = (await manifest.json()) as { icons: { src: string; type: string }[] }
  expect(fields).toMatchObject({ lang: 'fr', display: 'standalone', start_url: '/' })
  for (const size of ['192', '512']) expect((await request.get(`/icons/icon-${size}.png`)).ok()).toBe(true)
  // Pictures only, as the favicon: Chromium draws an SVG icon as a document of its own, on the page's main thread
  // during the first load.
  expect(icons.map(({ type }) => type)).toEqual(icons.map(() => 'image/png'))
  for (const { src } of icons) expect((await request.get(src)).ok()).toBe(true)

  const user = await registerUser(request, 'Horsligne')
  await signInAs(page, user)
  await page.goto('/')
  await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeVisible()
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest')
  const favicon = page.locator('link[rel="icon"]')
  await expect(favicon).toHaveAttribute('type', 'image/png')
  expect((await request.get((await favicon.getAttribute('href')) ?? '')).ok()).toBe(true)
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  // The worker has precached the shell and every public route's code; the page is now under its control.
  await page.reload()
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
  await page.getByRole('link', { name: 'Rechercher' }).click()
  await expect(page.getByTestId('partner-row').first()).toBeVisible()
  await page.getByRole('link', { name: 'Accueil' }).click()

  await context.setOffline(true)
  await page.reload()
  await expect(page.getByText(/Vous êtes hors ligne/)).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeVisible()

  // A page whose code was never loaded falls back to the shell too, never to the browser's error page.
  await page.goto('/menu')
  await expect(page.getByText(/Vous êtes hors ligne/)).toBeVisible()
  await context.setOffline(false)
})

test.describe('sans clé Google Maps', () => {
  // Standing on the Vieux-Port, with the position granted: the stand-in list is ordered from there.
  test.use({ geolocation: { latitude: 43.2951, longitude: 5.3739 }, permissions: ['geolocation'] })

  test('la carte le dit avec des mots simples, liste les partenaires les plus proches et mène à Rechercher', async ({
    page,
    request,
  }) => {
    const user = await registerUser(request, 'Carte')
    await signInAs(page, user)
    await page.goto('/map')
    await expect(page.getByText(/La carte ne peut pas s'afficher pour le moment/)).toBeVisible()
    await expect(page.getByText(/Google Maps|aucune clé/)).toHaveCount(0)

    const nearest = page.getByRole('region', { name: 'Les partenaires les plus proches' })
    const rows = nearest.getByTestId('partner-row')
    await expect(rows.first()).toBeVisible()
    expect(await rows.count()).toBeGreaterThan(3)
    // Nearest first: each row's distance is at least the one above it.
    const distances = (await rows.allInnerTexts()).map((text) => {
      const match = /(\d+(?:,\d+)?)\s*(m|km)\b/.exec(text)
      if (!match) throw new Error(`Pas de distance dans « ${text} »`)
      const value = Number(match[1].replace(',', '.'))
      return match[2] === 'km' ? value * 1000 : value
    })
    expect(distances).toEqual([...distances].sort((a, b) => a - b))

    // A row opens the partner; back on the map, the link goes to Rechercher.
    const firstName = (await rows.first().getByRole('heading').innerText()).trim()
    await rows.first().click()
    await expect(page.getByRole('heading', { level: 1, name: firstName })).toBeVisible()
    await page.getByRole('button', { name: 'Retour' }).click()
    await expect(page).toHaveURL(/\/map$/)
    await page.getByRole('link', { name: 'Rechercher un partenaire' }).click()
    await expect(page).toHaveURL(/\/rechercher/)
    await expect(page.getByRole('searchbox', { name: 'Rechercher un partenaire' })).toBeVisible()

    await page.getByRole('link', { name: 'Menu' }).click()
    await expect(page.getByRole('heading', { name: 'MES INFOS' })).toBeVisible()
  })
})
