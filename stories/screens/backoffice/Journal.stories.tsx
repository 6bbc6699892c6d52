import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, screen, userEvent, waitFor, within } from 'storybook/test'
import { apiPaths } from '@/contract/paths.ts'
import { auditEntries } from '@/mocks/fixtures/audit.ts'
import { signedInAdmin } from '@/mocks/fixtures/session.ts'
import { createBackofficeApi, failing, pending } from '@/mocks/handlers/backoffice.ts'
import { configHandlers } from '@/mocks/handlers/config.ts'
import { JournalScreen } from '@/src/screens/backoffice/journal/JournalScreen.tsx'
import { withToast } from './decorators.tsx'
import { chooseOption } from './helpers.ts'

const api = createBackofficeApi()
const entryRows = (canvas: ReturnType<typeof within>) =>
  within(canvas.getByRole('table', { name: 'Journal' }))
    .getAllByRole('row')
    .slice(1)

const meta = {
  title: 'Écrans/Back-office/Journal',
  component: JournalScreen,
  decorators: [withToast],
  beforeEach: () => api.reset(),
  parameters: {
    layout: 'fullscreen',
    session: { user: signedInAdmin },
    router: { path: '/bo/journal', initialEntries: ['/bo/journal'] },
    msw: api.handlers,
  },
  globals: { viewport: { value: 'desktop' } },
} satisfies Meta<typeof JournalScreen>

export default meta
type Story = StoryObj<typeof meta>

export const Loaded: Story = {
  name: 'Entrées',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('heading', { level: 1, name: 'Journal' })).toBeVisible()
    for (const header of ['Date', 'Administrateur', 'Action', 'Cible', 'Motif', 'Modifications'])
      await expect(canvas.getByRole('columnheader', { name: header })).toBeVisible()
    await waitFor(() => expect(entryRows(canvas)).toHaveLength(4))
    await expect(canvas.getByText('4 entrées')).toBeVisible()
    // Newest first: the reactivation, with its motif and what it undid.
    const [reactivation, change, deletion, creation] = entryRows(canvas)
    await expect(reactivation).toHaveTextContent('Réactivation de coupon')
    await expect(reactivation).toHaveTextContent('Alice Admin')
    await expect(reactivation).toHaveTextContent(
      'Utilisateur n° 2 (Camille Martin · Dessert offert (Le Comptoir du Panier))',
    )
    await expect(reactivation).toHaveTextContent('Le terminal de paiement était en panne')
    await expect(reactivation).toHaveTextContent(/Utilisé le\d{2}\/10\/2026 \d{2}:31 → —/)
    // The change shows only what changed, before → after.
    await expect(change).toHaveTextContent('Modification de partenaire')
    await expect(change).toHaveTextContent('DénominationLe Comptoir → Le Comptoir du Panier')
    await expect(change).toHaveTextContent('StatutProspect → Actif')
    await expect(change).not.toHaveTextContent('Tél')
    await expect(deletion).toHaveTextContent('Suppression d’article')
    await expect(creation).toHaveTextContent('Création d’utilisateur')
    await expect(canvas.getByRole('link', { name: 'Exporter (CSV)' })).toHaveAttribute(
      'href',
      apiPaths.auditExport(),
    )
  },
}

export const Filtered: Story = {
  name: 'Filtres',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await waitFor(() => expect(entryRows(canvas)).toHaveLength(4))
    await chooseOption(canvas.getByRole('combobox', { name: 'Administrateur' }), 'Bruno Gérant')
    await waitFor(() => expect(entryRows(canvas)).toHaveLength(1))
    await expect(entryRows(canvas)[0]).toHaveTextContent('Modification de partenaire')
    await chooseOption(canvas.getByRole('combobox', { name: 'Administrateur' }), 'Tous')
    await chooseOption(canvas.getByRole('combobox', { name: 'Action' }), 'Suppression d’article')
    await waitFor(() => expect(entryRows(canvas)).toHaveLength(1))
    await chooseOption(canvas.getByRole('combobox', { name: 'Action' }), 'Toutes')
    await userEvent.type(canvas.getByLabelText('Du'), '2026-11-19')
    await waitFor(() => expect(entryRows(canvas)).toHaveLength(2))
    // The export follows the filters.
    await expect(canvas.getByRole('link', { name: 'Exporter (CSV)' })).toHaveAttribute(
      'href',
      `${apiPaths.auditExport()}?from=2026-11-19`,
    )
    await userEvent.click(canvas.getByRole('button', { name: 'Effacer les filtres' }))
    await waitFor(() => expect(entryRows(canvas)).toHaveLength(4))
  },
}

