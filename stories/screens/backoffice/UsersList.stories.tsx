import type { Meta, StoryObj } from '@storybook/react-vite'
import { HttpResponse } from 'msw'
import { expect, screen, spyOn, userEvent, waitFor, within } from 'storybook/test'
import { apiPaths } from '@/contract/paths.ts'
import { signedInAdmin } from '@/mocks/fixtures/session.ts'
import { manyUsers } from '@/mocks/fixtures/users.ts'
import { createBackofficeApi, failing, pending } from '@/mocks/handlers/backoffice.ts'
import { mockApi } from '@/mocks/handlers/mockApi.ts'
import { UsersListScreen } from '@/src/screens/backoffice/users/UsersListScreen.tsx'
import { withToast } from './decorators.tsx'
import { chooseOption } from './helpers.ts'

const api = createBackofficeApi()
const dataRows = (canvas: ReturnType<typeof within>) => canvas.getAllByRole('row', { name: /^Consulter/ })

const meta = {
  title: 'Écrans/Back-office/Utilisateurs (liste)',
  component: UsersListScreen,
  decorators: [withToast],
  parameters: {
    layout: 'fullscreen',
    session: { user: signedInAdmin },
    router: { path: '/bo/utilisateurs', initialEntries: ['/bo/utilisateurs'] },
    msw: api.handlers,
  },
  globals: { viewport: { value: 'desktop' } },
} satisfies Meta<typeof UsersListScreen>

export default meta
type Story = StoryObj<typeof meta>

export const Loaded: Story = {
  name: 'Chargée',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('heading', { level: 1, name: 'Utilisateurs' })).toBeVisible()
    for (const header of ['Prénom', 'Nom', 'Email', 'Rôle', 'Status']) {
      await expect(canvas.getByRole('columnheader', { name: header })).toBeVisible()
    }
    await waitFor(() => expect(dataRows(canvas)).toHaveLength(4))
    await expect(canvas.getByText('4 utilisateurs')).toBeVisible()
    const row = canvas.getByRole('row', { name: 'Consulter Lucas Bernard' })
    await expect(row).toHaveTextContent('lucas.bernard@exemple.fr')
    await expect(row).toHaveTextContent('Prospect')
    // The role column tells administrators from users.
    await expect(row).toHaveTextContent('Utilisateur')
    await expect(canvas.getByRole('row', { name: 'Consulter Sophie Durand' })).toHaveTextContent(
      'Administrateur',
    )
  },
}

export const Search: Story = {
  name: 'Recherche',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await waitFor(() => expect(dataRows(canvas)).toHaveLength(4))
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Rechercher un utilisateur' }), 'ines')
    await expect(canvas.getByRole('searchbox', { name: 'Rechercher un utilisateur' })).toHaveValue('ines')
    // Case and accents are ignored: 'ines' finds Inès.
    await waitFor(() => expect(dataRows(canvas)).toHaveLength(1))
    await expect(dataRows(canvas)[0]).toHaveAccessibleName('Consulter Inès Roux')
  },
}

export const SortByRole: Story = {
  name: 'Tri par rôle',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await waitFor(() => expect(dataRows(canvas)).toHaveLength(4))
    await userEvent.click(canvas.getByRole('button', { name: 'Rôle' }))
    await waitFor(() =>
      expect(canvas.getByRole('columnheader', { name: 'Rôle' })).toHaveAttribute('aria-sort', 'ascending'),
    )
    // Administrators first.
    await waitFor(() => expect(dataRows(canvas)[0]).toHaveAccessibleName('Consulter Sophie Durand'))
    await userEvent.click(canvas.getByRole('button', { name: 'Rôle' }))
    await waitFor(() => expect(dataRows(canvas)[3]).toHaveAccessibleName('Consulter Sophie Durand'))
  },
}

/** The query strings 'Exporter (CSV)' was sent with, newest last. */
const exported: URLSearchParams[] = []
const recordingExport = mockApi('exportUsers', ({ request }) => {
  exported.push(new URL(request.url).searchParams)
  return new HttpResponse('\uFEFFId\r\n', {
    headers: { 'content-type': 'text/csv; charset=utf-8' },
  }) as HttpResponse<string>
})

/** Clicks 'Exporter (CSV)' (the browser's download held back) and answers the query the file was asked with. */
async function exportQuery(canvasElement: HTMLElement) {
  exported.length = 0
  const clicked = spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
  try {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Exporter (CSV)' }))
    await waitFor(() => expect(clicked).toHaveBeenCalledOnce())
  } finally {
    clicked.mockRestore()
  }
  return Object.fromEntries(exported.at(-1)!)
}

/**
 * Seulement les administrateurs, ou seulement les utilisateurs : le filtre est gardé dans l’adresse de la
 * page, et l’export CSV le suit.
 */
