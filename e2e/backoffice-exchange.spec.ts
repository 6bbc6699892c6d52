import { readFile } from 'node:fs/promises'
import { expect, test } from './fixtures.ts'
import type { PartnerSearchResult } from '../contract/schemas.ts'
import { apiPaths } from '../contract/paths.ts'
import { signInAsAdmin } from './adminSupport.ts'
import { registerUser } from './support.ts'

test('un administrateur exporte les partenaires en CSV : fichier français, première ligne d’en-têtes', async ({
  page,
}) => {
  await signInAsAdmin(page)
  await page.goto('/bo/partenaires')
  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Exporter (CSV)' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^partenaires-\d{4}-\d{2}-\d{2}\.csv$/)
  const bytes = await readFile((await download.path())!)
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  expect(bytes.toString('utf8').slice(1).split('\r\n')[0]).toBe(
    'Id;Dénomination;Description;SIREN;Adresse;Ville;Latitude;Longitude;Email;Téléphone;Prénom gérant;Nom gérant;Catégories;Statut;Créé le;Modifié le;Version',
  )
})

test('un administrateur importe un petit fichier de partenaires et les retrouve dans la liste', async ({
  page,
}) => {
  const stamp = Date.now().toString(36)
  const csv = [
    'Dénomination;Description;Adresse;Code postal;Ville;Latitude;Longitude;Email;Téléphone;Catégories;Statut',
    `Import ${stamp} Café;Un café;1 rue du Test;13001;Marseille;43,2965;5,3698;cafe-${stamp}@test.fr;04 91 00 00 00;Restaurants;Actif`,
    `Import ${stamp} Livres;Des livres;2 rue du Test;1300;Marseille;43,2965;5,3698;livres-${stamp}@test.fr;04 91 00 00 01;Librairies ${stamp};Actif`,
  ].join('\r\n')

  await signInAsAdmin(page)
  await page.goto('/bo/partenaires')
  await page.getByRole('link', { name: 'Importer (CSV)' }).click()
  await expect(page).toHaveURL(/\/bo\/partenaires\/import$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Importer des partenaires' })).toBeVisible()
  await expect(page).toHaveTitle('Importer des partenaires — Administration — Partenaires')

  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'Choisir un fichier CSV' }).click()
  await (await chooser).setFiles({ name: 'partenaires.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
  await expect(page.getByText('2 lignes lues : 1 partenaire prêt, 1 erreur.')).toBeVisible()
  await expect(page.getByText('Ligne 3 : le code postal doit comporter 5 chiffres.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Importer 1 partenaire' })).toBeDisabled()

  // The corrected file, with the new category created on request.
  await page.getByRole('checkbox', { name: 'Créer les catégories manquantes' }).click()
  const again = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'Choisir un fichier CSV' }).click()
  await (
    await again
  ).setFiles({
    name: 'partenaires.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv.replace(';1300;', ';13002;')),
  })
  await expect(page.getByText('2 lignes lues : 2 partenaires prêts, 0 erreur.')).toBeVisible()
  await expect(page.getByText(`Librairies ${stamp}`).first()).toBeVisible()
  await page.getByRole('button', { name: 'Importer 2 partenaires' }).click()
  await expect(page.getByText('2 partenaires importés.')).toBeVisible()

  // The same file again: both lines are now duplicates of saved partners, ignored unless chosen otherwise.
  const twice = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'Choisir un fichier CSV' }).click()
  await (
    await twice
  ).setFiles({
    name: 'partenaires.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv.replace(';1300;', ';13002;').replace('Un café', 'Un café rénové')),
  })
  await expect(page.getByText('2 lignes lues : 0 partenaire prêt, 2 doublons, 0 erreur.')).toBeVisible()
  const duplicates = page.getByRole('table', { name: 'Doublons' })
  await expect(duplicates.getByRole('row', { name: new RegExp(`^2 Import ${stamp} Café`) })).toContainText(
    `Partenaire existant (Id`,
  )
  await expect(page.getByRole('button', { name: 'Importer 0 partenaire' })).toBeDisabled()
  await page.getByRole('combobox', { name: 'Ligne 2' }).click()
  await page.getByRole('option', { name: 'Mettre à jour' }).click()
  await page.getByRole('button', { name: 'Importer 1 partenaire' }).click()
  await expect(page.getByText('1 partenaire mis à jour, 1 doublon ignoré.')).toBeVisible()

  await page.getByRole('link', { name: 'Voir les partenaires' }).click()
  await expect(page).toHaveURL(/\/bo\/partenaires$/)
  await page.getByRole('searchbox', { name: 'Rechercher un partenaire' }).fill(stamp)
  await expect(page.getByRole('row', { name: `Consulter Import ${stamp} Café` })).toBeVisible()
  await expect(page.getByRole('row', { name: `Consulter Import ${stamp} Livres` })).toContainText(
    `Librairies ${stamp}`,
  )
})

test('le tableau de bord montre une utilisation faite dans le parcours', async ({ page, request }) => {
  const user = await registerUser(request, 'Tableau')
  const auth = { Authorization: `Bearer ${user.access_token}` }
  const search = await request.get(apiPaths.partnerSearch(), { headers: auth, params: { city: 'Marseille' } })
  const partners = (await search.json()) as PartnerSearchResult[]
  const partner = partners.find((candidate) =>
    candidate.discountOffers.some((offer) => offer.status === 'ENABLED'),
  )!
  const offer = partner.discountOffers.find((candidate) => candidate.status === 'ENABLED')!

  await signInAsAdmin(page)
  await page.goto('/bo/gerer-accueil')
  await page
    .getByRole('navigation', { name: "Menu d'administration" })
    .getByRole('link', { name: 'Tableau de bord' })
    .click()
  await expect(page).toHaveURL(/\/bo\/tableau-de-bord$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible()
  await expect(page).toHaveTitle('Tableau de bord — Administration — Partenaires')
  const usesBefore = Number(await page.locator('dt:text-is("Coupons utilisés") + dd').textContent())

  expect(
    (
      await request.put(apiPaths.deactivateOffer(user.userId.id, partner.partnerId.id, offer.id.id), {
        headers: auth,
      })
    ).status(),
  ).toBe(200)

  await page.reload()
  await expect(page.locator('dt:text-is("Coupons utilisés") + dd')).toHaveText(String(usesBefore + 1))
  const top = page.getByRole('region', { name: 'Partenaires les plus utilisés' })
  await top.getByRole('button', { name: 'Afficher le tableau' }).click()
  await expect(top.getByRole('table', { name: 'Partenaires les plus utilisés' })).toContainText(partner.name)
})
