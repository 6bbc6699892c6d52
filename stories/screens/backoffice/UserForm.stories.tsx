import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { routePatterns } from '@/contract/paths.ts'
import { apiPaths } from '@/contract/paths.ts'
import { signedInAdmin } from '@/mocks/fixtures/session.ts'
import { createBackofficeApi, failing, pending } from '@/mocks/handlers/backoffice.ts'
import { UserFormScreen } from '@/src/screens/backoffice/users/UserFormScreen.tsx'
import { withToast } from './decorators.tsx'
import { chooseOption, expectToast, findDialog, portals } from './helpers.ts'
import { fill } from '@/stories/fill.ts'

const api = createBackofficeApi()

const meta = {
  title: 'Écrans/Back-office/Utilisateur (formulaire)',
  component: UserFormScreen,
  decorators: [withToast],
  beforeEach: () => api.reset(),
  parameters: {
    layout: 'fullscreen',
    session: { user: signedInAdmin },
    router: {
      path: '/bo/utilisateurs/nouveau',
      initialEntries: ['/bo/utilisateurs', '/bo/utilisateurs/nouveau'],
      data: true,
    },
    msw: api.handlers,
  },
  globals: { viewport: { value: 'desktop' } },
} satisfies Meta<typeof UserFormScreen>

export default meta
type Story = StoryObj<typeof meta>

const editRouter = {
  path: '/bo/utilisateurs/edit/:id',
  initialEntries: ['/bo/utilisateurs/3', '/bo/utilisateurs/edit/3'],
}

async function fillNewUser(canvasElement: HTMLElement) {
  const canvas = within(canvasElement)
  await fill(canvas.getByLabelText('Prénom'), 'Margaux')
  await fill(canvas.getByLabelText('Nom'), 'Fontaine')
  await fill(canvas.getByLabelText('Email'), 'margaux.fontaine@exemple.fr')
  await chooseOption(await canvas.findByLabelText('Statut'), 'Prospect')
}

export const Create: Story = {
  name: 'Création',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('heading', { level: 1, name: 'Nouvel Utilisateur' })).toBeVisible()
    await fillNewUser(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Valider' }))
    // Create success replaces the form with the new user's consult page.
    await expect(await canvas.findByTestId('location')).toHaveTextContent('Page : /bo/utilisateurs/5')
    await expectToast("L'utilisateur a été créé.")
    await expect(api.lastBody('POST', apiPaths.users())).toEqual({
      firstname: 'Margaux',
      lastname: 'Fontaine',
      email: 'margaux.fontaine@exemple.fr',
      status: 'PROSPECT',
    })
  },
}

export const ValidationErrors: Story = {
  name: 'Erreurs de saisie',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Valider' }))
    await expect(await canvas.findAllByText('Ce champ est obligatoire')).toHaveLength(4)
    await fill(canvas.getByLabelText('Email'), 'pas-une-adresse')
    await expect(await canvas.findByText('Adresse e-mail invalide')).toBeVisible()
    await expect(canvas.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true')
    await expect(api.requests).toHaveLength(0)
  },
}

export const Submitting: Story = {
  name: 'Envoi en cours',
  parameters: { msw: [pending('post', apiPaths.users()), ...api.handlers] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await fillNewUser(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Valider' }))
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: 'Valider' })).toHaveAttribute('aria-busy', 'true'),
    )
    await expect(canvas.getByRole('button', { name: 'Annuler' })).toBeDisabled()
  },
}

export const ServerError: Story = {
  name: 'Erreur du serveur',
  parameters: { msw: [failing('post', apiPaths.users()), ...api.handlers] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await fillNewUser(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Valider' }))
    await expectToast('Une erreur interne est survenue.')
    // The loading ends, the form stays with the typed values.
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: 'Valider' })).not.toHaveAttribute('aria-busy'),
    )
    await expect(canvas.getByLabelText('Prénom')).toHaveValue('Margaux')
    await expect(canvas.queryByTestId('location')).toBeNull()
  },
}

