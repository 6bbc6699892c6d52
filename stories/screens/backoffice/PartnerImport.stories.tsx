import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { calls } from '@/contract/calls.ts'
import { previewReady, previewWithUpdates } from '@/mocks/fixtures/dashboard.ts'
import { signedInAdmin } from '@/mocks/fixtures/session.ts'
import { rejecting } from '@/mocks/handlers/backoffice.ts'
import { exchangeHandlers } from '@/mocks/handlers/exchange.ts'
import { PartnerImportScreen } from '@/src/screens/backoffice/import/PartnerImportScreen.tsx'
import { withToast } from './decorators.tsx'

const meta = {
  title: 'Écrans/Back-office/Import de partenaires',
  component: PartnerImportScreen,
  decorators: [withToast],
  parameters: {
    layout: 'fullscreen',
    session: { user: signedInAdmin },
    router: { path: '/bo/partenaires/import', initialEntries: ['/bo/partenaires/import'] },
    msw: exchangeHandlers(),
  },
  globals: { viewport: { value: 'desktop' } },
} satisfies Meta<typeof PartnerImportScreen>

export default meta
type Story = StoryObj<typeof meta>

/** Chooses a file as the hidden input behind "Choisir un fichier CSV" receives it. */
async function chooseFile(canvasElement: HTMLElement) {
  const input = canvasElement.querySelector<HTMLInputElement>('input[type=file]')!
  await userEvent.upload(input, new File(['Dénomination;Ville\r\n'], 'partenaires.csv', { type: 'text/csv' }))
}

export const Start: Story = {
  name: 'Aucun fichier',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('heading', { level: 1, name: 'Importer des partenaires' })).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Choisir un fichier CSV' })).toBeVisible()
    await expect(canvas.getByRole('checkbox', { name: 'Créer les catégories manquantes' })).not.toBeChecked()
    await expect(canvas.queryByRole('button', { name: /^Importer/ })).toBeNull()
  },
}

export const PreviewWithErrors: Story = {
  name: 'Aperçu avec erreurs',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await chooseFile(canvasElement)
    await expect(await canvas.findByText('4 lignes lues : 2 partenaires prêts, 2 erreurs.')).toBeVisible()
    await expect(canvas.getByText('partenaires.csv')).toBeVisible()
    const errors = canvas.getByRole('list', { name: 'Erreurs par ligne' })
    await expect(
      within(errors)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Ligne 3 : le code postal doit comporter 5 chiffres.',
      'Ligne 5 : la catégorie « Librairies » n’existe pas (cochez « Créer les catégories manquantes » pour la créer).',
    ])
    const table = canvas.getByRole('table', { name: 'Partenaires prêts à importer' })
    await expect(within(table).getAllByRole('row')).toHaveLength(3)
    // All or nothing: no import while a line is wrong.
    await expect(canvas.getByRole('button', { name: 'Importer 2 partenaires' })).toBeDisabled()
  },
}

export const Success: Story = {
  name: 'Import réussi',
  parameters: { msw: exchangeHandlers({ preview: () => previewReady }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Créer les catégories manquantes' }))
    await chooseFile(canvasElement)
    const title = await canvas.findByText('Catégories qui seront créées')
    await expect(title.parentElement).toHaveTextContent('Catégories qui seront crééesLibrairies')
    await userEvent.click(canvas.getByRole('button', { name: 'Importer 3 partenaires' }))
    await expect(await canvas.findByText('3 partenaires importés.')).toBeVisible()
    await expect(canvas.getByText(/Catégories créées : Librairies\./)).toBeVisible()
    await userEvent.click(canvas.getByRole('link', { name: 'Voir les partenaires' }))
    await expect(await canvas.findByTestId('location')).toHaveTextContent('Page : /bo/partenaires')
  },
}

export const WithUpdates: Story = {
  name: 'Mise à jour depuis un export',
  parameters: { msw: exchangeHandlers({ preview: () => previewWithUpdates }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await chooseFile(canvasElement)
    await expect(
      await canvas.findByText('3 lignes lues : 3 partenaires prêts (dont 2 mis à jour), 0 erreur.'),
    ).toBeVisible()
    const table = canvas.getByRole('table', { name: 'Partenaires prêts à importer' })
    await expect(within(table).getByRole('columnheader', { name: 'Action' })).toBeVisible()
    await expect(
      within(table).getByRole('row', { name: /^2 Mise à jour \(Id 1\) Le Comptoir du Panier/ }),
    ).toBeVisible()
    await expect(within(table).getByRole('row', { name: /^4 Création Bar du Port/ })).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Importer 3 partenaires' }))
    await expect(await canvas.findByText('1 partenaire créé, 2 mis à jour.')).toBeVisible()
  },
}

export const Refused: Story = {
  name: 'Fichier refusé',
  parameters: {
    msw: [
      rejecting(
        'post',
        calls.previewPartnerImport.path,
        'Colonne manquante : « Catégories ». La première ligne doit nommer les colonnes, comme dans l’export.',
      ),
      ...exchangeHandlers(),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await chooseFile(canvasElement)
    await expect(await canvas.findByText('Fichier refusé')).toBeVisible()
    await waitFor(() => expect(canvas.getByText(/^Colonne manquante : « Catégories »/)).toBeVisible())
    await expect(canvas.queryByRole('button', { name: /^Importer/ })).toBeNull()
  },
}
