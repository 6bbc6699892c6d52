import { expect, test } from './fixtures.ts'
import { choose, pngFile, signInAsAdmin } from './adminSupport.ts'
import { registerUser, signInAs } from './support.ts'

test('un administrateur publie une page d’accueil qu’un utilisateur voit dans le carrousel', async ({
  page,
  browser,
  request,
}) => {
  const title = `Nouveautés de la semaine ${Date.now()}`

  await signInAsAdmin(page)
  await page.goto('/bo/gerer-accueil')
  await expect(page.getByRole('heading', { level: 1, name: "Gestion de la page d'accueil" })).toBeVisible()
  await page.getByRole('button', { name: 'Ajouter' }).click()
  const dialog = page.getByRole('dialog', { name: 'Ajouter une page' })

  // The image is mandatory when creating.
  await dialog.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(dialog.getByText("L'image est obligatoire")).toBeVisible()

  await dialog.locator('input[type=file]').setInputFiles(await pngFile('nouveautes.png'))
  await dialog.getByLabel('Titre').fill(title)
  await dialog.getByLabel('Position').fill('0')
  await choose(dialog, page, 'Status', 'Publié')
  await dialog.getByLabel('Texte du lien').fill('Voir les partenaires')
  await dialog.getByLabel('URL du lien').fill('/rechercher')
  await choose(dialog, page, 'Cible du lien', 'Même page')
  await dialog.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(dialog).toBeHidden()
  const card = page.getByRole('article', { name: title })
  await expect(card).toBeVisible()
  await expect(card).toContainText('Publié')
  await expect(card.getByRole('link', { name: 'Voir les partenaires' })).toHaveAttribute(
    'href',
    '/rechercher',
  )

  const user = await registerUser(request, 'Lectrice')
  const userContext = await browser.newContext({ viewport: { width: 412, height: 915 } })
  const userPage = await userContext.newPage()
  await signInAs(userPage, user)
  await userPage.goto('/')
  // Position 0 puts it first in the carousel.
  await expect(userPage.getByText(title)).toBeVisible()
  await userContext.close()

  // Back to draft: ordinary users no longer get it.
  await card.getByRole('button', { name: `Modifier « ${title} »` }).click()
  const editDialog = page.getByRole('dialog', { name: 'Editier une page' })
  await choose(editDialog, page, 'Status', 'Brouillon')
  await editDialog.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(editDialog).toBeHidden()
  await expect(card).toHaveAttribute('data-dimmed', 'true')
  const published = await request.get('/api/articles/articles-published', {
    headers: { Authorization: `Bearer ${user.access_token}` },
  })
  expect((await published.json()).map((article: { title: string }) => article.title)).not.toContain(title)
})
