import type { Page } from '@playwright/test'
import type { PartnerSearchResult } from '../contract/schemas.ts'
import { apiPaths } from '../contract/paths.ts'
import { expect, test } from './fixtures.ts'
import { registerUser, signInAs } from './support.ts'

const PARTNER = 'Spa des Calanques'
const OFFER = '-20 % sur le premier soin'
const PHONE_LINK = 'Appeler le 04 91 00 10 03'
const SUCCESS = 'Bravo! Vous avez utilisé vote offre!'
const ALREADY_USED = 'Vous avez déjà utilisé ce coupon.'

/** SWR reads a key again on a return to the tab no sooner than this after the screen first read it. */
const FOCUS_THROTTLE_MS = 5_000

async function partnerIdByName(page: Page, accessToken: string, name: string): Promise<number> {
  const search = await page.request.get(apiPaths.partnerSearch(), {
    params: { name },
    headers: { authorization: `Bearer ${accessToken}` },
  })
  const found = ((await search.json()) as PartnerSearchResult[]).find((partner) => partner.name === name)
  if (!found) throw new Error(`${name} absent de la recherche`)
  return found.partnerId.id
}

/** The page's PUT calls that use a coupon, as the server receives them. */
function recordUses(page: Page): string[] {
  const uses: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().includes('/deactivate-discountoffer/'))
      uses.push(request.url())
  })
  return uses
}

const coupon = (page: Page) => page.getByTestId('coupon-card').filter({ hasText: OFFER })

async function openPartner(page: Page, id: number) {
  await page.goto(`/partenaire/${id}`)
  await expect(page.getByRole('heading', { level: 1, name: PARTNER })).toBeVisible()
  await expect(coupon(page)).toHaveAttribute('data-state', 'available')
}

async function openUseDialog(page: Page) {
  await coupon(page).getByRole('button', { name: "Utiliser l'offre" }).click()
  const dialog = page.getByRole('dialog', { name: 'Utiliser cette offre ?' })
  await expect(dialog).toBeVisible()
  return dialog
}

/**
 * Issue 36: a double tap on 'Confirmer' used the coupon, closed the dialog, and its second tap opened the phone's
 * dialler through the 'Appeler le …' link drawn under the dialog. Two touches in a row, the second where that
 * link is: the coupon is used once and the link never gets the tap.
 */
test('un double tap sur « Confirmer » utilise le coupon une fois et n’ouvre pas le lien d’appel dessous', async ({
  page,
  request,
}) => {
  const user = await registerUser(request, 'DoubleTap')
  const session = await signInAs(page, user)
  const id = await partnerIdByName(page, session.access_token, PARTNER)
  const uses = recordUses(page)
  await openPartner(page, id)
  // Every activation of a tel: link is counted, and kept from leaving the page.
  await page.evaluate(() => {
    const counted = window as unknown as { telClicks: number }
    counted.telClicks = 0
    document.addEventListener(
      'click',
      (event) => {
        if (!(event.target instanceof Element) || !event.target.closest('a[href^="tel:"]')) return
        event.preventDefault()
        counted.telClicks += 1
      },
      true,
    )
  })
  const phone = await page.getByRole('link', { name: PHONE_LINK }).boundingBox()
  const dialog = await openUseDialog(page)
  const confirm = await dialog.getByRole('button', { name: 'Confirmer' }).boundingBox()
  if (!phone || !confirm) throw new Error('Lien d’appel ou bouton Confirmer sans boîte')

  await page.touchscreen.tap(confirm.x + confirm.width / 2, confirm.y + confirm.height / 2)
  await page.touchscreen.tap(phone.x + phone.width / 2, phone.y + phone.height / 2)

  await expect(dialog).toBeHidden()
  await expect(coupon(page)).toHaveAttribute('data-state', 'used')
  await expect(page.getByText(SUCCESS, { exact: true })).toBeVisible()
  expect(await page.evaluate(() => (window as unknown as { telClicks: number }).telClicks)).toBe(0)
  expect(uses).toHaveLength(1)
  await expect(page).toHaveURL(new RegExp(`/partenaire/${id}$`))
  // The full-screen proof for the cashier (issue 41) covers the page until it is closed.
  const proof = page.getByRole('dialog', { name: 'Offre utilisée' })
  await proof.getByRole('button', { name: 'Fermer' }).click()
  await expect(proof).toBeHidden()
  // Once the shield is gone, the link takes taps again.
  await expect(page.getByTestId('dialog-tap-shield')).toHaveCount(0)
  await page.touchscreen.tap(phone.x + phone.width / 2, phone.y + phone.height / 2)
  await expect.poll(() => page.evaluate(() => (window as unknown as { telClicks: number }).telClicks)).toBe(1)
})

