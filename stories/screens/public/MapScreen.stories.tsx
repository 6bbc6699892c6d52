import type { Meta, StoryObj } from '@storybook/react-vite'
import { mdiBasket, mdiSilverwareForkKnife } from '@mdi/js'
import { expect, screen, userEvent, waitFor, within } from 'storybook/test'
import { MapScreen } from '@/src/screens/public/map/MapScreen.tsx'
import { signedInUser } from '@/mocks/fixtures/session.ts'
import {
  categoriesHandlers,
  deactivateOfferHandlers,
  partnerForUserHandlers,
  searchHandlers,
} from '@/mocks/handlers/public.ts'
import { usedOffersHandlers } from '@/mocks/handlers/me.ts'
import { panMapEast } from './gestures.ts'
import { withFakeMaps, withGoogleMaps } from './mapsDecorators.tsx'
import { unknownLocation, vieuxPortLocation, withUserLocation } from './decorators.tsx'
import { NO_KEY_MESSAGE } from '@/src/screens/public/map/MapScreen.tsx'
import {
  NEARBY_ERROR_MESSAGE,
  NEAREST_TITLE,
  NO_POSITION_MESSAGE,
  SEARCH_LINK_LABEL,
} from '@/src/screens/public/map/NearbyPartners.tsx'

const meta = {
  title: 'Écrans/Public/Carte',
  component: MapScreen,
  decorators: [withFakeMaps()],
  parameters: {
    layout: 'fullscreen',
    session: { user: signedInUser },
    router: { path: '/map', initialEntries: ['/map'] },
    msw: [searchHandlers.success(), categoriesHandlers.success(), partnerForUserHandlers.success()],
  },
  globals: { viewport: { value: 'phone' } },
} satisfies Meta<typeof MapScreen>

export default meta
type Story = StoryObj<typeof meta>

/**
 * The map region, once the (fake) maps service has loaded: the screen shows a spinner until then, longer in
 * the static Storybook than under Vitest, so the play functions wait for it instead of expecting it at once.
 */
const mapRegion = async (canvasElement: HTMLElement) =>
  within(await within(canvasElement).findByRole('region', { name: 'Carte' }, { timeout: 10_000 }))

const marker = async (canvasElement: HTMLElement, name: string) =>
  (await mapRegion(canvasElement)).findByRole('button', { name })

/** The default view around Marseille: a marker per partner in the area, the search box and the category chips. */
export const WithoutSelection: Story = {
  name: 'Carte sans partenaire choisi',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await marker(canvasElement, 'Le Comptoir du Panier')).toBeVisible()
    await expect(await marker(canvasElement, 'Théâtre du Cours')).toBeInTheDocument()
    await expect(canvas.getByRole('combobox', { name: 'Rechercher une ville' })).toBeVisible()
    await expect(await canvas.findByRole('button', { name: 'Restaurants', pressed: false })).toBeVisible()
    await expect(canvas.queryByRole('button', { name: 'Rechercher dans cette zone' })).toBeNull()
  },
}

