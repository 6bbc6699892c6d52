import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import type { AccountExport } from '../contract/account.ts'
import { apiPaths } from '../contract/paths.ts'
import { expect, test } from './fixtures.ts'
import { registerUser, signInAs } from './support.ts'

/** Clicks a download button of 'Mes données' and reads the saved file. */
async function download(page: Page, button: string) {
  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: button }).click()
  const file = await downloading
  return { name: file.suggestedFilename(), text: await readFile((await file.path())!, 'utf8') }
}

/** Tries to sign in on the sign-in page and returns what its alert says. */
async function signInFails(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Mot de passe', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Se connecter' }).click()
  const alert = page.getByRole('alert')
  await expect(alert).toBeVisible()
  return (await alert.textContent())?.trim()
}

test('mon compte : changer son nom et son mot de passe, télécharger ses données, supprimer son compte, puis ne plus pouvoir se connecter', async ({
  page,
  request,
}) => {
  const user = await registerUser(request, 'Compte')
  const firstToken = (await signInAs(page, user)).access_token

  // From the Menu to 'Mon compte'.
  await page.goto('/menu')
  await page.getByRole('link', { name: 'Mon compte' }).click()
  await expect(page).toHaveURL(/\/compte$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Mon compte' })).toBeVisible()

  // The name.
  const name = page.getByRole('form', { name: 'Nom' })
  await name.getByLabel('Prénom').fill('Renommée')
  await name.getByRole('button', { name: 'Enregistrer le nom' }).click()
  await expect(name.getByText('Votre nom a été enregistré.')).toBeVisible()

  // The password: this device stays signed in on the answer's new token, the former one is refused.
  const newPassword = 'une toute nouvelle phrase de passe'
  const password = page.getByRole('form', { name: 'Mot de passe' })
  await password.getByLabel('Mot de passe actuel').fill(user.password)
  await password.getByLabel('Nouveau mot de passe').fill(newPassword)
  await password.getByRole('button', { name: 'Changer le mot de passe' }).click()
  await expect(password.getByText(/Vos autres appareils ont été déconnectés/)).toBeVisible()
  const formerToken = await request.get(apiPaths.me(), { headers: { authorization: `Bearer ${firstToken}` } })
  expect(formerToken.status()).toBe(401)

  // A new page load: the session restored with its new token, the Menu shows the new name.
  await page.goto('/menu')
  await expect(page.getByText('Renommée Parcours')).toBeVisible()

  // The data, from the Menu's entry: the JSON file of everything held, and the CSV.
  await page.getByRole('link', { name: 'Télécharger mes données' }).click()
  await expect(page.getByRole('heading', { name: 'Mes données' })).toBeFocused()
  const json = await download(page, 'Télécharger (JSON)')
  expect(json.name).toMatch(/^mes-donnees-partenaires-\d{4}-\d{2}-\d{2}\.json$/)
  const data = JSON.parse(json.text) as AccountExport
  expect(data.profile).toMatchObject({ firstname: 'Renommée', lastname: 'Parcours', email: user.email })
  expect(data.consents.length).toBeGreaterThan(0)
  const csv = await download(page, 'Télécharger (CSV)')
  expect(csv.name).toMatch(/^mes-donnees-partenaires-\d{4}-\d{2}-\d{2}\.csv$/)
  expect(csv.text.startsWith('\uFEFF')).toBe(true)
  expect(csv.text).toContain(user.email)

  // The deletion: the dialog, the password, then the sign-in page that says so.
  await page.getByRole('button', { name: 'Supprimer mon compte' }).click()
  const dialog = page.getByRole('dialog', { name: 'Supprimer mon compte' })
  await expect(dialog.getByText('vos favoris ;')).toBeVisible()
  await dialog.getByLabel('Mot de passe', { exact: true }).fill(newPassword)
  await dialog.getByRole('button', { name: 'Supprimer mon compte' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByText(/Votre compte a été supprimé/)).toBeVisible()
  // Nothing typed on another page lands in the sign-in form (the deletion's password).
  await expect(page.getByLabel('Mot de passe', { exact: true })).toHaveValue('')
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull()

  // The old address now fails exactly as an address nobody has.
  const deleted = await signInFails(page, user.email, newPassword)
  expect(deleted).toBe('Email ou mot de passe incorrect')
  const unknown = await signInFails(page, `personne.${Date.now()}@exemple.fr`, newPassword)
  expect(unknown).toBe(deleted)
  const [apiDeleted, apiUnknown] = await Promise.all([
    request.post(apiPaths.authenticate(), { data: { username: user.email, password: newPassword } }),
    request.post(apiPaths.authenticate(), {
      data: { username: `personne.${Date.now()}@exemple.fr`, password: newPassword },
    }),
  ])
  expect(apiDeleted.status()).toBe(apiUnknown.status())
  expect(await apiDeleted.json()).toEqual(await apiUnknown.json())
})

test('les pages légales s’ouvrent sans session, depuis la connexion', async ({ page, request }) => {
  const legalPages = [
    ['/confidentialite', 'Politique de confidentialité'],
    ['/mentions-legales', 'Mentions légales'],
    ['/accessibilite', 'Déclaration d’accessibilité'],
  ]
  // Prerendered: their HTML carries their title and their text before any script.
  for (const [path, heading] of legalPages) {
    const html = await (await request.get(path, { headers: { accept: 'text/html' } })).text()
    expect(/<title>([^<]*)<\/title>/.exec(html)?.[1], path).toBe(`${heading} — Partenaires`)
    expect(html, path).toContain(heading)
  }

  await page.goto('/login')
  const legal = page.getByRole('navigation', { name: 'Informations légales' })
  await legal.getByRole('link', { name: 'Politique de confidentialité' }).click()
  await expect(page).toHaveURL(/\/confidentialite$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Politique de confidentialité' })).toBeVisible()
  await expect(page.getByText(/Après 36 mois sans connexion/)).toBeVisible()
  await page.getByRole('button', { name: 'Retour' }).click()
  await expect(page).toHaveURL(/\/login$/)
  // Each one hydrates its HTML as it is (no mismatch), then fills the operator's facts in.
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  for (const [path, heading] of legalPages) {
    await page.goto(path)
    await expect(page.locator('html')).toHaveAttribute('data-app-start', 'hydrated')
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    await expect(page).toHaveTitle(`${heading} — Partenaires`)
  }
  // The journeys' server sets no LEGAL_* variable: the notice says so once the configuration is read.
  await page.goto('/mentions-legales')
  await expect(page.getByText('non renseigné par l’exploitant').first()).toBeVisible()
  expect(errors).toEqual([])
})
