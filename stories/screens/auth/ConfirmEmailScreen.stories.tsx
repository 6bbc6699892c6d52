import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'
import { myAccountWithPendingEmail } from '@/mocks/fixtures/account.ts'
import { signedInUser } from '@/mocks/fixtures/session.ts'
import { accountApi, accountErrors } from '@/mocks/handlers/account.ts'
import { ConfirmEmailScreen, MISSING_TOKEN_MESSAGE } from '@/src/screens/auth/ConfirmEmailScreen.tsx'
import { readStoredUser } from '@/src/session/index.ts'

const LINK = '/confirmer-email?token=jeton-du-lien'

const visitor = accountApi({ account: myAccountWithPendingEmail })

const meta = {
  title: 'Écrans/Authentification/Confirmation de l’adresse e-mail',
  component: ConfirmEmailScreen,
  parameters: {
    layout: 'fullscreen',
    router: { path: '/confirmer-email', initialEntries: [LINK] },
    msw: visitor.handlers,
  },
  globals: { viewport: { value: 'phone' } },
} satisfies Meta<typeof ConfirmEmailScreen>

export default meta
type Story = StoryObj<typeof meta>

/** Le lien ouvert sur un appareil sans session : l’adresse est confirmée, la page le dit et propose de se connecter. */
export const Confirmed: Story = {
  name: 'Adresse confirmée',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Confirmation de l’adresse e-mail' }),
    ).toBeVisible()
    const done = (await canvas.findByText('Adresse e-mail confirmée')).closest('[role="status"]')!
    await expect(done).toHaveTextContent(
      'Votre adresse e-mail est maintenant camille.nouvelle@exemple.fr : utilisez-la pour vous connecter.',
    )
    await expect(canvas.getByRole('link', { name: 'Se connecter' })).toHaveAttribute('href', '/login')
    const sent = visitor.sent.filter((request) => request.call === 'confirmEmailChange')
    await expect(sent).toHaveLength(1)
    await expect(sent[0]!.body).toEqual({ token: 'jeton-du-lien' })
    await expect(sent[0]!.authorization).toBeNull()
  },
}

const signedIn = accountApi({ account: myAccountWithPendingEmail })

/** Le lien ouvert là où le compte est connecté : la session prend la nouvelle adresse, le Menu l’affiche. */
export const ConfirmedSignedIn: Story = {
  name: 'Adresse confirmée, session ouverte',
  parameters: { session: { user: signedInUser }, msw: signedIn.handlers },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByText('Adresse e-mail confirmée')).toBeVisible()
    await waitFor(() => expect(readStoredUser()?.email).toBe('camille.nouvelle@exemple.fr'))
    await expect(readStoredUser()?.access_token).toBe(signedInUser.access_token)
    await expect(canvas.getByRole('link', { name: 'Aller à Mon compte' })).toHaveAttribute('href', '/compte')
  },
}

const confirming = accountApi({ confirmEmailChange: 'pending' })

/** Le temps de la confirmation, la page dit ce qu’elle fait. */
export const Confirming: Story = {
  name: 'Confirmation en cours',
  parameters: { msw: confirming.handlers },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('status')).toHaveTextContent('Confirmation de votre nouvelle adresse…')
  },
}

const expired = accountApi({ confirmEmailChange: { status: 400, body: accountErrors.linkExpired } })

/** Un lien déjà utilisé ou expiré : le message du serveur dans la page ; rien n’a changé. */
export const Expired: Story = {
  name: 'Lien expiré',
  parameters: { msw: expired.handlers },
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert')
    await expect(alert).toHaveTextContent('Adresse non confirmée')
    await expect(alert).toHaveTextContent(accountErrors.linkExpired.message)
  },
}

const incomplete = accountApi()

/** Un lien tronqué (sans jeton) : c’est dit tout de suite, rien n’est envoyé. */
export const MissingToken: Story = {
  name: 'Lien incomplet',
  parameters: {
    router: { path: '/confirmer-email', initialEntries: ['/confirmer-email'] },
    msw: incomplete.handlers,
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(MISSING_TOKEN_MESSAGE)
    await expect(incomplete.sent).toHaveLength(0)
  },
}
