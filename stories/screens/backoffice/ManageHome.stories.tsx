import type { Meta, StoryObj } from '@storybook/react-vite'
import { http, HttpResponse } from 'msw'
import { expect, screen, userEvent, waitFor, within } from 'storybook/test'
import type { Article, ArticleBody } from '@/contract/schemas.ts'
import { apiPaths, routePatterns } from '@/contract/paths.ts'
import { articles } from '@/mocks/fixtures/articles.ts'
import { svgImage } from '@/mocks/fixtures/images.ts'
import { signedInAdmin } from '@/mocks/fixtures/session.ts'
import { createBackofficeApi, failing, pending, slow } from '@/mocks/handlers/backoffice.ts'
import { ManageHomeScreen } from '@/src/screens/backoffice/home/ManageHomeScreen.tsx'
import { withToast } from './decorators.tsx'
import { chooseOption, expectToast, findDialog, portals } from './helpers.ts'
import { versionedRecord } from './versioned.ts'
import { fill } from '@/stories/fill.ts'

const api = createBackofficeApi()

const meta = {
  title: "Écrans/Back-office/Gestion de la page d'accueil",
  component: ManageHomeScreen,
  decorators: [withToast],
  beforeEach: () => api.reset(),
  parameters: {
    layout: 'fullscreen',
    session: { user: signedInAdmin },
    router: { path: '/bo/gerer-accueil', initialEntries: ['/bo/gerer-accueil'] },
    msw: api.handlers,
  },
  globals: { viewport: { value: 'desktop' } },
} satisfies Meta<typeof ManageHomeScreen>

export default meta
type Story = StoryObj<typeof meta>

const picture = () => new File([new Uint8Array([137, 80, 78, 71])], 'soldes.png', { type: 'image/png' })
const cards = (canvasElement: HTMLElement) =>
  within(within(canvasElement).getByRole('list', { name: "Pages de la page d'accueil", hidden: true }))
const loadedCards = async (canvasElement: HTMLElement) =>
  within(await within(canvasElement).findByRole('list', { name: "Pages de la page d'accueil" }))

async function openAddDialog(canvasElement: HTMLElement) {
  const canvas = within(canvasElement)
  await canvas.findByRole('list', { name: "Pages de la page d'accueil" })
  await userEvent.click(canvas.getByRole('button', { name: 'Ajouter' }))
  return within(await findDialog('Ajouter une page'))
}

export const Loaded: Story = {
  name: 'Chargée',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(
      canvas.getByRole('heading', { level: 1, name: "Gestion de la page d'accueil" }),
    ).toBeVisible()
    const list = await loadedCards(canvasElement)
    await waitFor(() => expect(list.getAllByRole('article')).toHaveLength(4))
    await expect(list.getAllByText('Publié')).toHaveLength(3)
    await expect(list.getAllByText('Brouillon')).toHaveLength(1)
    const draft = list.getByRole('article', { name: 'Brouillon : soldes d’été' })
    await expect(draft).toHaveAttribute('data-dimmed', 'true')
    await expect(
      list.getByRole('article', { name: 'Bienvenue dans votre annuaire de partenaires' }),
    ).toHaveTextContent('Aucun lien disponible')
    await expect(list.getByRole('link', { name: 'Voir les restaurants' })).toHaveAttribute(
      'href',
      '/rechercher?c=1',
    )
    const external = list.getByRole('link', { name: 'Le programme' })
    await expect(external).toHaveAttribute('target', '_blank')
    await expect(external).toHaveAttribute('rel', 'noopener noreferrer')
    const image = list.getByRole('img', { name: 'Les bonnes adresses du Vieux-Port' })
    await expect(image).toHaveAttribute('width', '400')
    await expect(image).toHaveAttribute('height', '550')
  },
}

