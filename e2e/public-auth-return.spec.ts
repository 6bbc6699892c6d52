import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { firstPartnerId, registerUser } from './support.ts'

/** Fills the login form the guard sent the visitor to, and sends it. */
async function signInThroughForm(page: Page, user: { email: string; password: string }) {
  await page.getByLabel('Email').fill(user.email)
  await page.getByLabel('Mot de passe', { exact: true }).fill(user.password)
  await page.getByRole('button', { name: 'Se connecter' }).click()
}

/*
 * README, "Decisions where the specification is silent": after sign-in (or sign-up) a visitor the guard sent to
 * /login returns to the page they asked for. Each page below is opened by a full page load, signed out, as from
 * a bookmark or a shared link.
 */
test('déconnecté, on demande la page d’un partenaire : on y arrive après connexion', async ({
  page,
  request,
}) => {
  const user = await registerUser(request, 'Retour')
  const partnerId = await firstPartnerId(page, user.access_token)

  await page.goto(`/partenaire/${partnerId}`)
  await expect(page).toHaveURL(/\/login$/)
  await signInThroughForm(page, user)

  await expect(page).toHaveURL(new RegExp(`/partenaire/${partnerId}$`))
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
})

test('déconnecté, on demande « Mes coupons utilisés » : on y arrive après connexion', async ({
  page,
  request,
}) => {
  const user = await registerUser(request, 'Coupons')

  await page.goto('/mes-coupons')
  await expect(page).toHaveURL(/\/login$/)
  await signInThroughForm(page, user)

  await expect(page).toHaveURL(/\/mes-coupons$/)
  await expect(page.getByRole('heading', { name: 'Mes coupons utilisés' })).toBeVisible()
})

test('la page demandée est gardée quand la page de connexion est rechargée, ou ouverte avec ?retour=', async ({
  page,
  request,
}) => {
  const user = await registerUser(request, 'Recharge')

  await page.goto('/favoris')
  await expect(page).toHaveURL(/\/login$/)
  await page.reload()
  await signInThroughForm(page, user)
  await expect(page).toHaveURL(/\/favoris$/)

  await page.goto('/menu')
  await page.getByRole('button', { name: 'Déconnexion' }).click()
  await expect(page).toHaveURL(/\/login$/)

  // A link to the login page that names where to go next, loaded afresh.
  await page.goto('/login?retour=%2Fmes-coupons')
  await signInThroughForm(page, user)
  await expect(page).toHaveURL(/\/mes-coupons$/)
})

test('?retour= ne mène jamais hors du site', async ({ page, request }) => {
  const user = await registerUser(request, 'Ailleurs')

  await page.goto('/login?retour=%2F%2Fexemple.com%2Fpiege')
  await signInThroughForm(page, user)
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/)
})

test('après inscription depuis une page protégée, on arrive sur cette page', async ({ page }) => {
  await page.goto('/mes-coupons')
  await expect(page).toHaveURL(/\/login$/)
  await page.getByRole('link', { name: "Vous n'avez pas encore de compte? Créez un compte" }).click()
  await expect(page).toHaveURL(/\/inscription$/)

  await page.getByLabel('Prénom').fill('Inès')
  await page.getByLabel('Nom', { exact: true }).fill('Garnier')
  await page.getByLabel('Email').fill(`ines.${Date.now()}@exemple.fr`)
  await page.getByLabel('Mot de passe', { exact: true }).fill('une phrase de passe assez longue')
  await page.getByRole('checkbox', { name: /conditions générales/ }).click()
  await page.getByRole('checkbox', { name: /politique de confidentialité/ }).click()
  await page.getByRole('button', { name: "S'inscrire" }).click()

  await expect(page).toHaveURL(/\/mes-coupons$/)
  await expect(page.getByRole('heading', { name: 'Mes coupons utilisés' })).toBeVisible()
})

test('une session refusée par le serveur (401) mène à la connexion, puis de retour à la page où elle a pris fin', async ({
  page,
  request,
}) => {
  const user = await registerUser(request, 'Expiree')
  // The session the app restores is one the server no longer accepts (an expired or revoked token).
  await page.addInitScript(
    (stored) => {
      if (!sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1')
        localStorage.setItem('user', stored)
      }
    },
    JSON.stringify({ ...user, access_token: 'jeton.refuse.par-le-serveur' }),
  )

  await page.goto('/mes-coupons')
  await expect(page).toHaveURL(/\/login$/)
  await signInThroughForm(page, user)

  await expect(page).toHaveURL(/\/mes-coupons$/)
  await expect(page.getByRole('heading', { name: 'Mes coupons utilisés' })).toBeVisible()
})
