import type { Meta, StoryObj } from '@storybook/react-vite'
import { mdiCoffee } from '@mdi/js'
import { expect, screen, userEvent, waitFor, within } from 'storybook/test'
import type { PartnerBody } from '@/contract/schemas.ts'
import { apiPaths, routePatterns } from '@/contract/paths.ts'
import { signedInAdmin } from '@/mocks/fixtures/session.ts'
import { createBackofficeApi, failing, pending } from '@/mocks/handlers/backoffice.ts'
import { MapsProvider } from '@/src/maps/index.ts'
import { PartnerFormScreen } from '@/src/screens/backoffice/partners/PartnerFormScreen.tsx'
import { fill } from '@/stories/fill.ts'
import { withFakeMaps, withToast } from './decorators.tsx'
import { chooseOption, expectToast, findDialog, portals } from './helpers.ts'
import { versionedRecord } from './versioned.ts'

const api = createBackofficeApi()

const meta = {
  title: 'Écrans/Back-office/Partenaire (formulaire)',
  component: PartnerFormScreen,
  decorators: [withToast, withFakeMaps],
  beforeEach: () => api.reset(),
  parameters: {
    layout: 'fullscreen',
    session: { user: signedInAdmin },
    router: {
      path: '/bo/partenaires/nouveau',
      initialEntries: ['/bo/partenaires', '/bo/partenaires/nouveau'],
      data: true,
    },
    msw: api.handlers,
  },
  globals: { viewport: { value: 'desktop' } },
} satisfies Meta<typeof PartnerFormScreen>

export default meta
type Story = StoryObj<typeof meta>

const editRouter = {
  path: '/bo/partenaires/edit/:id',
  initialEntries: ['/bo/partenaires/1', '/bo/partenaires/edit/1'],
}

async function pickCategory(canvasElement: HTMLElement, typed: string, option: string) {
  const canvas = within(canvasElement)
  await userEvent.type(canvas.getByRole('combobox', { name: 'Catégories' }), typed)
  await userEvent.click(await screen.findByRole('option', { name: option }))
}

/** Every required field, by hand (no place search). */
async function fillPartner(canvasElement: HTMLElement) {
  const canvas = within(canvasElement)
  await chooseOption(canvas.getByLabelText('Status'), 'Prospect')
  await fill(canvas.getByLabelText('Dénomination'), 'Librairie du Cours')
  await fill(canvas.getByLabelText('Description'), 'Livres neufs et d’occasion.')
  await fill(canvas.getByLabelText('Adresse'), '8 cours Julien')
  await fill(canvas.getByLabelText('Ville'), 'Marseille')
  await fill(canvas.getByLabelText('Latitude'), '43,2936')
  await fill(canvas.getByLabelText('Longitude'), '5.3834')
  await fill(canvas.getByLabelText('Email'), 'contact@librairieducours.fr')
  await fill(canvas.getByLabelText('Tél'), '04 91 48 00 00')
  await pickCategory(canvasElement, 'cult', 'Culture & loisirs')
}

export const Create: Story = {
  name: 'Création',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('heading', { level: 1, name: 'Nouveau Partenaire' })).toBeVisible()
    await fillPartner(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Valider' }))
    // Create success replaces the form with the new partner's consult page.
    await expect(await canvas.findByTestId('location')).toHaveTextContent('Page : /bo/partenaires/9')
    await expectToast('Le partenaire a été créé.')
    await expect(api.lastBody<PartnerBody>('POST', apiPaths.partners())).toEqual({
      status: 'PROSPECT',
      name: 'Librairie du Cours',
      siren: null,
      description: 'Livres neufs et d’occasion.',
      location: { address: '8 cours Julien', city: 'Marseille', position: { lat: 43.2936, lng: 5.3834 } },
      email: 'contact@librairieducours.fr',
      phone: '04 91 48 00 00',
      representativeFirstName: null,
      representativeLastName: null,
      categories: [{ id: 5, label: 'Culture & loisirs', icon: 'theater' }],
      rating: null,
      userRatingsTotal: null,
    })
  },
}

