import { expect, test } from './fixtures.ts'
import { apiPaths } from '../contract/paths.ts'
import type { Partner } from '../contract/schemas.ts'
import { signInAsAdmin } from './adminSupport.ts'
import { registerUser, signInAs } from './support.ts'

/**
 * Optimistic concurrency against the real server (issue 37 item 6): two administrators edit the same partner;
 * the one saving an older copy is refused with who changed it and when, and nothing of the other's is lost.
 */
test('deux administrateurs modifient le même partenaire : la copie ancienne est refusée (qui, quand), rechargée puis enregistrée', async ({
  page,
  browser,
  request,
  server,
}) => {
  const admin = await signInAsAdmin(page)
  const asAdmin = { Authorization: `Bearer ${admin.access_token}` }
  const name = `Bistrot des Versions ${Date.now()}`
  const created = await page.request.post(apiPaths.partners(), {
    headers: asAdmin,
    data: {
      status: 'ACTIF',
      name,
      siren: null,
      description: 'Cuisine du marché.',
      location: { address: '2 place aux Herbes', city: 'Uzès', position: { lat: 44.01, lng: 4.42 } },
      email: 'bistrot@exemple.fr',
      phone: '04 66 00 00 00',
      representativeFirstName: null,
      representativeLastName: null,
      categories: [{ label: 'Restaurants', icon: 'silverware-fork-knife' }],
      rating: null,
      userRatingsTotal: null,
    },
  })
  expect(created.status()).toBe(201)
  const partner = (await created.json()) as Partner
  const editPath = `/bo/partenaires/edit/${partner.partnerId.id}`

  // Alice Martin, a second administrator, in her own browser.
  const alice = await registerUser(request, 'Alice')
  const promoted = await page.request.put(apiPaths.user(alice.userId.id), {
    headers: asAdmin,
    data: {
      userId: alice.userId,
      firstname: 'Alice',
      lastname: 'Martin',
      email: alice.email,
      status: 'ACTIF',
      roles: ['ROLE_USER', 'ROLE_ADMIN'],
    },
  })
  expect(promoted.status()).toBe(200)
  const aliceContext = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 1366, height: 900 },
  })
  const alicePage = await aliceContext.newPage()
  await signInAs(alicePage, alice)

  // Both open the edit page of the same partner.
  await page.goto(editPath)
  await alicePage.goto(editPath)
  await expect(page.getByLabel('Dénomination')).toHaveValue(name)
  await expect(alicePage.getByLabel('Dénomination')).toHaveValue(name)

  // Alice renames it and saves.
  const renamed = `${name} (Alice)`
  await alicePage.getByLabel('Dénomination').fill(renamed)
  await alicePage.getByRole('button', { name: 'Valider' }).click()
  await expect(alicePage.getByText('Le partenaire a été modifié.', { exact: true })).toBeVisible()

  // The first administrator saves the copy read before: refused, named and dated, the typed phone kept.
  await page.getByLabel('Tél').fill('04 66 99 99 99')
  await page.getByRole('button', { name: 'Valider' }).click()
  await expect(
    page.getByText(
      /Ce partenaire a été modifié par Alice Martin le \d\d\/\d\d\/\d{4} à \d\d:\d\d : rechargez-le avant d’enregistrer\./,
    ),
  ).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`${editPath}$`))
  await expect(page.getByLabel('Tél')).toHaveValue('04 66 99 99 99')
  const kept = await page.request.get(apiPaths.partner(partner.partnerId.id), { headers: asAdmin })
  expect(((await kept.json()) as Partner).name).toBe(renamed)

  // Reloaded (after confirming), the form shows Alice's version; saving it works.
  await page.getByRole('button', { name: 'Recharger' }).click()
  const confirm = page.getByRole('dialog', { name: 'Recharger la version actuelle ?' })
  await confirm.getByRole('button', { name: 'Recharger' }).click()
  await expect(page.getByLabel('Dénomination')).toHaveValue(renamed)
  await expect(page.getByLabel('Tél')).toHaveValue('04 66 00 00 00')
  await page.getByLabel('Description').fill('Cuisine du marché, terrasse ombragée.')
  await page.getByRole('button', { name: 'Valider' }).click()
  await expect(page.getByText('Le partenaire a été modifié.', { exact: true })).toBeVisible()
  const saved = (await (
    await page.request.get(apiPaths.partner(partner.partnerId.id), { headers: asAdmin })
  ).json()) as Partner
  expect(saved).toMatchObject({ name: renamed, description: 'Cuisine du marché, terrasse ombragée.' })
  await aliceContext.close()
})