/**
 * Two tabs of the same signed-in user on the same partner: once tab A used the offer, tab B shows it used as soon
 * as the user comes back to it, without a reload.
 */
test('un coupon utilisé dans un onglet apparaît utilisé dans l’autre dès qu’on y revient', async ({
  page,
  request,
}) => {
  const user = await registerUser(request, 'Onglets')
  const session = await signInAs(page, user)
  const id = await partnerIdByName(page, session.access_token, PARTNER)
  await openPartner(page, id)
  // Same context: the other tab finds the session the first one stored.
  const other = await page.context().newPage()
  await openPartner(other, id)
  const otherReadAt = Date.now()

  await page.bringToFront()
  const dialog = await openUseDialog(page)
  await dialog.getByRole('button', { name: 'Confirmer' }).click()
  await expect(coupon(page)).toHaveAttribute('data-state', 'used')
  await expect(page.getByText(SUCCESS, { exact: true })).toBeVisible()

  // A user coming back seconds later; SWR would not read again sooner (and never at first load).
  await other.waitForTimeout(Math.max(0, otherReadAt + FOCUS_THROTTLE_MS + 200 - Date.now()))
  const reread = other.waitForResponse(
    (response) =>
      response.url().endsWith(apiPaths.partnerDiscountsUser(id, session.userId.id)) && response.ok(),
    { timeout: 10_000 },
  )
  await other.bringToFront()
  await other.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
  await reread
  await expect(coupon(other)).toHaveAttribute('data-state', 'used')
  await expect(coupon(other).getByText('Offre utilisée')).toBeVisible()
  await expect(coupon(other).getByRole('button', { name: "Utiliser l'offre" })).toHaveCount(0)
})

/**
 * Tab B still offered the coupon tab A had just used: confirming there gets the server's refusal, which B shows
 * ('Vous avez déjà utilisé ce coupon.') with the card used at once, never offered again.
 */
test('confirmer dans un onglet un coupon que l’autre vient d’utiliser montre le message et le coupon utilisé', async ({
  page,
  request,
}) => {
  const user = await registerUser(request, 'Refus')
  const session = await signInAs(page, user)
  const id = await partnerIdByName(page, session.access_token, PARTNER)
  await openPartner(page, id)
  const other = await page.context().newPage()
  await openPartner(other, id)
  const otherUses = recordUses(other)
  // B asks first, A uses it, then B confirms what it asked for.
  const otherDialog = await openUseDialog(other)

  await page.bringToFront()
  const dialog = await openUseDialog(page)
  await dialog.getByRole('button', { name: 'Confirmer' }).click()
  await expect(coupon(page)).toHaveAttribute('data-state', 'used')

  await other.bringToFront()
  const refusal = other.waitForResponse((response) => response.url().includes('/deactivate-discountoffer/'))
  await otherDialog.getByRole('button', { name: 'Confirmer' }).click()
  expect((await refusal).status()).toBe(409)
  await expect(other.getByText(ALREADY_USED, { exact: true })).toBeVisible()
  await expect(coupon(other)).toHaveAttribute('data-state', 'used')
  await expect(coupon(other).getByText('Offre utilisée')).toBeVisible()
  await expect(coupon(other).getByRole('button', { name: "Utiliser l'offre" })).toHaveCount(0)
  await expect(other.getByText(SUCCESS, { exact: true })).toHaveCount(0)
  // The partner is read again after the refusal: the server's view keeps it used.
  await other.waitForLoadState('networkidle')
  await expect(coupon(other)).toHaveAttribute('data-state', 'used')
  expect(otherUses).toHaveLength(1)
})
