import { expect, test } from './fixtures.ts'
import { choose, pngFile, signInAsAdmin } from './adminSupport.ts'
import { registerUser, signInAs } from './support.ts'

test('un administrateur crée un partenaire (nouvelle catégorie, photo, coupon) qu’un utilisateur trouve ensuite', async ({
  page,
  browser,
  request,
}) => {
  const suffix = Date.now()
  const name = `Librairie des Tests ${suffix}`
  const categoryLabel = `Bouquinistes ${suffix}`

  await signInAsAdmin(page)
  const menu = page.getByRole('navigation', { name: "Menu d'administration" })
  await page.goto('/bo')
  await expect(page).toHaveURL(/\/bo\/gerer-accueil$/)
  await menu.getByRole('link', { name: 'Partenaires' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Partenaires' })).toBeVisible()
  await page.getByRole('button', { name: 'Nouveau' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Nouveau Partenaire' })).toBeVisible()

  await choose(page, page, 'Status', 'Actif')
  await page.getByLabel('Dénomination', { exact: true }).fill(name)
  await page.getByLabel('Description', { exact: true }).fill('Livres anciens et d’occasion, achat et vente.')
  await page.getByLabel('Adresse', { exact: true }).fill('14 rue des Trois Mages')
  await page.getByLabel('Ville', { exact: true }).fill('Marseille')
  await page.getByLabel('Latitude', { exact: true }).fill('43.2947')
  await page.getByLabel('Longitude', { exact: true }).fill('5.3838')
  await page.getByLabel('Email', { exact: true }).fill(`librairie.${suffix}@exemple.fr`)
  await page.getByLabel('Tél', { exact: true }).fill('04 91 47 00 00')
  await page.getByLabel('Prénom Gérant', { exact: true }).fill('Odile')
  await page.getByLabel('Nom Gérant', { exact: true }).fill('Sauvan')

  // A typed label becomes a new category, after choosing its icon.
  await page.getByRole('combobox', { name: 'Catégories' }).fill(categoryLabel)
  await page.getByRole('combobox', { name: 'Catégories' }).press('Enter')
  const iconDialog = page.getByRole('dialog', { name: 'Choisir une icône pour la catégorie' })
  await expect(iconDialog.getByRole('link', { name: "catalogue d'icônes" })).toHaveAttribute(
    'href',
    'https://pictogrammers.com/library/mdi/',
  )
  await iconDialog.getByLabel("Nom de l'icône").fill('book-open-variant')
  await iconDialog.getByRole('button', { name: 'Ok' }).click()
  await expect(iconDialog).toBeHidden()
  await expect(page.getByRole('button', { name: `Retirer ${categoryLabel}` })).toBeVisible()
  // Focus is back in the categories box, whose list opened again: close it as a user would.
  await page.getByRole('combobox', { name: 'Catégories' }).press('Escape')

  await page.getByRole('button', { name: 'Valider' }).click()
  // Create success replaces the form with the consult page.
  await expect(page).toHaveURL(/\/bo\/partenaires\/\d+$/)
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(page.getByText('Consultation')).toBeVisible()
  // The record's own history under the details repeats the values it was created with: the details come first.
  await expect(page.getByText(categoryLabel).first()).toBeVisible()
  await expect(page.getByText('Odile Sauvan').first()).toBeVisible()

  const photos = page.getByRole('region', { name: 'Photos' })
  await photos.locator('input[type=file]').setInputFiles(await pngFile('vitrine.png'))
  await expect(photos.getByRole('button', { name: /^Agrandir/ })).toHaveCount(1)
  await expect(page.getByTestId('photo-uploading')).toHaveCount(0)

  const coupons = page.getByRole('region', { name: 'Coupons' })
  await coupons.getByRole('button', { name: 'Ajouter' }).click()
  const couponDialog = page.getByRole('dialog', { name: 'Ajouter un coupon' })
  await couponDialog.getByLabel('Libelle').fill('-10 % sur les livres anciens')
  await couponDialog.getByLabel("Date d'expiration").fill('2031-12-31')
  await couponDialog.getByRole('button', { name: 'Valider' }).click()
  await expect(couponDialog).toBeHidden()
  await expect(coupons.getByRole('button', { name: /-10 % sur les livres anciens/ })).toContainText(
    "Valable jusqu'au 31/12/2031",
  )

  // The list shows it too, found by its new category.
  await menu.getByRole('link', { name: 'Partenaires' }).click()
  await page.getByRole('searchbox', { name: 'Rechercher un partenaire' }).fill(categoryLabel.toUpperCase())
  await expect(page.getByRole('row', { name: `Consulter ${name}` })).toBeVisible()

  // A user finds it in the search and opens its page.
  const user = await registerUser(request, 'Lecteur')
  const userContext = await browser.newContext({ viewport: { width: 412, height: 915 } })
  const userPage = await userContext.newPage()
  await signInAs(userPage, user)
  await userPage.goto('/rechercher')
  await userPage.getByPlaceholder('Rechercher un partenaire').fill(name)
  const row = userPage.getByTestId('partner-row').filter({ hasText: name })
  await expect(row).toBeVisible()
  await expect(row).toContainText(categoryLabel)
  await expect(row).toContainText('-10 % sur les livres anciens')
  await row.click()
  await expect(userPage).toHaveURL(/\/partenaire\/\d+$/)
  await expect(userPage.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(userPage.getByRole('heading', { name: 'Offres disponibles' })).toBeVisible()
  await expect(userPage.getByText('-10 % sur les livres anciens')).toBeVisible()
  await userContext.close()
})
