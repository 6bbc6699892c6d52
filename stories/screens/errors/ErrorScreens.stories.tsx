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

/** La même page sur ordinateur : un utilisateur du back-office ouvre un lien auquel il n’a pas accès. */
export const AccesRefuseOrdinateur: Story = {
  name: 'Accès refusé (ordinateur)',
  globals: { viewport: { value: 'desktop' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('heading', { name: 'Oups ! Accès refusé' })).toBeVisible()
    await expect(canvas.getByRole('link', { name: "Retour à l'accueil" })).toHaveAttribute('href', '/')
  },
}

/** Une adresse inconnue tapée sur ordinateur ; le lien de retour mène à l’accueil. */
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
 * Un onglet touché hors connexion avant que l’application ne soit gardée sur l’appareil : la page n’a pas pu
 * être chargée. C’est ce que toute page affiche alors, dans la barre d’onglets ou le menu du back-office,
 * toujours en français.
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

/** Un écran qui n’a pas pu s’afficher : la même page avec d’autres mots, et le lien de retour à l’accueil. */
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
