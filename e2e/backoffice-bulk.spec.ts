import { readFile } from 'node:fs/promises'
import { expect, test } from './fixtures.ts'
import { choose, signInAsAdmin } from './adminSupport.ts'

test('des partenaires cochés s’exportent seuls, et changent de statut ensemble, après confirmation, chacun au journal', async ({
  page,
}) => {
  await signInAsAdmin(page)
  await page.goto('/bo/partenaires?statut=ACTIF')
  const rows = page.getByRole('row', { name: /^Consulter/ })
  await expect(rows).toHaveCount(10)
  const names = (await rows.evaluateAll((all) => all.map((row) => row.children[1]?.textContent ?? ''))).slice(
    0,
    2,
  )
  const status = page.getByRole('status').filter({ hasText: /sélectionnés?$/ })

  // The page's box picks its ten rows; unpicking one leaves nine, announced.
  await page.getByRole('checkbox', { name: 'Tout sélectionner' }).check()
  await expect(page.getByRole('status').getByText('10 partenaires sélectionnés')).toBeAttached()
  await page.getByRole('checkbox', { name: `Sélectionner ${names[0]}` }).uncheck()
  await expect(page.getByRole('checkbox', { name: 'Tout sélectionner' })).not.toBeChecked()
  expect(
    await page
      .getByRole('checkbox', { name: 'Tout sélectionner' })
      .evaluate((b: HTMLInputElement) => b.indeterminate),
  ).toBe(true)
  await page.getByRole('button', { name: 'Tout désélectionner' }).click()
  await expect(status).toHaveCount(0)

  // Two rows picked: a press on the box does not open the partner.
  for (const name of names) await page.getByRole('checkbox', { name: `Sélectionner ${name}` }).check()
  await expect(page).toHaveURL(/\/bo\/partenaires\?statut=ACTIF$/)
  await expect(page.getByRole('status').getByText('2 partenaires sélectionnés')).toBeAttached()

  // Their CSV: exactly these two rows, whatever else the list shows.
  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Exporter la sélection (2)' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^partenaires-selection-\d{4}-\d{2}-\d{2}\.csv$/)
  const exported = (await readFile((await download.path())!, 'utf8')).split('\r\n').filter(Boolean)
  expect(exported).toHaveLength(3)
  expect(
    exported
      .slice(1)
      .map((line) => line.split(';')[1])
      .sort(),
  ).toEqual([...names].sort())

  await choose(page, page, 'Nouveau statut', 'Prospect')
  await page.getByRole('button', { name: 'Changer le statut' }).click()
  const dialog = page.getByRole('dialog', { name: 'Changer le statut de 2 partenaires ?' })
  await expect(dialog).toContainText('Ils passeront au statut « Prospect ».')
  await dialog.getByRole('button', { name: 'Changer le statut' }).click()
  await expect(page.getByText('Statut « Prospect » appliqué à 2 partenaires.').first()).toBeVisible()
  await expect(dialog).toBeHidden()

  // They left the list of active partners and show among the prospects.
  for (const name of names) await expect(page.getByRole('row', { name: `Consulter ${name}` })).toHaveCount(0)
  await page.goto('/bo/partenaires?statut=PROSPECT')
  for (const name of names)
    await expect(page.getByRole('row', { name: `Consulter ${name}` })).toContainText('Prospect')

  // Each one's change is in the Journal, as its own edit.
  await page.goto('/bo/journal')
  for (const name of names)
    await expect(page.getByRole('row').filter({ hasText: name }).first()).toBeVisible()
})

test('des utilisateurs cochés changent de statut ensemble', async ({ page }) => {
  await signInAsAdmin(page)
  await page.goto('/bo/utilisateurs?q=demo')
  const row = page.getByRole('row', { name: /^Consulter/ })
  await expect(row).toHaveCount(1)
  const name = (await row.getAttribute('aria-label'))!.replace('Consulter ', '')
  await page.getByRole('checkbox', { name: `Sélectionner ${name}` }).check()
  await expect(page.getByRole('status').getByText('1 utilisateur sélectionné')).toBeAttached()
  await choose(page, page, 'Nouveau statut', 'Désactivé')
  await page.getByRole('button', { name: 'Changer le statut' }).click()
  const dialog = page.getByRole('dialog', { name: 'Changer le statut de 1 utilisateur ?' })
  await expect(dialog).toContainText('Il passera au statut « Désactivé ».')
  await dialog.getByRole('button', { name: 'Changer le statut' }).click()
  await expect(page.getByText('Statut « Désactivé » appliqué à 1 utilisateur.').first()).toBeVisible()
  await expect(row).toContainText('Désactivé')
  await expect(page.getByRole('checkbox', { name: `Sélectionner ${name}` })).not.toBeChecked()
})
