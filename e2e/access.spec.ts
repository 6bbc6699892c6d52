import { expect, test } from './fixtures.ts'
import { registerUser, signInAs } from './support.ts'

test('un utilisateur sans le rôle administrateur qui ouvre /bo/... arrive sur la page accès refusé', async ({
  page,
  request,
}) => {
  const user = await registerUser(request, 'Curieux')
  await signInAs(page, user)

  await page.goto('/bo/partenaires')
  await expect(page).toHaveURL(/\/unauthorized$/)
  await expect(page.getByRole('heading', { name: 'Oups ! Accès refusé' })).toBeVisible()

  // The API refuses too, whatever the screens do.
  const response = await page.request.get('/api/users', {
    headers: { Authorization: `Bearer ${user.access_token}` },
  })
  expect(response.status()).toBe(403)
  expect((await response.json()).message).toBeTruthy()

  await page.getByRole('link', { name: "Retour à l'accueil" }).click()
  await expect(page).toHaveURL(/\/$/)
})

test('un visiteur non connecté est renvoyé vers la connexion, partout', async ({ page }) => {
  for (const path of ['/', '/rechercher', '/map', '/menu', '/bo/gerer-accueil']) {
    await page.goto(path)
    await expect(page).toHaveURL(/\/login$/)
  }
})
