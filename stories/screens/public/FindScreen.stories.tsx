import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { FindScreen } from '@/src/screens/public/find/FindScreen.tsx'
import { signedInUser } from '@/mocks/fixtures/session.ts'
import { mockApi } from '@/mocks/handlers/mockApi.ts'
import { categoriesHandlers, citiesHandlers, searchHandlers } from '@/mocks/handlers/public.ts'
import { stubGeolocation, vieuxPortLocation, withLiveLocation, withUserLocation } from './decorators.tsx'
import { withFakeMaps } from './mapsDecorators.tsx'

const meta = {
  title: 'Écrans/Public/Rechercher',
  component: FindScreen,
  decorators: [withUserLocation()],
  parameters: {
    layout: 'fullscreen',
    session: { user: signedInUser },
    router: { path: '/rechercher', initialEntries: ['/rechercher'] },
    msw: [searchHandlers.success(), categoriesHandlers.success(), citiesHandlers.success()],
  },
  globals: { viewport: { value: 'phone' } },
} satisfies Meta<typeof FindScreen>

export default meta
type Story = StoryObj<typeof meta>

const rows = (canvasElement: HTMLElement) => within(canvasElement).queryAllByTestId('partner-row')

/** First page loading: ten skeleton rows under the sticky header. */
export const Loading: Story = {
  name: 'Chargement',
  parameters: { msw: [searchHandlers.loading(), categoriesHandlers.success(), citiesHandlers.success()] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await waitFor(() => expect(canvas.getAllByTestId('skeleton-row')).toHaveLength(10))
    await expect(canvas.getByRole('progressbar', { name: 'Chargement des partenaires' })).toBeVisible()
    await expect(canvas.getByRole('searchbox', { name: 'Rechercher un partenaire' })).toHaveAttribute(
      'placeholder',
      'Rechercher un partenaire',
    )
    await expect(canvas.getByRole('button', { name: 'Ville : Dans toutes les villes' })).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Catégorie : Toutes les catégories' })).toBeVisible()
  },
}

/** Each row: photo or placeholder, name, categories joined by ' • ', 'address, city', rating, offers. */
export const Success: Story = {
  name: 'Résultats',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await waitFor(() => expect(rows(canvasElement)).toHaveLength(6))
    const comptoir = within(rows(canvasElement)[0])
    await expect(comptoir.getByRole('heading', { name: 'Le Comptoir du Panier' })).toBeVisible()
    await expect(comptoir.getByText('Restaurants • Épicerie fine')).toBeVisible()
    await expect(comptoir.getByText('12 rue du Panier, Marseille')).toBeVisible()
    await expect(comptoir.getByRole('img', { name: 'Note : 4,5 sur 5 (128 avis)' })).toBeVisible()
    await expect(comptoir.getByText('-10 % sur l’addition')).toBeVisible()
    await expect(rows(canvasElement)[0]).toHaveAttribute('href', '/partenaire/1')
    // No photo: the placeholder; no rating: no stars.
    const atelier = within(rows(canvasElement)[2])
    await expect(atelier.getByRole('img', { name: 'Pas de photo' })).toBeVisible()
    await expect(atelier.queryByRole('img', { name: /^Note/ })).toBeNull()
    // A rating without a count shows no stars either.
    await expect(within(rows(canvasElement)[5]).queryByRole('img', { name: /^Note/ })).toBeNull()
    await expect(canvas.queryByText(/km$/)).toBeNull()
  },
}

/** Nothing of an element's text is cut: its content fits in its own box. */
const fullyShown = (element: Element) => element.scrollWidth <= element.clientWidth + 1

/**
 * WCAG 1.4.4, text at 200 %: each row still shows the whole 'address, city' (it wraps instead of ending in '…')
 * and whole offer labels (chips wrap too).
 */
export const LargeText: Story = {
  name: 'Texte agrandi à 200 %',
  beforeEach: () => {
    document.documentElement.style.fontSize = '200%'
    return () => {
      document.documentElement.style.fontSize = ''
    }
  },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(rows(canvasElement)).toHaveLength(6))
    const comptoir = within(rows(canvasElement)[0])
    const address = comptoir.getByText('12 rue du Panier, Marseille')
    await expect(address).toBeVisible()
    await expect(fullyShown(address)).toBe(true)
    for (const row of rows(canvasElement)) {
      const box = row.getBoundingClientRect()
      for (const chip of within(row).queryAllByRole('listitem')) {
        const label = chip.querySelector('span > span') ?? chip
        await expect(fullyShown(label)).toBe(true)
        await expect(chip.getBoundingClientRect().right).toBeLessThanOrEqual(box.right)
      }
    }
  },
}

