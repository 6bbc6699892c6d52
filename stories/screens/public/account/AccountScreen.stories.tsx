import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, spyOn, userEvent, waitFor, within } from 'storybook/test'
import { myAccountWithPendingEmail } from '@/mocks/fixtures/account.ts'
import { signedInUser } from '@/mocks/fixtures/session.ts'
import { accountApi, accountErrors, NEW_ACCESS_TOKEN } from '@/mocks/handlers/account.ts'
import { PASSWORD_ONLY_SPACES_MESSAGE } from '@/contract/accountLimits.ts'
import { AccountScreen } from '@/src/screens/public/account/AccountScreen.tsx'
import { NAME_SAVED_MESSAGE } from '@/src/screens/public/account/NameSection.tsx'
import { PASSWORD_CHANGED_MESSAGE } from '@/src/screens/public/account/PasswordSection.tsx'
import { readStoredUser } from '@/src/session/index.ts'
import { fill } from '@/stories/fill.ts'
import { expectFieldError } from '../../auth/helpers.ts'
import { withToast } from '../../backoffice/decorators.tsx'
import { expectToast } from '../../backoffice/helpers.ts'

const form = (canvasElement: HTMLElement, name: string) =>
  within(within(canvasElement).getByRole('form', { name }))

const loaded = accountApi()

const meta = {
  title: 'Écrans/Public/Mon compte',
  component: AccountScreen,
  decorators: [withToast],
  parameters: {
    layout: 'fullscreen',
    session: { user: signedInUser },
    router: { path: '/compte', initialEntries: ['/menu', '/compte'] },
    msw: loaded.handlers,
  },
  globals: { viewport: { value: 'phone' } },
} satisfies Meta<typeof AccountScreen>

export default meta
type Story = StoryObj<typeof meta>

/** La page « Mon compte » telle qu’on l’ouvre : le nom, le mot de passe, l’adresse e-mail, les données et la suppression. */
export const Loaded: Story = {
  name: 'Chargé',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('heading', { level: 1, name: 'Mon compte' })).toBeVisible()
    for (const section of ['Nom', 'Mot de passe', 'Adresse e-mail', 'Mes données', 'Supprimer mon compte'])
      await expect(canvas.getByRole('region', { name: section })).toBeInTheDocument()
    const name = form(canvasElement, 'Nom')
    await expect(name.getByLabelText('Prénom')).toHaveValue('Camille')
    await expect(name.getByLabelText('Nom')).toHaveValue('Martin')
    await expect(canvas.getByText('camille.martin@exemple.fr')).toBeVisible()
    await expect(canvas.queryByText('Confirmation en attente')).toBeNull()
    await expect(canvas.getByRole('button', { name: 'Télécharger (JSON)' })).toBeEnabled()
    await expect(canvas.getByRole('button', { name: 'Télécharger (CSV)' })).toBeEnabled()
    await expect(canvas.getByRole('button', { name: 'Supprimer mon compte' })).toBeEnabled()
    await waitFor(() => expect(loaded.sent.map((request) => request.call)).toContain('getMyAccount'))
  },
}

const pendingEmail = accountApi({ account: myAccountWithPendingEmail })

/**
 * Un changement d’adresse attend son lien : la section dit à quelle adresse il est parti, jusqu’à quand il vaut, et
 * que rien n’a changé d’ici là.
 */
export const PendingEmail: Story = {
  name: 'Changement d’adresse en attente',
  parameters: { msw: pendingEmail.handlers },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const alert = (await canvas.findByText('Confirmation en attente')).closest('[role="status"]')!
    await expect(alert).toHaveTextContent('camille.nouvelle@exemple.fr')
    await expect(alert).toHaveTextContent('valable jusqu’au 29/11/2026 11:00')
    await expect(alert).toHaveTextContent('Rien ne change tant que vous ne l’avez pas ouvert')
    await expect(alert).toHaveTextContent('vous vous connectez toujours avec camille.martin@exemple.fr')
  },
}

const nameSaved = accountApi()

