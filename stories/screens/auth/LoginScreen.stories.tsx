import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { LoginScreen } from '@/src/screens/auth/LoginScreen.tsx'
import { authHandlers } from '@/mocks/handlers/auth.ts'
import { signedInUser } from '@/mocks/fixtures/session.ts'
import { apiPaths } from '@/contract/paths.ts'
import { fill } from '@/stories/fill.ts'
import { expectFieldError, watchRequests } from './helpers.ts'

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

/** Formulaire rempli et envoyé : la personne est connectée et arrive sur l’accueil. */
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

/** Mot de passe erroné : l’alerte prévue par la spécification s’affiche au-dessus du formulaire. */
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

/**
 * L’alerte disparaît dès qu’une nouvelle tentative commence, pour ne pas laisser un message périmé à l’écran.
 */
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

/** Rien de saisi : chaque champ dit ce qui manque, le premier reçoit le focus, et rien n’est envoyé. */
export const EmptySubmitted: Story = {
  name: 'Envoi sans rien saisir',
  play: async ({ canvasElement, msw }) => {
    const canvas = within(canvasElement)
    const sent = watchRequests(msw, apiPaths.authenticate())
    await userEvent.click(canvas.getByRole('button', { name: 'Se connecter' }))
    const email = canvas.getByLabelText('Email')
    await expectFieldError(email, 'Ce champ est obligatoire')
    await expectFieldError(canvas.getByLabelText('Mot de passe'), 'Ce champ est obligatoire')
    await waitFor(() => expect(email).toHaveFocus())
    // The server's 'Email ou mot de passe incorrect' is for a refusal: nothing was asked.
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument()
    await expect(sent).toHaveLength(0)
  },
}

/**
 * Une adresse mal écrite est signalée sous le champ avant tout envoi ; le mot de passe saisi est conservé.
 */
export const MalformedEmail: Story = {
  name: 'Adresse e-mail mal formée',
  play: async ({ canvasElement, msw }) => {
    const canvas = within(canvasElement)
    const sent = watchRequests(msw, apiPaths.authenticate())
    await fill(canvas.getByLabelText('Email'), 'camille.martin@exemple')
    await fill(canvas.getByLabelText('Mot de passe'), 'secret-de-camille')
    await userEvent.click(canvas.getByRole('button', { name: 'Se connecter' }))
    await expectFieldError(canvas.getByLabelText('Email'), 'Adresse e-mail invalide')
    await expect(canvas.getByLabelText('Mot de passe')).not.toHaveAttribute('aria-invalid')
    await waitFor(() => expect(canvas.getByLabelText('Email')).toHaveFocus())
    await expect(sent).toHaveLength(0)
  },
}

/**
 * Arrivée sur la connexion depuis une page qui la demandait (par un lien ou un rechargement) : une fois
 * connectée, la personne revient sur cette page.
 */
export const ReturnsToAskedPage: Story = {
  name: 'Retour à la page demandée',
  tags: ['no-visual'],
  parameters: { router: { path: '/login', initialEntries: ['/login?retour=%2Fpartenaire%2F12'] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await fill(canvas.getByLabelText('Email'), signedInUser.email)
    await fill(canvas.getByLabelText('Mot de passe'), 'secret-de-camille')
    await userEvent.click(canvas.getByRole('button', { name: 'Se connecter' }))
    await expect(await canvas.findByTestId('location')).toHaveTextContent(/^Page : \/partenaire\/12$/)
  },
}

/**
 * Le retour après connexion ne mène jamais vers un autre site : une adresse extérieure est ignorée et la
 * personne arrive sur l’accueil.
 */
export const ReturnNeverLeavesTheSite: Story = {
  name: 'Retour vers un autre site ignoré',
  tags: ['no-visual'],
  parameters: { router: { path: '/login', initialEntries: ['/login?retour=%2F%2Fexemple.com%2Fpiege'] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await fill(canvas.getByLabelText('Email'), signedInUser.email)
    await fill(canvas.getByLabelText('Mot de passe'), 'secret-de-camille')
    await userEvent.click(canvas.getByRole('button', { name: 'Se connecter' }))
    await expect(await canvas.findByTestId('location')).toHaveTextContent(/^Page : \/$/)
  },
}

/**
 * Une nouvelle tentative refusée par le formulaire avant l’envoi efface aussi l’alerte du refus précédent.
 */
export const AlertClearsOnRefusedRetry: Story = {
  name: 'Alerte effacée quand le formulaire refuse',
  tags: ['no-visual'],
  parameters: { msw: [authHandlers.authenticateFailure()] },
  play: async (context) => {
    await WrongCredentials.play!(context)
    const canvas = within(context.canvasElement)
    await userEvent.clear(canvas.getByLabelText('Mot de passe'))
    await userEvent.click(canvas.getByRole('button', { name: 'Se connecter' }))
    await expectFieldError(canvas.getByLabelText('Mot de passe'), 'Ce champ est obligatoire')
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument()
  },
}