export const ManyPages: Story = {
  name: 'Beaucoup de pages',
  parameters: {
    msw: createBackofficeApi({
      articles: Array.from({ length: 24 }, (_, index): Article => ({
        articleId: { id: 100 + index },
        status: index % 3 === 0 ? 'DRAFT' : 'PUBLISHED',
        title: `Page n°${index + 1}`,
        position: index + 1,
        image: svgImage(`m${index}`, `Page ${index + 1}`, '#1565c0', 400, 550),
        link: index % 2 ? { text: 'En savoir plus', url: '/rechercher', target: '' } : null,
      })),
    }).handlers,
  },
  play: async ({ canvasElement }) => {
    await waitFor(async () =>
      expect((await loadedCards(canvasElement)).getAllByRole('article')).toHaveLength(24),
    )
  },
}

export const Loading: Story = {
  name: 'Chargement',
  parameters: { msw: [pending('get', apiPaths.articles()), ...api.handlers] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Chargement des pages' })).toBeVisible()
  },
}

export const Empty: Story = {
  name: 'Vide',
  parameters: { msw: createBackofficeApi({ articles: [] }).handlers },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Aucune page pour le moment.')).toBeVisible()
  },
}

export const LoadFailure: Story = {
  name: 'Erreur de chargement',
  parameters: { msw: [failing('get', apiPaths.articles()), ...api.handlers] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByText("Impossible de charger les pages d'accueil.")).toBeVisible()
    // One message: in place, not a toast on top of it.
    await expect(screen.queryByText('Une erreur interne est survenue.')).toBeNull()
    await expect(canvas.getByRole('button', { name: 'Réessayer' })).toBeVisible()
  },
}

export const Add: Story = {
  name: 'Ajout d’une page',
  play: async ({ canvasElement }) => {
    const dialog = await openAddDialog(canvasElement)
    await userEvent.upload(
      portals().getByRole('dialog').querySelector<HTMLInputElement>('input[type=file]')!,
      picture(),
    )
    await expect(dialog.getByRole('img', { name: "Aperçu de l'image" })).toBeVisible()
    await fill(dialog.getByLabelText('Titre'), 'Les soldes chez nos partenaires')
    await expect(dialog.getByLabelText('Position')).toHaveValue('5')
    await chooseOption(dialog.getByLabelText('Status'), 'Publié')
    await fill(dialog.getByLabelText('Texte du lien'), 'Voir les offres')
    await fill(dialog.getByLabelText('URL du lien'), 'https://exemple.fr/soldes')
    await chooseOption(dialog.getByLabelText('Cible du lien'), 'Nouvel onglet')
    await userEvent.click(dialog.getByRole('button', { name: 'Enregistrer' }))
    await waitFor(() => expect(portals().queryByRole('dialog')).toBeNull())
    await expect(api.lastBody<ArticleBody>('POST', apiPaths.articles())).toEqual({
      title: 'Les soldes chez nos partenaires',
      position: 5,
      status: 'PUBLISHED',
      image: expect.objectContaining({ id: 'upload-1', type: 'image/svg+xml' }),
      link: { text: 'Voir les offres', url: 'https://exemple.fr/soldes', target: '_blank' },
    })
    await expect(
      await cards(canvasElement).findByRole('article', { name: 'Les soldes chez nos partenaires' }),
    ).toBeVisible()
    await expectToast('La page a été ajoutée.')
  },
}

export const LinkSentAsNullWithoutText: Story = {
  name: 'Lien sans texte envoyé vide',
  play: async ({ canvasElement }) => {
    const dialog = await openAddDialog(canvasElement)
    await userEvent.upload(
      portals().getByRole('dialog').querySelector<HTMLInputElement>('input[type=file]')!,
      picture(),
    )
    await fill(dialog.getByLabelText('Titre'), 'Sans lien')
    await chooseOption(dialog.getByLabelText('Status'), 'Brouillon')
    await userEvent.click(dialog.getByRole('button', { name: 'Enregistrer' }))
    await waitFor(() => expect(portals().queryByRole('dialog')).toBeNull())
    await expect(api.lastBody<ArticleBody>('POST', apiPaths.articles())?.link).toBeNull()
  },
}