/** Le nom enregistré, sans les espaces autour ; le Menu affiche aussitôt le nouveau. */
export const NameSaved: Story = {
  name: 'Nom enregistré',
  parameters: { msw: nameSaved.handlers },
  play: async ({ canvasElement }) => {
    const name = form(canvasElement, 'Nom')
    const firstname = name.getByLabelText('Prénom')
    await userEvent.clear(firstname)
    await fill(firstname, '  Camille-Rose ')
    await userEvent.click(name.getByRole('button', { name: 'Enregistrer le nom' }))
    await expect(await name.findByText(NAME_SAVED_MESSAGE)).toBeVisible()
    const put = nameSaved.sent.find((request) => request.call === 'updateMyName')
    await expect(put?.body).toEqual({ firstname: 'Camille-Rose', lastname: 'Martin' })
    await expect(put?.authorization).toBe(`Bearer ${signedInUser.access_token}`)
    await expect(readStoredUser()?.firstname).toBe('Camille-Rose')
  },
}

const nameSaving = accountApi({ updateMyName: 'pending' })

/** Pendant l’enregistrement du nom, son bouton montre qu’il travaille. */
export const NameSaving: Story = {
  name: 'Nom en cours d’enregistrement',
  parameters: { msw: nameSaving.handlers },
  play: async ({ canvasElement }) => {
    const name = form(canvasElement, 'Nom')
    await fill(name.getByLabelText('Nom'), 'ine')
    await userEvent.click(name.getByRole('button', { name: 'Enregistrer le nom' }))
    await waitFor(() =>
      expect(name.getByRole('button', { name: 'Enregistrer le nom' })).toHaveAttribute('aria-busy', 'true'),
    )
  },
}

const nameRefused = accountApi()

/** Un nom vide est signalé sous son champ, qui reçoit le focus ; rien n’est envoyé. */
export const NameValidation: Story = {
  name: 'Nom : champ vide',
  parameters: { msw: nameRefused.handlers },
  play: async ({ canvasElement }) => {
    const name = form(canvasElement, 'Nom')
    const lastname = name.getByLabelText('Nom')
    await userEvent.clear(lastname)
    await userEvent.click(name.getByRole('button', { name: 'Enregistrer le nom' }))
    await expectFieldError(lastname, 'Ce champ est obligatoire')
    await waitFor(() => expect(lastname).toHaveFocus())
    await expect(nameRefused.sent.filter((request) => request.call === 'updateMyName')).toHaveLength(0)
  },
}

const nameFails = accountApi({ updateMyName: { status: 500, body: accountErrors.server } })

/** Le serveur refuse : son message s’affiche, le nom saisi reste, et rien ne dit « enregistré ». */
export const NameServerError: Story = {
  name: 'Nom : erreur du serveur',
  parameters: { msw: nameFails.handlers },
  play: async ({ canvasElement }) => {
    const name = form(canvasElement, 'Nom')
    await fill(name.getByLabelText('Prénom'), 'e')
    await userEvent.click(name.getByRole('button', { name: 'Enregistrer le nom' }))
    await expectToast(accountErrors.server.message)
    await expect(name.getByLabelText('Prénom')).toHaveValue('Camillee')
    await expect(name.queryByText(NAME_SAVED_MESSAGE)).toBeNull()
    await expect(readStoredUser()?.firstname).toBe('Camille')
  },
}

const passwordChanged = accountApi()

/**
 * Mot de passe changé : la page dit que les autres appareils sont déconnectés ; celui-ci reste connecté et les
 * champs se vident.
 */
export const PasswordChanged: Story = {
  name: 'Mot de passe changé',
  parameters: { msw: passwordChanged.handlers },
  play: async ({ canvasElement }) => {
    const password = form(canvasElement, 'Mot de passe')
    await fill(password.getByLabelText('Mot de passe actuel'), 'ancien mot de passe')
    await fill(password.getByLabelText('Nouveau mot de passe'), 'une nouvelle phrase')
    await userEvent.click(password.getByRole('button', { name: 'Changer le mot de passe' }))
    await expect(await password.findByText(PASSWORD_CHANGED_MESSAGE)).toBeVisible()
    await expect(PASSWORD_CHANGED_MESSAGE).toContain('Vos autres appareils ont été déconnectés')
    const put = passwordChanged.sent.find((request) => request.call === 'changeMyPassword')
    await expect(put?.body).toEqual({
      currentPassword: 'ancien mot de passe',
      newPassword: 'une nouvelle phrase',
    })
    await expect(readStoredUser()?.access_token).toBe(NEW_ACCESS_TOKEN)
    // The passwords do not stay in the page.
    await waitFor(() => expect(password.getByLabelText('Mot de passe actuel')).toHaveValue(''))
    await expect(password.getByLabelText('Nouveau mot de passe')).toHaveValue('')
  },
}

