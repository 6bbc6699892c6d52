import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { signedInUser } from '@/mocks/fixtures/session.ts'
import { accountApi, accountErrors } from '@/mocks/handlers/account.ts'
import { DeleteAccountSection } from '@/src/screens/public/account/DeleteAccountSection.tsx'
import { readStoredUser } from '@/src/session/index.ts'
import { accountWasDeleted, forgetAccountDeleted } from '@/src/screens/auth/accountDeleted.ts'
import { fill } from '@/stories/fill.ts'
import { expectFieldError } from '../../auth/helpers.ts'
import { withToast } from '../../backoffice/decorators.tsx'
import { expectToast, findDialog } from '../../backoffice/helpers.ts'

const TITLE = 'Supprimer mon compte'

/** Opens the dialog from its section's button. */
async function openDialog(canvasElement: HTMLElement) {
  await userEvent.click(within(canvasElement).getByRole('button', { name: TITLE }))
  return within(await findDialog(TITLE))
}

const deletion = accountApi()

const meta = {
  title: 'Écrans/Public/Mon compte/Suppression du compte',
  component: DeleteAccountSection,
  decorators: [withToast],
  parameters: {
    layout: 'fullscreen',
    session: { user: signedInUser },
    router: { path: '/compte', initialEntries: ['/menu', '/compte'] },
    msw: deletion.handlers,
  },
  globals: { viewport: { value: 'phone' } },
} satisfies Meta<typeof DeleteAccountSection>

export default meta
type Story = StoryObj<typeof meta>

/**
 * Le dialogue dit ce qui est effacé (nom, adresse, mot de passe, favoris, sessions) et ce qui est gardé, sans
 * rien qui désigne la personne.
 */
export const Opened: Story = {
  name: 'Dialogue ouvert',
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement)
    await expect(dialog.getByText('La suppression est immédiate et définitive.')).toBeVisible()
    for (const erased of [
      'votre prénom, votre nom et votre adresse e-mail ;',
      'votre mot de passe ;',
      'vos favoris ;',
      'vos sessions : tous vos appareils sont déconnectés.',
    ])
      await expect(dialog.getByText(erased)).toBeVisible()
    await expect(
      dialog.getByText(/les utilisations de vos coupons, sans rien qui vous désigne/),
    ).toBeVisible()
    await expect(dialog.getByText(/pour les chiffres des partenaires/)).toBeVisible()
    await expect(dialog.getByLabelText('Mot de passe')).toHaveAttribute('type', 'password')
    await expect(dialog.getByRole('button', { name: TITLE })).toBeEnabled()
    await expect(dialog.getByRole('button', { name: 'Annuler' })).toBeEnabled()
  },
}

const cancelled = accountApi()

/** « Annuler » ferme le dialogue : rien n’est envoyé, la session reste, le focus revient sur le bouton. */
export const Cancelled: Story = {
  name: 'Annulée',
  parameters: { msw: cancelled.handlers },
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement)
    await fill(dialog.getByLabelText('Mot de passe'), 'mon mot de passe')
    await userEvent.click(dialog.getByRole('button', { name: 'Annuler' }))
    const opener = within(canvasElement).getByRole('button', { name: TITLE })
    await waitFor(() => expect(opener).toHaveFocus())
    await expect(cancelled.sent).toHaveLength(0)
    await expect(readStoredUser()?.email).toBe(signedInUser.email)
  },
}

const missing = accountApi()

/** Sans mot de passe : c’est dit sous le champ, rien n’est envoyé. */
export const PasswordMissing: Story = {
  name: 'Mot de passe manquant',
  parameters: { msw: missing.handlers },
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement)
    await userEvent.click(dialog.getByRole('button', { name: TITLE }))
    const password = dialog.getByLabelText('Mot de passe')
    await expectFieldError(password, 'Ce champ est obligatoire')
    await waitFor(() => expect(password).toHaveFocus())
    await expect(missing.sent).toHaveLength(0)
  },
}

const wrongPassword = accountApi({ deleteMyAccount: { status: 400, body: accountErrors.wrongPassword } })

/** Mot de passe erroné : le message du serveur sous le champ, une seule fois ; le dialogue et la session restent. */
export const WrongPassword: Story = {
  name: 'Mot de passe incorrect',
  parameters: { msw: wrongPassword.handlers },
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement)
    const password = dialog.getByLabelText('Mot de passe')
    await fill(password, 'pas le bon')
    await userEvent.click(dialog.getByRole('button', { name: TITLE }))
    await waitFor(() => expect(password).toHaveAttribute('aria-invalid', 'true'))
    await expectFieldError(password, accountErrors.wrongPassword.message)
    await expect(within(document.body).getAllByText(accountErrors.wrongPassword.message)).toHaveLength(1)
    await expect(readStoredUser()?.email).toBe(signedInUser.email)
    await expect(within(canvasElement).queryByTestId('location')).toBeNull()
  },
}

const failing = accountApi({ deleteMyAccount: { status: 500, body: accountErrors.server } })

/** Erreur du serveur : son message s’affiche, le dialogue reste ouvert pour réessayer. */
export const ServerError: Story = {
  name: 'Erreur du serveur',
  parameters: { msw: failing.handlers },
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement)
    await fill(dialog.getByLabelText('Mot de passe'), 'mon mot de passe')
    await userEvent.click(dialog.getByRole('button', { name: TITLE }))
    await expectToast(accountErrors.server.message)
    await expect(dialog.getByRole('button', { name: TITLE })).toBeEnabled()
    await expect(readStoredUser()?.email).toBe(signedInUser.email)
  },
}

const deleting = accountApi({ deleteMyAccount: 'pending' })

/** Pendant la suppression, le bouton montre qu’il travaille et le dialogue ne peut pas être fermé. */
export const Deleting: Story = {
  name: 'Suppression en cours',
  parameters: { msw: deleting.handlers },
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement)
    await fill(dialog.getByLabelText('Mot de passe'), 'mon mot de passe')
    await userEvent.click(dialog.getByRole('button', { name: TITLE }))
    await waitFor(() =>
      expect(dialog.getByRole('button', { name: TITLE })).toHaveAttribute('aria-busy', 'true'),
    )
    await expect(dialog.getByRole('button', { name: 'Annuler' })).toBeDisabled()
  },
}

/** Compte supprimé : la session est oubliée sur cet appareil et la personne arrive sur la page de connexion. */
export const Deleted: Story = {
  name: 'Compte supprimé',
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement)
    await fill(dialog.getByLabelText('Mot de passe'), 'mon mot de passe')
    await userEvent.click(dialog.getByRole('button', { name: TITLE }))
    await expect(await within(canvasElement).findByTestId('location')).toHaveTextContent('Page : /login')
    const sent = deletion.sent.find((request) => request.call === 'deleteMyAccount')
    await expect(sent?.body).toEqual({ password: 'mon mot de passe' })
    await expect(sent?.authorization).toBe(`Bearer ${signedInUser.access_token}`)
    await expect(localStorage.getItem('user')).toBeNull()
    // What the sign-in page will say (LoginAfterAccountDeletion.stories.tsx).
    await expect(accountWasDeleted()).toBe(true)
    forgetAccountDeleted()
  },
}