/** A category chip toggles the filter. */
export const CategoryFilter: Story = {
  name: 'Filtre par catégorie',
  play: async (context) => {
    await WithoutSelection.play!(context)
    const canvas = within(context.canvasElement)
    const map = within(canvas.getByRole('region', { name: 'Carte' }))
    await userEvent.click(canvas.getByRole('button', { name: 'Sport & bien-être' }))
    await expect(canvas.getByRole('button', { name: 'Sport & bien-être' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await waitFor(() => expect(map.queryByRole('button', { name: 'Le Comptoir du Panier' })).toBeNull())
    await expect(map.getByRole('button', { name: 'Salle Vieux-Port Fitness' })).toBeInTheDocument()
    await userEvent.click(canvas.getByRole('button', { name: 'Sport & bien-être' }))
    await expect(await marker(context.canvasElement, 'Le Comptoir du Panier')).toBeInTheDocument()
  },
}

/** Moving the view offers 'Rechercher dans cette zone'; using it searches the new area and hides it. */
export const MovedView: Story = {
  name: 'Carte déplacée, rechercher dans cette zone',
  play: async (context) => {
    await WithoutSelection.play!(context)
    const canvas = within(context.canvasElement)
    const map = canvas.getByRole('region', { name: 'Carte' })
    // Far east, towards Toulon: the Marseille partners leave the view.
    await panMapEast(map, 3)
    const refresh = await canvas.findByRole('button', { name: 'Rechercher dans cette zone' })
    // The markers stay until the user asks for the new area.
    await expect(within(map).getByTitle('Le Comptoir du Panier')).toBeInTheDocument()
    await userEvent.click(refresh)
    await waitFor(() =>
      expect(canvas.queryByRole('button', { name: 'Rechercher dans cette zone' })).toBeNull(),
    )
    await waitFor(() => expect(within(map).queryByTitle('Le Comptoir du Panier')).toBeNull())
  },
}

/** Picking a city moves the map there at zoom 10 without offering a refresh. */
export const CityPicked: Story = {
  name: 'Ville choisie',
  play: async (context) => {
    await WithoutSelection.play!(context)
    const canvas = within(context.canvasElement)
    await userEvent.type(canvas.getByRole('combobox', { name: 'Rechercher une ville' }), 'toul')
    await userEvent.click(await screen.findByRole('option', { name: /Toulon/ }))
    await expect(canvas.getByRole('combobox', { name: 'Rechercher une ville' })).toHaveValue('Toulon')
    // The search follows the new area by itself: no partner around Toulon.
    const map = within(canvas.getByRole('region', { name: 'Carte' }))
    await waitFor(() => expect(map.queryByTitle('Le Comptoir du Panier')).toBeNull())
    await expect(map.queryByTitle('Garage des Calanques')).toBeNull()
    await expect(canvas.queryByRole('button', { name: 'Rechercher dans cette zone' })).toBeNull()
  },
}

/** A marker opens the partner in a bottom sheet; the back action closes the sheet and stays on the map. */
export const WithSelectedPartner: Story = {
  name: 'Partenaire choisi, sa fiche ouverte',
  play: async (context) => {
    await WithoutSelection.play!(context)
    await userEvent.click(await marker(context.canvasElement, 'Le Comptoir du Panier'))
    const page = within(context.canvasElement.ownerDocument.body)
    const sheet = await page.findByRole('dialog', { name: 'Le Comptoir du Panier' })
    await expect(
      within(sheet).getByRole('heading', { level: 3, name: 'Le Comptoir du Panier' }),
    ).toBeVisible()
    await waitFor(() => expect(within(sheet).getAllByText('Glissez à droite pour utiliser')).toHaveLength(2))
    await expect(within(sheet).getByRole('heading', { name: 'Offres disponibles' })).toBeInTheDocument()
    window.history.back()
    await waitFor(() => expect(page.queryByRole('dialog')).toBeNull())
    await expect(within(context.canvasElement).queryByTestId('location')).toBeNull()
    await expect(within(context.canvasElement).getByRole('region', { name: 'Carte' })).toBeVisible()
  },
}

/**
 * The sheet shows the search result while the partner's details load. A search result carries no icon paths:
 * each category's icon is drawn from the categories list the chips loaded, not the fallback shape.
 */
export const SheetBeforeDetails: Story = {
  name: 'Fiche ouverte avant ses détails, icônes des catégories',
  tags: ['no-visual'],
  parameters: {
    msw: [searchHandlers.success(), categoriesHandlers.success(), partnerForUserHandlers.loading()],
  },
  play: async (context) => {
    await WithoutSelection.play!(context)
    await userEvent.click(await marker(context.canvasElement, 'Le Comptoir du Panier'))
    const page = within(context.canvasElement.ownerDocument.body)
    const sheet = await page.findByRole('dialog', { name: 'Le Comptoir du Panier' })
    const list = await within(sheet).findByRole('list', { name: 'Catégories' })
    await expect(within(list).getByText('Restaurants')).toBeVisible()
    await expect(within(list).getByText('Épicerie fine')).toBeVisible()
    const icons = [...list.querySelectorAll('svg[data-icon-state]')]
    await expect(icons.map((icon) => icon.getAttribute('data-icon-state'))).toEqual(['ready', 'ready'])
    await expect(icons.map((icon) => icon.querySelector('path')?.getAttribute('d'))).toEqual([
      mdiSilverwareForkKnife,
      mdiBasket,
    ])
  },
}

/** Keyboard only: Tab to a marker, Enter opens the partner's sheet, Escape closes it and the focus comes back. */
export const KeyboardOpensPartnerSheet: Story = {
  name: 'Au clavier, un marqueur ouvre la fiche',
  tags: ['no-visual'],
  play: async (context) => {
    await WithoutSelection.play!(context)
    const target = await marker(context.canvasElement, 'Le Comptoir du Panier')
    context.canvasElement.ownerDocument.body.focus()
    for (let press = 0; press < 40 && document.activeElement !== target; press++) await userEvent.tab()
    await expect(target).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    const page = within(context.canvasElement.ownerDocument.body)
    const sheet = await page.findByRole('dialog', { name: 'Le Comptoir du Panier' })
    await waitFor(() => expect(sheet.contains(document.activeElement)).toBe(true))
    await expect(
      within(sheet).getByRole('heading', { level: 3, name: 'Le Comptoir du Panier' }),
    ).toBeVisible()
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(page.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(target).toHaveFocus())
  },
}

/**
 * In the sheet too a coupon is used without dragging: its dialog opens over the sheet, Escape closes the dialog
 * only, and Confirmer uses the offer while the sheet stays open.
 */
export const UseOfferFromSheet: Story = {
  name: 'Utiliser une offre depuis la fiche',
  tags: ['no-visual'],
  parameters: {
    msw: [
      searchHandlers.success(),
      categoriesHandlers.success(),
      partnerForUserHandlers.success(),
      deactivateOfferHandlers.success(),
    ],
  },
  play: async (context) => {
    await WithoutSelection.play!(context)
    await userEvent.click(await marker(context.canvasElement, 'Le Comptoir du Panier'))
    const page = within(context.canvasElement.ownerDocument.body)
    const sheet = await page.findByRole('dialog', { name: 'Le Comptoir du Panier' })
    const [first] = await within(sheet).findAllByRole('button', { name: "Utiliser l'offre" })
    await userEvent.click(first)
    await page.findByRole('dialog', { name: 'Utiliser cette offre ?' })
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(page.queryByRole('dialog', { name: 'Utiliser cette offre ?' })).toBeNull())
    await expect(page.getByRole('dialog', { name: 'Le Comptoir du Panier' })).toBeVisible()
    await userEvent.click(within(sheet).getAllByRole('button', { name: "Utiliser l'offre" })[0])
    await userEvent.click(await page.findByRole('button', { name: 'Confirmer' }))
    await expect(await page.findByText('Bravo! Vous avez utilisé vote offre!')).toBeVisible()
    // The full-screen proof for the cashier (issue 41) comes over the sheet; 'Fermer' goes back to it.
    const proof = await page.findByRole('dialog', { name: 'Offre utilisée' })
    await userEvent.click(within(proof).getByRole('button', { name: 'Fermer' }))
    await waitFor(() => expect(page.queryByRole('dialog', { name: 'Offre utilisée' })).toBeNull())
    await expect(within(sheet).getAllByRole('button', { name: "Utiliser l'offre" })).toHaveLength(1)
    await expect(page.getByRole('dialog', { name: 'Le Comptoir du Panier' })).toBeVisible()
  },
}

/**
 * Without a Google Maps key the page says so in plain words and lists the partners nearest to the user, nearest
 * first (the search with the user's position), with a link to Rechercher.
 */
export const WithoutMapsKey: Story = {
  name: 'Sans clé Google Maps',
  decorators: [withGoogleMaps, withUserLocation(vieuxPortLocation)],
  parameters: { msw: [searchHandlers.nearestFirst(), categoriesHandlers.success()] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByText(NO_KEY_MESSAGE)).toBeVisible()
    await expect(canvas.queryByText(/Google Maps|aucune clé/)).toBeNull()
    const nearest = within(canvas.getByRole('region', { name: NEAREST_TITLE }))
    const rows = await nearest.findAllByTestId('partner-row')
    const names = rows.map((row) => within(row).getByRole('heading').textContent)
    // From the Vieux-Port: 0.3, 0.5, 0.6, 3.4, 17.8 and 26.1 km (the fixtures list them in another order).
    await expect(names).toEqual([
      'Salle Vieux-Port Fitness',
      'Boulangerie Saint-Victor',
      'Le Comptoir du Panier',
      'Atelier Coiffure Mazargues',
      'Garage des Calanques',
      'Théâtre du Cours',
    ])
    await expect(rows[0]).toHaveTextContent('0,3 km')
    await expect(canvas.getByRole('link', { name: SEARCH_LINK_LABEL })).toHaveAttribute('href', '/rechercher')
  },
}

/** The way forward: the link goes to Rechercher. */
export const WithoutMapsKeyLeadsToSearch: Story = {
  name: 'Sans clé, un lien vers Rechercher',
  ...WithoutMapsKey,
  tags: ['no-visual'],
  play: async (context) => {
    await WithoutMapsKey.play!(context)
    const canvas = within(context.canvasElement)
    await userEvent.click(canvas.getByRole('link', { name: SEARCH_LINK_LABEL }))
    await expect(await canvas.findByTestId('location')).toHaveTextContent('Page : /rechercher')
  },
}

/** Without a key and without the user's position: the page asks for the location and still leads to Rechercher. */
export const WithoutMapsKeyNorPosition: Story = {
  name: 'Sans clé ni position',
  decorators: [withGoogleMaps, withUserLocation(unknownLocation)],
  parameters: { msw: [searchHandlers.nearestFirst(), categoriesHandlers.success()] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByText(NO_KEY_MESSAGE)).toBeVisible()
    await expect(await canvas.findByText(NO_POSITION_MESSAGE)).toBeVisible()
    await expect(canvas.queryByTestId('partner-row')).toBeNull()
    await expect(canvas.getByRole('link', { name: SEARCH_LINK_LABEL })).toHaveAttribute('href', '/rechercher')
  },
}

