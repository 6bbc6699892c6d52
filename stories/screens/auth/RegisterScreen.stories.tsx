import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { RegisterScreen } from '@/src/screens/auth/RegisterScreen.tsx'
import { authHandlers } from '@/mocks/handlers/auth.ts'
import { demoClientConfig } from '@/mocks/handlers/config.ts'
import { fill } from '@/stories/fill.ts'

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
    // Disabled until both boxes are ticked.
    await expect(canvas.getByRole('button', { name: "S'inscrire" })).toBeDisabled()
    await expect(
      canvas.getByRole('link', { name: 'Vous avez déjà un compte? Se connecter' }),
    ).toHaveAttribute('href', '/login')
  },
}

/** Each box links to its PDF in a new tab; clicking the link does not tick the box. */
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

/** Registered: signed in at once and taken to Home. */
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

/** The server refuses (e-mail taken): its message shows and the form keeps what was typed. */
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