export const ValidationErrors: Story = {
  name: 'Erreurs de saisie',
  play: async ({ canvasElement }) => {
    const dialog = await openAddDialog(canvasElement)
    await userEvent.clear(dialog.getByLabelText('Position'))
    await userEvent.click(dialog.getByRole('button', { name: 'Enregistrer' }))
    await expect(await dialog.findByText("L'image est obligatoire")).toBeVisible()
    // Title, position and status.
    await expect(dialog.getAllByText('Ce champ est obligatoire')).toHaveLength(3)
    await fill(dialog.getByLabelText('Position'), 'deux')
    await expect(await dialog.findByText('Veuillez saisir un nombre entier')).toBeVisible()
    await expect(api.requests).toHaveLength(0)
  },
}

/** A refused save focuses the first field in error (the missing image's button), not 'Enregistrer'. */
export const FocusFirstError: Story = {
  name: 'Focus sur le premier champ en erreur',
  tags: ['no-visual'],
  play: async ({ canvasElement }) => {
    const dialog = await openAddDialog(canvasElement)
    await expect(dialog.getByLabelText('Titre')).toHaveAttribute('aria-required', 'true')
    await userEvent.click(dialog.getByRole('button', { name: 'Enregistrer' }))
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Choisir une image' })).toHaveFocus())
  },
}

/** Escape on a changed page dialog asks first; 'Continuer la saisie' keeps the text, then it saves. */
export const UnsavedChangesKeepEditing: Story = {
  name: 'Abandonner les modifications : continuer la saisie',
  play: async ({ canvasElement }) => {
    const dialog = await openAddDialog(canvasElement)
    await fill(dialog.getByLabelText('Titre'), 'Les soldes')
    await userEvent.keyboard('{Escape}')
    const prompt = within(await findDialog('Abandonner les modifications ?'))
    await expect(prompt.getByText('Les modifications non enregistrées seront perdues.')).toBeVisible()
    await userEvent.click(prompt.getByRole('button', { name: 'Continuer la saisie' }))
    await waitFor(() =>
      expect(portals().queryByRole('dialog', { name: 'Abandonner les modifications ?' })).toBeNull(),
    )
    await expect(dialog.getByLabelText('Titre')).toHaveValue('Les soldes')
    await expect(portals().getByRole('dialog', { name: 'Ajouter une page' })).toBeVisible()
  },
}

/** The list arrives after the dialog opened: the typed title stays, the untouched position follows the list. */
export const ListArrivesWhileTyping: Story = {
  name: 'La liste arrive pendant la saisie',
  tags: ['no-visual'],
  parameters: { msw: [slow('get', apiPaths.articles(), 1500, articles), ...api.handlers] },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Ajouter' }))
    const dialog = within(await findDialog('Ajouter une page'))
    await fill(dialog.getByLabelText('Titre'), 'Les soldes')
    // The list (4 pages) answers after 1.5 s.
    await waitFor(() => expect(dialog.getByLabelText('Position')).toHaveValue('5'))
    await expect(dialog.getByLabelText('Titre')).toHaveValue('Les soldes')
  },
}

export const UnsavedChangesDiscard: Story = {
  name: 'Abandonner les modifications : abandonner',
  tags: ['no-visual'],
  play: async ({ canvasElement }) => {
    const dialog = await openAddDialog(canvasElement)
    await fill(dialog.getByLabelText('Titre'), 'Les soldes')
    await userEvent.click(dialog.getByRole('button', { name: 'Annuler' }))
    const prompt = within(await findDialog('Abandonner les modifications ?'))
    await userEvent.click(prompt.getByRole('button', { name: 'Abandonner' }))
    await waitFor(() => expect(portals().queryByRole('dialog')).toBeNull())
    // Opened again, the dialog starts afresh.
    const again = await openAddDialog(canvasElement)
    await expect(again.getByLabelText('Titre')).toHaveValue('')
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(portals().queryByRole('dialog')).toBeNull())
  },
}

