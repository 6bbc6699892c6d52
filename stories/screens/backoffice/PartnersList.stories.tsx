import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, screen, spyOn, userEvent, waitFor, within } from 'storybook/test'
import { apiPaths } from '@/contract/paths.ts'
import { manyPartners } from '@/mocks/fixtures/backoffice.ts'
import { signedInAdmin } from '@/mocks/fixtures/session.ts'
import { createBackofficeApi, failing, pending } from '@/mocks/handlers/backoffice.ts'
import { recordedExports } from '@/mocks/handlers/exchange.ts'
import { PartnersListScreen } from '@/src/screens/backoffice/partners/PartnersListScreen.tsx'
import { withToast } from './decorators.tsx'
import { chooseOption, portals } from './helpers.ts'

const api = createBackofficeApi()
const dataRows = (canvas: ReturnType<typeof within>) => canvas.getAllByRole('row', { name: /^Consulter/ })

const meta = {
  title: 'Écrans/Back-office/Partenaires (liste)',
  component: PartnersListScreen,
  decorators: [withToast],
  parameters: {
    layout: 'fullscreen',
    session: { user: signedInAdmin },
    router: { path: '/bo/partenaires', initialEntries: ['/bo/partenaires'] },
    msw: api.handlers,
  },
  globals: { viewport: { value: 'desktop' } },
} satisfies Meta<typeof PartnersListScreen>

export default meta
type Story = StoryObj<typeof meta>

export const Loaded: Story = {
  name: 'Chargée',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('heading', { level: 1, name: 'Partenaires' })).toBeVisible()
    const table = canvas.getByRole('table', { name: 'Partenaires' })
    for (const header of ['Dénomination', 'Ville', 'Email', 'Tél', 'Gérant', 'Catégories', 'Status']) {
      await expect(within(table).getByRole('columnheader', { name: header })).toBeVisible()
    }
    await waitFor(() => expect(dataRows(canvas)).toHaveLength(8))
    await expect(canvas.getByText('8 partenaires')).toBeVisible()
    // Sorted by name by default; the sortable headers say so.
    await expect(within(table).getByRole('columnheader', { name: 'Dénomination' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    )
    await expect(within(table).getByRole('columnheader', { name: 'Gérant' })).not.toHaveAttribute('aria-sort')
    await expect(dataRows(canvas)[0]).toHaveAccessibleName('Consulter Atelier Coiffure Mazargues')
    // Phone numbers and e-mails stay on one line.
    const first = canvas.getByRole('row', { name: 'Consulter Le Comptoir du Panier' })
    // After the selection box and the name and city: e-mail and phone.
    for (const cell of within(first).getAllByRole('cell').slice(3, 5))
      await expect(getComputedStyle(cell).whiteSpace).toBe('nowrap')
    await expect(first).toHaveTextContent('Marseille')
    await expect(first).toHaveTextContent('Julien Moreau')
    await expect(first).toHaveTextContent('Restaurants...')
    await expect(first).toHaveTextContent('Actif')
    await expect(canvas.getByRole('row', { name: 'Consulter Épicerie Fine des Accoules' })).toHaveTextContent(
      'Prospect',
    )
    await expect(canvas.getByRole('row', { name: 'Consulter Boutique Mode Canebière' })).toHaveTextContent(
      'Désactivé',
    )
  },
}

export const CategoriesTooltip: Story = {
  name: 'Infobulle des catégories',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const trigger = await canvas.findByLabelText('Catégories : Épicerie fine, Boulangeries, Restaurants')
    await expect(trigger).toHaveTextContent('Épicerie fine...')
    await userEvent.hover(trigger)
    const tooltip = await portals().findByRole('tooltip')
    await expect(tooltip).toHaveTextContent(/Épicerie fine\s*Boulangeries\s*Restaurants/)
  },
}

export const SearchNameOrCity: Story = {
  name: 'Recherche par nom ou ville',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await waitFor(() => expect(dataRows(canvas)).toHaveLength(8))
    // The server matches the name or the city, case and accents ignored.
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Rechercher un partenaire' }), 'CASSIS')
    // Every key kept: the field is not fed back from the address while typing.
    await expect(canvas.getByRole('searchbox', { name: 'Rechercher un partenaire' })).toHaveValue('CASSIS')
    await waitFor(() => expect(dataRows(canvas)).toHaveLength(1))
    await expect(dataRows(canvas)[0]).toHaveAccessibleName('Consulter Garage des Calanques')
    await expect(canvas.getByText('1 partenaire')).toBeVisible()
    await userEvent.clear(canvas.getByRole('searchbox', { name: 'Rechercher un partenaire' }))
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Rechercher un partenaire' }), 'epicerie')
    await waitFor(() =>
      expect(dataRows(canvas)[0]).toHaveAccessibleName('Consulter Épicerie Fine des Accoules'),
    )
    await expect(dataRows(canvas)).toHaveLength(1)
  },
}