/** With the user's position the rows show the distance. */
export const WithDistance: Story = {
  name: 'Avec la distance',
  decorators: [withUserLocation({ ...vieuxPortLocation, city: null })],
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(rows(canvasElement)).toHaveLength(6))
    await expect(within(rows(canvasElement)[0]).getByText('0,6 km')).toBeVisible()
    await expect(within(rows(canvasElement)[4]).getByText('26 km')).toBeVisible()
  },
}

/** The name of each search the screen makes (null: no name), before the search handler answers it. */
const searchedNames: (string | null)[] = []
const recordSearchedName = mockApi('searchPartners', ({ request }) => {
  searchedNames.push(new URL(request.url).searchParams.get('name'))
})

/** Typing a name searches 300 ms after the last key. */
export const SearchByName: Story = {
  name: 'Recherche par nom',
  parameters: {
    msw: [
      recordSearchedName,
      searchHandlers.success(),
      categoriesHandlers.success(),
      citiesHandlers.success(),
    ],
  },
  play: async (context) => {
    await Success.play!(context)
    const canvas = within(context.canvasElement)
    searchedNames.length = 0
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Rechercher un partenaire' }), 'boulang')
    await waitFor(() => expect(rows(context.canvasElement)).toHaveLength(1))
    await expect(canvas.getByRole('heading', { name: 'Boulangerie Saint-Victor' })).toBeVisible()
    // The search waited for the pause: one search for the whole name, none per key. (Checked on the requests,
    // not on the list right after typing: on a loaded machine the pause may already be over by then.)
    await expect(searchedNames).toEqual(['boulang'])
  },
}

/** The query parameter c preselects the category by id. */
export const CategoryFromQuery: Story = {
  name: 'Catégorie donnée par le lien',
  parameters: { router: { path: '/rechercher', initialEntries: ['/rechercher?c=3'] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole('button', { name: 'Catégorie : Sport & bien-être' })).toBeVisible()
    await waitFor(() => expect(rows(canvasElement)).toHaveLength(1))
    await expect(canvas.getByRole('heading', { name: 'Salle Vieux-Port Fitness' })).toBeVisible()
  },
}

/** The query parameter v preselects the city by name. */
export const CityFromQuery: Story = {
  name: 'Ville donnée par le lien',
  parameters: { router: { path: '/rechercher', initialEntries: ['/rechercher?v=Aix-en-Provence'] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole('button', { name: 'Ville : Aix-en-Provence' })).toBeVisible()
    await waitFor(() => expect(rows(canvasElement)).toHaveLength(1))
    await expect(canvas.getByRole('heading', { name: 'Théâtre du Cours' })).toBeVisible()
  },
}

/** The user's city preselects the picker when the link chose none. */
export const UserCityPreselected: Story = {
  name: 'Ville de l’utilisateur présélectionnée',
  decorators: [withUserLocation(vieuxPortLocation)],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole('button', { name: 'Ville : Marseille' })).toBeVisible()
    await waitFor(() => expect(rows(canvasElement)).toHaveLength(4))
  },
}

/** Picking a city and a category in the bottom sheets replaces the list. */
export const PickCityAndCategory: Story = {
  name: 'Choix d’une ville et d’une catégorie',
  play: async (context) => {
    await Success.play!(context)
    const canvas = within(context.canvasElement)
    const page = within(context.canvasElement.ownerDocument.body)
    await userEvent.click(canvas.getByRole('button', { name: 'Ville : Dans toutes les villes' }))
    const citySheet = await page.findByRole('dialog', { name: 'Ville' })
    await userEvent.click(within(citySheet).getByRole('button', { name: 'Marseille' }))
    await waitFor(() => expect(rows(context.canvasElement)).toHaveLength(4))
    await userEvent.click(await canvas.findByRole('button', { name: 'Catégorie : Toutes les catégories' }))
    const categorySheet = await page.findByRole('dialog', { name: 'Catégorie' })
    await userEvent.click(within(categorySheet).getByRole('button', { name: 'Coiffure & beauté' }))
    await waitFor(() => expect(rows(context.canvasElement)).toHaveLength(1))
    await expect(canvas.getByRole('heading', { name: 'Atelier Coiffure Mazargues' })).toBeVisible()
    // Back to every city: the default option comes first.
    await userEvent.click(canvas.getByRole('button', { name: 'Ville : Marseille' }))
    const again = await page.findByRole('dialog', { name: 'Ville' })
    await userEvent.click(within(again).getByRole('button', { name: 'Dans toutes les villes' }))
    await expect(await canvas.findByRole('button', { name: 'Ville : Dans toutes les villes' })).toBeVisible()
  },
}

