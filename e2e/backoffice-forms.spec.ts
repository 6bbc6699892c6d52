import { expect, test } from './fixtures.ts'
import { apiPaths } from '../contract/paths.ts'
import type { Partner } from '../contract/schemas.ts'
import { choose, pngFile, signInAsAdmin } from './adminSupport.ts'

test('le dialogue de page demande avant d’abandonner la saisie ; continuer la garde, puis elle s’enregistre', async ({
  page,
}) => {
  const title = `Saisie gardée ${Date.now()}`
  await signInAsAdmin(page)
  await page.goto('/bo/gerer-accueil')
  await page.getByRole('button', { name: 'Ajouter' }).click()
  const dialog = page.getByRole('dialog', { name: 'Ajouter une page' })
  await dialog.getByLabel('Titre').fill(title)

  await page.keyboard.press('Escape')
  const prompt = page.getByRole('dialog', { name: 'Abandonner les modifications ?' })
  await expect(prompt).toBeVisible()
  await prompt.getByRole('button', { name: 'Continuer la saisie' }).click()
  await expect(prompt).toBeHidden()
  await expect(dialog.getByLabel('Titre')).toHaveValue(title)

  await dialog.locator('input[type=file]').setInputFiles(await pngFile('saisie.png'))
  await choose(dialog, page, 'Status', 'Brouillon')
  await dialog.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('article', { name: title })).toBeVisible()

  // Unchanged, the dialog closes at once.
  await page.getByRole('button', { name: 'Ajouter' }).click()
  await expect(dialog).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(prompt).toBeHidden()
})

test('le coupon refuse une date saisie dans un autre format (31/12/2030) ou impossible (31/02) et marque le champ ; la suppression d’une photo se confirme', async ({
  page,
}) => {
  const admin = await signInAsAdmin(page)
  const created = await page.request.post(apiPaths.partners(), {
    headers: { Authorization: `Bearer ${admin.access_token}` },
    data: {
      status: 'ACTIF',
      name: `Fromagerie des Dates ${Date.now()}`,
      siren: null,
      description: 'Fromages affinés.',
      location: { address: '3 rue Longue', city: 'Lyon', position: { lat: 45.76, lng: 4.83 } },
      email: 'fromagerie@exemple.fr',
      phone: '04 78 00 00 00',
      representativeFirstName: null,
      representativeLastName: null,
      categories: [{ label: 'Épicerie fine', icon: 'cheese' }],
      rating: null,
      userRatingsTotal: null,
    },
  })
  expect(created.status()).toBe(201)
  const partner = (await created.json()) as Partner
  await page.goto(`/bo/partenaires/${partner.partnerId.id}`)

  const coupons = page.getByRole('region', { name: 'Coupons' })
  await coupons.getByRole('button', { name: 'Ajouter' }).click()
  const dialog = page.getByRole('dialog', { name: 'Ajouter un coupon' })
  await dialog.getByLabel('Libelle').fill('Un fromage offert')
  const date = dialog.getByLabel("Date d'expiration")
  await expect(date).toHaveAttribute('placeholder', 'AAAA-MM-JJ')
  // Typed as a French reader writes it: the spec's message, on the field.
  await date.pressSequentially('31/12/2030')
  await dialog.getByRole('button', { name: 'Valider' }).click()
  await expect(dialog.getByText('La date doit être au format AAAA-MM-JJ')).toBeVisible()
  await expect(date).toHaveAttribute('aria-invalid', 'true')
  await expect(date).toBeFocused()
  await expect(dialog).toBeVisible()

  // In the right shape, a day that does not exist.
  await date.fill('2026-02-31')
  await dialog.getByRole('button', { name: 'Valider' }).click()
  await expect(dialog.getByText('Date invalide')).toBeVisible()
  await expect(dialog).toBeVisible()

  // The calendar button opens the browser's picker (no error); its popup is not part of the page.
  const errors: Error[] = []
  page.on('pageerror', (error) => errors.push(error))
  await dialog.getByRole('button', { name: 'Choisir dans le calendrier' }).click()
  expect(errors).toEqual([])

  await date.fill('2031-12-31')
  await dialog.getByRole('button', { name: 'Valider' }).click()
  await expect(dialog).toBeHidden()
  await expect(coupons.getByRole('button', { name: /Un fromage offert/ })).toContainText(
    "Valable jusqu'au 31/12/2031",
  )

  const photos = page.getByRole('region', { name: 'Photos' })
  await photos.locator('input[type=file]').setInputFiles(await pngFile('fromages.png'))
  await expect(photos.getByRole('button', { name: /^Agrandir/ })).toHaveCount(1)
  await photos.getByRole('button', { name: 'Supprimer la photo' }).click()
  const confirm = page.getByRole('dialog', { name: 'Supprimer la photo' })
  await confirm.getByRole('button', { name: 'Annuler' }).click()
  await expect(confirm).toBeHidden()
  await expect(photos.getByRole('button', { name: /^Agrandir/ })).toHaveCount(1)
  await photos.getByRole('button', { name: 'Supprimer la photo' }).click()
  await confirm.getByRole('button', { name: 'Supprimer' }).click()
  await expect(photos.getByRole('button', { name: /^Agrandir/ })).toHaveCount(0)
})