export const LinkRules: Story = {
  name: 'Règles du lien',
  play: async ({ canvasElement }) => {
    const dialog = await openAddDialog(canvasElement)
    // A url needs a text and a target; a text needs a url.
    await fill(dialog.getByLabelText('URL du lien'), '/map')
    await userEvent.click(dialog.getByRole('button', { name: 'Enregistrer' }))
    // Both fields are marked by the same submit, but not always in the same frame (the target is a select).
    await waitFor(() => {
      expect(dialog.getByLabelText('Texte du lien')).toHaveAttribute('aria-invalid', 'true')
      expect(dialog.getByLabelText('Cible du lien')).toHaveAttribute('aria-invalid', 'true')
    })
    await userEvent.clear(dialog.getByLabelText('URL du lien'))
    await fill(dialog.getByLabelText('Texte du lien'), 'La carte')
    await waitFor(() => {
      expect(dialog.getByLabelText('URL du lien')).toHaveAttribute('aria-invalid', 'true')
      expect(dialog.getByLabelText('Texte du lien')).not.toHaveAttribute('aria-invalid')
    })
  },
}

export const Edit: Story = {
  name: 'Modification',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Modifier « Brouillon : soldes d’été »' }),
    )
    const dialog = within(await findDialog('Editier une page'))
    await expect(dialog.getByLabelText('Titre')).toHaveValue('Brouillon : soldes d’été')
    await expect(dialog.getByLabelText('Texte du lien')).toHaveValue('Découvrir')
    await userEvent.clear(dialog.getByLabelText('Titre'))
    await fill(dialog.getByLabelText('Titre'), 'Soldes d’été')
    await chooseOption(dialog.getByLabelText('Status'), 'Publié')
    // No new image: the stored one is kept.
    await userEvent.click(dialog.getByRole('button', { name: 'Enregistrer' }))
    await waitFor(() => expect(portals().queryByRole('dialog')).toBeNull())
    await expect(api.lastBody('PUT', apiPaths.article(4))).toEqual({
      articleId: { id: 4 },
      title: 'Soldes d’été',
      position: 4,
      status: 'PUBLISHED',
      image: articles[3].image,
      link: { text: 'Découvrir', url: '/map', target: '_self' },
    })
    const card = await cards(canvasElement).findByRole('article', { name: 'Soldes d’été' })
    await waitFor(() => expect(card).toHaveAttribute('data-dimmed', 'false'))
  },
}

const draftArticle = () => api.data.articles.find((article) => article.articleId.id === 4)!
/** Article 4 with versions: its read answers an ETag, its save checks If-Match, as the server does. */
const versionedDraft = versionedRecord({
  path: apiPaths.article(4),
  kind: 'article',
  subject: 'Cet article',
  read: draftArticle,
  write: (body) => Object.assign(draftArticle(), body),
})

/**
 * Alice changed the page while it was being edited: the save, sent with the version the dialog read, is
 * refused; the dialog says who and when, keeps the typed title, and 'Recharger' brings hers, saved over then.
 */