export const EmailAlreadyUsed: Story = {
  name: 'E-mail déjà utilisé',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await fill(canvas.getByLabelText('Prénom'), 'Lucas')
    await fill(canvas.getByLabelText('Nom'), 'Bernard')
    await fill(canvas.getByLabelText('Email'), 'lucas.bernard@exemple.fr')
    await chooseOption(await canvas.findByLabelText('Statut'), 'Actif')
    await userEvent.click(canvas.getByRole('button', { name: 'Valider' }))
    // The server names the field in cause: its message shows under it, and the focus goes there.
    await expect(
      await canvas.findByText('Un compte existe déjà avec cette adresse e-mail.', { selector: 'p' }),
    ).toBeVisible()
    await waitFor(() => expect(canvas.getByLabelText('Email')).toHaveFocus())
  },
}

export const Cancel: Story = {
  name: 'Annuler',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Annuler' }))
    await expect(await canvas.findByTestId('location')).toHaveTextContent('Page : /bo/utilisateurs')
  },
}

/**
 * Les champs obligatoires portent un « * » (expliqué au-dessus du formulaire) et sont annoncés comme
 * obligatoires ; un envoi refusé place le focus sur la première erreur.
 */
export const FocusFirstError: Story = {
  name: 'Focus sur le premier champ en erreur',
  tags: ['no-visual'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('champ obligatoire')).toBeVisible()
    for (const label of ['Prénom', 'Nom', 'Email'])
      await expect(canvas.getByLabelText(label)).toHaveAttribute('aria-required', 'true')
    await expect(canvas.getByLabelText('Statut')).toHaveAttribute('aria-required', 'true')
    await fill(canvas.getByLabelText('Prénom'), 'Margaux')
    await userEvent.click(canvas.getByRole('button', { name: 'Valider' }))
    await waitFor(() => expect(canvas.getByLabelText('Nom')).toHaveFocus())
  },
}

/** « Annuler » sur un formulaire modifié demande confirmation : on peut continuer la saisie, puis quitter. */
export const UnsavedChanges: Story = {
  name: 'Abandonner les modifications',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await fill(canvas.getByLabelText('Prénom'), 'Margaux')
    await userEvent.click(canvas.getByRole('button', { name: 'Annuler' }))
    const prompt = within(await findDialog('Abandonner les modifications ?'))
    await userEvent.click(prompt.getByRole('button', { name: 'Continuer la saisie' }))
    await waitFor(() => expect(portals().queryByRole('dialog')).toBeNull())
    await expect(canvas.getByLabelText('Prénom')).toHaveValue('Margaux')
    await expect(canvas.queryByTestId('location')).toBeNull()
    await userEvent.click(canvas.getByRole('button', { name: 'Annuler' }))
    await userEvent.click(
      within(await findDialog('Abandonner les modifications ?')).getByRole('button', { name: 'Abandonner' }),
    )
    await expect(await canvas.findByTestId('location')).toHaveTextContent(/^Page : \/bo\/utilisateurs$/)
  },
}

/**
 * Ouvert depuis un lien (sans page de l’application avant) : « Annuler » mène à la liste des utilisateurs,
 * sans sortir de l’application.
 */
export const CancelWithoutHistory: Story = {
  name: 'Annuler, ouverte depuis un lien',
  tags: ['no-visual'],
  parameters: { router: { path: '/bo/utilisateurs/edit/:id', initialEntries: ['/bo/utilisateurs/edit/3'] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(await canvas.findByRole('button', { name: 'Annuler' }))
    await expect(await canvas.findByTestId('location')).toHaveTextContent(/^Page : \/bo\/utilisateurs$/)
  },
}

export const EditLoading: Story = {
  name: 'Modification : chargement',
  parameters: { router: editRouter, msw: [pending('get', routePatterns.user), ...api.handlers] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('heading', { level: 1, name: 'Edition' })).toBeVisible()
    await expect(canvas.getByRole('status', { name: "Chargement de l'utilisateur" })).toBeVisible()
  },
}

