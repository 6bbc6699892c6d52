import { expect, test } from './fixtures.ts'
import { registerUser, signInAs } from './support.ts'

/** The rest of the end user's journey: find by city (picker and ?v=), then log out from the Menu. */
test('un utilisateur cherche par ville puis se déconnecte depuis le menu', async ({ page, request }) => {
  const user = await registerUser(request, 'Lyonnaise')
  await signInAs(page, user)

  await page.goto('/rechercher')
  await page.getByRole('button', { name: 'Ville : Dans toutes les villes' }).click()
  await page.getByRole('dialog', { name: 'Ville' }).getByRole('button', { name: 'Lyon', exact: true }).click()
  await expect(page.getByRole('button', { name: 'Ville : Lyon' })).toBeVisible()
  await expect(page).toHaveURL(/v=Lyon/)
  const rows = page.getByTestId('partner-row')
  await expect(rows.getByRole('heading', { name: 'Bouchon des Canuts' })).toBeVisible()
  await expect(rows.filter({ hasNotText: ', Lyon' })).toHaveCount(0)

  // The city also comes from the address: ?v= preselects it.
  await page.goto('/rechercher?v=Marseille')
  await expect(page.getByRole('button', { name: 'Ville : Marseille' })).toBeVisible()
  await expect(rows.first()).toContainText(', Marseille')
  await expect(rows.filter({ hasNotText: ', Marseille' })).toHaveCount(0)

  await page.getByRole('link', { name: 'Menu' }).click()
  await expect(page.getByText(user.email)).toBeVisible()
  await page.getByRole('button', { name: 'Déconnexion' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await page.goto('/rechercher')
  await expect(page).toHaveURL(/\/login$/)
})
