import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, screen, userEvent, waitFor, within } from 'storybook/test'
import { signedInUser } from '../../../mocks/fixtures/session.ts'
import { googleMapsHandlers, STORY_MAPS_KEY } from '../../../mocks/handlers/googleMaps.ts'
import { favoritesHandlers } from '../../../mocks/handlers/me.ts'
import { categoriesHandlers, partnerForUserHandlers, searchHandlers } from '../../../mocks/handlers/public.ts'
import { MapScreen } from '../../../src/screens/public/map/MapScreen.tsx'
import { panMapEast } from './gestures.ts'
import { withGoogleMaps } from './mapsDecorators.tsx'

/**
 * L’écran Carte tel qu’il fonctionne avec Google Maps (marqueurs, groupes, recherche de ville). Les histoires
 * de « Écrans/Public/Carte » montrent la même page avec une carte de démonstration.
 */
const meta = {
  title: 'Écrans/Public/Carte (Google)',
  component: MapScreen,
  decorators: [withGoogleMaps],
  parameters: {
    layout: 'fullscreen',
    session: { user: signedInUser },
    router: { path: '/map', initialEntries: ['/map'] },
    msw: [
      ...googleMapsHandlers.double(),
      searchHandlers.success(),
      categoriesHandlers.success(),
      partnerForUserHandlers.success(),
    ],
  },
  globals: { viewport: { value: 'phone' } },
} satisfies Meta<typeof MapScreen>

export default meta
type Story = StoryObj<typeof meta>

const groupName = /^Groupe de \d+ partenaires, zoomer$/

const mapRegion = async (canvasElement: HTMLElement) =>
  within(await within(canvasElement).findByRole('region', { name: 'Carte' }, { timeout: 15_000 }))

/**
 * Les marqueurs Google des partenaires de la zone, chacun un bouton au nom du partenaire ; peu de
 * partenaires, donc pas de groupes.
 */
export const GoogleMarkers: Story = {
  name: 'Marqueurs des partenaires',
  play: async ({ canvasElement }) => {
    const map = await mapRegion(canvasElement)
    await expect(await map.findByRole('button', { name: 'Le Comptoir du Panier' })).toBeVisible()
    await expect(map.getByRole('button', { name: 'Théâtre du Cours' })).toBeInTheDocument()
    await expect(map.queryByRole('button', { name: groupName })).toBeNull()
    await expect(within(canvasElement).getByRole('button', { name: 'Zoom avant' })).toBeVisible()
    await expect(window.__googleMapsDouble?.scriptParams).toMatchObject({
      key: STORY_MAPS_KEY,
      language: 'fr',
    })
    await expect(
      within(canvasElement).queryByRole('button', { name: 'Rechercher dans cette zone' }),
    ).toBeNull()
  },
}

/** Déplacer la carte (ici avec les flèches du clavier) propose « Rechercher dans cette zone ». */
export const GoogleMovedView: Story = {
  name: 'Carte déplacée, rechercher dans cette zone',
  tags: ['no-visual'],
  play: async (context) => {
    await GoogleMarkers.play!(context)
    const canvas = within(context.canvasElement)
    await panMapEast(canvas.getByRole('region', { name: 'Carte' }), 3)
    const refresh = await canvas.findByRole('button', { name: 'Rechercher dans cette zone' })
    await userEvent.click(refresh)
    await waitFor(() =>
      expect(canvas.queryByRole('button', { name: 'Rechercher dans cette zone' })).toBeNull(),
    )
    const map = within(canvas.getByRole('region', { name: 'Carte' }))
    await waitFor(() => expect(map.queryByRole('button', { name: 'Le Comptoir du Panier' })).toBeNull())
  },
}

/** Un appui sur un marqueur ouvre la fiche du partenaire en bas de l’écran. */
export const GoogleMarkerOpensSheet: Story = {
  name: 'Un marqueur ouvre la fiche',
  play: async (context) => {
    await GoogleMarkers.play!(context)
    const map = await mapRegion(context.canvasElement)
    await userEvent.click(map.getByRole('button', { name: 'Le Comptoir du Panier' }))
    const page = within(context.canvasElement.ownerDocument.body)
    const sheet = await page.findByRole('dialog', { name: 'Le Comptoir du Panier' })
    await expect(
      within(sheet).getByRole('heading', { level: 3, name: 'Le Comptoir du Panier' }),
    ).toBeVisible()
    await waitFor(() => expect(within(sheet).getAllByText('Glissez à droite pour utiliser')).toHaveLength(2))
  },
}

