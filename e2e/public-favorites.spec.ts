import { createRequire } from 'node:module'
import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import type { AuthUser, DiscountOffer, Partner, PartnerSearchResult } from '../contract/schemas.ts'
import { apiPaths } from '../contract/paths.ts'
import { e2eAdmin } from '../playwright.config.ts'
import { choose, signInAsAdmin } from './adminSupport.ts'
import { registerUser, signInAs } from './support.ts'

/** Presses Tab until `target` has the focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, maxPresses = 60) {
  for (let press = 0; press < maxPresses; press++) {
    if (await target.evaluate((element) => element === document.activeElement)) return
    await page.keyboard.press('Tab')
  }
  throw new Error(`Focus jamais atteint après ${maxPresses} tabulations`)
}

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

/** axe's WCAG 2.0–2.2 A/AA violations on the page, as public-a11y.spec.ts runs it. */
async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axePath })
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<unknown> } }).axe
    const result = (await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    })) as { violations: { id: string; nodes: { target: string[] }[] }[] }
    return result.violations.map((v) => `${v.id} : ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  })
}

test.describe('axe', () => {
  // axe is injected as a script: the app's Content-Security-Policy (rightly) refuses inline scripts.
  test.use({ bypassCSP: true })

  test('aucune violation WCAG A/AA sur Mes favoris, Mes coupons utilisés et la fiche avec son cœur', async ({
    page,
    request,
  }) => {
    const user = await registerUser(request, 'AxeFavoris')
    const session = await signInAs(page, user)
    const auth = { Authorization: `Bearer ${session.access_token}` }
    const found = await page.request.get(`${apiPaths.partnerSearch()}?name=spa des calan`, { headers: auth })
    const [spa] = (await found.json()) as PartnerSearchResult[]
    await page.request.put(apiPaths.myFavorite(spa.partnerId.id), { headers: auth })
    await page.request.put(
      apiPaths.deactivateOffer(session.userId.id, spa.partnerId.id, spa.discountOffers[0].id.id),
      { headers: auth },
    )
    const violations: string[] = []
    for (const [path, ready] of [
      ['/favoris', page.getByTestId('partner-row')],
      ['/mes-coupons', page.getByTestId('used-offer')],
      [`/partenaire/${spa.partnerId.id}`, page.getByRole('button', { name: 'Retirer des favoris' })],
    ] as const) {
      await page.goto(path)
      await ready.first().waitFor()
      for (const violation of await axeViolations(page)) violations.push(`${path} — ${violation}`)
    }
    expect(violations).toEqual([])
  })
})

/** Keyboard only: a partner's heart, Menu → Mes favoris, the list, and the heart again to empty it. */
test('au clavier, un partenaire entre dans Mes favoris depuis sa page puis en sort depuis la liste', async ({
  page,
  request,
}) => {
  const user = await registerUser(request, 'Favoris')
  await signInAs(page, user)
  await page.goto('/rechercher')
  const row = page.getByTestId('partner-row').filter({ hasText: 'Spa des Calanques' })
  await page.getByRole('searchbox', { name: 'Rechercher un partenaire' }).fill('spa des calan')
  await expect(row).toHaveCount(1)
  await row.click()
  await expect(page.getByRole('heading', { level: 1, name: 'Spa des Calanques' })).toBeVisible()

  const add = page.getByRole('button', { name: 'Ajouter aux favoris' })
  await expect(add).toBeEnabled()
  await page.locator('body').focus()
  await tabTo(page, add)
  await expect(add).toHaveAttribute('aria-pressed', 'false')
  await page.keyboard.press('Space')
  const remove = page.getByRole('button', { name: 'Retirer des favoris' })
  await expect(remove).toHaveAttribute('aria-pressed', 'true')
  await expect(remove).toBeFocused()

  // Menu, then 'Mes favoris', by keyboard.
  const nav = page.getByRole('navigation', { name: 'Navigation principale' })
  await tabTo(page, nav.getByRole('link', { name: 'Menu' }))
  await page.keyboard.press('Enter')
  const entry = page.getByRole('link', { name: 'Mes favoris' })
  await tabTo(page, entry)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/favoris$/)
  await expect(page).toHaveTitle('Mes favoris — Partenaires')
  await expect(page.getByRole('heading', { level: 1, name: 'Mes favoris' })).toBeVisible()
  const favorites = page.getByTestId('partner-row')
  await expect(favorites).toHaveCount(1)
  await expect(favorites).toContainText('Spa des Calanques')
  await expect(favorites).toContainText('-20 % sur le premier soin')

  const heart = page.getByRole('button', { name: 'Retirer des favoris' })
  await tabTo(page, heart)
  await page.keyboard.press('Enter')
  await expect(page.getByText('Aucun favori pour le moment')).toBeVisible()
  await page.reload()
  await expect(page.getByText('Aucun favori pour le moment')).toBeVisible()
})

test('le cœur d’une ligne de Rechercher ajoute le partenaire, et le retrouve dans la fiche et dans Mes favoris', async ({
  page,
  request,
}) => {
  const user = await registerUser(request, 'Coeur')
  await signInAs(page, user)
  await page.goto('/rechercher')
  const first = page.getByTestId('partner-row').first()
  await expect(first).toBeVisible()
  const name = (await first.getByRole('heading').innerText()).trim()
  const heart = page.getByRole('button', { name: 'Ajouter aux favoris' }).first()
  await expect(heart).toBeEnabled()
  await heart.click()
  await expect(page.getByRole('button', { name: 'Retirer des favoris' })).toHaveCount(1)
  await expect(page).toHaveURL(/\/rechercher/)

  await first.click()
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Retirer des favoris' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )

  await page.goto('/favoris')
  await expect(page.getByTestId('partner-row')).toHaveCount(1)
  await expect(page.getByTestId('partner-row')).toContainText(name)
})

test('Mes coupons utilisés : chaque utilisation, sa date en français, et la marque d’une réactivation', async ({
  page,
  request,
}) => {
  const user = await registerUser(request, 'Historique')
  const session = await signInAs(page, user)
  const auth = { Authorization: `Bearer ${session.access_token}` }
  const found = await page.request.get(`${apiPaths.partnerSearch()}?name=spa des calan`, { headers: auth })
  const [spa] = (await found.json()) as PartnerSearchResult[]
  const offer = spa.discountOffers.find((o) => o.libelle === '-20 % sur le premier soin') as DiscountOffer
  const used = await page.request.put(
    apiPaths.deactivateOffer(session.userId.id, spa.partnerId.id, offer.id.id),
    { headers: auth },
  )
  expect(used.ok()).toBe(true)

  await page.goto('/menu')
  await page.getByRole('link', { name: 'Mes coupons utilisés' }).click()
  await expect(page).toHaveURL(/\/mes-coupons$/)
  const today = new Intl.DateTimeFormat('fr-FR', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Paris',
  }).format(new Date())
  const entry = page.getByTestId('used-offer')
  await expect(entry).toHaveCount(1)
  await expect(entry).toContainText('Spa des Calanques')
  await expect(entry).toContainText('-20 % sur le premier soin')
  await expect(entry).toContainText(`Utilisé le ${today}`)
  await expect(entry).not.toContainText('Réactivé par un administrateur')

  // An administrator reactivates it: the use stays, marked.
  const admin = await page.request.post(apiPaths.authenticate(), {
    data: { username: e2eAdmin.email, password: e2eAdmin.password },
  })
  const adminToken = ((await admin.json()) as { access_token: string }).access_token
  const reactivated = await page.request.put(apiPaths.reactivateOffer(session.userId.id, offer.id.id), {
    headers: { Authorization: `Bearer ${adminToken}` },
    data: { motif: 'Coupon refusé en caisse' },
  })
  expect(reactivated.ok()).toBe(true)
  await page.reload()
  await expect(entry).toHaveCount(1)
  await expect(entry).toContainText('Réactivé par un administrateur')
  await entry.getByRole('link', { name: 'Spa des Calanques' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Spa des Calanques' })).toBeVisible()
})

test('un favori désactivé par un administrateur disparaît de Mes favoris', async ({
  page,
  browser,
  request,
}) => {
  // A partner of its own: the demo's are shared by the other journeys.
  const name = `Fromagerie des Favoris ${Date.now()}`
  const login = await request.post(apiPaths.authenticate(), {
    data: { username: e2eAdmin.email, password: e2eAdmin.password },
  })
  const admin = (await login.json()) as AuthUser
  const created = await request.post(apiPaths.partners(), {
    headers: { authorization: `Bearer ${admin.access_token}` },
    data: {
      name,
      description: 'Fromages affinés sur place.',
      siren: null,
      location: { address: '12 rue d’Aubagne', city: 'Marseille', position: { lat: 43.2945, lng: 5.3812 } },
      email: `fromagerie.${Date.now()}@exemple.fr`,
      phone: '04 91 00 00 01',
      representativeFirstName: 'Lucie',
      representativeLastName: 'Martin',
      categories: [{ label: 'Restaurants', icon: 'silverware-fork-knife' }],
      status: 'ACTIF',
    },
  })
  expect(created.status()).toBe(201)
  const partner = (await created.json()) as Partner

  // The user puts it in their favourites from its page.
  const user = await registerUser(request, 'FavoriDesactive')
  await signInAs(page, user)
  await page.goto(`/partenaire/${partner.partnerId.id}`)
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  const heart = page.getByRole('button', { name: 'Ajouter aux favoris' })
  await expect(heart).toBeEnabled()
  await heart.click()
  await expect(page.getByRole('button', { name: 'Retirer des favoris' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await page.goto('/favoris')
  await expect(page.getByTestId('partner-row')).toHaveCount(1)
  await expect(page.getByTestId('partner-row')).toContainText(name)

  // An administrator deactivates it in the back-office.
  const adminContext = await browser.newContext({ viewport: { width: 1366, height: 900 } })
  const adminPage = await adminContext.newPage()
  await signInAsAdmin(adminPage)
  await adminPage.goto(`/bo/partenaires/${partner.partnerId.id}`)
  await expect(adminPage.getByRole('heading', { level: 1, name })).toBeVisible()
  await adminPage.getByRole('button', { name: 'Editer' }).click()
  await choose(adminPage, adminPage, 'Status', 'Désactivé')
  await adminPage.getByRole('button', { name: 'Valider' }).click()
  await expect(adminPage).toHaveURL(new RegExp(`/bo/partenaires/${partner.partnerId.id}$`))
  await expect(adminPage.getByText('Désactivé')).toBeVisible()
  await adminContext.close()

  // The user's list no longer holds it.
  await page.reload()
  await expect(page.getByText('Aucun favori pour le moment')).toBeVisible()
  await expect(page.getByTestId('partner-row')).toHaveCount(0)
})