test('un formulaire modifié demande avant de partir (Annuler, menu, rechargement) ; inchangé, il part aussitôt', async ({
  page,
}) => {
  await signInAsAdmin(page)
  const menu = page.getByRole('navigation', { name: "Menu d'administration" })
  await page.goto('/bo/utilisateurs/nouveau')
  await expect(page.getByRole('heading', { level: 1, name: 'Nouvel Utilisateur' })).toBeVisible()
  await expect(page.getByText('champ obligatoire')).toBeVisible()
  await expect(page.getByLabel('Prénom', { exact: true })).toHaveAttribute('aria-required', 'true')

  // An invalid submit focuses the first field in error.
  await page.getByLabel('Prénom', { exact: true }).fill('Margaux')
  await page.getByRole('button', { name: 'Valider' }).click()
  await expect(page.getByLabel('Nom', { exact: true })).toBeFocused()

  const prompt = page.getByRole('dialog', { name: 'Abandonner les modifications ?' })
  await page.getByRole('button', { name: 'Annuler' }).click()
  await expect(prompt).toBeVisible()
  await prompt.getByRole('button', { name: 'Continuer la saisie' }).click()
  await expect(page.getByLabel('Prénom', { exact: true })).toHaveValue('Margaux')

  await menu.getByRole('link', { name: 'Partenaires' }).click()
  await expect(prompt).toBeVisible()
  await prompt.getByRole('button', { name: 'Continuer la saisie' }).click()
  await expect(page).toHaveURL(/\/bo\/utilisateurs\/nouveau$/)

  // Reload: the browser's own question (beforeunload), dismissed: the page and its text stay.
  let asked = false
  page.once('dialog', (question) => {
    asked = question.type() === 'beforeunload'
    void question.dismiss()
  })
  // The reload never happens: Playwright's wait for it times out.
  await page.reload({ timeout: 2000 }).catch(() => undefined)
  await expect.poll(() => asked).toBe(true)
  await expect(page.getByLabel('Prénom', { exact: true })).toHaveValue('Margaux')

  await page.getByRole('button', { name: 'Annuler' }).click()
  await prompt.getByRole('button', { name: 'Abandonner' }).click()
  await expect(page).toHaveURL(/\/bo\/utilisateurs$/)

  // Unchanged: 'Annuler' leaves at once.
  await page.goto('/bo/utilisateurs/nouveau')
  await page.getByRole('button', { name: 'Annuler' }).click()
  await expect(page).toHaveURL(/\/bo\/utilisateurs$/)
  await expect(prompt).toBeHidden()
})
