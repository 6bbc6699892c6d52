import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { registerUser, signInAs } from './support.ts'

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Rechercher un partenaire' })
const rows = (page: Page) => page.getByTestId('partner-row')

/** The row across the middle of the screen (once the list has drawn the rows scrolled to), and where it is. */
const rowAtMiddle = (page: Page) =>
  page.evaluate(() => {
    const middle = window.innerHeight / 2
    const row = [...document.querySelectorAll<HTMLElement>('[data-testid="partner-row"]')].find((link) => {
      const box = link.getBoundingClientRect()
      return box.top <= middle && box.bottom > middle
    })
    return row
      ? { href: row.getAttribute('href')!, top: row.getBoundingClientRect().top, scrollY: window.scrollY }
      : null
  })

/** rowAtMiddle once the list has settled: it measures the rows it scrolled to, and may move them as it does. */
async function settledRowAtMiddle(page: Page) {
  let previous = await rowAtMiddle(page)
  for (let attempt = 0; attempt < 30; attempt++) {
    await page.waitForTimeout(300)
    const now = await rowAtMiddle(page)
    if (now && JSON.stringify(now) === JSON.stringify(previous)) return now
    previous = now
  }
  throw new Error('La liste ne se stabilise pas')
}

/**
 * Find → a partner → Back, against the real server: the typed name is still in the field (and in the address,
 * `n`), the list is the same and is scrolled where the user left it, the row they opened at the same place.
 */
test('retour à Rechercher depuis un partenaire : le nom tapé et la position dans la liste sont gardés', async ({
  page,
  request,
}) => {
  await signInAs(page, await registerUser(request, 'Retour'))
  await page.goto('/rechercher')
  // Every demo partner's name has an 'e': a list several screens long.
  await searchBox(page).fill('e')
  await expect(page).toHaveURL(/\/rechercher\?n=e$/)
  await expect(rows(page).nth(4)).toBeVisible()

  await page.evaluate(() => window.scrollTo(0, 1500))
  const opened = await settledRowAtMiddle(page)
  expect(opened.scrollY).toBeGreaterThan(1000)
  await page.locator(`[data-testid="partner-row"][href="${opened.href}"]`).click()
  await expect(page).toHaveURL(new RegExp(`${opened.href}$`))
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()

  await page.goBack()
  await expect(page).toHaveURL(/\/rechercher\?n=e$/)
  await expect(searchBox(page)).toHaveValue('e')
  const row = page.locator(`[data-testid="partner-row"][href="${opened.href}"]`)
  await expect(row).toBeInViewport()
  // The row opened is where it was. The window's scroll may differ by what the rows above it measure once drawn
  // again (taller than the estimate they had if they had not been drawn before): the list makes up for it.
  await expect.poll(async () => Math.abs((await row.boundingBox())!.y - opened.top)).toBeLessThanOrEqual(2)
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000)
})

/**
 * Find → a partner → use an offer → Back: the row's chip for that offer now says it is used (the search's pages
 * were kept from before the use; the user's list of used offers, read again, tells the row).
 */
test('une offre utilisée depuis la fiche est marquée utilisée dans Rechercher au retour', async ({
  page,
  request,
}) => {
  await signInAs(page, await registerUser(request, 'Utilisee'))
  await page.goto('/rechercher')
  await searchBox(page).fill('panier gourm')
  const row = rows(page).filter({ hasText: 'Le Panier Gourmand' })
  await expect(rows(page)).toHaveCount(1)
  const chip = row.getByRole('listitem').filter({ hasText: '-10 % sur l’addition' })
  await expect(chip).not.toHaveAttribute('data-state', 'used')
  await expect(chip).not.toContainText('Utilisée')
  await row.click()

  const coupon = page.getByTestId('coupon-card').filter({ hasText: '-10 % sur l’addition' })
  await coupon.getByRole('button', { name: "Utiliser l'offre" }).click()
  await page
    .getByRole('dialog', { name: 'Utiliser cette offre ?' })
    .getByRole('button', { name: 'Confirmer' })
    .click()
  await expect(coupon).toHaveAttribute('data-state', 'used')

  await page.goBack()
  await expect(searchBox(page)).toHaveValue('panier gourm')
  await expect(chip).toHaveAttribute('data-state', 'used')
  await expect(chip).toHaveText('-10 % sur l’addition · Utilisée')
})