export const NewCategory: Story = {
  name: 'Nouvelle catégorie',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await fillPartner(canvasElement)
    await userEvent.type(canvas.getByRole('combobox', { name: 'Catégories' }), 'Librairies{Enter}')
    const dialog = within(await findDialog('Choisir une icône pour la catégorie'))
    await expect(dialog.getByRole('link', { name: "catalogue d'icônes" })).toHaveAttribute(
      'href',
      'https://pictogrammers.com/library/mdi/',
    )
    await userEvent.clear(dialog.getByLabelText("Nom de l'icône"))
    await fill(dialog.getByLabelText("Nom de l'icône"), 'book-open-variant')
    await userEvent.click(dialog.getByRole('button', { name: 'Ok' }))
    await waitFor(() => expect(portals().queryByRole('dialog')).toBeNull())
    await expect(canvas.getByRole('button', { name: 'Retirer Librairies' })).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Valider' }))
    await expect(await canvas.findByTestId('location')).toHaveTextContent('Page : /bo/partenaires/9')
    await expect(api.lastBody<PartnerBody>('POST', apiPaths.partners())?.categories).toEqual([
      { id: 5, label: 'Culture & loisirs', icon: 'theater' },
      { label: 'Librairies', icon: 'book-open-variant' },
    ])
    // The server created it: it is now a known category.
    await expect(api.data.categories.find((category) => category.label === 'Librairies')).toMatchObject({
      icon: 'book-open-variant',
    })
  },
}

/**
 * Fermer la fenêtre d’icône après avoir tapé un nom demande confirmation ; si on le garde, ce nom d’icône est
 * utilisé.
 */
export const NewCategoryUnsavedIcon: Story = {
  name: 'Icône de catégorie : abandonner les modifications',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.type(canvas.getByRole('combobox', { name: 'Catégories' }), 'Librairies{Enter}')
    const dialog = within(await findDialog('Choisir une icône pour la catégorie'))
    await userEvent.clear(dialog.getByLabelText("Nom de l'icône"))
    await fill(dialog.getByLabelText("Nom de l'icône"), 'book-open-variant')
    await userEvent.keyboard('{Escape}')
    const prompt = within(await findDialog('Abandonner les modifications ?'))
    await userEvent.click(prompt.getByRole('button', { name: 'Continuer la saisie' }))
    await waitFor(() =>
      expect(portals().queryByRole('dialog', { name: 'Abandonner les modifications ?' })).toBeNull(),
    )
    await expect(dialog.getByLabelText("Nom de l'icône")).toHaveValue('book-open-variant')
    await userEvent.click(dialog.getByRole('button', { name: 'Ok' }))
    await waitFor(() => expect(portals().queryByRole('dialog')).toBeNull())
    await expect(canvas.getByRole('button', { name: 'Retirer Librairies' })).toBeVisible()
  },
}

/**
 * Un envoi refusé place le focus sur le premier champ en erreur et le fait défiler jusqu’à l’écran, même tout
 * en bas du formulaire.
 */
export const FocusFirstError: Story = {
  name: 'Focus sur le premier champ en erreur',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await fillPartner(canvasElement)
    await userEvent.clear(canvas.getByLabelText('Tél'))
    await userEvent.click(canvas.getByRole('button', { name: 'Valider' }))
    const phone = canvas.getByLabelText('Tél')
    await waitFor(() => expect(phone).toHaveFocus())
    const box = phone.getBoundingClientRect()
    await expect(box.top).toBeGreaterThanOrEqual(0)
    await expect(box.bottom).toBeLessThanOrEqual(window.innerHeight)
    // The action bar stays at the bottom of the window.
    await expect(
      canvas.getByRole('button', { name: 'Valider' }).getBoundingClientRect().bottom,
    ).toBeLessThanOrEqual(window.innerHeight)
    await expect(api.requests).toHaveLength(0)
  },
}