export const Empty: Story = {
  name: 'Liste vide',
  parameters: { msw: [searchHandlers.empty(), categoriesHandlers.success(), citiesHandlers.success()] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByText("Aucun résultat essayez avec d'autres critères!")).toBeVisible()
    await expect(rows(canvasElement)).toHaveLength(0)
    // Nothing to reset: no filter is active.
    await expect(canvas.queryByRole('button', { name: 'Réinitialiser les filtres' })).toBeNull()
  },
}

/** The category sheet shows each category's icon, as Home's chips do. */
export const CategorySheetIcons: Story = {
  name: 'Icônes dans le choix de catégorie',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const page = within(canvasElement.ownerDocument.body)
    await waitFor(() => expect(rows(canvasElement)).toHaveLength(6))
    await userEvent.click(canvas.getByRole('button', { name: 'Catégorie : Toutes les catégories' }))
    const sheet = await page.findByRole('dialog', { name: 'Catégorie' })
    const restaurants = within(sheet).getByRole('button', { name: 'Restaurants' })
    await waitFor(() => expect(restaurants.querySelector('[data-icon-state="ready"]')).not.toBeNull())
    // Every category has one; the 'all' option has none.
    await expect(
      within(sheet)
        .getAllByRole('button')
        .filter((b) => b.querySelector('[data-icon-state]')),
    ).toHaveLength(8)
    await expect(
      within(sheet).getByRole('button', { name: 'Toutes les catégories' }).querySelector('[data-icon-state]'),
    ).toBeNull()
  },
}

