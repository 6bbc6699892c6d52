import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, spyOn, userEvent, waitFor, within } from 'storybook/test'
import { calls } from '@/contract/calls.ts'
import { signedInAdmin } from '@/mocks/fixtures/session.ts'
import { failing } from '@/mocks/handlers/backoffice.ts'
import { exchangeHandlers } from '@/mocks/handlers/exchange.ts'
import { PartnersCsvActions } from '@/src/screens/backoffice/exchange/PartnersCsvActions.tsx'
import { withToast } from './decorators.tsx'
import { expectToast } from './helpers.ts'

const meta = {
  title: 'Écrans/Back-office/Export CSV',
  component: PartnersCsvActions,
  decorators: [withToast],
  parameters: {
    session: { user: signedInAdmin },
    router: { path: '/bo/partenaires', initialEntries: ['/bo/partenaires'] },
    msw: exchangeHandlers(),
  },
  globals: { viewport: { value: 'desktop' } },
} satisfies Meta<typeof PartnersCsvActions>

export default meta
type Story = StoryObj<typeof meta>

export const Downloads: Story = {
  name: 'Téléchargement',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const created = spyOn(URL, 'createObjectURL')
    // The saved file is what the link hands over; the browser's own download is not needed here.
    const clicked = spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {})
    try {
      await userEvent.click(canvas.getByRole('button', { name: 'Exporter (CSV)' }))
      await waitFor(() => expect(clicked).toHaveBeenCalledOnce())
      const link = clicked.mock.contexts[0] as HTMLAnchorElement
      await expect(link.download).toMatch(/^partenaires-\d{4}-\d{2}-\d{2}\.csv$/)
      const blob = created.mock.calls[0]![0] as Blob
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await blob.arrayBuffer())
      await expect(text.split('\r\n')[0]).toBe(
        '\uFEFFId;Dénomination;Description;SIREN;Adresse;Ville;Latitude;Longitude;Email;Téléphone;Prénom gérant;Nom gérant;Catégories;Statut;Créé le;Modifié le',
      )
    } finally {
      clicked.mockRestore()
      created.mockRestore()
    }
    await expect(canvas.getByRole('link', { name: 'Importer (CSV)' })).toHaveAttribute(
      'href',
      '/bo/partenaires/import',
    )
  },
}

export const Failure: Story = {
  name: 'Échec de l’export',
  parameters: {
    msw: [failing('get', calls.exportPartners.path, { status: 403, message: 'Droits insuffisants.' })],
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Exporter (CSV)' }))
    await expectToast('Droits insuffisants.')
  },
}
