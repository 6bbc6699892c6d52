import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { expect, test } from './fixtures.ts'
import { registerUser } from './support.ts'

/** Quoted-printable bodies fold long lines and escape '=': undo both before looking for the link. */
const decodeQuotedPrintable = (text: string) =>
  text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))

/** The reset link of the last mail the server wrote to `email` in DATA_DIR/outbox (no SMTP in the tests). */
async function resetLinkFor(dataDir: string, email: string): Promise<string | null> {
  const outbox = join(dataDir, 'outbox')
  const files = (await readdir(outbox).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort()
  for (const file of files.reverse()) {
    const mail = decodeQuotedPrintable(await readFile(join(outbox, file), 'utf8'))
    if (!mail.includes(email)) continue
    const match = mail.match(/https?:\/\/[^\s"<>]+\/reset-password\?token=[^\s"<>]+/)
    if (match) return match[0]
  }
  return null
}

test('un utilisateur réinitialise son mot de passe grâce au lien reçu par e-mail', async ({
  page,
  request,
  server,
}) => {
  const user = await registerUser(request, 'Oubli')

  await page.goto('/login')
  await page.getByRole('link', { name: 'Mot de passe oublié?' }).click()
  await expect(page).toHaveURL(/\/forgot-password$/)
  await page.getByLabel('Email').fill(user.email)
  await page.getByRole('button', { name: 'Envoyer le lien de réinitialisation' }).click()
  await expect(page.getByRole('status')).toHaveText('Un e-mail de réinitialisation a été envoyé.')

  let link: string | null = null
  await expect
    .poll(async () => (link = await resetLinkFor(server.dataDir, user.email)), { timeout: 10_000 })
    .not.toBeNull()
  const url = new URL(link ?? '')
  await page.goto(`${url.pathname}${url.search}`)
  await expect(page).toHaveURL(/\/reset-password\?token=/)

  const newPassword = 'une toute nouvelle phrase secrète'
  await page.getByLabel('Nouveau mot de passe').fill(newPassword)
  await page.getByLabel('Confirmer le mot de passe').fill('autre chose')
  await page.getByRole('button', { name: 'Réinitialiser le mot de passe' }).click()
  await expect(page.getByText('Les mots de passe ne correspondent pas.')).toBeVisible()

  await page.getByLabel('Confirmer le mot de passe').fill(newPassword)
  await page.getByRole('button', { name: 'Réinitialiser le mot de passe' }).click()
  await expect(page.getByRole('status')).toHaveText('Mot de passe réinitialisé avec succès.')
  // The link has served: the form goes, and the way on is signing in.
  await expect(page.getByLabel('Nouveau mot de passe')).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Se connecter' })).toHaveAttribute('href', '/login')

  // The link works once.
  await page.reload()
  await page.getByLabel('Nouveau mot de passe').fill('encore une autre phrase')
  await page.getByLabel('Confirmer le mot de passe').fill('encore une autre phrase')
  await page.getByRole('button', { name: 'Réinitialiser le mot de passe' }).click()
  const alert = page.getByRole('alert')
  await expect(alert).toContainText('Erreur lors de la réinitialisation du mot de passe.')
  // Not a dead end: the used link is explained and a new one can be asked for.
  await expect(alert).toContainText('Ce lien est invalide ou a expiré')
  await expect(alert.getByRole('link', { name: 'Demander un nouveau lien' })).toHaveAttribute(
    'href',
    '/forgot-password',
  )

  await page.getByRole('link', { name: 'Retour à la connexion' }).click()
  await page.getByLabel('Email').fill(user.email)
  await page.getByLabel('Mot de passe', { exact: true }).fill(newPassword)
  await page.getByRole('button', { name: 'Se connecter' }).click()
  await expect(page).toHaveURL(/\/$/)
})

test('sans jeton, la page de réinitialisation renvoie vers « mot de passe oublié »', async ({ page }) => {
  await page.goto('/reset-password')
  await expect(page).toHaveURL(/\/forgot-password$/)
})
