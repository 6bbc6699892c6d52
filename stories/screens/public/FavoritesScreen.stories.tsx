import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { FavoritesScreen } from '@/src/screens/public/favorites/FavoritesScreen.tsx'
import { signedInUser } from '@/mocks/fixtures/session.ts'
import { favoritesHandlers } from '@/mocks/handlers/me.ts'
import { vieuxPortLocation, withUserLocation } from './decorators.tsx'

const meta = {
  title: 'Écrans/Public/Mes favoris',
  component: FavoritesScreen,
  decorators: [withUserLocation(vieuxPortLocation)],
  parameters: {
    layout: 'fullscreen',
    session: { user: signedInUser },
    router: { path: '/favoris', initialEntries: ['/menu', '/favoris'] },
  },
  globals: { viewport: { value: 'phone' } },
} satisfies Meta<typeof FavoritesScreen>

export default meta
type Story = StoryObj<typeof meta>

/** Two favourites, as Find shows partners (with the distance from the user); each row's heart is pressed. */
export const List: Story = {
  name: 'Liste',
  parameters: { msw: favoritesHandlers.stateful([2, 1]) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('heading', { level: 1, name: 'Mes favoris' })).toBeVisible()
    await waitFor(() => expect(document.title).toBe('Mes favoris — Partenaires'))
    const rows = await canvas.findAllByTestId('partner-row')
    await expect(rows.map((row) => within(row).getByRole('heading').textContent)).toEqual([
      'Salle Vieux-Port Fitness',
      'Le Comptoir du Panier',
    ])
    await expect(rows[1]).toHaveAttribute('href', '/partenaire/1')
    await expect(rows[1]).toHaveTextContent(/\d+ m|km/)
    for (const toggle of canvas.getAllByRole('button', { name: 'Retirer des favoris' }))
      await expect(toggle).toHaveAttribute('aria-pressed', 'true')
  },
}

/** A heart pressed in the list takes the partner out of it at once (and on the server). */
export const RemoveOne: Story = {
  name: 'Retrait d’un favori',
  parameters: { msw: favoritesHandlers.stateful([2, 1]) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await canvas.findAllByTestId('partner-row')
    const [first] = canvas.getAllByRole('button', { name: 'Retirer des favoris' })
    await userEvent.click(first)
    await waitFor(() => expect(canvas.getAllByTestId('partner-row')).toHaveLength(1))
    await expect(canvas.getByRole('heading', { name: 'Le Comptoir du Panier' })).toBeVisible()
    await expect(canvas.queryByRole('heading', { name: 'Salle Vieux-Port Fitness' })).toBeNull()
  },
}

export const Empty: Story = {
  name: 'Liste vide',
  parameters: { msw: favoritesHandlers.stateful([]) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByText('Aucun favori pour le moment')).toBeVisible()
    await expect(canvas.getByRole('link', { name: 'Rechercher un partenaire' })).toHaveAttribute(
      'href',
      '/rechercher',
    )
  },
}

export const Loading: Story = {
  name: 'Chargement',
  parameters: { msw: favoritesHandlers.loading() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('status', { name: 'Chargement des favoris' })).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Retour' })).toBeVisible()
  },
}

/** A failed load is said in place with 'Réessayer' (no toast on top). */
export const LoadFailed: Story = {
  name: 'Erreur de chargement',
  parameters: { msw: favoritesHandlers.error() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Oups... Nous ne parvenons pas à récupérer vos favoris',
    )
    await expect(canvas.getByRole('button', { name: 'Réessayer' })).toBeVisible()
  },
}

/** 'Retour' goes back where the user came from (the Menu). */
export const Back: Story = {
  name: 'Bouton retour',
  parameters: { msw: favoritesHandlers.stateful([]) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Retour' }))
    await expect(await canvas.findByTestId('location')).toHaveTextContent('Page : /menu')
  },
}