/** Quitter un formulaire modifié demande confirmation ; « Abandonner » quitte la page. */
export const UnsavedChanges: Story = {
  name: 'Abandonner les modifications',
  tags: ['no-visual'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await fill(canvas.getByLabelText('Dénomination'), 'Librairie du Cours')
    await userEvent.click(canvas.getByRole('button', { name: 'Annuler' }))
    const prompt = within(await findDialog('Abandonner les modifications ?'))
    await userEvent.click(prompt.getByRole('button', { name: 'Abandonner' }))
    await expect(await canvas.findByTestId('location')).toHaveTextContent(/^Page : \/bo\/partenaires$/)
  },
}

/**
 * Entrée choisit la première catégorie proposée (« Rest » donne Restaurants) ; créer une nouvelle catégorie
 * est une option à part, qu’il faut choisir.
 */
export const CategoryEnterPicksMatch: Story = {
  name: 'Catégorie : Entrée choisit la proposition',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const categories = canvas.getByRole('combobox', { name: 'Catégories' })
    await userEvent.type(categories, 'Rest')
    // The known categories may still be on their way.
    await screen.findByRole('option', { name: 'Restaurants' })
    const options = within(screen.getByRole('listbox', { name: 'Catégories' })).getAllByRole('option')
    await expect(options.map((option) => option.textContent)).toEqual(['Restaurants', 'Créer « Rest »'])
    await userEvent.keyboard('{Enter}')
    await expect(canvas.getByRole('button', { name: 'Retirer Restaurants' })).toBeVisible()
    await expect(canvas.queryByRole('button', { name: 'Retirer Rest' })).toBeNull()
    await expect(portals().queryByRole('dialog')).toBeNull()
  },
}

export const PlaceSearchPrefills: Story = {
  name: 'Lieu trouvé : formulaire pré-rempli',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const search = canvas.getByRole('combobox', { name: 'Rechercher un partenaire sur google' })
    await waitFor(() => expect(search).toBeEnabled())
    await userEvent.type(search, 'bar de la')
    await userEvent.click(await screen.findByRole('option', { name: /Bar de la Marine/ }))
    await waitFor(() => expect(canvas.getByLabelText('Dénomination')).toHaveValue('Bar de la Marine'))
    await expect(canvas.getByLabelText('Adresse')).toHaveValue('15 Quai de Rive Neuve')
    await expect(canvas.getByLabelText('Ville')).toHaveValue('Marseille')
    await expect(canvas.getByLabelText('Latitude')).toHaveValue('43.2931')
    await expect(canvas.getByLabelText('Longitude')).toHaveValue('5.3713')
    await expect(canvas.getByLabelText('Tél')).toHaveValue('04 91 54 95 42')
  },
}

export const GoogleSearchUnavailable: Story = {
  name: 'Recherche Google indisponible',
  decorators: [
    (Story) => (
      <MapsProvider>
        <Story />
      </MapsProvider>
    ),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByText('Recherche Google indisponible')).toBeVisible()
    await expect(canvas.getByRole('combobox', { name: 'Rechercher un partenaire sur google' })).toBeDisabled()
  },
}

export const ValidationErrors: Story = {
  name: 'Erreurs de saisie',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Valider' }))
    // Status, name, description, address, city, latitude, longitude, email and phone.
    await expect(await canvas.findAllByText('Ce champ est obligatoire')).toHaveLength(9)
    await expect(canvas.getByText('Choisissez au moins une catégorie')).toBeVisible()
    await expect(canvas.getByLabelText('Siren')).not.toHaveAttribute('aria-invalid')
    await fill(canvas.getByLabelText('Email'), 'contact@')
    await fill(canvas.getByLabelText('Latitude'), 'nord')
    await expect(await canvas.findByText('Adresse e-mail invalide')).toBeVisible()
    await expect(canvas.getByText('Veuillez saisir un nombre')).toBeVisible()
    await expect(api.requests).toHaveLength(0)
  },
}

export const Submitting: Story = {
  name: 'Envoi en cours',
  parameters: { msw: [pending('post', apiPaths.partners()), ...api.handlers] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await fillPartner(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Valider' }))
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: 'Valider' })).toHaveAttribute('aria-busy', 'true'),
    )
  },
}