/** Le cœur de la fiche ajoute le partenaire aux favoris (plein une fois l’ajout confirmé). */
export const GoogleSheetFavorite: Story = {
  name: 'Le cœur de la fiche ouverte depuis un marqueur',
  tags: ['no-visual'],
  parameters: {
    msw: [
      ...googleMapsHandlers.double(),
      searchHandlers.success(),
      categoriesHandlers.success(),
      partnerForUserHandlers.success(),
      ...favoritesHandlers.stateful(),
    ],
  },
  play: async (context) => {
    await GoogleMarkerOpensSheet.play!(context)
    const sheet = within(await screen.findByRole('dialog', { name: 'Le Comptoir du Panier' }))
    const heart = sheet.getByRole('button', { name: 'Ajouter aux favoris' })
    await waitFor(() => expect(heart).toBeEnabled())
    await expect(heart).toHaveAttribute('aria-pressed', 'false')
    await userEvent.click(heart)
    await expect(await sheet.findByRole('button', { name: 'Retirer des favoris' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
  },
}

/**
 * La recherche de ville propose seulement des villes françaises ; le choix déplace la carte sans proposer de
 * nouvelle recherche.
 */
export const GoogleCitySearch: Story = {
  name: 'Recherche de ville par Places',
  play: async (context) => {
    await GoogleMarkers.play!(context)
    const canvas = within(context.canvasElement)
    const search = canvas.getByRole('combobox', { name: 'Rechercher une ville' })
    await userEvent.type(search, 'Paris')
    // Paris, Texas, is left out by the request's region.
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1))
    await userEvent.clear(search)
    await userEvent.type(search, 'toul')
    await userEvent.click(await screen.findByRole('option', { name: /Toulon/ }))
    await expect(search).toHaveValue('Toulon')
    const map = within(canvas.getByRole('region', { name: 'Carte' }))
    await waitFor(() => expect(map.queryByRole('button', { name: 'Le Comptoir du Panier' })).toBeNull())
    await expect(canvas.queryByRole('button', { name: 'Rechercher dans cette zone' })).toBeNull()
    // Still there once the map has moved and redrawn under the closed list.
    await expect(search).toHaveValue('Toulon')
    const details = window.__googleMapsDouble!.requests.filter((r) => r.kind === 'placeDetails')
    await expect(details.at(-1)).toMatchObject({ fields: ['displayName', 'location'] })
    await expect(details.at(-1)!.sessionToken).not.toBeNull()
  },
}

/**
 * Trente partenaires dans la zone : les marqueurs proches se regroupent en cercles numérotés ; un appui sur
 * un groupe zoome.
 */
export const GoogleClusters: Story = {
  name: 'Marqueurs regroupés',
  parameters: {
    msw: [
      ...googleMapsHandlers.double(),
      searchHandlers.many(30),
      categoriesHandlers.success(),
      partnerForUserHandlers.success(),
    ],
  },
  play: async ({ canvasElement }) => {
    const map = await mapRegion(canvasElement)
    const groups = await map.findAllByRole('button', { name: groupName })
    await expect(groups.length).toBeGreaterThan(0)
    const counts = groups.map((group) => Number(group.getAttribute('aria-label')!.match(/\d+/)![0]))
    await expect(counts.reduce((sum, count) => sum + count, 0)).toBeLessThanOrEqual(30)
    await expect(
      within(canvasElement).queryByRole('button', { name: 'Rechercher dans cette zone' }),
    ).toBeNull()
  },
}

/**
 * Un appui sur un groupe zoome sur ses partenaires : la vue a bougé, donc la recherche dans la zone est
 * proposée.
 */
export const GoogleClusterZoomsIn: Story = {
  name: 'Un groupe touché zoome',
  ...GoogleClusters,
  tags: ['no-visual'],
  play: async (context) => {
    await GoogleClusters.play!(context)
    const map = await mapRegion(context.canvasElement)
    const [group] = map.getAllByRole('button', { name: groupName })
    const label = group.getAttribute('aria-label')!
    await userEvent.click(group)
    await waitFor(() => expect(map.queryByRole('button', { name: label })).toBeNull())
    await expect(
      await within(context.canvasElement).findByRole('button', { name: 'Rechercher dans cette zone' }),
    ).toBeVisible()
  },
}
