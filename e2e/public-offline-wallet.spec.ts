import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import type { DiscountOffer, PartnerSearchResult } from '../contract/schemas.ts'
import { apiPaths } from '../contract/paths.ts'
import { registerUser, signInAs } from './support.ts'

// The installed app is what these journeys are about (playwright.config.ts blocks workers elsewhere).
test.use({ serviceWorkers: 'allow' })

/** Opens `path`, waits for the service worker it installs, and reloads the page under the worker's control. */
async function openUnderWorker(page: Page, path: string): Promise<void> {
  await page.goto(path)
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  await page.reload()
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
}

/**
 * The installed app's offline wallet: favourites, their partner pages and the used coupons stay readable
 * without network; a coupon cannot be used offline; signing out empties the wallet.
 */
test('hors ligne, Mes favoris, leurs fiches et Mes coupons utilisés restent lisibles ; utiliser une offre demande une connexion', async ({
  page,
  context,
}) => {
  const user = await registerUser(page.request, 'Portefeuille')
  const session = await signInAs(page, user)
  const auth = { Authorization: `Bearer ${session.access_token}` }
  const search = async (name: string) =>
    (
      (await (
        await page.request.get(`${apiPaths.partnerSearch()}?name=${name}`, { headers: auth })
      ).json()) as PartnerSearchResult[]
    )[0]
  // Spa des Calanques in the favourites (its coupon still available); a coupon of Cycles Prado used.
  const spa = await search('spa des calan')
  const cycles = await search('cycles prado')
  const used = cycles.discountOffers.find((o) => o.libelle === 'Révision à 39 €') as DiscountOffer
  expect((await page.request.put(apiPaths.myFavorite(spa.partnerId.id), { headers: auth })).status()).toBe(
    204,
  )
  expect(
    (
      await page.request.put(apiPaths.deactivateOffer(session.userId.id, cycles.partnerId.id, used.id.id), {
        headers: auth,
      })
    ).ok(),
  ).toBe(true)

  // Under the worker's control, the app fills the wallet by itself: the partner's page was never opened here.
  await openUnderWorker(page, '/')
  await expect
    .poll(() =>
      page.evaluate(async () =>
        (await (await caches.open('wallet')).keys()).map((r) => new URL(r.url).pathname),
      ),
    )
    .toEqual(
      expect.arrayContaining([
        '/api/users/me/favorites',
        '/api/users/me/used-offers',
        `/api/partners/${spa.partnerId.id}/discounts-user/${session.userId.id}`,
      ]),
    )

  await context.setOffline(true)
  await page.goto('/favoris')
  await expect(page.getByText(/Vous êtes hors ligne/)).toBeVisible()
  const row = page.getByTestId('partner-row')
  await expect(row).toHaveCount(1)
  await expect(row).toContainText('Spa des Calanques')

  await row.click()
  await expect(page.getByRole('heading', { level: 1, name: 'Spa des Calanques' })).toBeVisible()
  // Using a coupon offline is refused at once, and nothing is sent, then or later.
  const puts: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'PUT') puts.push(request.url())
  })
  const coupon = page.getByTestId('coupon-card').filter({ hasText: '-20 % sur le premier soin' })
  await expect(coupon).toHaveAttribute('data-state', 'available')
  await coupon.getByRole('button', { name: "Utiliser l'offre" }).click()
  await page
    .getByRole('dialog', { name: 'Utiliser cette offre ?' })
    .getByRole('button', { name: 'Confirmer' })
    .click()
  await expect(page.getByText('Connexion requise pour utiliser une offre', { exact: true })).toBeVisible()
  await expect(coupon).toHaveAttribute('data-state', 'available')

  await page.goto('/mes-coupons')
  await expect(page.getByTestId('used-offer')).toContainText('Cycles Prado')
  await expect(page.getByTestId('used-offer')).toContainText('Révision à 39 €')
  await expect(page.getByText(/Vous êtes hors ligne/)).toBeVisible()

  await context.setOffline(false)
  await page.waitForTimeout(500)
  expect(puts).toEqual([])

  // Signing out empties the wallet: nothing of this user stays on the device.
  await page.goto('/menu')
  await page.getByRole('button', { name: 'Déconnexion' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await expect.poll(() => page.evaluate(() => caches.has('wallet'))).toBe(false)
})

/**
 * A wallet read still on its way when the user signs out (a list revalidating as they tap Déconnexion): the
 * worker must not put it back into the wallet the app has just emptied.
 */
test('une réponse du portefeuille arrivée après la déconnexion n’y est pas gardée', async ({
  page,
  context,
}) => {
  const user = await registerUser(page.request, 'Tardif')
  const session = await signInAs(page, user)
  await openUnderWorker(page, '/menu')

  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  let reached!: () => void
  const onItsWay = new Promise<void>((resolve) => (reached = resolve))
  // The server answers while the user is still signed in; the answer reaches the worker only after the sign-out.
  await context.route('**/api/users/me/favorites', async (route) => {
    const response = await route.fetch()
    reached()
    await held
    await route.fulfill({ response })
  })
  const answered = context.waitForEvent('requestfinished', (request) =>
    request.url().endsWith('/api/users/me/favorites'),
  )
  await page.evaluate((token) => {
    void fetch('/api/users/me/favorites', { headers: { Authorization: `Bearer ${token}` } }).catch(
      () => undefined,
    )
  }, session.access_token)
  await onItsWay

  await page.getByRole('button', { name: 'Déconnexion' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await expect.poll(() => page.evaluate(() => caches.has('wallet'))).toBe(false)
  release()
  await answered
  // The worker stores an answer just after it has been read: give it that moment, then the wallet is still gone.
  await page.waitForTimeout(500)
  expect(await page.evaluate(() => caches.has('wallet'))).toBe(false)
})