export const ServerError: Story = {
  name: 'Erreur du serveur',
  parameters: { msw: [failing('post', apiPaths.partners()), ...api.handlers] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await fillPartner(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Valider' }))
    await expectToast('Une erreur interne est survenue.')
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: 'Valider' })).not.toHaveAttribute('aria-busy'),
    )
    await expect(canvas.getByLabelText('Dénomination')).toHaveValue('Librairie du Cours')
    await expect(canvas.queryByTestId('location')).toBeNull()
  },
}

export const Cancel: Story = {
  name: 'Annuler',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Annuler' }))
    await expect(await canvas.findByTestId('location')).toHaveTextContent('Page : /bo/partenaires')
  },
}

export const EditLoading: Story = {
  name: 'Modification : chargement',
  parameters: { router: editRouter, msw: [pending('get', routePatterns.partner), ...api.handlers] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('heading', { level: 1, name: 'Edition' })).toBeVisible()
    await expect(canvas.getByRole('status', { name: 'Chargement du partenaire' })).toBeVisible()
  },
}

export const Edit: Story = {
  name: 'Modification',
  parameters: { router: editRouter },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByLabelText('Dénomination')).toHaveValue('Le Comptoir du Panier')
    await waitFor(() => expect(canvas.getByLabelText('Status')).toHaveTextContent('Actif'))
    await expect(canvas.getByRole('button', { name: 'Retirer Restaurants' })).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Retirer Épicerie fine' }))
    await userEvent.clear(canvas.getByLabelText('Tél'))
    await fill(canvas.getByLabelText('Tél'), '04 91 00 99 99')
    await userEvent.click(canvas.getByRole('button', { name: 'Valider' }))
    // Edit success goes back one step.
    await expect(await canvas.findByTestId('location')).toHaveTextContent('Page : /bo/partenaires/1')
    await expectToast('Le partenaire a été modifié.')
    await expect(api.lastBody<PartnerBody>('PUT', apiPaths.partner(1))).toMatchObject({
      partnerId: { id: 1 },
      phone: '04 91 00 99 99',
      categories: [{ id: 1, label: 'Restaurants', icon: 'silverware-fork-knife' }],
      rating: 4.5,
    })
  },
}

/**
 * Ouvert depuis un lien (sans page de l’application avant) : après l’enregistrement, la personne arrive sur
 * la liste des partenaires.
 */
export const EditSavedWithoutHistory: Story = {
  name: 'Modification enregistrée, ouverte depuis un lien',
  tags: ['no-visual'],
  parameters: { router: { path: '/bo/partenaires/edit/:id', initialEntries: ['/bo/partenaires/edit/1'] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByLabelText('Dénomination')).toHaveValue('Le Comptoir du Panier')
    await fill(canvas.getByLabelText('Tél'), ' 99')
    await userEvent.click(canvas.getByRole('button', { name: 'Valider' }))
    await expect(await canvas.findByTestId('location')).toHaveTextContent(/^Page : \/bo\/partenaires$/)
    await expectToast('Le partenaire a été modifié.')
  },
}

export const EditLoadFailure: Story = {
  name: 'Modification : erreur de chargement',
  parameters: {
    router: editRouter,
    msw: [
      failing('get', routePatterns.partner, { status: 404, message: 'Partenaire introuvable.' }),
      ...api.handlers,
    ],
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByTestId('location')).toHaveTextContent(
      'Page : /bo/partenaires/1',
    )
    await expectToast('Partenaire introuvable.')
  },
}

const partnerOne = () => api.data.partners.find((partner) => partner.partnerId.id === 1)!
/** Partner 1 with versions (ETag, If-Match, 412), as the server has them. */
const versionedPartner = versionedRecord({
  path: apiPaths.partner(1),
  kind: 'partner',
  subject: 'Ce partenaire',
  read: partnerOne,
  write: (body) => Object.assign(partnerOne(), body),
})
const modifiedElsewhere = {
  beforeEach: () => versionedPartner.reset(),
  parameters: { router: editRouter, msw: [...versionedPartner.handlers, ...api.handlers] },
}
const staleMessage =
  'Ce partenaire a été modifié par Alice Martin le 28/11/2026 à 09:12 : rechargez-le avant d’enregistrer.'