const passwordRules = accountApi()

/** Les règles et messages de l’inscription : que des espaces, puis trop court ; rien n’est envoyé. */
export const PasswordValidation: Story = {
  name: 'Mot de passe : règles de l’inscription',
  parameters: { msw: passwordRules.handlers },
  play: async ({ canvasElement }) => {
    const password = form(canvasElement, 'Mot de passe')
    const current = password.getByLabelText('Mot de passe actuel')
    const next = password.getByLabelText('Nouveau mot de passe')
    await expect(next).toHaveAccessibleDescription('8 caractères au moins')
    await fill(current, 'ancien mot de passe')
    await fill(next, '          ')
    await userEvent.click(password.getByRole('button', { name: 'Changer le mot de passe' }))
    await expectFieldError(next, PASSWORD_ONLY_SPACES_MESSAGE)
    await userEvent.clear(next)
    await fill(next, 'court')
    await userEvent.click(password.getByRole('button', { name: 'Changer le mot de passe' }))
    await expectFieldError(next, 'Le mot de passe doit contenir au moins 8 caractères.')
    await userEvent.clear(current)
    await userEvent.click(password.getByRole('button', { name: 'Changer le mot de passe' }))
    await expectFieldError(current, 'Ce champ est obligatoire')
    await expect(passwordRules.sent.filter((request) => request.call === 'changeMyPassword')).toHaveLength(0)
  },
}

const wrongCurrent = accountApi({
  changeMyPassword: { status: 400, body: accountErrors.wrongCurrentPassword },
})

/** Mot de passe actuel erroné : le message du serveur sous ce champ, une seule fois, sans message en bas d’écran. */
export const PasswordWrongCurrent: Story = {
  name: 'Mot de passe actuel incorrect',
  parameters: { msw: wrongCurrent.handlers },
  play: async ({ canvasElement }) => {
    const password = form(canvasElement, 'Mot de passe')
    const current = password.getByLabelText('Mot de passe actuel')
    await fill(current, 'pas le bon')
    await fill(password.getByLabelText('Nouveau mot de passe'), 'une nouvelle phrase')
    await userEvent.click(password.getByRole('button', { name: 'Changer le mot de passe' }))
    await waitFor(() => expect(current).toHaveAttribute('aria-invalid', 'true'))
    await expectFieldError(current, accountErrors.wrongCurrentPassword.message)
    // Said once, under the field: no toast repeating it.
    await expect(within(document.body).getAllByText(accountErrors.wrongCurrentPassword.message)).toHaveLength(
      1,
    )
    await waitFor(() => expect(current).toHaveFocus())
    await expect(password.queryByText(PASSWORD_CHANGED_MESSAGE)).toBeNull()
    await expect(readStoredUser()?.access_token).toBe(signedInUser.access_token)
  },
}

const passwordSaving = accountApi({ changeMyPassword: 'pending' })

/** Pendant le changement du mot de passe, son bouton montre qu’il travaille. */
export const PasswordSaving: Story = {
  name: 'Mot de passe en cours de changement',
  parameters: { msw: passwordSaving.handlers },
  play: async ({ canvasElement }) => {
    const password = form(canvasElement, 'Mot de passe')
    await fill(password.getByLabelText('Mot de passe actuel'), 'ancien mot de passe')
    await fill(password.getByLabelText('Nouveau mot de passe'), 'une nouvelle phrase')
    await userEvent.click(password.getByRole('button', { name: 'Changer le mot de passe' }))
    await waitFor(() =>
      expect(password.getByRole('button', { name: 'Changer le mot de passe' })).toHaveAttribute(
        'aria-busy',
        'true',
      ),
    )
  },
}

const emailSent = accountApi()

