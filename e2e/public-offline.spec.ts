import { expect, test } from '@playwright/test'
import { registerUser, signInAs } from './support.ts'

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
  expect(await manifest.json()).toMatchObject({ lang: 'fr', display: 'standalone', start_url: '/' })
  for (const size of ['192', '512']) expect((await request.get(`/icons/icon-${size}.png`)).ok()).toBe(true)

  const user = await registerUser(request, 'Horsligne')
  await signInAs(page, user)
  await page.goto('/')
  await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeVisible()
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest')
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

test('sans clé Google Maps, la carte le dit et le reste de l’application fonctionne', async ({
  page,
  request,
}) => {
  const user = await registerUser(request, 'Carte')
  await signInAs(page, user)
  await page.goto('/map')
  await expect(page.getByRole('alert')).toHaveText(
    "La carte n'est pas disponible : aucune clé Google Maps n'est configurée.",
  )
  await page.getByRole('link', { name: 'Menu' }).click()
  await expect(page.getByRole('heading', { name: 'MES INFOS' })).toBeVisible()
})
