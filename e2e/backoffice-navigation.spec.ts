import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { apiPaths } from '../contract/paths.ts'
import type { Partner } from '../contract/schemas.ts'
import { e2eAdmin } from '../playwright.config.ts'
import { signInAsAdmin } from './adminSupport.ts'

/** A partner of this journey's own, created through the real API. */
async function createPartner(page: Page, accessToken: string): Promise<Partner> {
  const created = await page.request.post(apiPaths.partners(), {
    headers: { Authorization: `Bearer ${accessToken}` },
    data: {
      status: 'ACTIF',
      name: `Librairie du Retour ${Date.now()}`,
      siren: null,
      description: 'Livres anciens.',
      location: { address: '8 rue du Retour', city: 'Lyon', position: { lat: 45.76, lng: 4.83 } },
      email: 'librairie@exemple.fr',
      phone: '04 78 00 00 01',
      representativeFirstName: null,
      representativeLastName: null,
      categories: [{ label: 'Librairies', icon: 'book' }],
      rating: null,
      userRatingsTotal: null,
    },
  })
  expect(created.status()).toBe(201)
  return (await created.json()) as Partner
}

const listHeading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name })

test('une fiche inconnue ouverte sans page de l’application avant elle ramène à sa liste, pas à l’accueil du back-office', async ({
  page,
}) => {
  await signInAsAdmin(page)
  await page.goto('/bo/partenaires/99999')
  await expect(page).toHaveURL(/\/bo\/partenaires$/)
  await expect(listHeading(page, 'Partenaires')).toBeVisible()

  await page.goto('/bo/utilisateurs/99999')
  await expect(page).toHaveURL(/\/bo\/utilisateurs$/)
  await expect(listHeading(page, 'Utilisateurs')).toBeVisible()
})

test('une fiche inconnue demandée déconnecté : après la connexion, l’échec ramène à sa liste', async ({
  page,
}) => {
  // The sign-in replaces the page asked for, then the page replaces the sign-in: the tab still has no page of
  // the app before it, and one step back would leave the app.
  await page.goto('/bo/partenaires/99999')
  await expect(page).toHaveURL(/\/login$/)
  await page.getByLabel('Email').fill(e2eAdmin.email)
  await page.getByLabel('Mot de passe', { exact: true }).fill(e2eAdmin.password)
  await page.getByRole('button', { name: 'Se connecter' }).click()
  await expect(page).toHaveURL(/\/bo\/partenaires$/)
  await expect(listHeading(page, 'Partenaires')).toBeVisible()
})

test('une édition ouverte directement revient à la liste une fois validée ; venue de la fiche, elle revient à la fiche', async ({
  page,
}) => {
  const admin = await signInAsAdmin(page)
  const partner = await createPartner(page, admin.access_token)
  const id = partner.partnerId.id

  await page.goto(`/bo/partenaires/edit/${id}`)
  await expect(page.getByLabel('Dénomination')).toHaveValue(partner.name)
  await page.getByLabel('Tél').fill('04 78 00 00 02')
  await page.getByRole('button', { name: 'Valider' }).click()
  await expect(page).toHaveURL(/\/bo\/partenaires$/)
  await expect(listHeading(page, 'Partenaires')).toBeVisible()

  // Through the app: list, consult, edit; the saved edit goes back one step, to the consult page.
  await page.getByRole('searchbox', { name: 'Rechercher un partenaire' }).fill(partner.name)
  await page.getByRole('row', { name: `Consulter ${partner.name}` }).click()
  await expect(page).toHaveURL(new RegExp(`/bo/partenaires/${id}$`))
  await page.getByRole('button', { name: 'Editer' }).click()
  await expect(page).toHaveURL(new RegExp(`/bo/partenaires/edit/${id}$`))
  await expect(page.getByLabel('Tél')).toHaveValue('04 78 00 00 02')
  await page.getByLabel('Tél').fill('04 78 00 00 03')
  await page.getByRole('button', { name: 'Valider' }).click()
  await expect(page).toHaveURL(new RegExp(`/bo/partenaires/${id}$`))
  await expect(page.getByRole('heading', { level: 1, name: partner.name })).toBeVisible()
  await expect(page.getByRole('definition').filter({ hasText: /^04 78 00 00 03$/ })).toBeVisible()
  // One step further back: the list it came from.
  await page.goBack()
  await expect(page).toHaveURL(/\/bo\/partenaires(\?.*)?$/)
})
