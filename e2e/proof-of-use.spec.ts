import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import type { AuthUser, PartnerSearchResult } from '../contract/schemas.ts'
import { apiPaths } from '../contract/paths.ts'
import { e2eAdmin } from '../playwright.config.ts'
import { signInAsAdmin } from './adminSupport.ts'
import { registerUser, signInAs } from './support.ts'

/** Drags a coupon card to the right with the mouse, as a finger swipes it. */
async function swipeRight(page: Page, card: Locator) {
  const box = await card.boundingBox()
  if (!box) throw new Error('Coupon introuvable à l’écran')
  const y = box.y + box.height / 2
  const width = page.viewportSize()?.width ?? 400
  await page.mouse.move(box.x + 16, y)
  await page.mouse.down()
  await page.mouse.move(box.x + width - 24, y, { steps: 12 })
  await page.mouse.up()
}

const codePattern = /^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6}$/

/** The proof's clock moves on by itself: its text changes within two seconds. */
async function expectTicking(proof: Locator) {
  const clock = proof.getByTestId('use-proof-clock')
  await expect(clock).toHaveText(/^\d{2}:\d{2}:\d{2}$/)
  const first = await clock.textContent()
  await expect(clock).not.toHaveText(first!, { timeout: 2_500 })
}

/**
 * Issue 41: a use the cashier can trust. Swipe an offer, see the full-screen proof with its code and a ticking
 * clock, find it again in Mes coupons utilisés (offline too), then verify the code in the back-office.
 */
test('une utilisation montre sa preuve, se remontre depuis Mes coupons et se vérifie au back-office', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  const user = await registerUser(request, 'Preuve')
  const session = await signInAs(page, user)
  const found = await page.request.get(`${apiPaths.partnerSearch()}?name=panier gourm`, {
    headers: { Authorization: `Bearer ${session.access_token}` },
  })
  const [partner] = (await found.json()) as PartnerSearchResult[]

  await page.goto(`/partenaire/${partner.partnerId.id}`)
  const coupon = page.getByTestId('coupon-card').filter({ hasText: '-10 % sur l’addition' })
  await expect(coupon).toHaveAttribute('data-state', 'available')
  await swipeRight(page, coupon)
  await expect(page.getByText('Bravo! Vous avez utilisé vote offre!', { exact: true })).toBeVisible()

  const proof = page.getByRole('dialog', { name: 'Offre utilisée' })
  await expect(proof).toBeVisible()
  await expect(proof.getByText('Le Panier Gourmand')).toBeVisible()
  await expect(proof.getByText('-10 % sur l’addition')).toBeVisible()
  await expect(proof.getByText(/^Utilisée le \d{1,2} \p{L}+ \d{4} à \d{2}:\d{2}$/u)).toBeVisible()
  const code = (await proof.getByTestId('use-proof-code').textContent())!.trim()
  expect(code).toMatch(codePattern)
  await expectTicking(proof)
  // The background moves without end: an animation a screenshot cannot carry.
  const running = await proof
    .getByTestId('use-proof')
    .evaluate((element) => element.getAnimations().some((animation) => animation.playState === 'running'))
  expect(running).toBe(true)
  await proof.getByRole('button', { name: 'Fermer' }).click()
  await expect(proof).toBeHidden()
  await expect(coupon).toHaveAttribute('data-state', 'used')

  // Mes coupons utilisés: the use with its code, and the proof again within 15 minutes, offline too.
  await page.goto('/mes-coupons')
  const use = page.getByTestId('used-offer').filter({ hasText: '-10 % sur l’addition' })
  await expect(use).toContainText(`Code ${code}`)
  await page.context().setOffline(true)
  await use.getByRole('button', { name: 'Montrer au commerçant' }).click()
  await expect(proof.getByTestId('use-proof-code')).toHaveText(code)
  await expect(proof.getByText('Le Panier Gourmand')).toBeVisible()
  await expectTicking(proof)
  await page.context().setOffline(false)

  // The back-office finds the use by its code, typed as read aloud.
  const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 900 } })
  try {
    const admin = await context.newPage()
    await signInAsAdmin(admin)
    await admin.goto('/bo/tableau-de-bord')
    await admin
      .getByRole('textbox', { name: 'Code montré par la personne' })
      .fill(`${code.slice(0, 3).toLowerCase()}-${code.slice(3).toLowerCase()}`)
    await admin.getByRole('button', { name: 'Vérifier' }).click()
    const result = admin.getByLabel(`Utilisation du code ${code}`)
    await expect(result).toContainText(user.email)
    await expect(result).toContainText('-10 % sur l’addition')
    await expect(result).toContainText('Le Panier Gourmand')
    // And the user's page lists it with its code.
    await result.getByRole('link', { name: /Preuve/ }).click()
    await expect(admin.getByRole('region', { name: 'Historique des coupons' })).toContainText(`code ${code}`)
    // A code nobody was given.
    await admin.goto('/bo/tableau-de-bord')
    const other = code === 'ZZZZZZ' ? 'YYYYYY' : 'ZZZZZZ'
    await admin.getByRole('textbox', { name: 'Code montré par la personne' }).fill(other)
    await admin.getByRole('button', { name: 'Vérifier' }).click()
    await expect(admin.getByText('Code inconnu')).toBeVisible()
  } finally {
    await context.close()
  }
})

