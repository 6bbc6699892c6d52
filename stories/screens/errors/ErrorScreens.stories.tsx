import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { AccessDeniedScreen } from '@/src/screens/errors/AccessDeniedScreen.tsx'
import { NotFoundScreen } from '@/src/screens/errors/NotFoundScreen.tsx'
import { RouteErrorScreen } from '@/src/screens/errors/RouteErrorScreen.tsx'

const meta = {
  title: 'Écrans/Erreurs',
  component: AccessDeniedScreen,
  parameters: { layout: 'fullscreen', router: { path: '/page', initialEntries: ['/page'] } },
  globals: { viewport: { value: 'phone' } },
} satisfies Meta<typeof AccessDeniedScreen>

export default meta
type Story = StoryObj<typeof meta>

export const AccesRefuse: Story = {
  name: 'Accès refusé',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('heading', { name: 'Oups ! Accès refusé' })).toBeVisible()
    await waitFor(() => expect(document.title).toBe('Accès refusé — Partenaires'))
    await userEvent.click(canvas.getByRole('link', { name: "Retour à l'accueil" }))
    await expect(await canvas.findByTestId('location')).toHaveTextContent('Page : /')
  },
}

export const PageNonTrouvee: Story = {
  name: 'Page non trouvée',
  render: () => <NotFoundScreen />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('heading', { name: 'Oups ! Page non trouvée' })).toBeVisible()
    await waitFor(() => expect(document.title).toBe('Page non trouvée — Partenaires'))
    await expect(canvas.getByRole('link', { name: "Retour à l'accueil" })).toHaveAttribute('href', '/')
  },
}

/** The same page on a laptop: a back-office user opening a link they may not follow. */
export const AccesRefuseOrdinateur: Story = {
  name: 'Accès refusé (ordinateur)',
  globals: { viewport: { value: 'desktop' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('heading', { name: 'Oups ! Accès refusé' })).toBeVisible()
    await expect(canvas.getByRole('link', { name: "Retour à l'accueil" })).toHaveAttribute('href', '/')
  },
}

/** An unknown address typed on a laptop; the way back leads to the root. */
export const PageNonTrouveeOrdinateur: Story = {
  name: 'Page non trouvée (ordinateur)',
  globals: { viewport: { value: 'desktop' } },
  render: () => <NotFoundScreen />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('heading', { name: 'Oups ! Page non trouvée' })).toBeVisible()
    await userEvent.click(canvas.getByRole('link', { name: "Retour à l'accueil" }))
    await expect(await canvas.findByTestId('location')).toHaveTextContent('Page : /')
  },
}

const retryOffline = fn()

/**
 * A tab tapped offline before the app was kept on the device: its code could not be fetched. What every route
 * shows then (its errorElement, inside the tab bar or the back-office's menu), never React Router's English page.
 */
export const PageIndisponibleHorsConnexion: Story = {
  name: 'Page indisponible hors connexion',
  beforeEach: () => void retryOffline.mockClear(),
  render: () => <RouteErrorScreen kind="offline" onRetry={retryOffline} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Page indisponible hors connexion' }),
    ).toBeVisible()
    await expect(canvas.getByText('Vérifiez votre connexion puis réessayez.')).toBeVisible()
    await waitFor(() => expect(document.title).toBe('Page indisponible hors connexion — Partenaires'))
    await expect(canvas.queryByRole('link', { name: "Retour à l'accueil" })).toBeNull()
    await userEvent.click(canvas.getByRole('button', { name: 'Réessayer' }))
    await expect(retryOffline).toHaveBeenCalledOnce()
  },
}

/** A screen that failed to render: the same page in other words, with the way back to the root too. */
export const ErreurInattendue: Story = {
  name: 'Erreur inattendue',
  render: () => <RouteErrorScreen kind="unexpected" onRetry={() => {}} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('heading', { level: 1, name: 'Une erreur est survenue' })).toBeVisible()
    await waitFor(() => expect(document.title).toBe('Une erreur est survenue — Partenaires'))
    await expect(canvas.getByRole('button', { name: 'Réessayer' })).toBeEnabled()
    await userEvent.click(canvas.getByRole('link', { name: "Retour à l'accueil" }))
    await expect(await canvas.findByTestId('location')).toHaveTextContent('Page : /')
  },
}