export const PageBeyondTheLast: Story = {
  name: 'Page au-delà de la dernière',
  parameters: { router: { path: '/bo/partenaires', initialEntries: ['/bo/partenaires?page=9999'] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    // The last page (the only one here), not 'Aucun partenaire' with '0 sur 8'.
    await waitFor(() => expect(dataRows(canvas)).toHaveLength(8))
    await expect(canvas.getByText('1–8 sur 8')).toBeVisible()
    await expect(canvas.queryByText('Aucun partenaire')).toBeNull()
  },
}

export const SortByCity: Story = {
  name: 'Tri par ville',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await waitFor(() => expect(dataRows(canvas)).toHaveLength(8))
    await userEvent.click(canvas.getByRole('button', { name: 'Ville' }))
    const city = canvas.getByRole('columnheader', { name: 'Ville' })
    await waitFor(() => expect(city).toHaveAttribute('aria-sort', 'ascending'))
    await waitFor(() => expect(dataRows(canvas)[0]).toHaveAccessibleName('Consulter Théâtre du Cours'))
    await userEvent.click(canvas.getByRole('button', { name: 'Ville' }))
    await waitFor(() => expect(city).toHaveAttribute('aria-sort', 'descending'))
    await waitFor(() => expect(dataRows(canvas)[0]).toHaveTextContent('Marseille'))
    await expect(canvas.getByRole('columnheader', { name: 'Dénomination' })).toHaveAttribute(
      'aria-sort',
      'none',
    )
  },
}

export const StateFromAddress: Story = {
  name: 'État repris de l’adresse',
  parameters: {
    msw: createBackofficeApi({ partners: manyPartners(150) }).handlers,
    router: { path: '/bo/partenaires', initialEntries: ['/bo/partenaires?q=n°1&tri=-name&page=2&taille=10'] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    // A shared link or a reload: the same search, order and page.
    await expect(canvas.getByRole('searchbox', { name: 'Rechercher un partenaire' })).toHaveValue('n°1')
    await waitFor(() => expect(dataRows(canvas)).toHaveLength(10))
    await expect(canvas.getByText('11–20 sur 62')).toBeVisible()
    await expect(canvas.getByText('62 partenaires')).toBeVisible()
    await expect(canvas.getByRole('columnheader', { name: 'Dénomination' })).toHaveAttribute(
      'aria-sort',
      'descending',
    )
  },
}

export const StatusFilter: Story = {
  name: 'Filtre par statut',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await waitFor(() => expect(dataRows(canvas)).toHaveLength(8))
    await chooseOption(canvas.getByRole('combobox', { name: 'Filtrer par statut' }), 'Prospect')
    await waitFor(() => expect(dataRows(canvas)).toHaveLength(1))
    await expect(dataRows(canvas)[0]).toHaveAccessibleName('Consulter Épicerie Fine des Accoules')
  },
}

export const ManyRows: Story = {
  name: 'Beaucoup de lignes',
  parameters: { msw: createBackofficeApi({ partners: manyPartners(150) }).handlers },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    // Default: 10 per page (the spec), paged by the server.
    await waitFor(() => expect(dataRows(canvas)).toHaveLength(10))
    await expect(canvas.getByText('1–10 sur 150')).toBeVisible()
    await expect(canvas.getByText('150 partenaires')).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Page suivante' }))
    await expect(await canvas.findByText('11–20 sur 150')).toBeVisible()
    await chooseOption(canvas.getByRole('combobox', { name: 'Lignes par page' }), '100')
    await waitFor(() => expect(dataRows(canvas)).toHaveLength(100))
  },
}

export const Empty: Story = {
  name: 'Vide',
  parameters: { msw: createBackofficeApi({ partners: [] }).handlers },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Aucun partenaire')).toBeVisible()
  },
}

export const Loading: Story = {
  name: 'Chargement',
  parameters: { msw: [pending('get', apiPaths.partners()), ...api.handlers] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('table', { name: 'Partenaires' })).toHaveAttribute(
      'aria-busy',
      'true',
    )
  },
}