/** Le lien part vers la nouvelle adresse : la section le dit, et que rien ne change tant qu’il n’est pas ouvert. */
export const EmailLinkSent: Story = {
  name: 'Lien de confirmation envoyé',
  parameters: { msw: emailSent.handlers },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const email = form(canvasElement, 'Adresse e-mail')
    await fill(email.getByLabelText('Nouvelle adresse e-mail'), ' camille.nouvelle@exemple.fr ')
    await fill(email.getByLabelText('Mot de passe actuel'), 'mon mot de passe')
    await userEvent.click(email.getByRole('button', { name: 'Envoyer le lien de confirmation' }))
    const notice = (await canvas.findByText('Confirmation en attente')).closest('[role="status"]')!
    await expect(notice).toHaveTextContent(
      'Un lien de confirmation a été envoyé à camille.nouvelle@exemple.fr',
    )
    await expect(notice).toHaveTextContent('Rien ne change tant que vous ne l’avez pas ouvert')
    const post = emailSent.sent.find((request) => request.call === 'startEmailChange')
    await expect(post?.body).toEqual({
      newEmail: 'camille.nouvelle@exemple.fr',
      password: 'mon mot de passe',
    })
    // The session keeps the current address: it changes only once the link is opened.
    await expect(readStoredUser()?.email).toBe('camille.martin@exemple.fr')
    await waitFor(() => expect(email.getByLabelText('Mot de passe actuel')).toHaveValue(''))
  },
}

const emailRules = accountApi()

/**
 * Adresse mal écrite, adresse déjà celle du compte, mot de passe manquant : chaque erreur sous son champ, rien
 * n’est envoyé.
 */
export const EmailValidation: Story = {
  name: 'Adresse e-mail : vérifications',
  parameters: { msw: emailRules.handlers },
  play: async ({ canvasElement }) => {
    const email = form(canvasElement, 'Adresse e-mail')
    const address = email.getByLabelText('Nouvelle adresse e-mail')
    await fill(address, 'camille@')
    await userEvent.click(email.getByRole('button', { name: 'Envoyer le lien de confirmation' }))
    await expectFieldError(address, 'Adresse e-mail invalide')
    await expectFieldError(email.getByLabelText('Mot de passe actuel'), 'Ce champ est obligatoire')
    await userEvent.clear(address)
    await fill(address, 'Camille.Martin@exemple.fr')
    await userEvent.click(email.getByRole('button', { name: 'Envoyer le lien de confirmation' }))
    await expectFieldError(address, 'C’est déjà l’adresse e-mail de votre compte.')
    await expect(emailRules.sent.filter((request) => request.call === 'startEmailChange')).toHaveLength(0)
  },
}

const emailTaken = accountApi({ startEmailChange: { status: 409, body: accountErrors.emailTaken } })

/** Une adresse que le compte ne peut pas prendre : le message du serveur sous le champ, une seule fois. */
export const EmailTaken: Story = {
  name: 'Adresse déjà utilisée',
  parameters: { msw: emailTaken.handlers },
  play: async ({ canvasElement }) => {
    const email = form(canvasElement, 'Adresse e-mail')
    const address = email.getByLabelText('Nouvelle adresse e-mail')
    await fill(address, 'deja.pris@exemple.fr')
    await fill(email.getByLabelText('Mot de passe actuel'), 'mon mot de passe')
    await userEvent.click(email.getByRole('button', { name: 'Envoyer le lien de confirmation' }))
    await waitFor(() => expect(address).toHaveAttribute('aria-invalid', 'true'))
    await expectFieldError(address, accountErrors.emailTaken.message)
    await expect(within(document.body).getAllByText(accountErrors.emailTaken.message)).toHaveLength(1)
    await expect(within(canvasElement).queryByText('Confirmation en attente')).toBeNull()
  },
}

/** Clicks a download button and returns the saved file: its name and its content. */
async function downloaded(button: HTMLElement) {
  const created = spyOn(URL, 'createObjectURL')
  // The saved file is what the link hands over; the browser's own download is not needed here.
  const clicked = spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {})
  try {
    await userEvent.click(button)
    await waitFor(() => expect(clicked).toHaveBeenCalledOnce())
    const link = clicked.mock.contexts[0] as HTMLAnchorElement
    const blob = created.mock.calls[0]![0] as Blob
    return {
      name: link.download,
      text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(await blob.arrayBuffer()),
    }
  } finally {
    clicked.mockRestore()
    created.mockRestore()
  }
}

const data = accountApi()

