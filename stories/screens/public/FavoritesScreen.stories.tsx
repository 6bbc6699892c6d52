import type { Meta, StoryObj } from '@storybook/react-vite'
import { http, HttpResponse } from 'msw'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import type { PartnerSearchResult } from '@/contract/schemas.ts'
import { FavoritesScreen } from '@/src/screens/public/favorites/FavoritesScreen.tsx'
import { partnerSearchResults } from '@/mocks/fixtures/partners.ts'
import { signedInUser } from '@/mocks/fixtures/session.ts'
import { favoritesHandlers } from '@/mocks/handlers/me.ts'
import { mockApi } from '@/mocks/handlers/mockApi.ts'
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

/**
 * Deux favoris, présentés comme dans « Rechercher » (avec la distance) ; le cœur de chaque ligne est plein.
 */
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

/** Un appui sur le cœur d’une ligne retire aussitôt le partenaire de la liste. */
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

/** Un chargement échoué est dit sur place avec « Réessayer » (sans notification en plus). */
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

/** « Retour » ramène là d’où la personne venait (le Menu). */
export const Back: Story = {
  name: 'Bouton retour',
  parameters: { msw: favoritesHandlers.stateful([]) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Retour' }))
    await expect(await canvas.findByTestId('location')).toHaveTextContent('Page : /menu')
  },
}

/** A photo the device never kept, asked for offline: the request fails as the network does. */
const MISSING_PHOTO = '/uploads/photo-jamais-gardee.jpg'

const withMissingPhoto = (partner: PartnerSearchResult): PartnerSearchResult => ({
  ...partner,
  distanceToUser: null,
  images: [{ ...partner.images[0], url: MISSING_PHOTO, variantWidths: [] }],
})

/**
 * Hors connexion, un favori dont la photo n’a jamais été gardée sur l’appareil : sa ligne montre
 * l’illustration d’un partenaire sans photo, pas une image cassée ; l’autre favori garde sa photo.
 */
export const MissingPhotoOffline: Story = {
  name: 'Photo non gardée, hors ligne',
  parameters: {
    msw: [
      mockApi('listFavorites', () =>
        HttpResponse.json([
          withMissingPhoto(partnerSearchResults.find((partner) => partner.partnerId.id === 2)!),
          { ...partnerSearchResults.find((partner) => partner.partnerId.id === 4)!, distanceToUser: null },
        ]),
      ),
      http.get(MISSING_PHOTO, () => HttpResponse.error()),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const [missing, kept] = await canvas.findAllByTestId('partner-row')
    await expect(await within(missing).findByRole('img', { name: 'Pas de photo' })).toBeVisible()
    await expect(missing.querySelector('img')).toBeNull()
    const photo = kept.querySelector('img')
    await expect(photo).not.toBeNull()
    await waitFor(() => expect(photo!.complete && photo!.naturalWidth > 0).toBe(true))
  },
}
