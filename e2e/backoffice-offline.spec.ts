import { expect, test } from './fixtures.ts'
import { signInAsAdmin } from './adminSupport.ts'

/**
 * A back-office screen whose code cannot be fetched (the network gone, a release replaced on the server): the
 * French page in the shell, its menu still there, and 'Réessayer' brings the screen once the code comes.
 */
test('un écran du back-office dont le code manque le dit en français, dans le menu d’administration', async ({
  page,
}) => {
  await signInAsAdmin(page)
  await page.goto('/bo/gerer-accueil')
  const menu = page.getByRole('navigation', { name: "Menu d'administration" })
  await expect(menu).toBeVisible()

  const journalChunk = '**/assets/bo-JournalScreen-*.js'
  await page.route(journalChunk, (route) => route.abort('internetdisconnected'))
  await menu.getByRole('link', { name: 'Journal' }).click()
  const unavailable = page.getByRole('heading', { level: 1, name: 'Page indisponible hors connexion' })
  await expect(unavailable).toBeVisible()
  await expect(page.getByText('Vérifiez votre connexion puis réessayez.')).toBeVisible()
  await expect(menu).toBeVisible()
  await expect(page).toHaveTitle('Page indisponible hors connexion — Partenaires')
  await expect(page.getByText(/Unexpected Application Error|dynamically imported module/)).toHaveCount(0)

  await page.unroute(journalChunk)
  await page.getByRole('button', { name: 'Réessayer' }).click()
  await expect(page).toHaveTitle('Journal — Administration — Partenaires')
  await expect(unavailable).toHaveCount(0)
  await expect(menu).toBeVisible()
})
