import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { LoginScreen } from '@/src/screens/auth/LoginScreen.tsx'
import { authHandlers } from '@/mocks/handlers/auth.ts'
import { signedInUser } from '@/mocks/fixtures/session.ts'
import { fill } from '@/stories/fill.ts'

const meta = {
  title: 'Écrans/Authentification/Connexion',
  component: LoginScreen,
  parameters: {
    layout: 'fullscreen',
    router: { path: '/login', initialEntries: ['/login'] },
    msw: [authHandlers.authenticateSuccess()],
  },
  globals: { viewport: { value: 'phone' } },
} satisfies Meta<typeof LoginScreen>

export default meta
type Story = StoryObj<typeof meta>

export const Empty: Story = {
  name: 'Formulaire vide',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('heading', { name: 'Connexion' })).toBeVisible()
    const email = canvas.getByLabelText('Email')
    await expect(email).toHaveAttribute('type', 'email')
    await expect(canvas.getByLabelText('Mot de passe')).toHaveAttribute('type', 'password')
    await expect(canvas.getByRole('link', { name: 'Mot de passe oublié?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    )
    await expect(
      canvas.getByRole('link', { name: "Vous n'avez pas encore de compte? Créez un compte" }),
    ).toHaveAttribute('href', '/inscription')
    await expect(canvas.getByRole('button', { name: 'Se connecter' })).toBeEnabled()
  },
}

export const PasswordShown: Story = {
  name: 'Mot de passe affiché',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await fill(canvas.getByLabelText('Mot de passe'), 'secret-de-camille')
    await userEvent.click(canvas.getByRole('button', { name: 'Afficher le mot de passe' }))
    await expect(canvas.getByLabelText('Mot de passe')).toHaveAttribute('type', 'text')
    await userEvent.click(canvas.getByRole('button', { name: 'Masquer le mot de passe' }))
    await expect(canvas.getByLabelText('Mot de passe')).toHaveAttribute('type', 'password')
  },
}

/** Filled in and submitted: the user is stored and taken to Home. */
export const Success: Story = {
  name: 'Connexion réussie',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await fill(canvas.getByLabelText('Email'), signedInUser.email)
    await fill(canvas.getByLabelText('Mot de passe'), 'secret-de-camille')
    await userEvent.click(canvas.getByRole('button', { name: 'Se connecter' }))
    await expect(await canvas.findByTestId('location')).toHaveTextContent('Page : /')
    const stored = JSON.parse(localStorage.getItem('user') ?? 'null')
    await expect(stored).toMatchObject({ access_token: signedInUser.access_token, roles: ['ROLE_USER'] })
  },
}

export const Submitting: Story = {
  name: 'Envoi en cours',
  parameters: { msw: [authHandlers.authenticatePending()] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await fill(canvas.getByLabelText('Email'), signedInUser.email)
    await fill(canvas.getByLabelText('Mot de passe'), 'secret-de-camille')
    await userEvent.click(canvas.getByRole('button', { name: 'Se connecter' }))
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: /Se connecter/ })).toHaveAttribute('aria-busy', 'true'),
    )
  },
}

/** A wrong password shows the spec's alert. */
export const WrongCredentials: Story = {
  name: 'Identifiants incorrects',
  parameters: { msw: [authHandlers.authenticateFailure()] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await fill(canvas.getByLabelText('Email'), signedInUser.email)
    await fill(canvas.getByLabelText('Mot de passe'), 'pas-le-bon')
    await userEvent.click(canvas.getByRole('button', { name: 'Se connecter' }))
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Email ou mot de passe incorrect')
    await expect(localStorage.getItem('user')).toBeNull()
  },
}

/** The alert clears as soon as a new attempt starts. */
export const AlertClearsOnRetry: Story = {
  name: 'Alerte effacée au nouvel essai',
  parameters: { msw: [authHandlers.authenticateFailure()] },
  play: async (context) => {
    await WrongCredentials.play!(context)
    const canvas = within(context.canvasElement)
    context.msw.use(authHandlers.authenticatePending())
    await userEvent.click(canvas.getByRole('button', { name: 'Se connecter' }))
    await waitFor(() => expect(canvas.queryByRole('alert')).not.toBeInTheDocument())
  },
}
