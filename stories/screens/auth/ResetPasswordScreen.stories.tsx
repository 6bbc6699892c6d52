import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { ResetPasswordScreen } from '@/src/screens/auth/ResetPasswordScreen.tsx'
import { passwordHandlers } from '@/mocks/handlers/public.ts'
import { fill } from '@/stories/fill.ts'

const meta = {
  title: 'Écrans/Authentification/Réinitialiser le mot de passe',
  component: ResetPasswordScreen,
  parameters: {
    layout: 'fullscreen',
    router: { path: '/reset-password', initialEntries: ['/reset-password?token=jeton-du-mail'] },
    msw: [passwordHandlers.resetSuccess()],
  },
  globals: { viewport: { value: 'phone' } },
} satisfies Meta<typeof ResetPasswordScreen>

export default meta
type Story = StoryObj<typeof meta>

export const Empty: Story = {
  name: 'Formulaire vide',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByLabelText('Nouveau mot de passe')).toHaveAttribute('type', 'password')
    await expect(canvas.getByLabelText('Confirmer le mot de passe')).toHaveAttribute('type', 'password')
    await expect(canvas.getByRole('button', { name: 'Réinitialiser le mot de passe' })).toBeEnabled()
    await expect(canvas.getByRole('link', { name: 'Retour à la connexion' })).toHaveAttribute(
      'href',
      '/login',
    )
  },
}

export const Mismatch: Story = {
  name: 'Mots de passe différents',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await fill(canvas.getByLabelText('Nouveau mot de passe'), 'nouveau-secret-1')
    await fill(canvas.getByLabelText('Confirmer le mot de passe'), 'nouveau-secret-2')
    await userEvent.click(canvas.getByRole('button', { name: 'Réinitialiser le mot de passe' }))
    await expect(await canvas.findByText('Les mots de passe ne correspondent pas.')).toBeVisible()
    await expect(canvas.getByLabelText('Confirmer le mot de passe')).toHaveAttribute('aria-invalid', 'true')
  },
}

export const Success: Story = {
  name: 'Mot de passe réinitialisé',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await fill(canvas.getByLabelText('Nouveau mot de passe'), 'nouveau-secret-1')
    await fill(canvas.getByLabelText('Confirmer le mot de passe'), 'nouveau-secret-1')
    await userEvent.click(canvas.getByRole('button', { name: 'Réinitialiser le mot de passe' }))
    await expect(await canvas.findByRole('status')).toHaveTextContent(
      'Mot de passe réinitialisé avec succès.',
    )
    // The submit button's loading state has ended: the screen is at rest (same pixels on every run).
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: 'Réinitialiser le mot de passe' })).not.toHaveAttribute(
        'aria-busy',
        'true',
      ),
    )
  },
}

export const Failure: Story = {
  name: 'Lien invalide ou expiré',
  parameters: { msw: [passwordHandlers.resetError()] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await fill(canvas.getByLabelText('Nouveau mot de passe'), 'nouveau-secret-1')
    await fill(canvas.getByLabelText('Confirmer le mot de passe'), 'nouveau-secret-1')
    await userEvent.click(canvas.getByRole('button', { name: 'Réinitialiser le mot de passe' }))
    const alert = await canvas.findByRole('alert')
    await expect(alert).toHaveTextContent('Erreur lors de la réinitialisation du mot de passe.')
    // An invalid or expired link is not a dead end: the alert says why and offers a new link.
    await expect(alert).toHaveTextContent('Ce lien est invalide ou a expiré')
    await expect(within(alert).getByRole('link', { name: 'Demander un nouveau lien' })).toHaveAttribute(
      'href',
      '/forgot-password',
    )
  },
}

/** 'Demander un nouveau lien' leads to the forgot-password page. */
export const FailureAsksForNewLink: Story = {
  name: 'Demande d’un nouveau lien',
  tags: ['no-visual'],
  parameters: { msw: [passwordHandlers.resetError()] },
  play: async (context) => {
    await Failure.play!(context)
    const canvas = within(context.canvasElement)
    await userEvent.click(canvas.getByRole('link', { name: 'Demander un nouveau lien' }))
    await expect(await canvas.findByTestId('location')).toHaveTextContent('Page : /forgot-password')
  },
}

/** Without a token in the query the page sends the visitor to forgot-password. */
export const WithoutToken: Story = {
  name: 'Lien sans jeton',
  parameters: { router: { path: '/reset-password', initialEntries: ['/reset-password'] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByTestId('location')).toHaveTextContent('Page : /forgot-password')
  },
}
