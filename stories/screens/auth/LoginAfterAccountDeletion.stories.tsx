import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { authHandlers } from '@/mocks/handlers/auth.ts'
import {
  ACCOUNT_DELETED_MESSAGE,
  accountWasDeleted,
  forgetAccountDeleted,
  noteAccountDeleted,
} from '@/src/screens/auth/accountDeleted.ts'
import { LoginScreen } from '@/src/screens/auth/LoginScreen.tsx'
import { fill } from '@/stories/fill.ts'

const meta = {
  title: 'Écrans/Authentification/Connexion après suppression du compte',
  component: LoginScreen,
  parameters: {
    layout: 'fullscreen',
    router: { path: '/login', initialEntries: ['/login'] },
    msw: [authHandlers.authenticateFailure()],
  },
  globals: { viewport: { value: 'phone' } },
  // As 'Supprimer mon compte' leaves the tab before going to the sign-in page.
  beforeEach: () => {
    noteAccountDeleted()
    return forgetAccountDeleted
  },
} satisfies Meta<typeof LoginScreen>

export default meta
type Story = StoryObj<typeof meta>

/**
 * Après la suppression du compte, la page de connexion le dit, une seule fois ; une nouvelle tentative efface le
 * message. Les pages légales sont en lien sous la carte.
 */
export const AccountDeleted: Story = {
  name: 'Compte supprimé',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByText(ACCOUNT_DELETED_MESSAGE)).toBeVisible()
    // Said once: forgotten once the page is shown (an effect after the first render), so a reload says nothing.
    await waitFor(() => expect(accountWasDeleted()).toBe(false))
    const legal = canvas.getByRole('navigation', { name: 'Informations légales' })
    await expect(within(legal).getByRole('link', { name: 'Politique de confidentialité' })).toHaveAttribute(
      'href',
      '/confidentialite',
    )
    await expect(within(legal).getByRole('link', { name: 'Mentions légales' })).toHaveAttribute(
      'href',
      '/mentions-legales',
    )
    await expect(within(legal).getByRole('link', { name: /^Accessibilité/ })).toHaveAttribute(
      'href',
      '/accessibilite',
    )
    await fill(canvas.getByLabelText('Email'), 'camille.martin@exemple.fr')
    await fill(canvas.getByLabelText('Mot de passe'), 'mon mot de passe')
    await userEvent.click(canvas.getByRole('button', { name: 'Se connecter' }))
    await waitFor(() => expect(canvas.queryByText(ACCOUNT_DELETED_MESSAGE)).toBeNull())
    await expect(await canvas.findByText('Email ou mot de passe incorrect')).toBeVisible()
  },
}