/** Alice renamed the partner while this form was open; its save, sent with the version it read, is refused. */
async function saveOverAlicesRename(canvasElement: HTMLElement) {
  const canvas = within(canvasElement)
  await expect(await canvas.findByLabelText('Dénomination')).toHaveValue('Le Comptoir du Panier')
  versionedPartner.changeElsewhere(() => {
    partnerOne().name = 'Le Comptoir d’Alice'
  })
  await userEvent.clear(canvas.getByLabelText('Tél'))
  await fill(canvas.getByLabelText('Tél'), '04 91 00 99 99')
  await userEvent.click(canvas.getByRole('button', { name: 'Valider' }))
  await expect(await canvas.findByText(staleMessage)).toBeVisible()
  await expect(versionedPartner.ifMatches).toEqual(['"partner-v1"'])
  // Nothing saved, nothing lost: the page stays with what was typed, and no toast repeats the message.
  await expect(canvas.getByLabelText('Tél')).toHaveValue('04 91 00 99 99')
  await expect(canvas.getByRole('heading', { level: 1, name: 'Edition' })).toBeVisible()
  await expect(portals().getAllByText(staleMessage)).toHaveLength(1)
  await expect(partnerOne().name).toBe('Le Comptoir d’Alice')
}

/** 'Comparer' reads their version and shows mine and theirs where they differ. */
async function compareWithAlices(canvasElement: HTMLElement) {
  const canvas = within(canvasElement)
  await saveOverAlicesRename(canvasElement)
  await userEvent.click(canvas.getByRole('button', { name: 'Comparer' }))
  const table = await canvas.findByRole('table', { name: 'Différences avec la version actuelle' })
  const rows = within(table).getAllByRole('row')
  await expect(rows.map((row) => row.textContent)).toEqual([
    'ChampVos valeursVersion actuelle',
    'Tél04 91 00 99 9904 91 00 12 34',
  ])
  // The field left alone shows their version; the typed one stays.
  await expect(canvas.getByLabelText('Dénomination')).toHaveValue('Le Comptoir d’Alice')
}

export const EditModifiedElsewhereCompare: Story = {
  name: 'Modifié entre-temps : comparer',
  ...modifiedElsewhere,
  play: async ({ canvasElement }) => compareWithAlices(canvasElement),
}

/**
 * Après la comparaison, « Garder mes valeurs » enregistre le téléphone saisi par-dessus la version d’Alice,
 * en gardant le nom qu’elle a choisi.
 */
export const EditModifiedElsewhereKeepMine: Story = {
  name: 'Modifié entre-temps : garder mes valeurs',
  ...modifiedElsewhere,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await compareWithAlices(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Garder mes valeurs' }))
    await expect(canvas.queryByText(staleMessage)).toBeNull()
    await userEvent.click(canvas.getByRole('button', { name: 'Valider' }))
    await expectToast('Le partenaire a été modifié.')
    await expect(versionedPartner.ifMatches).toEqual(['"partner-v1"', '"partner-v2"'])
    await expect(partnerOne()).toMatchObject({ name: 'Le Comptoir d’Alice', phone: '04 91 00 99 99' })
  },
}

/**
 * « Recharger » demande confirmation, puis affiche la version d’Alice (le téléphone saisi est perdu) ;
 * l’enregistrer fonctionne.
 */
