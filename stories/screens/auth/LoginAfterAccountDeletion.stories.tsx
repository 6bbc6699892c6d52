import type { Meta, StoryObj } from '@storybook/react-vite'
import { useEffect } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { authHandlers } from '@/mocks/handlers/auth.ts'
import {
  ACCOUNT_DELETED_MESSAGE,
  ACCOUNT_DELETED_STATE,
  isAccountDeletedState,
} from '@/src/screens/auth/accountDeleted.ts'
import { LoginScreen } from '@/src/screens/auth/LoginScreen.tsx'
import { fill } from '@/stories/fill.ts'

/** The sign-in page as the account's deletion leaves it: its history entry carries the deletion's state. */
function LoginAfterDeletion() {
  const navigate = useNavigate()
  const location = useLocation()
  const arrived = isAccountDeletedState(location)
  useEffect(() => {
    if (!arrived) navigate('/login', { replace: true, state: ACCOUNT_DELETED_STATE })
  }, [arrived, navigate])
  return arrived ? <LoginScreen /> : null
}

const meta = {
  title: 'Écrans/Authentification/Connexion après suppression du compte',
  component: LoginScreen,
  render: () => <LoginAfterDeletion />,
  parameters: {
    layout: 'fullscreen',
    router: { path: '/login', initialEntries: ['/login'] },
    msw: [authHandlers.authenticateFailure()],
  },
  globals: { viewport: { value: 'phone' } },
} satisfies Meta<typeof LoginScreen>

export default meta
type Story = StoryObj<typeof meta>

/** The deletion is said on the sign-in page; a new attempt clears it. The legal pages are linked under the card. */
export const AccountDeleted: Story = {
  name: 'Compte supprimé',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByText(ACCOUNT_DELETED_MESSAGE)).toBeVisible()
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
