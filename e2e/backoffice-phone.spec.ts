import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { signInAsAdmin } from './adminSupport.ts'

const entries = ["Gérer page d'accueil", 'Partenaires', 'Utilisateurs', 'Tableau de bord', 'Journal']

/** How many lines an element's text is drawn on (its text's boxes, one per line). */
const textLines = (element: Locator) =>
  element.evaluate((node) => {
    const range = document.createRange()
    range.selectNodeContents(node)
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size
  })

/** The page scrolls sideways: something is wider than the screen. */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)

test.describe('le back-office sur un téléphone (390 × 844)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true })

  test('le bouton Menu montre toutes les entrées, sans défilement de côté', async ({ page }) => {
    await signInAsAdmin(page)
    await page.goto('/bo/partenaires')
    await expect(page.getByRole('heading', { level: 1, name: 'Partenaires' })).toBeVisible()
    const menu = page.getByRole('button', { name: 'Menu', exact: true })
    const nav = page.getByRole('navigation', { name: "Menu d'administration" })
    await expect(menu).toHaveAttribute('aria-expanded', 'false')
    await expect(nav).toBeHidden()

    await menu.click()
    await expect(menu).toHaveAttribute('aria-expanded', 'true')
    for (const name of entries) {
      const link = nav.getByRole('link', { name })
      await expect(link).toBeVisible()
      // Wholly on the screen: reachable without scrolling sideways.
      const box = (await link.boundingBox())!
      expect(box.x).toBeGreaterThanOrEqual(0)
      expect(box.x + box.width).toBeLessThanOrEqual(390)
    }
    await expect(nav.getByRole('link', { name: 'Partenaires' })).toHaveAttribute('aria-current', 'page')
    expect(await nav.evaluate((n) => n.scrollWidth <= n.clientWidth)).toBe(true)
    expect(await scrollsSideways(page)).toBe(false)

    // An entry opens its page and closes the menu.
    await nav.getByRole('link', { name: 'Journal' }).click()
    await expect(page).toHaveURL(/\/bo\/journal$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Journal' })).toBeVisible()
    await expect(menu).toHaveAttribute('aria-expanded', 'false')
    await expect(nav).toBeHidden()

    // Escape closes it too, the focus back on the button.
    await menu.click()
    await expect(nav.getByRole('link', { name: 'Utilisateurs' })).toBeVisible()
    await nav.getByRole('link', { name: 'Utilisateurs' }).focus()
    await page.keyboard.press('Escape')
    await expect(nav).toBeHidden()
    await expect(menu).toBeFocused()
  })

  test('le tableau de bord se replie : titre sur une ligne, chiffres les uns sous les autres', async ({
    page,
  }) => {
    await signInAsAdmin(page)
    await page.goto('/bo/tableau-de-bord')
    const title = page.getByRole('heading', { level: 1, name: 'Tableau de bord' })
    await expect(title).toBeVisible()
    await expect(page.getByRole('term').filter({ hasText: /^Coupons utilisés$/ })).toBeVisible()
    expect(await textLines(title)).toBe(1)
    const titleHeight = await title.evaluate((h) => h.getBoundingClientRect().height)
    expect(titleHeight).toBeLessThan(
      2 * Number.parseFloat(await title.evaluate((h) => getComputedStyle(h).fontSize)),
    )
    // The figures stacked, each the width of the page.
    const figures = page.locator('dl > div')
    await expect(figures).toHaveCount(3)
    const boxes = await figures.evaluateAll((nodes) => nodes.map((n) => n.getBoundingClientRect().toJSON()))
    expect(new Set(boxes.map((box: DOMRect) => Math.round(box.left))).size).toBe(1)
    expect(boxes[1].top).toBeGreaterThan(boxes[0].top)
    await expect(page.getByRole('button', { name: 'Exporter les utilisations (CSV)' })).toBeVisible()
    expect(await scrollsSideways(page)).toBe(false)
  })
})

test('sur un ordinateur, le menu reste sur le côté et le tableau de bord en ligne', async ({ page }) => {
  await signInAsAdmin(page)
  await page.goto('/bo/tableau-de-bord')
  const title = page.getByRole('heading', { level: 1, name: 'Tableau de bord' })
  await expect(title).toBeVisible()
  await expect(page.getByRole('button', { name: 'Menu', exact: true })).toBeHidden()
  const nav = page.getByRole('navigation', { name: "Menu d'administration" })
  for (const name of entries) await expect(nav.getByRole('link', { name })).toBeVisible()
  expect(await textLines(title)).toBe(1)
  // Title and export button on one row; the three figures side by side.
  const button = page.getByRole('button', { name: 'Exporter les utilisations (CSV)' })
  expect(Math.abs((await button.boundingBox())!.y - (await title.boundingBox())!.y)).toBeLessThan(40)
  const tops = await page
    .locator('dl > div')
    .evaluateAll((nodes) => nodes.map((n) => Math.round(n.getBoundingClientRect().top)))
  expect(new Set(tops).size).toBe(1)
  expect(await scrollsSideways(page)).toBe(false)
})
