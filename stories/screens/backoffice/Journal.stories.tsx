import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, screen, userEvent, waitFor, within } from 'storybook/test'
import { apiPaths } from '@/contract/paths.ts'
import { signedInAdmin } from '@/mocks/fixtures/session.ts'
import { createBackofficeApi, failing, pending } from '@/mocks/handlers/backoffice.ts'
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
