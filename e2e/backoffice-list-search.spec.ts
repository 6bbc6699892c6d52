import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { signInAsAdmin } from './adminSupport.ts'

const lists = [
  { path: '/bo/partenaires', search: 'Rechercher un partenaire' },
  { path: '/bo/utilisateurs', search: 'Rechercher un utilisateur' },
]

const addressQuery = (page: Page) => new URL(page.url()).searchParams.get('q') ?? ''

/**
 * A busy phone or a loaded machine, on purpose: the browser's CPU slowed down, so the router's transition
 * commits the address late, as it did when the field lost keys. Tests run while other suites keep the machine
 * busy too.
 */
async function slowCpu(page: Page, rate = 4) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate })
}

for (const list of lists) {
  test(`la recherche de ${list.path} garde chaque touche, à toute vitesse et sous charge`, async ({
    page,
  }) => {
    await signInAsAdmin(page)
    await page.goto(list.path)
    const field = page.getByRole('searchbox', { name: list.search })
    await expect(page.getByRole('row', { name: /^Consulter/ }).first()).toBeVisible()
    await slowCpu(page)

    for (const [text, delay] of [
      ['café n°12', 60],
      ['café n°12', 30],
      ['café n°12', 0],
      ['bouchon', 0],
      ['Aix-en-Provence', 0],
    ] as const) {
      await field.fill('')
      await expect.poll(() => addressQuery(page)).toBe('')
      await field.pressSequentially(text, { delay })
      await expect(field).toHaveValue(text)
      // Once typing rests, the address holds the very text typed, and the field is left as typed.
      await expect.poll(() => addressQuery(page)).toBe(text)
      await expect(field).toHaveValue(text)
    }
  })
}

test('la recherche remplace l’entrée d’historique ; page, tri et taille en ajoutent une, Retour y revient', async ({
  page,
}) => {
  await signInAsAdmin(page)
  await page.goto('/bo/partenaires')
  await expect(page.getByText(/^\d+ partenaires$/)).toBeVisible()
  const total = Number((await page.getByText(/^\d+ partenaires$/).textContent())!.split(' ')[0])
  expect(total).toBeGreaterThan(25)
  const entries = () => page.evaluate(() => history.length)
  const start = await entries()

  // A search, typed letter by letter, is no history entry at all.
  await page
    .getByRole('searchbox', { name: 'Rechercher un partenaire' })
    .pressSequentially('mar', { delay: 40 })
  await expect.poll(() => addressQuery(page)).toBe('mar')
  expect(await entries()).toBe(start)
  await page.getByRole('searchbox', { name: 'Rechercher un partenaire' }).fill('')
  await expect.poll(() => addressQuery(page)).toBe('')
  await expect(page.getByText(`1–10 sur ${total}`)).toBeVisible()

  await page.getByRole('button', { name: 'Page suivante' }).click()
  await expect(page.getByText(`11–20 sur ${total}`)).toBeVisible()
  await page.getByRole('button', { name: 'Page suivante' }).click()
  await expect(page).toHaveURL(/page=3/)
  await expect(page.getByText(new RegExp(`^21–\\d+ sur ${total}$`))).toBeVisible()
  expect(await entries()).toBe(start + 2)

  await page.goBack()
  await expect(page).toHaveURL(/page=2/)
  await expect(page.getByText(`11–20 sur ${total}`)).toBeVisible()

  await page.getByRole('button', { name: 'Ville' }).click()
  await expect(page).toHaveURL(/tri=city/)
  await expect(page.getByRole('columnheader', { name: 'Ville' })).toHaveAttribute('aria-sort', 'ascending')
  await page.goBack()
  await expect(page).toHaveURL(/page=2/)
  expect(new URL(page.url()).searchParams.get('tri')).toBeNull()
  await expect(page.getByRole('columnheader', { name: 'Ville' })).toHaveAttribute('aria-sort', 'none')
  await expect(page.getByText(`11–20 sur ${total}`)).toBeVisible()

  await page.getByLabel('Lignes par page', { exact: true }).click()
  await page.getByRole('option', { name: '25', exact: true }).click()
  await expect(page).toHaveURL(/taille=25/)
  await expect(page.getByText(`1–25 sur ${total}`)).toBeVisible()
  await page.goBack()
  await expect(page).toHaveURL(/page=2/)
  await expect(page.getByText(`11–20 sur ${total}`)).toBeVisible()

  // Back once more: the list as it was opened.
  await page.goBack()
  await expect(page).toHaveURL(/\/bo\/partenaires$/)
  await expect(page.getByText(`1–10 sur ${total}`)).toBeVisible()
})

test('une page au-delà de la dernière montre la dernière, l’adresse corrigée sans nouvelle entrée', async ({
  page,
}) => {
  await signInAsAdmin(page)
  await page.goto('/bo/partenaires?page=9999')
  await expect(page.getByText(/^\d+ partenaires$/)).toBeVisible()
  const total = Number((await page.getByText(/^\d+ partenaires$/).textContent())!.split(' ')[0])
  const last = Math.ceil(total / 10)
  await expect(page).toHaveURL(new RegExp(`page=${last}$`))
  await expect(page.getByText(`${(last - 1) * 10 + 1}–${total} sur ${total}`)).toBeVisible()
  await expect(page.getByText('Aucun partenaire')).toHaveCount(0)
  const entries = await page.evaluate(() => history.length)

  // A search leaving one page: its first page, and the address without a page.
  await page.goto('/bo/utilisateurs?q=admin.e2e&page=40')
  await expect(page.getByText('1 utilisateur', { exact: true })).toBeVisible()
  await expect(page.getByText('1–1 sur 1')).toBeVisible()
  await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBeNull()
  expect(await page.evaluate(() => history.length)).toBe(entries + 1)
})
