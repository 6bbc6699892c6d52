import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { RegisterScreen } from '@/src/screens/auth/RegisterScreen.tsx'
import { authHandlers } from '@/mocks/handlers/auth.ts'
import { demoClientConfig } from '@/mocks/handlers/config.ts'
import { apiPaths } from '@/contract/paths.ts'
import { fill } from '@/stories/fill.ts'
import { expectFieldError, watchRequests } from './helpers.ts'

const meta = {
  title: 'Écrans/Authentification/Inscription',
  component: RegisterScreen,
  parameters: {
    layout: 'fullscreen',
    router: { path: '/inscription', initialEntries: ['/inscription'] },
    msw: [authHandlers.registerSuccess()],
  },
  globals: { viewport: { value: 'phone' } },
} satisfies Meta<typeof RegisterScreen>

export default meta
type Story = StoryObj<typeof meta>

export const Empty: Story = {
  name: 'Formulaire vide',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('heading', { name: 'Inscription' })).toBeVisible()
    for (const label of ['Prénom', 'Nom', 'Email']) await expect(canvas.getByLabelText(label)).toBeVisible()
    await expect(canvas.getByLabelText('Mot de passe')).toHaveAttribute('type', 'password')
    // The password's rule is said before anything is wrong.
    await expect(canvas.getByLabelText('Mot de passe')).toHaveAccessibleDescription('8 caractères au moins')
    // Disabled until both boxes are ticked.
    await expect(canvas.getByRole('button', { name: "S'inscrire" })).toBeDisabled()
    await expect(
      canvas.getByRole('link', { name: 'Vous avez déjà un compte? Se connecter' }),
    ).toHaveAttribute('href', '/login')
  },
}

/**
 * Chaque case renvoie à son document PDF dans un nouvel onglet ; cliquer sur le lien ne coche pas la case.
 */
export const LegalLinks: Story = {
  name: 'Liens vers les conditions',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const terms = await canvas.findByRole('link', { name: "conditions générales d'utilisation" })
    await expect(terms).toHaveAttribute('href', demoClientConfig.termsUrl)
    await expect(terms).toHaveAttribute('target', '_blank')
    await expect(terms).toHaveAttribute('rel', expect.stringContaining('noopener'))
    const privacy = canvas.getByRole('link', { name: 'politique de confidentialité' })
    await expect(privacy).toHaveAttribute('href', demoClientConfig.privacyUrl)
    await expect(privacy).toHaveAttribute('target', '_blank')
  },
}

export const OneBoxTicked: Story = {
  name: 'Une seule case cochée',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('checkbox', { name: /conditions générales/ }))
    await expect(canvas.getByRole('checkbox', { name: /conditions générales/ })).toBeChecked()
    await expect(canvas.getByRole('button', { name: "S'inscrire" })).toBeDisabled()
  },
}

export const Filled: Story = {
  name: 'Formulaire rempli',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await fill(canvas.getByLabelText('Prénom'), 'Léa')
    await fill(canvas.getByLabelText('Nom'), 'Rousseau-Fontaine')
    await fill(canvas.getByLabelText('Email'), 'lea.rousseau@exemple.fr')
    await fill(canvas.getByLabelText('Mot de passe'), 'une longue phrase de passe')
    await userEvent.click(canvas.getByRole('checkbox', { name: /conditions générales/ }))
    await userEvent.click(canvas.getByRole('checkbox', { name: /politique de confidentialité/ }))
    await expect(canvas.getByRole('button', { name: "S'inscrire" })).toBeEnabled()
  },
}

/** Inscription réussie : la personne est connectée aussitôt et arrive sur l’accueil. */
export const Success: Story = {
  name: 'Inscription réussie',
  play: async (context) => {
    await Filled.play!(context)
    const canvas = within(context.canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: "S'inscrire" }))
    await expect(await canvas.findByTestId('location')).toHaveTextContent('Page : /')
    await expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toMatchObject({
      email: 'lea.rousseau@exemple.fr',
      roles: ['ROLE_USER'],
    })
  },
}

/**
 * Le serveur refuse l’inscription (adresse déjà utilisée) : son message s’affiche et le formulaire garde ce
 * qui a été saisi.
 */
export const EmailTaken: Story = {
  name: 'E-mail déjà utilisé',
  parameters: { msw: [authHandlers.registerConflict()] },
  play: async (context) => {
    await Filled.play!(context)
    const canvas = within(context.canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: "S'inscrire" }))
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Un compte existe déjà avec cette adresse e-mail.',
    )
    await expect(canvas.getByLabelText('Email')).toHaveValue('lea.rousseau@exemple.fr')
  },
}

/** Both boxes ticked: 'S'inscrire' is what sends, so this is the way to a form refused before sending. */
async function tickBothBoxes(canvas: ReturnType<typeof within>) {
  await userEvent.click(canvas.getByRole('checkbox', { name: /conditions générales/ }))
  await userEvent.click(canvas.getByRole('checkbox', { name: /politique de confidentialité/ }))
}

