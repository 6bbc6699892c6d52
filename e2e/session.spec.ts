import { expect, test } from './fixtures.ts'

/** The walking skeleton's journey: register -> Home -> reload keeps the session -> logout -> /login. */
test('un nouvel utilisateur s’inscrit, garde sa session au rechargement puis se déconnecte', async ({
  page,
}) => {
  const email = `nouvel.utilisateur.${Date.now()}@exemple.fr`

  await page.goto('/')
  await expect(page).toHaveURL(/\/login$/)

  await page.getByRole('link', { name: "Vous n'avez pas encore de compte? Créez un compte" }).click()
  await expect(page).toHaveURL(/\/inscription$/)
  await page.getByLabel('Prénom').fill('Léa')
  await page.getByLabel('Nom', { exact: true }).fill('Rousseau')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Mot de passe', { exact: true }).fill('une phrase de passe assez longue')
  const submit = page.getByRole('button', { name: "S'inscrire" })
  await expect(submit).toBeDisabled()
  await page.getByRole('checkbox', { name: /conditions générales/ }).click()
  await page.getByRole('checkbox', { name: /politique de confidentialité/ }).click()
  await submit.click()

  await expect(page).toHaveURL(/\/$/)
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'))
  expect(stored).toMatchObject({ email, roles: ['ROLE_USER'] })
  expect(typeof stored.access_token).toBe('string')

  await page.reload()
  await expect(page).toHaveURL(/\/$/)

  // A signed-in visitor on /login goes to Home.
  await page.goto('/login')
  await expect(page).toHaveURL(/\/$/)

  await page.goto('/menu')
  await page.getByRole('button', { name: 'Déconnexion' }).click()
  await expect(page).toHaveURL(/\/login$/)
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull()

  await page.goto('/')
  await expect(page).toHaveURL(/\/login$/)
})

test('un mauvais mot de passe affiche l’alerte du spec', async ({ page }) => {
  await page.goto('/login')
  await page.getByLabel('Email').fill('personne@exemple.fr')
  await page.getByLabel('Mot de passe', { exact: true }).fill('pas-le-bon-mot-de-passe')
  await page.getByRole('button', { name: 'Se connecter' }).click()
  await expect(page.getByRole('alert')).toHaveText('Email ou mot de passe incorrect')
})

test('une adresse inconnue affiche la page non trouvée', async ({ page }) => {
  await page.goto('/cette-page-n-existe-pas')
  await expect(page.getByRole('heading', { name: 'Oups ! Page non trouvée' })).toBeVisible()
})
