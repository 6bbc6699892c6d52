import { choose, signInAsAdmin } from './adminSupport.ts'
import { googleMapsDoubleState } from './googleMapsDouble.ts'
import { expect, test } from './googleMapsServer.ts'

/**
 * The partner form's 'Rechercher un partenaire sur google' on Google's code path (Places autocomplete restricted to
 * French establishments, then place details), answered by the local double, against a server that has a key.
 */
test('un lieu trouvé sur Google pré-remplit le nouveau partenaire, qui est créé avec ces données', async ({
  page,
}) => {
  await signInAsAdmin(page)
  await page.goto('/bo/partenaires/nouveau')
  await expect(page.getByRole('heading', { level: 1, name: 'Nouveau Partenaire' })).toBeVisible()

  const search = page.getByRole('combobox', { name: 'Rechercher un partenaire sur google' })
  await expect(search).toBeEnabled()
  await search.fill('navettes')
  const option = page.getByRole('option', { name: /Four des Navettes/ })
  await expect(option).toContainText('136 Rue Sainte, 13007 Marseille, France')
  // Only establishments: the cities of the same name never show here.
  await search.fill('Marseille')
  await expect(page.getByRole('option')).toHaveCount(0)
  await search.fill('navettes')
  await page.getByRole('option', { name: /Four des Navettes/ }).click()

  // Address from street number and street name, city from the locality (spec), position and phone from Google.
  await expect(page.getByLabel('Dénomination', { exact: true })).toHaveValue('Four des Navettes')
  await expect(page.getByLabel('Adresse', { exact: true })).toHaveValue('136 Rue Sainte')
  await expect(page.getByLabel('Ville', { exact: true })).toHaveValue('Marseille')
  await expect(page.getByLabel('Latitude', { exact: true })).toHaveValue('43.290509')
  await expect(page.getByLabel('Longitude', { exact: true })).toHaveValue('5.365143')
  await expect(page.getByLabel('Tél', { exact: true })).toHaveValue('04 91 33 32 12')

  const requests = (await googleMapsDoubleState(page))!.requests
  const suggestions = requests.filter((r) => r.kind === 'autocomplete')
  for (const suggestion of suggestions)
    expect(suggestion).toMatchObject({ includedPrimaryTypes: ['establishment'], includedRegionCodes: ['fr'] })
  // The chosen label that fills the box is not searched again (a new, never-ended session).
  expect(suggestions.map((suggestion) => suggestion.input)).not.toContain('Four des Navettes')
  const details = requests.filter((r) => r.kind === 'placeDetails')
  expect(details).toHaveLength(1)
  expect(details[0].sessionToken).toBe(suggestions.at(-1)!.sessionToken)
  expect(details[0].fields).toEqual(
    expect.arrayContaining(['displayName', 'location', 'addressComponents', 'nationalPhoneNumber', 'rating']),
  )

  // The rest by hand, then the partner is created with Google's data.
  await choose(page, page, 'Status', 'Actif')
  await page.getByLabel('Description', { exact: true }).fill('Les navettes de Marseille depuis 1781.')
  await page.getByLabel('Email', { exact: true }).fill(`four.${Date.now()}@exemple.fr`)
  await page.getByLabel('Prénom Gérant', { exact: true }).fill('Marie')
  await page.getByLabel('Nom Gérant', { exact: true }).fill('Durand')
  await page.getByRole('combobox', { name: 'Catégories' }).fill('Boulangeries')
  await page.getByRole('option', { name: 'Boulangeries' }).click()
  await page.getByRole('combobox', { name: 'Catégories' }).press('Escape')
  await page.getByRole('button', { name: 'Valider' }).click()
  await expect(page).toHaveURL(/\/bo\/partenaires\/\d+$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Four des Navettes' })).toBeVisible()
  // The details come first; the record's history under them repeats the created values.
  await expect(page.getByText('136 Rue Sainte').first()).toBeVisible()
  await expect(page.getByText('43.290509').first()).toBeVisible()
})