/**
 * Envoyé vide : chaque champ dit ce qui manque, tous en même temps, le premier reçoit le focus, et rien n’est
 * envoyé.
 */
export const EmptySubmitted: Story = {
  name: 'Envoi sans rien saisir',
  play: async ({ canvasElement, msw }) => {
    const canvas = within(canvasElement)
    const sent = watchRequests(msw, apiPaths.register())
    await tickBothBoxes(canvas)
    await userEvent.click(canvas.getByRole('button', { name: "S'inscrire" }))
    for (const label of ['Prénom', 'Nom', 'Email', 'Mot de passe'])
      await expectFieldError(canvas.getByLabelText(label), 'Ce champ est obligatoire')
    await waitFor(() => expect(canvas.getByLabelText('Prénom')).toHaveFocus())
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument()
    await expect(sent).toHaveLength(0)
  },
}

/**
 * Huit espaces ne font pas un mot de passe : le formulaire le dit à côté du champ, sans attendre le serveur.
 */
export const PasswordOfSpaces: Story = {
  name: 'Mot de passe fait d’espaces',
  play: async ({ canvasElement, msw }) => {
    const canvas = within(canvasElement)
    const sent = watchRequests(msw, apiPaths.register())
    await fill(canvas.getByLabelText('Prénom'), 'Léa')
    await fill(canvas.getByLabelText('Nom'), 'Rousseau-Fontaine')
    await fill(canvas.getByLabelText('Email'), 'lea.rousseau@exemple.fr')
    await fill(canvas.getByLabelText('Mot de passe'), ' '.repeat(8))
    await tickBothBoxes(canvas)
    await userEvent.click(canvas.getByRole('button', { name: "S'inscrire" }))
    const password = canvas.getByLabelText('Mot de passe')
    await expectFieldError(password, "Le mot de passe ne peut pas être composé uniquement d'espaces.")
    await waitFor(() => expect(password).toHaveFocus())
    for (const label of ['Prénom', 'Nom', 'Email'])
      await expect(canvas.getByLabelText(label)).not.toHaveAttribute('aria-invalid')
    await expect(sent).toHaveLength(0)
  },
}

/** Plusieurs erreurs d’un coup, chacune à côté de son champ, plutôt qu’une à la fois après chaque envoi. */
export const SeveralErrors: Story = {
  name: 'Plusieurs erreurs à la fois',
  play: async ({ canvasElement, msw }) => {
    const canvas = within(canvasElement)
    const sent = watchRequests(msw, apiPaths.register())
    await fill(canvas.getByLabelText('Nom'), 'Rousseau-Fontaine')
    await fill(canvas.getByLabelText('Email'), 'lea.rousseau@exemple')
    await fill(canvas.getByLabelText('Mot de passe'), 'court')
    await tickBothBoxes(canvas)
    await userEvent.click(canvas.getByRole('button', { name: "S'inscrire" }))
    await expectFieldError(canvas.getByLabelText('Prénom'), 'Ce champ est obligatoire')
    await expectFieldError(canvas.getByLabelText('Email'), 'Adresse e-mail invalide')
    await expectFieldError(
      canvas.getByLabelText('Mot de passe'),
      'Le mot de passe doit contenir au moins 8 caractères.',
    )
    await expect(canvas.getByLabelText('Nom')).not.toHaveAttribute('aria-invalid')
    await waitFor(() => expect(canvas.getByLabelText('Prénom')).toHaveFocus())
    await expect(sent).toHaveLength(0)
  },
}

/**
 * Les champs n’acceptent pas plus que ce que le serveur conserve : un nom de 300 caractères s’arrête à 100.
 */
export const LongName: Story = {
  name: 'Prénom trop long',
  tags: ['no-visual'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const firstname = canvas.getByLabelText('Prénom')
    await fill(firstname, 'x'.repeat(300))
    await expect(firstname).toHaveValue('x'.repeat(100))
    await expect(canvas.getByLabelText('Nom')).toHaveAttribute('maxlength', '100')
    await expect(canvas.getByLabelText('Email')).toHaveAttribute('maxlength', '254')
    await expect(canvas.getByLabelText('Mot de passe')).toHaveAttribute('maxlength', '256')
  },
}

/**
 * Inscription depuis une page qui demandait d’être connecté : la personne revient sur cette page, pas sur
 * l’accueil.
 */
export const ReturnsToAskedPage: Story = {
  name: 'Retour à la page demandée',
  tags: ['no-visual'],
  parameters: { router: { path: '/inscription', initialEntries: ['/inscription?retour=%2Fmes-coupons'] } },
  play: async (context) => {
    await Filled.play!(context)
    const canvas = within(context.canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: "S'inscrire" }))
    await expect(await canvas.findByTestId('location')).toHaveTextContent(/^Page : \/mes-coupons$/)
  },
}
