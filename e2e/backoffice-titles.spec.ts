import { expect, test } from './fixtures.ts'
import { signInAsAdmin } from './adminSupport.ts'

/** WCAG 2.4.2 in the back-office: each screen's title names the page and the area, the consult page its item. */
test('chaque écran du back-office a son titre de document', async ({ page }) => {
  await signInAsAdmin(page)
  await page.goto('/bo')
  await expect(page).toHaveURL(/\/bo\/gerer-accueil$/)
  await expect(page).toHaveTitle("Gestion de la page d'accueil — Administration — Partenaires")

  await page.getByRole('link', { name: 'Partenaires', exact: true }).click()
  await expect(page).toHaveTitle('Partenaires — Administration — Partenaires')
  await expect(page.getByTestId('page-title-announcer')).toHaveText(
    'Partenaires — Administration — Partenaires',
  )
  const row = page.getByRole('row', { name: /^Consulter / }).first()
  const name = (await row.getAttribute('aria-label'))!.replace(/^Consulter /, '')
  await row.click()
  await expect(page).toHaveTitle(`${name} — Administration — Partenaires`)
  await page.getByRole('button', { name: 'Editer' }).click()
  await expect(page).toHaveTitle(`Edition : ${name} — Administration — Partenaires`)

  await page.goto('/bo/partenaires/nouveau')
  await expect(page).toHaveTitle('Nouveau Partenaire — Administration — Partenaires')
  await page.goto('/bo/utilisateurs')
  await expect(page).toHaveTitle('Utilisateurs — Administration — Partenaires')
  await page.goto('/bo/utilisateurs/nouveau')
  await expect(page).toHaveTitle('Nouvel Utilisateur — Administration — Partenaires')
})