export const EditModifiedElsewhere: Story = {
  name: 'Page modifiée entre-temps',
  beforeEach: () => versionedDraft.reset(),
  parameters: { msw: [...versionedDraft.handlers, ...api.handlers] },
  play: async ({ canvasElement }) => {
    await userEvent.click(
      await within(canvasElement).findByRole('button', { name: 'Modifier « Brouillon : soldes d’été »' }),
    )
    const dialog = within(await findDialog('Editier une page'))
    // Alice saves after the dialog read the page: its ETag is then the version before hers.
    await waitFor(() => expect(versionedDraft.reads).toBe(1))
    versionedDraft.changeElsewhere(() => {
      draftArticle().title = 'Soldes d’été : dernière semaine'
    })
    await userEvent.clear(dialog.getByLabelText('Titre'))
    await fill(dialog.getByLabelText('Titre'), 'Soldes d’été')
    await userEvent.click(dialog.getByRole('button', { name: 'Enregistrer' }))
    await expect(
      await dialog.findByText(
        'Cet article a été modifié par Alice Martin le 28/11/2026 à 09:12 : rechargez-le avant d’enregistrer.',
      ),
    ).toBeVisible()
    await expect(versionedDraft.ifMatches).toEqual(['"article-v1"'])
    await expect(dialog.getByLabelText('Titre')).toHaveValue('Soldes d’été')

    await userEvent.click(dialog.getByRole('button', { name: 'Recharger' }))
    const prompt = within(await findDialog('Recharger la version actuelle ?'))
    await userEvent.click(prompt.getByRole('button', { name: 'Recharger' }))
    await waitFor(() => expect(dialog.getByLabelText('Titre')).toHaveValue('Soldes d’été : dernière semaine'))
    await expect(dialog.queryByText(/a été modifié par Alice Martin/)).toBeNull()

    await userEvent.clear(dialog.getByLabelText('Titre'))
    await fill(dialog.getByLabelText('Titre'), 'Soldes d’été')
    await userEvent.click(dialog.getByRole('button', { name: 'Enregistrer' }))
    await waitFor(() => expect(portals().queryByRole('dialog')).toBeNull())
    await expect(versionedDraft.ifMatches).toEqual(['"article-v1"', '"article-v2"'])
    await expectToast('La page a été modifiée.')
    await expect(await cards(canvasElement).findByRole('article', { name: 'Soldes d’été' })).toBeVisible()
  },
}

export const Saving: Story = {
  name: 'Enregistrement en cours',
  parameters: { msw: [pending('put', routePatterns.article), ...api.handlers] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(
      await canvas.findByRole('button', {
        name: 'Modifier « Bienvenue dans votre annuaire de partenaires »',
      }),
    )
    const dialog = within(await findDialog('Editier une page'))
    await userEvent.click(dialog.getByRole('button', { name: 'Enregistrer' }))
    await waitFor(() =>
      expect(dialog.getByRole('button', { name: 'Enregistrer' })).toHaveAttribute('aria-busy', 'true'),
    )
    await expect(dialog.getByRole('button', { name: 'Annuler' })).toBeDisabled()
  },
}

export const SaveServerError: Story = {
  name: 'Erreur du serveur à l’enregistrement',
  parameters: {
    msw: [
      failing('post', apiPaths.articles(), { status: 400, message: 'Le titre est trop long.' }),
      ...api.handlers,
    ],
  },
  play: async ({ canvasElement }) => {
    const dialog = await openAddDialog(canvasElement)
    await userEvent.upload(
      portals().getByRole('dialog').querySelector<HTMLInputElement>('input[type=file]')!,
      picture(),
    )
    await fill(dialog.getByLabelText('Titre'), 'Une page')
    await chooseOption(dialog.getByLabelText('Status'), 'Publié')
    await userEvent.click(dialog.getByRole('button', { name: 'Enregistrer' }))
    await expectToast('Le titre est trop long.')
    await waitFor(() =>
      expect(dialog.getByRole('button', { name: 'Enregistrer' })).not.toHaveAttribute('aria-busy'),
    )
    await expect(dialog.getByLabelText('Titre')).toHaveValue('Une page')
  },
}

const titles = (canvasElement: HTMLElement) =>
  cards(canvasElement)
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent)

