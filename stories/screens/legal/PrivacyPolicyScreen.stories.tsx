import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { legalInfo, legalInfoUnset } from '@/mocks/fixtures/account.ts'
import { configHandlers } from '@/mocks/handlers/config.ts'
import { PrivacyPolicyScreen } from '@/src/screens/legal/PrivacyPolicyScreen.tsx'

const meta = {
  title: 'Écrans/Pages légales/Politique de confidentialité',
  component: PrivacyPolicyScreen,
  parameters: {
    layout: 'fullscreen',
    router: { path: '/confidentialite', initialEntries: ['/login', '/confidentialite'] },
    msw: [configHandlers.config({ legal: legalInfo })],
  },
  globals: { viewport: { value: 'phone' } },
} satisfies Meta<typeof PrivacyPolicyScreen>

export default meta
type Story = StoryObj<typeof meta>

/**
 * Pour un visiteur sans session : ce qui est gardé, pourquoi, combien de temps (les durées configurées), les droits
 * et où les exercer dans l’application, et le contact de l’exploitant.
 */
export const Filled: Story = {
  name: 'Renseignée',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Politique de confidentialité' }),
    ).toBeVisible()
    for (const heading of [
      'Les données que nous gardons',
      'Pourquoi',
      'Combien de temps',
      'Vos droits et comment les exercer',
      'Contact et réclamation',
    ])
      await expect(canvas.getByRole('heading', { level: 2, name: heading })).toBeInTheDocument()
    const contact = await canvas.findByRole('link', { name: 'dpo@ville-exemple.fr' })
    await expect(contact).toHaveAttribute('href', 'mailto:dpo@ville-exemple.fr')
    await expect(canvas.getByText(/Après 36 mois sans connexion, il est anonymisé/)).toBeInTheDocument()
    await expect(canvas.getByText(/un e-mail d'avertissement un mois avant/)).toBeInTheDocument()
    await expect(canvas.getByText(/journal des actions des administrateurs, 12 mois/)).toBeInTheDocument()
    await expect(canvas.getByText(/les e-mails envoyés, 30 jours/)).toBeInTheDocument()
    for (const right of [
      'Accès et portabilité (RGPD, articles 15 et 20)',
      'Rectification (article 16)',
      'Effacement (article 17)',
    ])
      await expect(canvas.getByText(right)).toBeInTheDocument()
    await expect(canvas.getByText(/« Télécharger mes données »/)).toBeInTheDocument()
    await expect(canvas.getByRole('link', { name: 'mentions légales' })).toHaveAttribute(
      'href',
      '/mentions-legales',
    )
    await expect(canvas.getByText(/Ville d’Exemple — Direction du commerce local/)).toBeInTheDocument()
  },
}

/** D’autres durées configurées par l’exploitant : la page annonce celles-là. */
export const OtherPeriods: Story = {
  name: 'Durées configurées autrement',
  parameters: {
    msw: [
      configHandlers.config({
        legal: { ...legalInfo, retention: { inactiveMonths: 24, auditMonths: 6, mailDays: 30 } },
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByText(/Après 24 mois sans connexion/)).toBeInTheDocument()
    await expect(canvas.getByText(/journal des actions des administrateurs, 6 mois/)).toBeInTheDocument()
  },
}

/** Aucun contact configuré : la page renvoie aux mentions légales plutôt que de laisser un blanc. */
export const Unset: Story = {
  name: 'Contact non renseigné',
  parameters: { msw: [configHandlers.config({ legal: legalInfoUnset })] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(
      await canvas.findByText(
        /Pour toute question sur vos données : l'adresse de contact indiquée dans les mentions légales/,
      ),
    ).toBeInTheDocument()
    await expect(canvas.getByText(/L'exploitant du service Partenaires/)).toBeInTheDocument()
  },
}