export const FiltersFromAddress: Story = {
  name: 'Filtres repris de l’adresse',
  parameters: { router: { path: '/bo/journal', initialEntries: ['/bo/journal?action=coupon.reactivate'] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await waitFor(() => expect(entryRows(canvas)).toHaveLength(1))
    await expect(canvas.getByRole('combobox', { name: 'Action' })).toHaveTextContent('Réactivation de coupon')
  },
}

export const Empty: Story = {
  name: 'Journal vide',
  parameters: { msw: createBackofficeApi({ audit: [] }).handlers },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByText('Aucune entrée dans le journal')).toBeVisible()
    await expect(canvas.getByText('0 entrée')).toBeVisible()
  },
}

export const Loading: Story = {
  name: 'Chargement',
  parameters: { msw: [pending('get', apiPaths.audit()), ...api.handlers] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('table', { name: 'Journal' })).toHaveAttribute(
      'aria-busy',
      'true',
    )
  },
}

export const LoadFailure: Story = {
  name: 'Erreur de chargement',
  parameters: { msw: [failing('get', apiPaths.audit()), ...api.handlers] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByText('Impossible de charger le journal.')).toBeVisible()
    await expect(screen.queryByText('Une erreur interne est survenue.')).toBeNull()
    await expect(canvas.getByRole('button', { name: 'Réessayer' })).toBeVisible()
  },
}

const exportEntry: (typeof auditEntries)[number] = {
  id: '7',
  at: '2026-11-21T23:30:00.000Z',
  actor: { id: 1, name: 'Alice Admin', email: 'admin@exemple.fr' },
  action: 'data.export',
  targetType: 'export',
  targetId: null,
  targetLabel: 'Partenaires, 2 lignes',
  motif: null,
  before: null,
  after: {
    export: 'Partenaires',
    // « Exporter la sélection »: the picked rows' ids, with the list's filters.
    filters: { q: 'lyon', status: 'ACTIF', sort: '-name', ids: [3, 7] },
    rows: 2,
  },
}
const withExport = createBackofficeApi({ audit: [exportEntry, ...auditEntries] })

export const TargetsAndExports: Story = {
  name: 'Cibles en liens, export inscrit',
  beforeEach: () => withExport.reset(),
  parameters: { msw: withExport.handlers },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await waitFor(() => expect(entryRows(canvas)).toHaveLength(5))
    const [exported, reactivation, change, deletion, creation] = entryRows(canvas)
    // An export: which one, its filters and its size; 23:30 UTC on the 21st is the 22nd in Paris.
    await expect(exported).toHaveTextContent('22/11/2026 00:30')
    await expect(exported).toHaveTextContent('Export CSV')
    await expect(exported).toHaveTextContent('Export (Partenaires, 2 lignes)')
    await expect(exported).toHaveTextContent(
      'Filtresrecherche « lyon », statut « Actif », tri « -name », sélection (Id) « 3, 7 »',
    )
    await expect(exported).toHaveTextContent('Lignes2')
    await expect(within(exported!).queryByRole('link')).toBeNull()
    // Targets that can be opened are links to their page.
    await expect(
      within(reactivation!).getByRole('link', {
        name: 'Utilisateur n° 2 (Camille Martin · Dessert offert (Le Comptoir du Panier))',
      }),
    ).toHaveAttribute('href', '/bo/utilisateurs/2')
    await expect(
      within(change!).getByRole('link', { name: 'Partenaire n° 1 (Le Comptoir du Panier)' }),
    ).toHaveAttribute('href', '/bo/partenaires/1')
    await expect(within(creation!).getByRole('link', { name: /^Utilisateur n° 3/ })).toHaveAttribute(
      'href',
      '/bo/utilisateurs/3',
    )
    await expect(within(deletion!).queryByRole('link')).toBeNull()
  },
}

export const OtherTimeZone: Story = {
  name: 'Dates dans le fuseau de l’application',
  parameters: { msw: [configHandlers.config({ timeZone: 'America/Martinique' }), ...api.handlers] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    // 15:42 UTC is 11:42 in Martinique (APP_TIME_ZONE), whatever the browser's zone; the diff's dates too.
    await waitFor(() => expect(entryRows(canvas)[0]).toHaveTextContent('20/11/2026 11:42'))
    await expect(entryRows(canvas)[0]).toHaveTextContent('Utilisé le02/10/2026 08:31 → —')
  },
}
