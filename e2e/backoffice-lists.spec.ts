import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { signInAsAdmin } from './adminSupport.ts'

const dataRows = (page: Page) => page.getByRole('row', { name: /^Consulter/ })

/** The text of column `index` (0-based, after the selection box) of every row shown. */
const column = async (page: Page, index: number) =>
  dataRows(page).evaluateAll((rows, i) => rows.map((row) => row.children[i + 1]?.textContent ?? ''), index)

test('les partenaires se trient en cliquant un en-tête ; recherche, tri et page restent dans l’adresse', async ({
  page,
}) => {
  await signInAsAdmin(page)
  await page.goto('/bo/partenaires')
  await expect(page.getByText(/^\d+ partenaires$/)).toBeVisible()
  const total = Number((await page.getByText(/^\d+ partenaires$/).textContent())!.split(' ')[0])
  expect(total).toBeGreaterThan(25)

  // Sorting by city: a click on the header, the server sorts, the header says so.
  const city = page.getByRole('columnheader', { name: 'Ville' })
  await page.getByRole('button', { name: 'Ville' }).click()
  await expect(city).toHaveAttribute('aria-sort', 'ascending')
  await expect(page).toHaveURL(/tri=city/)
  await expect(dataRows(page).first()).toContainText('Aix-en-Provence')
  await page.getByRole('button', { name: 'Ville' }).press('Enter')
  await expect(city).toHaveAttribute('aria-sort', 'descending')
  await expect(page).toHaveURL(/tri=-city/)
  // The previous page stays on screen until the new one arrives: wait for the new order.
  await expect
    .poll(async () => {
      const cities = await column(page, 1)
      return cities.join('|') === [...cities].sort((a, b) => b.localeCompare(a, 'fr')).join('|')
    })
    .toBe(true)

  // Text filter (name or city): kept after a reload.
  await page.getByRole('searchbox', { name: 'Rechercher un partenaire' }).fill('marseille')
  await expect(page).toHaveURL(/q=marseille/)
  await expect(page.getByText(/^\d+ partenaires?$/)).not.toHaveText(`${total} partenaires`)
  await page.reload()
  await expect(page.getByRole('searchbox', { name: 'Rechercher un partenaire' })).toHaveValue('marseille')
  await expect(page.getByRole('columnheader', { name: 'Ville' })).toHaveAttribute('aria-sort', 'descending')
  await expect.poll(async () => [...new Set(await column(page, 1))]).toEqual(['Marseille'])

  // Page 2 (10 rows a page by default, as the spec says), a detail page, back: the same page, order and search.
  await page.getByRole('searchbox', { name: 'Rechercher un partenaire' }).fill('')
  // The filtered rows stay on screen until the whole list arrives: wait for its count first.
  await expect(page.getByText(`${total} partenaires`)).toBeVisible()
  await expect(page.getByText(`1–10 sur ${total}`)).toBeVisible()
  await expect(dataRows(page)).toHaveCount(10)
  const firstOfPageOne = (await column(page, 0))[0]
  await page.getByRole('button', { name: 'Page suivante' }).click()
  await expect(page).toHaveURL(/page=2/)
  await expect(page.getByText(`11–20 sur ${total}`)).toBeVisible()
  await expect.poll(async () => (await column(page, 0))[0]).not.toBe(firstOfPageOne)
  const name = (await column(page, 0))[0]
  await dataRows(page).first().click()
  await expect(page).toHaveURL(/\/bo\/partenaires\/\d+$/)
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await page.goBack()
  await expect(page).toHaveURL(/page=2/)
  await expect(page.getByText(`11–20 sur ${total}`)).toBeVisible()
  await expect(dataRows(page).first()).toContainText(name)
  await expect(page.getByRole('columnheader', { name: 'Ville' })).toHaveAttribute('aria-sort', 'descending')

  // Phone numbers and e-mails are never broken across lines.
  const phoneCell = dataRows(page).first().locator('td').nth(4)
  expect(await phoneCell.evaluate((cell) => getComputedStyle(cell).whiteSpace)).toBe('nowrap')
})

test('la liste des utilisateurs montre le rôle, se trie et se filtre côté serveur', async ({ page }) => {
  await signInAsAdmin(page)
  await page.goto('/bo/utilisateurs')
  await expect(page.getByRole('columnheader', { name: 'Rôle' })).toBeVisible()
  await page.getByRole('button', { name: 'Rôle' }).click()
  await expect(page.getByRole('columnheader', { name: 'Rôle' })).toHaveAttribute('aria-sort', 'ascending')
  await expect(dataRows(page).first()).toContainText('Administrateur')

  await page.getByRole('searchbox', { name: 'Rechercher un utilisateur' }).fill('admin.e2e@')
  await expect(page.getByText('1 utilisateur')).toBeVisible()
  await expect(dataRows(page)).toHaveCount(1)
  await expect(dataRows(page).first()).toContainText('admin.e2e@exemple.fr')
  await page.reload()
  await expect(page.getByRole('searchbox', { name: 'Rechercher un utilisateur' })).toHaveValue('admin.e2e@')
  await expect(dataRows(page)).toHaveCount(1)
})