export const LoadFailure: Story = {
  name: 'Erreur de chargement',
  parameters: { msw: [failing('get', apiPaths.partners()), ...api.handlers] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByText('Impossible de charger les partenaires.')).toBeVisible()
    // One message: in place, not a toast on top of it.
    await expect(screen.queryByText('Une erreur interne est survenue.')).toBeNull()
    await expect(canvas.getByRole('button', { name: 'Réessayer' })).toBeVisible()
  },
}

export const OpensPartner: Story = {
  name: 'Ouverture d’un partenaire',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(await canvas.findByRole('row', { name: 'Consulter Salle Vieux-Port Fitness' }))
    await expect(await canvas.findByTestId('location')).toHaveTextContent('Page : /bo/partenaires/2')
  },
}

export const New: Story = {
  name: 'Nouveau partenaire',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Nouveau' }))
    await expect(await canvas.findByTestId('location')).toHaveTextContent('Page : /bo/partenaires/nouveau')
  },
}

/** Picks the rows of these partners, by their selection box. */
async function pick(canvas: ReturnType<typeof within>, ...names: string[]) {
  for (const name of names)
    await userEvent.click(await canvas.findByRole('checkbox', { name: `Sélectionner ${name}` }))
}

export const BulkStatusChange: Story = {
  name: 'Changer le statut de la sélection',
  beforeEach: () => api.reset(),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await pick(canvas, 'Le Comptoir du Panier', 'Salle Vieux-Port Fitness')
    await expect(canvas.getByText('2 partenaires sélectionnés', { selector: '[aria-hidden]' })).toBeVisible()
    await chooseOption(canvas.getByRole('combobox', { name: 'Nouveau statut' }), 'Prospect')
    await userEvent.click(canvas.getByRole('button', { name: 'Changer le statut' }))
    // Asked first, naming how many and to what.
    const dialog = await screen.findByRole('dialog', { name: 'Changer le statut de 2 partenaires ?' })
    await expect(dialog).toHaveTextContent('Ils passeront au statut « Prospect ».')
    await expect(api.requests.filter((request) => request.method === 'PUT')).toEqual([])
    await userEvent.click(within(dialog).getByRole('button', { name: 'Changer le statut' }))
    await expect(await screen.findByText('Statut « Prospect » appliqué à 2 partenaires.')).toBeVisible()
    // Each partner saved by its own PUT, only its status changed.
    const puts = api.requests.filter((request) => request.method === 'PUT')
    await expect(puts.map((request) => request.path)).toEqual(['/api/partners/1', '/api/partners/2'])
    await expect(puts.map((request) => (request.body as { status: string }).status)).toEqual([
      'PROSPECT',
      'PROSPECT',
    ])
    await expect(puts.map((request) => (request.body as { name: string }).name)).toEqual([
      'Le Comptoir du Panier',
      'Salle Vieux-Port Fitness',
    ])
    await waitFor(() =>
      expect(canvas.getByRole('row', { name: 'Consulter Le Comptoir du Panier' })).toHaveTextContent(
        'Prospect',
      ),
    )
    await expect(canvas.queryByRole('button', { name: 'Changer le statut' })).toBeNull()
  },
}

const exports = recordedExports()

export const ExportSelection: Story = {
  name: 'Exporter la sélection',
  beforeEach: () => {
    api.reset()
    exports.reset()
  },
  parameters: { msw: [...exports.handlers, ...api.handlers] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.queryByRole('button', { name: /^Exporter la sélection/ })).toBeNull()
    await pick(canvas, 'Salle Vieux-Port Fitness', 'Le Comptoir du Panier')
    const created = spyOn(URL, 'createObjectURL')
    const clicked = spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {})
    try {
      await userEvent.click(canvas.getByRole('button', { name: 'Exporter la sélection (2)' }))
      await waitFor(() => expect(clicked).toHaveBeenCalledOnce())
      await expect((clicked.mock.contexts[0] as HTMLAnchorElement).download).toMatch(
        /^partenaires-selection-\d{4}-\d{2}-\d{2}\.csv$/,
      )
      await expect(created).toHaveBeenCalledOnce()
    } finally {
      clicked.mockRestore()
      created.mockRestore()
    }
    // Exactly the picked rows, in the list's order (its sort), without the list's search or filter.
    await expect(exports.queries.map((query) => Object.fromEntries(query))).toEqual([
      { ids: '2,1', sort: 'name' },
    ])
  },
}
