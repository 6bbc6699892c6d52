import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, spyOn, userEvent, waitFor, within } from 'storybook/test'
import { calls } from '@/contract/calls.ts'
import { previewReady, previewWithDuplicates, previewWithUpdates } from '@/mocks/fixtures/dashboard.ts'
import { signedInAdmin } from '@/mocks/fixtures/session.ts'
import { rejecting } from '@/mocks/handlers/backoffice.ts'
import { exchangeHandlers, importChangedSincePreview } from '@/mocks/handlers/exchange.ts'
import { PartnerImportScreen } from '@/src/screens/backoffice/import/PartnerImportScreen.tsx'
import { withToast } from './decorators.tsx'
import { chooseOption } from './helpers.ts'

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
    await expect(canvas.getByText('Encodage lu : UTF-8.')).toBeVisible()

    // The errors as a file to work from: line, column, message.
    const created = spyOn(URL, 'createObjectURL')
    const clicked = spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {})
    try {
      await userEvent.click(canvas.getByRole('button', { name: 'Télécharger le rapport d’erreurs (CSV)' }))
      await waitFor(() => expect(clicked).toHaveBeenCalledOnce())
      await expect((clicked.mock.contexts[0] as HTMLAnchorElement).download).toMatch(
        /^erreurs-import-\d{4}-\d{2}-\d{2}\.csv$/,
      )
      const blob = created.mock.calls[0]![0] as Blob
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await blob.arrayBuffer())
      await expect(text.split('\r\n')).toEqual([
        '\uFEFFLigne;Colonne;Message',
        '3;Code postal;Le code postal doit comporter 5 chiffres.',
        '5;Catégories;La catégorie « Librairies » n’existe pas (cochez « Créer les catégories manquantes » pour la créer).',
        '',
      ])
    } finally {
      clicked.mockRestore()
      created.mockRestore()
    }
  },
}

export const WithDuplicates: Story = {
  name: 'Doublons et fichier Excel',
  parameters: { msw: exchangeHandlers({ preview: () => previewWithDuplicates }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await chooseFile(canvasElement)
    await expect(
      await canvas.findByText('5 lignes lues : 2 partenaires prêts, 3 doublons, 0 erreur.'),
    ).toBeVisible()
    // Excel's « CSV »: said, and its accents shown as read.
    await expect(canvas.getByText('Fichier lu en Windows-1252')).toBeVisible()
    const ready = canvas.getByRole('table', { name: 'Partenaires prêts à importer' })
    await expect(within(ready).getByRole('row', { name: /^2 Crêperie Bretonne Marseille/ })).toBeVisible()

    const duplicates = canvas.getByRole('table', { name: 'Doublons' })
    await expect(
      within(duplicates).getByRole('row', {
        name: '3 Crêperie Bretonne Marseille bonjour@creperie.fr Ligne 2 du fichier — même dénomination et ville Ignorée',
      }),
    ).toBeVisible()
    await expect(
      within(duplicates).getByRole('row', {
        name: /^4 Comptoir du Panier .* Partenaire existant \(Id 1\) : Le Comptoir du Panier, Marseille — même e-mail/,
      }),
    ).toBeVisible()
    // Ignored by default: only the two new partners.
    await expect(canvas.getByRole('combobox', { name: 'Ligne 4' })).toHaveTextContent('Ignorer')
    await expect(canvas.getByRole('button', { name: 'Importer 2 partenaires' })).toBeEnabled()

    // All updated, then line 6 ignored again.
    await chooseOption(
      canvas.getByRole('combobox', { name: 'Pour tous les doublons de partenaires existants' }),
      'Mettre à jour',
    )
    await expect(canvas.getByRole('combobox', { name: 'Ligne 4' })).toHaveTextContent('Mettre à jour')
    await expect(canvas.getByRole('button', { name: 'Importer 4 partenaires' })).toBeVisible()
    await chooseOption(canvas.getByRole('combobox', { name: 'Ligne 6' }), 'Ignorer')
    await expect(canvas.getByRole('button', { name: 'Importer 3 partenaires' })).toBeEnabled()
  },
}

export const DuplicatesImported: Story = {
  name: 'Doublons importés selon le choix',
  parameters: WithDuplicates.parameters,
  play: async (context) => {
    await WithDuplicates.play!(context)
    const canvas = within(context.canvasElement)
    // The mock answers from the choice sent: duplicates=update&exceptLines=6.
    await userEvent.click(canvas.getByRole('button', { name: 'Importer 3 partenaires' }))
    await expect(
      await canvas.findByText('2 partenaires créés, 1 mis à jour, 2 doublons ignorés.'),
    ).toBeVisible()
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

const changedSincePreview = importChangedSincePreview()

export const ChangedSincePreview: Story = {
  name: 'Partenaire modifié depuis l’aperçu',
  beforeEach: () => changedSincePreview.reset(),
  parameters: { msw: [...changedSincePreview.handlers, ...exchangeHandlers()] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await chooseFile(canvasElement)
    await userEvent.click(await canvas.findByRole('button', { name: 'Importer 3 partenaires' }))
    // The import sends the versions its preview read; partner 1 has changed since: nothing is imported.
    const refusal = await canvas.findByRole('alert')
    await expect(refusal).toHaveTextContent('Import refusé')
    await expect(refusal).toHaveTextContent(
      'Aucun partenaire importé, pour ne pas écraser une modification plus récente : « Le Comptoir du Panier » (ligne 2) a été modifié par Alice Martin le 28/11/2026 à 09:12 depuis l’aperçu. Refaites l’aperçu pour voir le fichier face aux versions actuelles.',
    )
    await expect(changedSincePreview.sent).toEqual(['1:3,2:1'])
    await expect(canvas.queryByText(/mis à jour\.$/)).toBeNull()
    await expect(within(refusal).getByRole('button', { name: 'Refaire l’aperçu' })).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Importer 3 partenaires' })).toBeDisabled()
  },
}

export const PreviewAgain: Story = {
  name: 'Aperçu refait après un refus',
  beforeEach: ChangedSincePreview.beforeEach,
  parameters: ChangedSincePreview.parameters,
  play: async (context) => {
    await ChangedSincePreview.play!(context)
    const canvas = within(context.canvasElement)
    // The same file read again against the partners as they are now, then imported knowingly.
    await userEvent.click(canvas.getByRole('button', { name: 'Refaire l’aperçu' }))
    await waitFor(() => expect(canvas.queryByRole('alert')).toBeNull())
    await userEvent.click(await canvas.findByRole('button', { name: 'Importer 3 partenaires' }))
    await expect(await canvas.findByText('1 partenaire créé, 2 mis à jour.')).toBeVisible()
    await expect(changedSincePreview.sent).toEqual(['1:3,2:1', '1:4,2:1'])
  },
}
