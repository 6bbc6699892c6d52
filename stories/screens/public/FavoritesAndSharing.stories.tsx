import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { FindScreen } from '@/src/screens/public/find/FindScreen.tsx'
import { MapScreen } from '@/src/screens/public/map/MapScreen.tsx'
import { PartnerDetailsScreen } from '@/src/screens/public/partner/PartnerDetailsScreen.tsx'
import { signedInUser } from '@/mocks/fixtures/session.ts'
import { favoritesHandlers } from '@/mocks/handlers/me.ts'
import { http, HttpResponse } from 'msw'
import { routePatterns } from '@/contract/paths.ts'
import {
  categoriesHandlers,
  citiesHandlers,
  partnerForUserHandlers,
  searchHandlers,
} from '@/mocks/handlers/public.ts'
import { mockApi } from '@/mocks/handlers/mockApi.ts'
import { withFakeMaps } from './mapsDecorators.tsx'
import { withUserLocation } from './decorators.tsx'
import { withToast } from '../backoffice/decorators.tsx'

/**
 * Le cœur des favoris partout où un partenaire apparaît (sa fiche, les lignes de « Rechercher », la fiche de
 * la carte) et le bouton « Partager » de sa fiche.
 */
const meta = {
  title: 'Écrans/Public/Favoris et partage',
  decorators: [withUserLocation()],
  parameters: {
    layout: 'fullscreen',
    session: { user: signedInUser },
    router: { path: '/partenaire/:id', initialEntries: ['/rechercher', '/partenaire/1'] },
  },
  globals: { viewport: { value: 'phone' } },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

const partnerPage = () => <PartnerDetailsScreen carouselInterval={0} />

/** Replaces a navigator property for one story; returns the restore function (Storybook's cleanup). */
function stubNavigator(name: 'share' | 'canShare' | 'clipboard', value: unknown): () => void {
  const own = Object.getOwnPropertyDescriptor(navigator, name)
  Object.defineProperty(navigator, name, { configurable: true, value })
  return () => {
    if (own) Object.defineProperty(navigator, name, own)
    else delete (navigator as unknown as Record<string, unknown>)[name]
  }
}

/** The favourites calls the screen makes, in order, before the handlers answer them. */
const favoriteCalls: ('list' | 'add')[] = []
const recordFavoriteCalls = [
  mockApi('listFavorites', () => void favoriteCalls.push('list')),
  mockApi('addFavorite', () => void favoriteCalls.push('add')),
]
const nextFrames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))

