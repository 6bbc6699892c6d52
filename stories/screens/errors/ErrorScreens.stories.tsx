import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { AccessDeniedScreen } from '@/src/screens/errors/AccessDeniedScreen.tsx'
import { NotFoundScreen } from '@/src/screens/errors/NotFoundScreen.tsx'

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
