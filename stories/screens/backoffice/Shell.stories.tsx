import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { BackofficeShell } from '@/src/screens/backoffice/shell/BackofficeShell.tsx'
import { signedInAdmin } from '@/mocks/fixtures/session.ts'
import { createBackofficeApi } from '@/mocks/handlers/backoffice.ts'
import { readStoredUser } from '@/src/session/index.ts'

const api = createBackofficeApi()

const meta = {
  title: 'Écrans/Back-office/Shell',
  component: BackofficeShell,
  args: { children: <h1>Contenu de la page</h1> },
  parameters: {
    layout: 'fullscreen',
    session: { user: signedInAdmin },
    router: { path: '/bo/*', initialEntries: ['/bo/partenaires'] },
    msw: api.handlers,
  },
  globals: { viewport: { value: 'desktop' } },
} satisfies Meta<typeof BackofficeShell>

export default meta
type Story = StoryObj<typeof meta>

export const Desktop: Story = {
  name: 'Ordinateur',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Espace administration')).toBeVisible()
    const nav = within(canvas.getByRole('navigation', { name: "Menu d'administration" }))
    await expect(nav.getByRole('link', { name: "Gérer page d'accueil" })).toHaveAttribute(
      'href',
      '/bo/gerer-accueil',
    )
    await expect(nav.getByRole('link', { name: 'Partenaires' })).toHaveAttribute('aria-current', 'page')
    await expect(nav.getByRole('link', { name: 'Utilisateurs' })).toHaveAttribute('href', '/bo/utilisateurs')
    await expect(nav.getByRole('link', { name: 'Tableau de bord' })).toHaveAttribute(
      'href',
      '/bo/tableau-de-bord',
    )
    await expect(nav.getByRole('link', { name: 'Journal' })).toHaveAttribute('href', '/bo/journal')
    await expect(canvas.getByRole('link', { name: 'Aller aux pages publiques' })).toHaveAttribute('href', '/')
  },
}

export const Tooltips: Story = {
  name: 'Infobulles',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const body = within(canvasElement.ownerDocument.body)
    await userEvent.hover(canvas.getByRole('button', { name: 'Déconnexion' }))
    await expect(await body.findByRole('tooltip')).toHaveTextContent('Déconnexion')
    await userEvent.unhover(canvas.getByRole('button', { name: 'Déconnexion' }))
    await userEvent.hover(canvas.getByRole('link', { name: 'Aller aux pages publiques' }))
    await waitFor(() => expect(body.getByRole('tooltip')).toHaveTextContent('Aller aux pages publiques'))
  },
}

export const Tablet: Story = {
  name: 'Tablette',
  globals: { viewport: { value: 'tablet' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    // On a tablet the menu stays on screen as rows under the bar, every entry reachable without scrolling.
    await expect(canvas.queryByRole('button', { name: 'Menu' })).toBeNull()
    for (const name of [
      "Gérer page d'accueil",
      'Partenaires',
      'Utilisateurs',
      'Tableau de bord',
      'Journal',
    ]) {
      const link = canvas.getByRole('link', { name })
      await expect(link).toBeVisible()
      await expect(link.getBoundingClientRect().right).toBeLessThanOrEqual(
        canvasElement.ownerDocument.documentElement.clientWidth,
      )
    }
  },
}

export const Phone: Story = {
  name: 'Téléphone : menu',
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const menu = canvas.getByRole('button', { name: 'Menu' })
    // Hidden until the button opens it: found through the button's aria-controls.
    const nav = canvasElement.ownerDocument.getElementById(menu.getAttribute('aria-controls')!)!
    await expect(nav).toHaveAttribute('aria-label', "Menu d'administration")
    // Five entries cannot stand in one row on a phone: they are behind the bar's menu button.
    await expect(menu).toHaveAttribute('aria-expanded', 'false')
    await expect(nav).not.toBeVisible()
    await userEvent.click(menu)
    await expect(menu).toHaveAttribute('aria-expanded', 'true')
    for (const name of [
      "Gérer page d'accueil",
      'Partenaires',
      'Utilisateurs',
      'Tableau de bord',
      'Journal',
    ]) {
      const link = within(nav).getByRole('link', { name })
      await expect(link).toBeVisible()
      await expect(link.getBoundingClientRect().right).toBeLessThanOrEqual(
        canvasElement.ownerDocument.documentElement.clientWidth,
      )
    }
    await userEvent.click(within(nav).getByRole('link', { name: 'Utilisateurs' }))
    await expect(menu).toHaveAttribute('aria-expanded', 'false')
    await expect(nav).not.toBeVisible()
    await userEvent.click(menu)
    await expect(within(nav).getByRole('link', { name: 'Utilisateurs' })).toHaveAttribute(
      'aria-current',
      'page',
    )
  },
}

export const GoesToMenuEntry: Story = {
  name: 'Vers une entrée du menu',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('link', { name: 'Utilisateurs' }))
    await waitFor(() =>
      expect(canvas.getByRole('link', { name: 'Utilisateurs' })).toHaveAttribute('aria-current', 'page'),
    )
  },
}

export const Logout: Story = {
  name: 'Déconnexion',
  beforeEach: () => api.reset(),
  parameters: { router: { path: '/bo/partenaires', initialEntries: ['/bo/partenaires'] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Déconnexion' }))
    await expect(await canvas.findByTestId('location')).toHaveTextContent('Page : /login')
    await expect(readStoredUser()).toBeNull()
    await expect(api.requests.some((request) => request.path === '/api/auth/logout')).toBe(true)
  },
}
