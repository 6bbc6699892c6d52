import { expect, test } from './fixtures.ts'
import type { AuthUser, PartnerPage } from '../contract/schemas.ts'
import { apiPaths } from '../contract/paths.ts'
import { e2eAdmin } from '../playwright.config.ts'
import { registerUser, signInAs } from './support.ts'

test('« Retour » ne quitte jamais l’application : page précédente de l’application, sinon l’accueil', async ({
  page,
  request,
}) => {
  const user = await registerUser(request, 'Retour')
  await signInAs(page, user)

  // Opened from a link, as in a new tab: there is no page of the app to go back to.
  await page.goto('/partenaire/1')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.getByRole('button', { name: 'Retour' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page).toHaveTitle('Accueil — Partenaires')

  await page.goto('/rechercher')
  await page.getByRole('button', { name: 'Retour' }).click()
  await expect(page).toHaveURL(/\/$/)

  // Inside the app it is one step back, also after a reload.
  await page
    .getByRole('navigation', { name: 'Navigation principale' })
    .getByRole('link', { name: 'Rechercher' })
    .click()
  await page.getByTestId('partner-row').first().click()
  await expect(page).toHaveURL(/\/partenaire\/\d+$/)
  await page.reload()
  await page.getByRole('button', { name: 'Retour' }).click()
  await expect(page).toHaveURL(/\/rechercher/)
})

test('un partenaire absent ou inactif est la page non trouvée, même juste après la page accès refusé', async ({
  page,
  request,
}) => {
  const admin = (await (
    await request.post(apiPaths.authenticate(), {
      data: { username: e2eAdmin.email, password: e2eAdmin.password },
    })
  ).json()) as AuthUser
  const everyPartner = (
    (await (
      await request.get(apiPaths.partners(), {
        headers: { Authorization: `Bearer ${admin.access_token}` },
        params: { pageSize: 100 },
      })
    ).json()) as PartnerPage
  ).items
  const inactive = everyPartner.find((partner) => partner.status !== 'ACTIF')
  if (!inactive) throw new Error('Les données de démonstration n’ont plus de partenaire inactif')

  const user = await registerUser(request, 'Absent')
  await signInAs(page, user)
  await page.goto('/bo/partenaires')
  await expect(page.getByRole('heading', { name: 'Oups ! Accès refusé' })).toBeVisible()

  await page.goto('/partenaire/99999')
  await expect(page.getByRole('heading', { name: 'Oups ! Page non trouvée' })).toBeVisible()
  await expect(page).toHaveURL(/\/partenaire\/99999$/)
  await expect(page).toHaveTitle('Page non trouvée — Partenaires')
  await expect(page.getByText('Accès refusé')).toHaveCount(0)
  // One message only: the page, no toast on top of it.
  await expect(page.getByText('Partenaire introuvable.')).toHaveCount(0)

  // Reached inside the app (the previous page is the access-denied one in this tab's history).
  await page.goto('/unauthorized')
  await page.evaluate((path) => {
    window.history.pushState({}, '', path)
    window.dispatchEvent(new PopStateEvent('popstate'))
  }, `/partenaire/${inactive.partnerId.id}`)
  await expect(page.getByRole('heading', { name: 'Oups ! Page non trouvée' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Oups ! Accès refusé' })).toHaveCount(0)

  await page.goto('/partenaire/pas-un-numero')
  await expect(page.getByRole('heading', { name: 'Oups ! Page non trouvée' })).toBeVisible()
})