export const FilterByRole: Story = {
  name: 'Filtre par rôle',
  tags: ['no-visual'],
  parameters: { msw: [recordingExport, ...api.handlers] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await waitFor(() => expect(dataRows(canvas)).toHaveLength(4))
    const role = canvas.getByRole('combobox', { name: 'Filtrer par rôle' })
    await expect(role).toHaveTextContent('Tous les rôles')
    await chooseOption(role, 'Administrateurs')
    await waitFor(() => expect(dataRows(canvas)).toHaveLength(1))
    await expect(dataRows(canvas)[0]).toHaveAccessibleName('Consulter Sophie Durand')
    await expect(await exportQuery(canvasElement)).toEqual({ role: 'ROLE_ADMIN', sort: 'name' })
    // Users are those who are not administrators (Sophie is both).
    await chooseOption(role, 'Utilisateurs')
    await waitFor(() => expect(dataRows(canvas)).toHaveLength(3))
    await expect(canvas.queryByRole('row', { name: 'Consulter Sophie Durand' })).toBeNull()
    await expect(canvas.getByText('3 utilisateurs')).toBeVisible()
    await expect(await exportQuery(canvasElement)).toEqual({ role: 'ROLE_USER', sort: 'name' })
    await chooseOption(role, 'Tous les rôles')
    await waitFor(() => expect(dataRows(canvas)).toHaveLength(4))
    await expect(await exportQuery(canvasElement)).toEqual({ sort: 'name' })
  },
}

/**
 * Un lien ou un retour arrière vers une liste filtrée l’affiche filtrée ; un rôle inconnu dans l’adresse est
 * ignoré.
 */
export const RoleFromAddress: Story = {
  name: 'Rôle repris de l’adresse',
  parameters: {
    router: { path: '/bo/utilisateurs', initialEntries: ['/bo/utilisateurs?role=ROLE_USER&statut=ACTIF'] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('combobox', { name: 'Filtrer par rôle' })).toHaveTextContent('Utilisateurs')
    // Camille is the only active user who is not an administrator.
    await waitFor(() => expect(dataRows(canvas)).toHaveLength(1))
    await expect(dataRows(canvas)[0]).toHaveAccessibleName('Consulter Camille Martin')
  },
}

export const UnknownRoleInAddress: Story = {
  name: 'Rôle inconnu dans l’adresse',
  tags: ['no-visual'],
  parameters: {
    router: { path: '/bo/utilisateurs', initialEntries: ['/bo/utilisateurs?role=ROLE_ROOT'] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('combobox', { name: 'Filtrer par rôle' })).toHaveTextContent(
      'Tous les rôles',
    )
    await waitFor(() => expect(dataRows(canvas)).toHaveLength(4))
  },
}

export const SearchFromAddress: Story = {
  name: 'Recherche reprise de l’adresse',
  parameters: {
    router: { path: '/bo/utilisateurs', initialEntries: ['/bo/utilisateurs?q=exemple.fr&tri=-email'] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('searchbox', { name: 'Rechercher un utilisateur' })).toHaveValue(
      'exemple.fr',
    )
    await waitFor(() => expect(dataRows(canvas)).toHaveLength(4))
    await expect(dataRows(canvas)[0]).toHaveAccessibleName('Consulter Sophie Durand')
    await expect(canvas.getByRole('columnheader', { name: 'Email' })).toHaveAttribute(
      'aria-sort',
      'descending',
    )
  },
}

export const ManyRows: Story = {
  name: 'Beaucoup de lignes',
  parameters: { msw: createBackofficeApi({ users: manyUsers(120) }).handlers },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await waitFor(() => expect(dataRows(canvas)).toHaveLength(10))
    await expect(canvas.getByText('1–10 sur 120')).toBeVisible()
    await expect(canvas.getByText('120 utilisateurs')).toBeVisible()
    await chooseOption(canvas.getByRole('combobox', { name: 'Lignes par page' }), '100')
    await waitFor(() => expect(dataRows(canvas)).toHaveLength(100))
  },
}

export const Empty: Story = {
  name: 'Vide',
  parameters: { msw: createBackofficeApi({ users: [] }).handlers },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Aucun utilisateur')).toBeVisible()
  },
}

export const Loading: Story = {
  name: 'Chargement',
  parameters: { msw: [pending('get', apiPaths.users()), ...api.handlers] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('table', { name: 'Utilisateurs' })).toHaveAttribute(
      'aria-busy',
      'true',
    )
  },
}

export const LoadFailure: Story = {
  name: 'Erreur de chargement',
  parameters: { msw: [failing('get', apiPaths.users()), ...api.handlers] },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText('Impossible de charger les utilisateurs.'),
    ).toBeVisible()
    // One message: in place, not a toast on top of it.
    await expect(screen.queryByText('Une erreur interne est survenue.')).toBeNull()
  },
}

export const OpensUser: Story = {
  name: 'Ouverture d’un utilisateur',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(await canvas.findByRole('row', { name: 'Consulter Camille Martin' }))
    await expect(await canvas.findByTestId('location')).toHaveTextContent('Page : /bo/utilisateurs/2')
  },
}

export const New: Story = {
  name: 'Nouvel utilisateur',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Nouveau' }))
    await expect(await canvas.findByTestId('location')).toHaveTextContent('Page : /bo/utilisateurs/nouveau')
  },
}
