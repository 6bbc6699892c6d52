import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { ResetPasswordScreen } from '@/src/screens/auth/ResetPasswordScreen.tsx'
import { passwordHandlers } from '@/mocks/handlers/public.ts'
import { apiPaths } from '@/contract/paths.ts'
import { fill } from '@/stories/fill.ts'
import { expectFieldError, watchRequests } from './helpers.ts'

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

/**
 * Mot de passe changé : le lien a servi, le formulaire laisse place au message de réussite, qui reçoit le
 * focus, et « Se connecter » permet de continuer.
 */
export const Success: Story = {
  name: 'Mot de passe réinitialisé',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await fill(canvas.getByLabelText('Nouveau mot de passe'), 'nouveau-secret-1')
    await fill(canvas.getByLabelText('Confirmer le mot de passe'), 'nouveau-secret-1')
    await userEvent.click(canvas.getByRole('button', { name: 'Réinitialiser le mot de passe' }))
    const message = await canvas.findByRole('status')
    await expect(message).toHaveTextContent('Mot de passe réinitialisé avec succès.')
    await waitFor(() => expect(message.parentElement).toHaveFocus())
    await expect(canvas.queryByLabelText('Nouveau mot de passe')).not.toBeInTheDocument()
    await expect(canvas.queryByLabelText('Confirmer le mot de passe')).not.toBeInTheDocument()
    await expect(
      canvas.queryByRole('button', { name: 'Réinitialiser le mot de passe' }),
    ).not.toBeInTheDocument()
    await expect(canvas.getByRole('link', { name: 'Se connecter' })).toHaveAttribute('href', '/login')
  },
}

/** Après le changement, « Se connecter » mène à la page de connexion. */
export const SuccessThenSignIn: Story = {
  name: 'Réinitialisé, puis connexion',
  tags: ['no-visual'],
  play: async (context) => {
    await Success.play!(context)
    const canvas = within(context.canvasElement)
    await userEvent.click(canvas.getByRole('link', { name: 'Se connecter' }))
    await expect(await canvas.findByTestId('location')).toHaveTextContent(/^Page : \/login$/)
  },
}

/** Les règles du mot de passe sont rappelées avant l’envoi : huit espaces ne sont pas un mot de passe. */
export const PasswordOfSpaces: Story = {
  name: 'Mot de passe fait d’espaces',
  play: async ({ canvasElement, msw }) => {
    const canvas = within(canvasElement)
    const sent = watchRequests(msw, apiPaths.resetPassword())
    await fill(canvas.getByLabelText('Nouveau mot de passe'), ' '.repeat(8))
    await fill(canvas.getByLabelText('Confirmer le mot de passe'), ' '.repeat(8))
    await userEvent.click(canvas.getByRole('button', { name: 'Réinitialiser le mot de passe' }))
    const password = canvas.getByLabelText('Nouveau mot de passe')
    await expectFieldError(password, "Le mot de passe ne peut pas être composé uniquement d'espaces.")
    await waitFor(() => expect(password).toHaveFocus())
    await expect(sent).toHaveLength(0)
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

/** « Demander un nouveau lien » mène à la page « Mot de passe oublié ». */
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

/** Ouverte sans lien valide, la page envoie la personne vers « Mot de passe oublié » pour en demander un. */
export const WithoutToken: Story = {
  name: 'Lien sans jeton',
  parameters: { router: { path: '/reset-password', initialEntries: ['/reset-password'] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByTestId('location')).toHaveTextContent('Page : /forgot-password')
  },
}
