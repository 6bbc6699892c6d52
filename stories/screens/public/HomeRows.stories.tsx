import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { signedInUser } from '@/mocks/fixtures/session.ts'
import { homeHandlers } from '@/mocks/handlers/offerUses.ts'
import { HomeRows, LAST_VISIT_KEY } from '@/src/screens/public/home/HomeRows.tsx'

/** The stories' last visit of Home: 10 June 2026 (their clock is 15 June). */
const lastVisit = new Date('2026-06-10T12:00:00+02:00').getTime()

type Geolocation = 'unknown' | 'granted' | 'refused'

/**
 * The browser's geolocation as the story needs it: not asked yet ('unknown', the prompt would come on the
 * button), already granted (the position is read at once: the Vieux-Port), or refused by the person.
 */
function fakeGeolocation(mode: Geolocation) {
  const denied = { code: 1, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3, message: 'refusé' }
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: {
      getCurrentPosition: (ok: PositionCallback, fail: PositionErrorCallback) => {
        if (mode === 'refused') fail(denied as GeolocationPositionError)
        else ok({ coords: { latitude: 43.2951, longitude: 5.3745 } } as GeolocationPosition)
      },
    },
  })
  Object.defineProperty(navigator, 'permissions', {
    configurable: true,
    value: { query: async () => ({ state: mode === 'granted' ? 'granted' : 'prompt' }) },
  })
  return () => {
    delete (navigator as { geolocation?: unknown }).geolocation
    delete (navigator as { permissions?: unknown }).permissions
  }
}

const meta = {
  title: 'Écrans/Public/Accueil/Rangées personnelles',
  component: HomeRows,
  parameters: {
    layout: 'fullscreen',
    session: { user: signedInUser },
    router: { path: '/', initialEntries: ['/'] },
    geolocation: 'unknown' satisfies Geolocation,
    msw: [homeHandlers.success()],
  },
  globals: { viewport: { value: 'phone' } },
  beforeEach: ({ parameters }) => {
    localStorage.setItem(LAST_VISIT_KEY, String(lastVisit))
    return fakeGeolocation(parameters.geolocation as Geolocation)
  },
} satisfies Meta<typeof HomeRows>

export default meta
type Story = StoryObj<typeof meta>

const row = (canvasElement: HTMLElement, name: string) => within(canvasElement).findByRole('region', { name })

/**
 * Position not given yet: 'Près de vous' offers 'Activer la localisation'; the offers ending within 7 days, the
 * favourites (one with an offer newer than the last visit, marked) and the news, each with 'Tout voir'.
 */
export const WithoutPosition: Story = {
  name: 'Sans position',
  play: async ({ canvasElement }) => {
    const near = await row(canvasElement, 'Près de vous')
    await expect(within(near).getByRole('button', { name: 'Activer la localisation' })).toBeVisible()
    const expiring = await row(canvasElement, 'Expire bientôt')
    await expect(within(expiring).getAllByRole('listitem')).toHaveLength(2)
    await expect(expiring).toHaveTextContent("Valable jusqu'au 16/06/2026")
    const favorites = await row(canvasElement, 'Vos favoris')
    const [fitness, comptoir] = within(favorites).getAllByRole('listitem')
    await expect(within(fitness!).getByText('Nouvelle offre')).toBeVisible()
    await expect(within(comptoir!).queryByText('Nouvelle offre')).toBeNull()
    const news = await row(canvasElement, 'Nouveautés')
    await expect(news).toHaveTextContent('Nouveau partenaire')
    // 'Tout voir' opens Find with the row's filter; 'Près de vous' Find as it is (nearest first once located),
    // the favourites their own list.
    await expect(within(news).getByRole('link', { name: 'Tout voir : Nouveautés' })).toHaveAttribute(
      'href',
      '/rechercher?filtre=nouveautes',
    )
    await expect(within(expiring).getByRole('link', { name: 'Tout voir : Expire bientôt' })).toHaveAttribute(
      'href',
      '/rechercher?filtre=expire-bientot',
    )
    await expect(within(near).getByRole('link', { name: 'Tout voir : Près de vous' })).toHaveAttribute(
      'href',
      '/rechercher',
    )
    await expect(within(favorites).getByRole('link', { name: 'Tout voir : Vos favoris' })).toHaveAttribute(
      'href',
      '/favoris',
    )
  },
}

/** Location already allowed: the nearest partners with their distance, no button. */
export const Near: Story = {
  name: 'Près de vous',
  parameters: { geolocation: 'granted' },
  play: async ({ canvasElement }) => {
    const near = await row(canvasElement, 'Près de vous')
    await waitFor(() => expect(within(near).getAllByRole('listitem')).toHaveLength(3))
    await expect(within(near).getAllByRole('listitem')[0]).toHaveTextContent('Le Comptoir du Panier')
    await expect(within(near).getAllByRole('listitem')[0]).toHaveTextContent('Marseille · 0,4 km')
    await expect(within(near).queryByRole('button', { name: 'Activer la localisation' })).toBeNull()
  },
}

/** 'Activer la localisation' asks; the partners near the person come. */
export const EnableLocation: Story = {
  name: 'Activation de la localisation',
  tags: ['no-visual'],
  play: async ({ canvasElement }) => {
    const prompt = await row(canvasElement, 'Près de vous')
    await userEvent.click(within(prompt).getByRole('button', { name: 'Activer la localisation' }))
    // The row is drawn again with the partners.
    await waitFor(async () =>
      expect(within(await row(canvasElement, 'Près de vous')).getAllByRole('listitem')).toHaveLength(3),
    )
  },
}

/** Refused by the person: said in French, with what to do. */
export const LocationRefused: Story = {
  name: 'Localisation refusée',
  parameters: { geolocation: 'refused' },
  play: async ({ canvasElement }) => {
    const near = await row(canvasElement, 'Près de vous')
    await userEvent.click(within(near).getByRole('button', { name: 'Activer la localisation' }))
    await expect(await within(near).findByRole('alert')).toHaveTextContent(
      'La localisation est refusée pour ce site : autorisez-la dans les réglages de votre navigateur, puis réessayez.',
    )
    ;(document.activeElement as HTMLElement | null)?.blur()
  },
}

/** Nothing to show: the rows are left out, only the invitation to share the position stays. */
export const Empty: Story = {
  name: 'Rangées vides',
  parameters: { msw: [homeHandlers.empty()] },
  play: async ({ canvasElement }) => {
    await row(canvasElement, 'Près de vous')
    await expect(within(canvasElement).getAllByTestId('home-row')).toHaveLength(1)
  },
}

export const Loading: Story = {
  name: 'Chargement',
  parameters: { msw: [homeHandlers.loading()] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('home-rows-placeholder')).toBeInTheDocument()
  },
}

/** The call fails: Home goes on without its rows. */
export const LoadFailed: Story = {
  name: 'Erreur de chargement',
  parameters: { msw: [homeHandlers.error()] },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).queryByTestId('home-rows-placeholder')).toBeNull())
    await expect(within(canvasElement).queryByTestId('home-row')).toBeNull()
  },
}
