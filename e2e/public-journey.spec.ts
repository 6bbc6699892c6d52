import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'

/** Drags a coupon card to the right with the mouse, as a finger swipes it. */
async function swipeRight(page: Page, card: Locator, distance: number) {
  const box = await card.boundingBox()
  if (!box) throw new Error('Coupon introuvable à l’écran')
  const y = box.y + box.height / 2
  await page.mouse.move(box.x + 16, y)
  await page.mouse.down()
  await page.mouse.move(box.x + 16 + distance, y, { steps: 12 })
  await page.mouse.up()
}

/**
 * The end user's journey against the real server: register -> Home -> a category chip -> Find by name ->
 * partner details -> swipe a coupon -> reload shows it used.
 */
test('un utilisateur trouve un partenaire, utilise un coupon et le retrouve utilisé après rechargement', async ({
  page,
}) => {
  await page.goto('/inscription')
  await page.getByLabel('Prénom').fill('Inès')
  await page.getByLabel('Nom', { exact: true }).fill('Parcours')
  await page.getByLabel('Email').fill(`ines.parcours.${Date.now()}@exemple.fr`)
  await page.getByLabel('Mot de passe', { exact: true }).fill('une phrase de passe assez longue')
  await page.getByRole('checkbox', { name: /conditions générales/ }).click()
  await page.getByRole('checkbox', { name: /politique de confidentialité/ }).click()
  await page.getByRole('button', { name: "S'inscrire" }).click()
  await expect(page).toHaveURL(/\/$/)

  // Home: the category chips lead to Find with c = the category's id.
  const categories = page.getByRole('list', { name: 'Catégories' })
  await categories.getByRole('link', { name: 'Boulangeries' }).click()
  await expect(page).toHaveURL(/\/rechercher\?c=\d+$/)
  await expect(page.getByRole('button', { name: 'Catégorie : Boulangeries' })).toBeVisible()
  const rows = page.getByTestId('partner-row')
  await expect(rows.getByRole('heading', { name: 'Boulangerie du Vieux-Port' })).toBeVisible()
  for (const label of await rows.locator('p').filter({ hasText: 'Boulangeries' }).allTextContents()) {
    expect(label).toContain('Boulangeries')
  }
  await expect(rows.getByRole('heading', { name: 'Le Panier Gourmand' })).toHaveCount(0)

  // Back to every category, then by name.
  await page.getByRole('button', { name: 'Catégorie : Boulangeries' }).click()
  await page
    .getByRole('dialog', { name: 'Catégorie' })
    .getByRole('button', { name: 'Toutes les catégories' })
    .click()
  await expect(page).toHaveURL(/\/rechercher$/)
  await page.getByRole('searchbox', { name: 'Rechercher un partenaire' }).fill('panier gourm')
  await expect(rows).toHaveCount(1)
  const row = rows.first()
  await expect(row.getByRole('heading', { name: 'Le Panier Gourmand' })).toBeVisible()
  await expect(row.getByText('12 rue du Panier, Marseille')).toBeVisible()
  await row.click()

  // Details, then a swipe past the threshold uses the coupon.
  await expect(page).toHaveURL(/\/partenaire\/\d+$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Le Panier Gourmand' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Offres disponibles' })).toBeVisible()
  const coupon = page.getByTestId('coupon-card').filter({ hasText: '-10 % sur l’addition' })
  await expect(coupon).toHaveAttribute('data-state', 'available')
  await expect(coupon.getByText('Glissez à droite pour utiliser')).toBeVisible()
  await expect(coupon).toContainText(/Valable jusqu'au \d{2}\/\d{2}\/\d{4}/)
  const width = page.viewportSize()?.width ?? 400
  // A short drag snaps back.
  await swipeRight(page, coupon, 40)
  await expect(coupon).toHaveAttribute('data-state', 'available')
  await swipeRight(page, coupon, width - 40)
  await expect(coupon).toHaveAttribute('data-state', 'used')
  await expect(page.getByText('Bravo! Vous avez utilisé vote offre!', { exact: true })).toBeVisible()

  await page.reload()
  const reloaded = page.getByTestId('coupon-card').filter({ hasText: '-10 % sur l’addition' })
  await expect(reloaded).toHaveAttribute('data-state', 'used')
  await expect(reloaded.getByText('Offre utilisée')).toBeVisible()
  await expect(reloaded.getByText('Glissez à droite pour utiliser')).toHaveCount(0)
})