/** « Mes données » : le fichier JSON puis le CSV, téléchargés pour la personne connectée, avec la date dans leur nom. */
export const DataDownload: Story = {
  name: 'Téléchargement des données',
  parameters: { msw: data.handlers },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const json = await downloaded(canvas.getByRole('button', { name: 'Télécharger (JSON)' }))
    await expect(json.name).toMatch(/^mes-donnees-partenaires-\d{4}-\d{2}-\d{2}\.json$/)
    const file = JSON.parse(json.text) as { profile: { email: string }; couponUses: unknown[] }
    await expect(file.profile.email).toBe('camille.martin@exemple.fr')
    await expect(file.couponUses).toHaveLength(1)
    const csv = await downloaded(canvas.getByRole('button', { name: 'Télécharger (CSV)' }))
    await expect(csv.name).toMatch(/^mes-donnees-partenaires-\d{4}-\d{2}-\d{2}\.csv$/)
    await expect(csv.text.startsWith('\uFEFFSection;Champ;Valeur\r\n')).toBe(true)
    const asked = data.sent.filter((request) => request.call === 'exportMyData')
    await expect(asked.map((request) => request.query)).toEqual(['?format=json', '?format=csv'])
    for (const request of asked)
      await expect(request.authorization).toBe(`Bearer ${signedInUser.access_token}`)
  },
}

const dataFails = accountApi({ exportMyData: { status: 500, body: accountErrors.server } })

/** Le téléchargement échoue : le message du serveur s’affiche, aucun fichier n’est enregistré. */
export const DataDownloadFails: Story = {
  name: 'Échec du téléchargement',
  parameters: { msw: dataFails.handlers },
  play: async ({ canvasElement }) => {
    const clicked = spyOn(HTMLAnchorElement.prototype, 'click')
    try {
      await userEvent.click(within(canvasElement).getByRole('button', { name: 'Télécharger (CSV)' }))
      await expectToast(accountErrors.server.message)
      await expect(clicked).not.toHaveBeenCalled()
      await expect(within(canvasElement).getByRole('button', { name: 'Télécharger (CSV)' })).toBeEnabled()
    } finally {
      clicked.mockRestore()
    }
  },
}

/** Depuis « Télécharger mes données » du Menu : la page s’ouvre sur cette section, son titre reçoit le focus. */
export const OpenedOnData: Story = {
  name: 'Ouvert sur « Mes données »',
  parameters: { router: { path: '/compte', initialEntries: ['/menu', '/compte#mes-donnees'] } },
  play: async ({ canvasElement }) => {
    await waitFor(() =>
      expect(within(canvasElement).getByRole('heading', { name: 'Mes données' })).toHaveFocus(),
    )
  },
}

const loadFails = accountApi({ account: 'error' })

/** Le compte ne se lit pas : c’est dit en haut avec « Réessayer » ; le reste de la page reste utilisable. */
export const LoadFailure: Story = {
  name: 'Compte illisible',
  parameters: { msw: loadFails.handlers },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const alert = await canvas.findByRole('alert')
    await expect(alert).toHaveTextContent(accountErrors.server.message)
    await expect(within(alert).getByRole('button', { name: 'Réessayer' })).toBeVisible()
    await expect(form(canvasElement, 'Nom').getByLabelText('Prénom')).toHaveValue('Camille')
  },
}

const tabbedThrough = accountApi()

/**
 * Traverser la page à la touche Tab ne fait apparaître aucune erreur : un formulaire qu’on ne remplit pas reste
 * silencieux ; ses champs ne parlent qu’une fois envoyé.
 */
export const TabbedThrough: Story = {
  name: 'Traversée au clavier sans erreur',
  parameters: { msw: tabbedThrough.handlers },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const last = canvas.getByRole('button', { name: 'Supprimer mon compte' })
    for (let press = 0; press < 40 && document.activeElement !== last; press++) await userEvent.tab()
    await expect(last).toHaveFocus()
    await expect(canvas.queryAllByText('Ce champ est obligatoire')).toHaveLength(0)
    for (const field of canvas.getAllByLabelText(/Mot de passe actuel|Nouveau mot de passe|Nouvelle adresse/))
      await expect(field).not.toHaveAttribute('aria-invalid', 'true')
  },
}