test.describe('accueil personnel', () => {
  // The Vieux-Port, with the location already allowed: 'Près de vous' reads it without asking.
  test.use({ geolocation: { latitude: 43.2951, longitude: 5.3745 }, permissions: ['geolocation'] })

  test('l’accueil montre sous le carrousel les rangées de la personne, chacune avec « Tout voir »', async ({
    page,
    request,
  }) => {
    const user = await registerUser(request, 'Accueil')
    const session = await signInAs(page, user)
    const auth = { Authorization: `Bearer ${session.access_token}` }
    const found = await page.request.get(`${apiPaths.partnerSearch()}?name=spa des calan`, { headers: auth })
    const [spa] = (await found.json()) as PartnerSearchResult[]
    await page.request.put(apiPaths.myFavorite(spa.partnerId.id), { headers: auth })

    await page.goto('/')
    await expect(page.getByRole('region', { name: 'Actualités' })).toBeVisible()
    // Below the fold: the rows load as they come near the screen.
    await page.mouse.wheel(0, 900)
    const near = page.getByRole('region', { name: 'Près de vous' })
    await expect(near.getByRole('listitem').first()).toContainText(/\d+(,\d)? km/)
    const favorites = page.getByRole('region', { name: 'Vos favoris' })
    await expect(favorites).toContainText('Spa des Calanques')
    // The demo directory was created with this server: every partner is new.
    await expect(page.getByRole('region', { name: 'Nouveautés' }).getByRole('listitem').first()).toBeVisible()
    await favorites.getByRole('link', { name: 'Tout voir : Vos favoris' }).click()
    await expect(page).toHaveURL(/\/favoris$/)
  })

  test('« Tout voir » d’« Expire bientôt » ouvre Rechercher filtré, avec sa puce, sur le partenaire attendu', async ({
    page,
    request,
  }) => {
    // An offer ending tomorrow on the partner nearest the Vieux-Port: Find lists it first under the filter.
    const admin = await request.post(apiPaths.authenticate(), {
      data: { username: e2eAdmin.email, password: e2eAdmin.password },
    })
    const adminAuth = { Authorization: `Bearer ${((await admin.json()) as AuthUser).access_token}` }
    const nearest = await request.get(`${apiPaths.partnerSearch()}?userPosition=43.2951,5.3745&pageSize=1`, {
      headers: adminAuth,
    })
    const [partner] = (await nearest.json()) as PartnerSearchResult[]
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)
    const libelle = `Dernière chance ${Date.now()}`
    const created = await request.post(apiPaths.partnerOffers(partner.partnerId.id), {
      headers: adminAuth,
      data: { status: 'ENABLED', libelle, expirationDate: tomorrow },
    })
    expect(created.status()).toBe(201)

    const user = await registerUser(request, 'ToutVoir')
    await signInAs(page, user)
    await page.goto('/')
    await expect(page.getByRole('region', { name: 'Actualités' })).toBeVisible()
    await page.mouse.wheel(0, 900)
    const expiring = page.getByRole('region', { name: 'Expire bientôt' })
    await expect(expiring.getByRole('listitem').first()).toBeVisible()
    await expiring.getByRole('link', { name: 'Tout voir : Expire bientôt' }).click()

    await expect(page).toHaveURL(/\/rechercher\?filtre=expire-bientot$/)
    const chip = page.getByRole('button', { name: 'Retirer le filtre « Expire bientôt »' })
    await expect(chip).toBeVisible()
    const first = page.getByTestId('partner-row').first()
    await expect(first).toContainText(partner.name)
    await expect(first).toContainText(libelle)
    // The × gives the whole list back and drops the parameter.
    await chip.click()
    await expect(page).toHaveURL(/\/rechercher$/)
    await expect(page.getByText('Expire bientôt', { exact: true })).toHaveCount(0)
  })
})