/** Le cœur à côté du nom du partenaire l’ajoute aux favoris, et reste plein une fois l’ajout confirmé. */
export const PartnerPageAddsFavorite: Story = {
  name: 'Ajout aux favoris depuis la fiche',
  render: partnerPage,
  parameters: {
    msw: [...recordFavoriteCalls, partnerForUserHandlers.success(), ...favoritesHandlers.stateful([])],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await canvas.findByRole('heading', { level: 1, name: 'Le Comptoir du Panier' })
    const toggle = await canvas.findByRole('button', { name: 'Ajouter aux favoris' })
    await waitFor(() => expect(toggle).toBeEnabled())
    await expect(toggle).toHaveAttribute('aria-pressed', 'false')
    favoriteCalls.length = 0
    await userEvent.click(toggle)
    const pressed = await canvas.findByRole('button', { name: 'Retirer des favoris' })
    await expect(pressed).toHaveAttribute('aria-pressed', 'true')
    // Still pressed once the list has been fetched again from the server, after the change.
    await waitFor(() => {
      const added = favoriteCalls.indexOf('add')
      expect(added).toBeGreaterThanOrEqual(0)
      expect(favoriteCalls.slice(added + 1)).toContain('list')
    })
    await nextFrames()
    await expect(canvas.getByRole('button', { name: 'Retirer des favoris' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
  },
}

/** Un partenaire déjà en favori : le cœur est plein, et un appui le retire des favoris. */
export const PartnerPageRemovesFavorite: Story = {
  name: 'Retrait des favoris depuis la fiche',
  render: partnerPage,
  parameters: { msw: [partnerForUserHandlers.success(), ...favoritesHandlers.stateful([1])] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(await canvas.findByRole('button', { name: 'Retirer des favoris' }))
    await expect(await canvas.findByRole('button', { name: 'Ajouter aux favoris' })).toHaveAttribute(
      'aria-pressed',
      'false',
    )
  },
}

/**
 * Le serveur refuse : le cœur revient à son état précédent et une notification donne le message du serveur.
 */
export const FavoriteChangeFails: Story = {
  name: 'Erreur serveur sur un favori',
  render: partnerPage,
  decorators: [withToast],
  parameters: { msw: [partnerForUserHandlers.success(), ...favoritesHandlers.changeFails([])] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const toggle = await canvas.findByRole('button', { name: 'Ajouter aux favoris' })
    await waitFor(() => expect(toggle).toBeEnabled())
    await userEvent.click(toggle)
    const page = within(canvasElement.ownerDocument.body)
    await expect(await page.findByText('Une erreur interne est survenue.')).toBeVisible()
    await expect(await canvas.findByRole('button', { name: 'Ajouter aux favoris' })).toHaveAttribute(
      'aria-pressed',
      'false',
    )
  },
}

const share = fn()
/**
 * Là où le navigateur sait partager (téléphones) : « Partager » ouvre le menu de partage du système avec le
 * lien du partenaire.
 */
export const ShareWithTheSystemSheet: Story = {
  name: 'Partage par le téléphone',
  render: partnerPage,
  parameters: { msw: [partnerForUserHandlers.success()] },
  beforeEach: () => {
    share.mockReset()
    share.mockResolvedValue(undefined)
    const restoreShare = stubNavigator('share', share)
    const restoreCanShare = stubNavigator('canShare', () => true)
    return () => {
      restoreShare()
      restoreCanShare()
    }
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await canvas.findByRole('heading', { level: 1, name: 'Le Comptoir du Panier' })
    await userEvent.click(canvas.getByRole('button', { name: 'Partager' }))
    await expect(share).toHaveBeenCalledWith({
      title: 'Le Comptoir du Panier',
      text: 'Le Comptoir du Panier, Marseille',
      url: `${window.location.origin}/partenaire/1`,
    })
    await expect(within(canvasElement.ownerDocument.body).queryByText('Lien du partenaire copié')).toBeNull()
  },
}

const writeText = fn()
/**
 * Là où le navigateur ne sait pas partager (la plupart des ordinateurs) : le lien est copié et une
 * notification le dit.
 */
export const ShareCopiesTheLink: Story = {
  name: 'Partage par copie du lien',
  render: partnerPage,
  parameters: { msw: [partnerForUserHandlers.success()] },
  beforeEach: () => {
    writeText.mockReset()
    writeText.mockResolvedValue(undefined)
    const restoreShare = stubNavigator('share', undefined)
    const restoreClipboard = stubNavigator('clipboard', { writeText })
    return () => {
      restoreShare()
      restoreClipboard()
    }
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await canvas.findByRole('heading', { level: 1, name: 'Le Comptoir du Panier' })
    await userEvent.click(canvas.getByRole('button', { name: 'Partager' }))
    await expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/partenaire/1`)
    await expect(
      await within(canvasElement.ownerDocument.body).findByText('Lien du partenaire copié'),
    ).toBeVisible()
  },
}

/**
 * Chaque ligne de « Rechercher » a son cœur à côté du lien vers le partenaire (jamais dedans) ; l’appuyer
 * laisse la personne sur la liste.
 */
export const FindRowAddsFavorite: Story = {
  name: 'Ajout aux favoris depuis Rechercher',
  render: () => <FindScreen />,
  parameters: {
    router: { path: '/rechercher', initialEntries: ['/rechercher'] },
    msw: [
      searchHandlers.success(),
      categoriesHandlers.success(),
      citiesHandlers.success(),
      ...favoritesHandlers.stateful([2]),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const rows = await canvas.findAllByTestId('partner-row')
    await expect(within(rows[0]).queryByRole('button')).toBeNull()
    const fitness = await canvas.findByRole('button', { name: 'Retirer des favoris' })
    await expect(fitness).toHaveAttribute('aria-pressed', 'true')
    const toggles = canvas.getAllByRole('button', { name: 'Ajouter aux favoris' })
    await waitFor(() => expect(toggles[0]).toBeEnabled())
    await userEvent.click(toggles[0])
    await waitFor(() =>
      expect(canvas.getAllByRole('button', { name: 'Retirer des favoris' })).toHaveLength(2),
    )
    await expect(canvas.queryByTestId('location')).toBeNull()
  },
}

/** La fiche qui s’ouvre depuis la carte montre les informations du partenaire, cœur compris. */
export const MapSheetAddsFavorite: Story = {
  name: 'Ajout aux favoris depuis la carte',
  render: () => <MapScreen />,
  decorators: [withFakeMaps()],
  parameters: {
    router: { path: '/map', initialEntries: ['/map'] },
    msw: [
      searchHandlers.success(),
      categoriesHandlers.success(),
      partnerForUserHandlers.success(),
      ...favoritesHandlers.stateful([]),
    ],
  },
  play: async ({ canvasElement }) => {
    const map = within(
      await within(canvasElement).findByRole('region', { name: 'Carte' }, { timeout: 10_000 }),
    )
    await userEvent.click(await map.findByRole('button', { name: 'Le Comptoir du Panier' }))
    const sheet = within(
      await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Le Comptoir du Panier' }),
    )
    const toggle = await sheet.findByRole('button', { name: 'Ajouter aux favoris' })
    await waitFor(() => expect(toggle).toBeEnabled())
    await userEvent.click(toggle)
    await expect(await sheet.findByRole('button', { name: 'Retirer des favoris' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
  },
}

const offlineUses = fn()
/**
 * Hors connexion (la page peut venir de l’application installée) : utiliser un coupon est refusé aussitôt
 * avec « Connexion requise pour utiliser une offre », et le coupon reste disponible.
 */
export const CouponUseNeedsConnection: Story = {
  name: 'Hors ligne : coupon refusé',
  render: partnerPage,
  parameters: {
    msw: [
      partnerForUserHandlers.success(),
      http.put(routePatterns.deactivateOffer, () => {
        offlineUses()
        return new HttpResponse(null, { status: 204 })
      }),
    ],
  },
  beforeEach: () => {
    offlineUses.mockReset()
    const own = Object.getOwnPropertyDescriptor(navigator, 'onLine')
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false })
    return () => {
      if (own) Object.defineProperty(navigator, 'onLine', own)
      else delete (navigator as unknown as Record<string, unknown>).onLine
    }
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const page = within(canvasElement.ownerDocument.body)
    await canvas.findByRole('heading', { level: 1, name: 'Le Comptoir du Panier' })
    const [coupon] = canvas.getAllByTestId('coupon-card')
    await userEvent.click(within(coupon).getByRole('button', { name: "Utiliser l'offre" }))
    const dialog = await page.findByRole('dialog', { name: 'Utiliser cette offre ?' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmer' }))
    await expect(
      await page.findByText('Connexion requise pour utiliser une offre', { exact: true }),
    ).toBeVisible()
    await expect(coupon).toHaveAttribute('data-state', 'available')
    await expect(offlineUses).not.toHaveBeenCalled()
  },
}