/** Each active filter has its ×: it removes that filter only. */
export const ClearOneFilter: Story = {
  name: 'Retrait d’un filtre',
  parameters: { router: { path: '/rechercher', initialEntries: ['/rechercher?c=4&v=Marseille'] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await waitFor(() => expect(rows(canvasElement)).toHaveLength(1))
    await expect(canvas.getByRole('button', { name: 'Catégorie : Coiffure & beauté' })).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Retirer le filtre ville « Marseille »' }))
    await expect(await canvas.findByRole('button', { name: 'Ville : Dans toutes les villes' })).toBeVisible()
    await expect(canvas.queryByRole('button', { name: /Retirer le filtre ville/ })).toBeNull()
    await expect(canvas.getByRole('button', { name: 'Catégorie : Coiffure & beauté' })).toBeVisible()
    await userEvent.click(
      canvas.getByRole('button', { name: 'Retirer le filtre catégorie « Coiffure & beauté »' }),
    )
    await expect(
      await canvas.findByRole('button', { name: 'Catégorie : Toutes les catégories' }),
    ).toBeVisible()
    await waitFor(() => expect(rows(canvasElement)).toHaveLength(6))
  },
}

/** No result with filters: 'Réinitialiser les filtres' clears the name, the city and the category at once. */
export const EmptyWithFilters: Story = {
  name: 'Liste vide avec des filtres',
  parameters: {
    router: { path: '/rechercher', initialEntries: ['/rechercher?c=8&v=Aix-en-Provence'] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Rechercher un partenaire' }), 'zzz')
    await expect(await canvas.findByText("Aucun résultat essayez avec d'autres critères!")).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Réinitialiser les filtres' }))
    await expect(canvas.getByRole('searchbox', { name: 'Rechercher un partenaire' })).toHaveValue('')
    await expect(await canvas.findByRole('button', { name: 'Ville : Dans toutes les villes' })).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Catégorie : Toutes les catégories' })).toBeVisible()
    await waitFor(() => expect(rows(canvasElement)).toHaveLength(6))
  },
}

export const Error: Story = {
  name: 'Erreur de chargement',
  parameters: { msw: [searchHandlers.error(), categoriesHandlers.success(), citiesHandlers.success()] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const alert = await canvas.findByRole('alert')
    await expect(alert).toHaveTextContent('Oups... Nous ne parvenons pas à récupérer les résultats')
    await expect(within(alert).getByRole('button', { name: 'Réessayer' })).toBeVisible()
  },
}

/** 'Réessayer' loads the results again. */
export const RetryAfterError: Story = {
  name: 'Nouvel essai après une erreur',
  parameters: {
    msw: [searchHandlers.errorThenSuccess(), categoriesHandlers.success(), citiesHandlers.success()],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(await canvas.findByRole('button', { name: 'Réessayer' }))
    await waitFor(() => expect(rows(canvasElement)).toHaveLength(6))
    await expect(canvas.queryByRole('alert')).toBeNull()
  },
}

/** 120 results: pages of 50 load as the list scrolls, with one skeleton row while the next page comes. */
export const ManyResults: Story = {
  name: 'Beaucoup de résultats',
  parameters: {
    msw: [searchHandlers.many(120, 400), categoriesHandlers.success(), citiesHandlers.success()],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await canvas.findByRole('heading', { name: 'Pizzeria n°1' })
    const scrollToEnd = () => window.scrollTo(0, document.documentElement.scrollHeight)
    // Scrolled again while waiting: the first rows render in slices, so the page may still grow after a scroll.
    await waitFor(() => {
      scrollToEnd()
      expect(canvas.getAllByTestId('skeleton-row')).toHaveLength(1)
    })
    await waitFor(async () => {
      scrollToEnd()
      await expect(canvas.getByRole('heading', { name: 'Fromagerie n°51' })).toBeInTheDocument()
    })
    await waitFor(async () => {
      scrollToEnd()
      await expect(canvas.getByRole('heading', { name: 'Brasserie n°120' })).toBeInTheDocument()
    })
  },
}

/** The back arrow goes back one page. */
export const BackArrow: Story = {
  name: 'Bouton retour',
  parameters: { router: { path: '/rechercher', initialEntries: ['/', '/rechercher'] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Retour' }))
    await expect(await canvas.findByTestId('location')).toHaveTextContent('Page : /')
  },
}

/** Opened from a link (no page of the app before it): the back arrow goes to the home page, not out of the app. */
export const BackArrowWithoutHistory: Story = {
  name: 'Bouton retour sans historique',
  tags: ['no-visual'],
  parameters: { router: { path: '/rechercher', initialEntries: ['/rechercher?c=3'] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Retour' }))
    await expect(await canvas.findByTestId('location')).toHaveTextContent(/^Page : \/$/)
  },
}

/** A row opens the partner's details. */
export const OpenPartner: Story = {
  name: 'Ouverture d’un partenaire',
  play: async (context) => {
    await Success.play!(context)
    await userEvent.click(rows(context.canvasElement)[1])
    await expect(await within(context.canvasElement).findByTestId('location')).toHaveTextContent(
      'Page : /partenaire/2',
    )
  },
}

/**
 * The real location provider: the browser's position, then the maps service's reverse geocoding, cached for an
 * hour under 'user-city'. The city preselects the picker and the rows show distances.
 */
export const GeolocatedUser: Story = {
  name: 'Utilisateur géolocalisé',
  decorators: [withLiveLocation, withFakeMaps()],
  beforeEach: () => stubGeolocation({ lat: 43.2951, lng: 5.3739 }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole('button', { name: 'Ville : Marseille' })).toBeVisible()
    await waitFor(() => expect(rows(canvasElement)).toHaveLength(4))
    await expect(within(rows(canvasElement)[0]).getByText('0,6 km')).toBeVisible()
    await expect(JSON.parse(localStorage.getItem('user-city') ?? 'null')).toMatchObject({
      cityName: 'Marseille',
      postalCode: '13001',
      timestamp: expect.any(Number),
    })
  },
}

/** Geocoding fails ('City not found'): logged, no city preselected, the distances still come. */
export const GeocodingFails: Story = {
  name: 'Ville introuvable',
  decorators: [withLiveLocation, withFakeMaps({ reverseGeocode: 'City not found' })],
  beforeEach: () => stubGeolocation({ lat: 43.2951, lng: 5.3739 }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await waitFor(() => expect(within(rows(canvasElement)[0]).getByText('0,6 km')).toBeVisible())
    await expect(canvas.getByRole('button', { name: 'Ville : Dans toutes les villes' })).toBeVisible()
    await expect(localStorage.getItem('user-city')).toBeNull()
  },
}

/** Geolocation refused: logged, the list works without distances. */
export const GeolocationDenied: Story = {
  name: 'Géolocalisation refusée',
  decorators: [withLiveLocation, withFakeMaps()],
  beforeEach: () => stubGeolocation('denied'),
  play: async (context) => {
    await Success.play!(context)
    await expect(
      within(context.canvasElement).getByRole('button', { name: 'Ville : Dans toutes les villes' }),
    ).toBeVisible()
  },
}
