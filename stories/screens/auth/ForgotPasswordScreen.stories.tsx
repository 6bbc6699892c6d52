import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { ForgotPasswordScreen } from '@/src/screens/auth/ForgotPasswordScreen.tsx'
import { passwordHandlers } from '@/mocks/handlers/public.ts'
import { apiPaths } from '@/contract/paths.ts'
import { fill } from '@/stories/fill.ts'
import { expectFieldError, watchRequests } from './helpers.ts'

const meta = {
  title: 'Écrans/Authentification/Mot de passe oublié',
  component: ForgotPasswordScreen,
  parameters: {
    layout: 'fullscreen',
    router: { path: '/forgot-password', initialEntries: ['/forgot-password'] },
    msw: [passwordHandlers.forgotSuccess()],
  },
  globals: { viewport: { value: 'phone' } },
} satisfies Meta<typeof ForgotPasswordScreen>

export default meta
type Story = StoryObj<typeof meta>

export const Empty: Story = {
  name: 'Formulaire vide',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByLabelText('Email')).toHaveAttribute('type', 'email')
    await expect(canvas.getByRole('button', { name: 'Envoyer le lien de réinitialisation' })).toBeEnabled()
    await expect(canvas.getByRole('link', { name: 'Retour à la connexion' })).toHaveAttribute(
      'href',
      '/login',
    )
  },
}

export const Sent: Story = {
  name: 'E-mail envoyé',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await fill(canvas.getByLabelText('Email'), 'camille.martin@exemple.fr')
    await userEvent.click(canvas.getByRole('button', { name: 'Envoyer le lien de réinitialisation' }))
    await expect(await canvas.findByRole('status')).toHaveTextContent(
      'Un e-mail de réinitialisation a été envoyé.',
    )
  },
}

export const Sending: Story = {
  name: 'Envoi en cours',
  parameters: { msw: [passwordHandlers.forgotLoading()] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await fill(canvas.getByLabelText('Email'), 'camille.martin@exemple.fr')
    await userEvent.click(canvas.getByRole('button', { name: 'Envoyer le lien de réinitialisation' }))
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: /Envoyer le lien/ })).toHaveAttribute('aria-busy', 'true'),
    )
  },
}

export const Failure: Story = {
  name: 'Erreur serveur',
  parameters: { msw: [passwordHandlers.forgotError()] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await fill(canvas.getByLabelText('Email'), 'camille.martin@exemple.fr')
    await userEvent.click(canvas.getByRole('button', { name: 'Envoyer le lien de réinitialisation' }))
    await expect(await canvas.findByRole('alert')).toHaveTextContent("Erreur lors de l'envoi de l'e-mail.")
  },
}

export const BackToLogin: Story = {
  name: 'Retour à la connexion',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('link', { name: 'Retour à la connexion' }))
    await expect(await canvas.findByTestId('location')).toHaveTextContent('Page : /login')
  },
}

/**
 * Envoyé sans adresse : le champ dit ce qui manque, et rien n’est envoyé (aucun « Erreur lors de l’envoi »
 * trompeur).
 */
export const EmptySubmitted: Story = {
  name: 'Envoi sans adresse',
  play: async ({ canvasElement, msw }) => {
    const canvas = within(canvasElement)
    const sent = watchRequests(msw, apiPaths.forgotPassword())
    await userEvent.click(canvas.getByRole('button', { name: 'Envoyer le lien de réinitialisation' }))
    const email = canvas.getByLabelText('Email')
    await expectFieldError(email, 'Ce champ est obligatoire')
    await waitFor(() => expect(email).toHaveFocus())
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument()
    await expect(canvas.queryByRole('status')).not.toBeInTheDocument()
    await expect(sent).toHaveLength(0)
  },
}

/**
 * Une adresse mal écrite est signalée sous le champ avant tout envoi, pour que la personne la corrige sur
 * place.
 */
export const MalformedEmail: Story = {
  name: 'Adresse e-mail mal formée',
  play: async ({ canvasElement, msw }) => {
    const canvas = within(canvasElement)
    const sent = watchRequests(msw, apiPaths.forgotPassword())
    await fill(canvas.getByLabelText('Email'), 'camille.martin')
    await userEvent.click(canvas.getByRole('button', { name: 'Envoyer le lien de réinitialisation' }))
    await expectFieldError(canvas.getByLabelText('Email'), 'Adresse e-mail invalide')
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument()
    await expect(sent).toHaveLength(0)
  },
}