/**
 * Without a key, while the nearest partners load: skeleton rows, and no link to Rechercher yet. The link comes
 * with the answer, so it never moves when the rows (or a message of another height) replace the skeleton.
 */
export const WithoutMapsKeyLoading: Story = {
  name: 'Sans clé, partenaires proches en chargement',
  decorators: [withGoogleMaps, withUserLocation(vieuxPortLocation)],
  parameters: { msw: [searchHandlers.loading(), categoriesHandlers.success()] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByText(NO_KEY_MESSAGE)).toBeVisible()
    await expect(
      await canvas.findByRole('status', { name: 'Recherche des partenaires proches' }),
    ).toBeInTheDocument()
    await expect(canvas.queryByRole('link', { name: SEARCH_LINK_LABEL })).toBeNull()
  },
}

/**
 * The nearest partners show an offer the user has used as used (greyed, struck, 'Utilisée'), never as a usable
 * chip: here one their list of used offers holds.
 */
export const WithoutMapsKeyUsedOffer: Story = {
  name: 'Sans clé, une offre déjà utilisée',
  tags: ['no-visual'],
  decorators: [withGoogleMaps, withUserLocation(vieuxPortLocation)],
  parameters: {
    msw: [
      usedOffersHandlers.success([
        {
          useId: '1',
          offerId: { id: 201 },
          libelle: 'Première séance offerte',
          partnerId: { id: 2 },
          partnerName: 'Salle Vieux-Port Fitness',
          partnerActive: true,
          usedAt: '2026-06-10T10:00:00.000Z',
          reactivatedAt: null,
        },
      ]),
      searchHandlers.nearestFirst(),
      categoriesHandlers.success(),
    ],
  },
  play: async ({ canvasElement }) => {
    const nearest = within(
      await within(canvasElement).findByRole('region', { name: NEAREST_TITLE }, { timeout: 10_000 }),
    )
    const [fitness] = await nearest.findAllByTestId('partner-row')
    await expect(within(fitness).getByRole('heading')).toHaveTextContent('Salle Vieux-Port Fitness')
    const offer = within(fitness).getByRole('listitem')
    await waitFor(() => expect(offer).toHaveAttribute('data-state', 'used'))
    await expect(offer).toHaveTextContent('Première séance offerte · Utilisée')
  },
}

/** Without a key, the nearest partners failing to load: one alert, the server's message under the list's words. */
export const WithoutMapsKeyError: Story = {
  name: 'Sans clé, partenaires proches en erreur',
  tags: ['no-visual'],
  decorators: [withGoogleMaps, withUserLocation(vieuxPortLocation)],
  parameters: { msw: [searchHandlers.error(), categoriesHandlers.success()] },
  play: async ({ canvasElement }) => {
    const nearest = within(
      await within(canvasElement).findByRole('region', { name: NEAREST_TITLE }, { timeout: 10_000 }),
    )
    const alert = await nearest.findByRole('alert')
    await expect(within(alert).getByText(NEARBY_ERROR_MESSAGE)).toBeVisible()
    await expect(within(alert).getByText('Une erreur interne est survenue.')).toBeVisible()
    await expect(within(alert).getByRole('button', { name: 'Réessayer' })).toBeVisible()
  },
}
