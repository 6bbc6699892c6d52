import type { Meta, StoryObj } from '@storybook/react-vite'
import { HttpResponse } from 'msw'
import { expect, spyOn, userEvent, waitFor, within } from 'storybook/test'
import { calls, type CallName } from '@/contract/calls.ts'
import { signedInAdmin } from '@/mocks/fixtures/session.ts'
import { failing } from '@/mocks/handlers/backoffice.ts'
import { exchangeHandlers } from '@/mocks/handlers/exchange.ts'
import { mockApi } from '@/mocks/handlers/mockApi.ts'
import { PartnersCsvActions } from '@/src/screens/backoffice/exchange/PartnersCsvActions.tsx'
import { UsersCsvActions } from '@/src/screens/backoffice/exchange/UsersCsvActions.tsx'
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
        '\uFEFFId;Dénomination;Description;SIREN;Adresse;Ville;Latitude;Longitude;Email;Téléphone;Prénom gérant;Nom gérant;Catégories;Statut;Créé le;Modifié le;Version',
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

/** The query strings the export calls were sent with, newest last. */
const asked: URLSearchParams[] = []
const recordingExport = (name: Extract<CallName, 'exportPartners' | 'exportUsers'>) =>
  mockApi(name, ({ request }) => {
    asked.push(new URL(request.url).searchParams)
    return new HttpResponse('\uFEFFId\r\n', {
      headers: { 'content-type': 'text/csv; charset=utf-8' },
    }) as HttpResponse<string>
  })

/** Clicks 'Exporter (CSV)' and answers the query string the file was asked with. */
async function exportFrom(canvasElement: HTMLElement): Promise<URLSearchParams> {
  asked.length = 0
  const clicked = spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {})
  try {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Exporter (CSV)' }))
    await waitFor(() => expect(clicked).toHaveBeenCalledOnce())
  } finally {
    clicked.mockRestore()
  }
  return asked.at(-1)!
}

export const FilteredPartners: Story = {
  name: 'Export de la liste filtrée (partenaires)',
  parameters: {
    router: {
      path: '/bo/partenaires',
      initialEntries: ['/bo/partenaires?q=lyon&statut=ACTIF&tri=-name&page=3'],
    },
    msw: [recordingExport('exportPartners')],
  },
  play: async ({ canvasElement }) => {
    // The list's search, status and sort, as the address holds them; every page, not the third.
    const query = await exportFrom(canvasElement)
    await expect(Object.fromEntries(query)).toEqual({ q: 'lyon', status: 'ACTIF', sort: '-name' })
  },
}

export const FilteredUsers: Story = {
  name: 'Export de la liste filtrée (utilisateurs)',
  render: () => <UsersCsvActions />,
  parameters: {
    router: {
      path: '/bo/utilisateurs',
      initialEntries: ['/bo/utilisateurs?q=%20dupont%20&role=ROLE_ADMIN&statut=DESACTIVE'],
    },
    msw: [recordingExport('exportUsers')],
  },
  play: async ({ canvasElement }) => {
    const query = await exportFrom(canvasElement)
    await expect(Object.fromEntries(query)).toEqual({
      q: 'dupont',
      status: 'DESACTIVE',
      role: 'ROLE_ADMIN',
      sort: 'name',
    })
  },
}