/** 'Monter' / 'Descendre' with the keyboard: the card changes places and keeps the focus, the ends are disabled. */
export const Reorder: Story = {
  name: 'Changement d’ordre',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const list = await loadedCards(canvasElement)
    await waitFor(() => expect(list.getAllByRole('article')).toHaveLength(4))
    await expect(titles(canvasElement)).toEqual([
      'Les bonnes adresses du Vieux-Port',
      'Fête de la musique : nos partenaires en scène',
      'Bienvenue dans votre annuaire de partenaires',
      'Brouillon : soldes d’été',
    ])
    await expect(
      list.getByRole('button', { name: 'Monter « Les bonnes adresses du Vieux-Port »' }),
    ).toBeDisabled()
    await expect(list.getByRole('button', { name: 'Descendre « Brouillon : soldes d’été »' })).toBeDisabled()

    const down = list.getByRole('button', { name: 'Descendre « Les bonnes adresses du Vieux-Port »' })
    down.focus()
    await userEvent.keyboard('{Enter}')
    await waitFor(() =>
      expect(titles(canvasElement)).toEqual([
        'Fête de la musique : nos partenaires en scène',
        'Les bonnes adresses du Vieux-Port',
        'Bienvenue dans votre annuaire de partenaires',
        'Brouillon : soldes d’été',
      ]),
    )
    await expect(api.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: apiPaths.articleMove(1),
      body: { direction: 'down' },
    })
    await expect(canvas.getByRole('status')).toHaveTextContent(
      "« Les bonnes adresses du Vieux-Port » descend d'une place.",
    )
    await waitFor(() =>
      expect(
        list.getByRole('button', { name: 'Descendre « Les bonnes adresses du Vieux-Port »' }),
      ).toHaveFocus(),
    )
    await expect(list.getByRole('article', { name: 'Les bonnes adresses du Vieux-Port' })).toHaveTextContent(
      'Position 2',
    )

    // Space on the same button goes on down, to the end: then the focus moves to 'Monter'.
    await userEvent.keyboard(' ')
    await waitFor(() => expect(titles(canvasElement)[2]).toBe('Les bonnes adresses du Vieux-Port'))
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(titles(canvasElement)[3]).toBe('Les bonnes adresses du Vieux-Port'))
    await waitFor(() =>
      expect(
        list.getByRole('button', { name: 'Monter « Les bonnes adresses du Vieux-Port »' }),
      ).toHaveFocus(),
    )
    await expect(
      list.getByRole('button', { name: 'Descendre « Les bonnes adresses du Vieux-Port »' }),
    ).toBeDisabled()
  },
}

/** Another admin moved the article to the top meanwhile: the server's 409 is shown, the list stays usable. */
export const ReorderRefused: Story = {
  name: 'Changement d’ordre refusé',
  parameters: {
    msw: [
      http.post('*/api/articles/:id/move', () =>
        HttpResponse.json({ message: 'Cet article est déjà le premier.' }, { status: 409 }),
      ),
      ...api.handlers,
    ],
  },
  play: async ({ canvasElement }) => {
    const list = await loadedCards(canvasElement)
    await userEvent.click(
      await list.findByRole('button', { name: 'Monter « Fête de la musique : nos partenaires en scène »' }),
    )
    await expectToast('Cet article est déjà le premier.')
    await expect(titles(canvasElement)[1]).toBe('Fête de la musique : nos partenaires en scène')
  },
}

export const Delete: Story = {
  name: 'Suppression',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(
      await canvas.findByRole('button', {
        name: 'Supprimer « Fête de la musique : nos partenaires en scène »',
      }),
    )
    const dialog = within(await findDialog('Supprimer la page'))
    await waitFor(() =>
      expect(
        dialog.getByText(
          'Voulez-vous vraiment supprimer la page « Fête de la musique : nos partenaires en scène » ?',
        ),
      ).toBeVisible(),
    )
    await userEvent.click(dialog.getByRole('button', { name: 'Supprimer' }))
    await waitFor(() => expect(portals().queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(cards(canvasElement).getAllByRole('article')).toHaveLength(3))
    await expect(api.requests.at(-1)).toMatchObject({ method: 'DELETE', path: apiPaths.article(2) })
  },
}

export const DeleteCancelled: Story = {
  name: 'Suppression annulée',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(
      await canvas.findByRole('button', {
        name: 'Supprimer « Fête de la musique : nos partenaires en scène »',
      }),
    )
    await userEvent.click(await portals().findByRole('button', { name: 'Annuler' }))
    await waitFor(() => expect(portals().queryByRole('dialog')).toBeNull())
    await expect(cards(canvasElement).getAllByRole('article')).toHaveLength(4)
    await expect(api.requests).toHaveLength(0)
  },
}