export const Edit: Story = {
  name: 'Modification',
  parameters: { router: editRouter },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByLabelText('Prénom')).toHaveValue('Lucas')
    await waitFor(() => expect(canvas.getByLabelText('Statut')).toHaveTextContent('Prospect'))
    await userEvent.clear(canvas.getByLabelText('Nom'))
    await fill(canvas.getByLabelText('Nom'), 'Bernard-Petit')
    await chooseOption(canvas.getByLabelText('Statut'), 'Actif')
    await userEvent.click(canvas.getByRole('button', { name: 'Valider' }))
    // Edit success goes back one step.
    await expect(await canvas.findByTestId('location')).toHaveTextContent('Page : /bo/utilisateurs/3')
    await expectToast("L'utilisateur a été modifié.")
    await expect(api.lastBody('PUT', apiPaths.user(3))).toEqual({
      firstname: 'Lucas',
      lastname: 'Bernard-Petit',
      email: 'lucas.bernard@exemple.fr',
      status: 'ACTIF',
      roles: ['ROLE_USER'],
      userId: { id: 3 },
    })
  },
}

/**
 * Choisir « Administrateur » dans « Rôles » donne les droits d’administration en plus de ceux d’utilisateur,
 * que tout compte garde.
 */
export const EditMakeAdministrator: Story = {
  name: 'Modification : passer administrateur',
  // It ends on the next screen's placeholder, which the Edit story's capture already shows.
  tags: ['no-visual'],
  parameters: { router: editRouter },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const roles = await canvas.findByLabelText('Rôles')
    await waitFor(() => expect(roles).toHaveTextContent('Utilisateur'))
    await expect(
      canvas.getByText('Administrateur : accès au back-office, en plus de l’application.'),
    ).toBeVisible()
    await chooseOption(roles, 'Administrateur')
    await userEvent.click(canvas.getByRole('button', { name: 'Valider' }))
    await expectToast("L'utilisateur a été modifié.")
    await expect(api.lastBody('PUT', apiPaths.user(3))).toMatchObject({
      roles: ['ROLE_USER', 'ROLE_ADMIN'],
      userId: { id: 3 },
    })
  },
}

/**
 * Le compte de l’administrateur connecté : il ne peut pas se retirer son propre rôle, et le champ explique
 * pourquoi.
 */
export const EditMyself: Story = {
  name: 'Modification de son propre compte',
  parameters: {
    router: {
      path: '/bo/utilisateurs/edit/:id',
      initialEntries: ['/bo/utilisateurs/1', '/bo/utilisateurs/edit/1'],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const roles = await canvas.findByLabelText('Rôles')
    await waitFor(() => expect(roles).toHaveTextContent('Administrateur'))
    await expect(roles).toBeDisabled()
    await expect(roles).toHaveAccessibleDescription(
      'Vous ne pouvez pas retirer vos propres droits d’administrateur.',
    )
  },
}

/**
 * Ouvert depuis un lien (sans page de l’application avant) : après l’enregistrement, la personne arrive sur
 * la liste des utilisateurs.
 */
export const EditSavedWithoutHistory: Story = {
  name: 'Modification enregistrée, ouverte depuis un lien',
  tags: ['no-visual'],
  parameters: { router: { path: '/bo/utilisateurs/edit/:id', initialEntries: ['/bo/utilisateurs/edit/3'] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByLabelText('Prénom')).toHaveValue('Lucas')
    await fill(canvas.getByLabelText('Nom'), '-Petit')
    await userEvent.click(canvas.getByRole('button', { name: 'Valider' }))
    await expect(await canvas.findByTestId('location')).toHaveTextContent(/^Page : \/bo\/utilisateurs$/)
    await expectToast("L'utilisateur a été modifié.")
  },
}

export const EditLoadFailure: Story = {
  name: 'Modification : erreur de chargement',
  parameters: {
    router: editRouter,
    msw: [
      failing('get', routePatterns.user, { status: 404, message: 'Utilisateur introuvable.' }),
      ...api.handlers,
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByTestId('location')).toHaveTextContent('Page : /bo/utilisateurs/3')
    await expectToast('Utilisateur introuvable.')
  },
}