export const EditModifiedElsewhereReload: Story = {
  name: 'Modifié entre-temps : recharger',
  ...modifiedElsewhere,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await saveOverAlicesRename(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Recharger' }))
    const confirm = within(await findDialog('Recharger la version actuelle ?'))
    await expect(confirm.getByText('Vos modifications de ce partenaire seront perdues.')).toBeVisible()
    await userEvent.click(confirm.getByRole('button', { name: 'Recharger' }))
    await waitFor(() => expect(canvas.getByLabelText('Tél')).toHaveValue('04 91 00 12 34'))
    await expect(canvas.getByLabelText('Dénomination')).toHaveValue('Le Comptoir d’Alice')
    await expect(canvas.queryByText(staleMessage)).toBeNull()
    await userEvent.click(canvas.getByRole('button', { name: 'Valider' }))
    await expectToast('Le partenaire a été modifié.')
    await expect(versionedPartner.ifMatches).toEqual(['"partner-v1"', '"partner-v2"'])
  },
}

/**
 * L’icône d’une nouvelle catégorie se choisit dans la grille : recherche en français (« café », « bar »),
 * choix au clavier (Entrée, puis les flèches), icône reprise sur la puce de la catégorie et enregistrée avec
 * elle.
 */
export const NewCategoryIconPicker: Story = {
  name: 'Icône de catégorie : choisir dans la grille au clavier',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await fillPartner(canvasElement)
    await userEvent.type(canvas.getByRole('combobox', { name: 'Catégories' }), 'Bars{Enter}')
    const dialog = within(await findDialog('Choisir une icône pour la catégorie'))
    // The default icon is the one chosen until another is.
    await expect(dialog.getByRole('radio', { name: 'Étoile' })).toHaveAttribute('aria-checked', 'true')

    await userEvent.type(dialog.getByLabelText('Rechercher une icône'), 'café')
    const found = within(dialog.getByRole('radiogroup', { name: 'Icônes' })).getAllByRole('radio')
    await expect(found.map((radio) => radio.textContent)).toEqual(['Café'])
    await userEvent.tab()
    await expect(dialog.getByRole('radio', { name: 'Café' })).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await expect(dialog.getByRole('radio', { name: 'Café' })).toHaveAttribute('aria-checked', 'true')
    await expect(dialog.getByLabelText("Nom de l'icône")).toHaveValue('coffee')

    await userEvent.clear(dialog.getByLabelText('Rechercher une icône'))
    await userEvent.type(dialog.getByLabelText('Rechercher une icône'), 'bar')
    await expect(dialog.queryByRole('radio', { name: 'Étoile' })).toBeNull()
    // One tab stop, on the chosen icon; the arrows move and choose.
    await userEvent.tab()
    await expect(dialog.getByRole('radio', { name: 'Café' })).toHaveFocus()
    await userEvent.keyboard('{ArrowRight}')
    await expect(dialog.getByRole('radio', { name: 'Cocktail' })).toHaveFocus()
    await expect(dialog.getByRole('radio', { name: 'Cocktail' })).toHaveAttribute('aria-checked', 'true')
    await expect(dialog.getByRole('radio', { name: 'Café' })).toHaveAttribute('aria-checked', 'false')
    await userEvent.keyboard('{ArrowLeft}')
    await expect(dialog.getByRole('radio', { name: 'Café' })).toHaveAttribute('aria-checked', 'true')
    await userEvent.keyboard(' ')
    await expect(dialog.getByLabelText("Nom de l'icône")).toHaveValue('coffee')

    await userEvent.click(dialog.getByRole('button', { name: 'Ok' }))
    await waitFor(() => expect(portals().queryByRole('dialog')).toBeNull())
    const chip = canvas.getByRole('button', { name: 'Retirer Bars' }).parentElement as HTMLElement
    await waitFor(() => expect(chip.querySelector('svg path')).toHaveAttribute('d', mdiCoffee))
    await userEvent.click(canvas.getByRole('button', { name: 'Valider' }))
    await expect(await canvas.findByTestId('location')).toHaveTextContent('Page : /bo/partenaires/9')
    await expect(api.lastBody<PartnerBody>('POST', apiPaths.partners())?.categories).toEqual([
      { id: 5, label: 'Culture & loisirs', icon: 'theater' },
      { label: 'Bars', icon: 'coffee' },
    ])
  },
}
