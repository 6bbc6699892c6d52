import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { legalInfo } from '@/mocks/fixtures/account.ts'
import { configHandlers } from '@/mocks/handlers/config.ts'
import { AccessibilityStatementScreen } from '@/src/screens/legal/AccessibilityStatementScreen.tsx'

const meta = {
  title: 'Écrans/Pages légales/Déclaration d’accessibilité',
  component: AccessibilityStatementScreen,
  parameters: {
    layout: 'fullscreen',
    router: { path: '/accessibilite', initialEntries: ['/login', '/accessibilite'] },
    msw: [configHandlers.config({ legal: legalInfo })],
  },
  globals: { viewport: { value: 'phone' } },
} satisfies Meta<typeof AccessibilityStatementScreen>

export default meta
type Story = StoryObj<typeof meta>

/**
 * Le modèle du RGAA 4.1 : l’état de conformité et sa raison, ce que vérifient les tests du projet, les défauts
 * connus, le contact et le recours au Défenseur des droits.
 */
export const Statement: Story = {
  name: 'Déclaration',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('heading', { level: 1, name: 'Déclaration d’accessibilité' })).toBeVisible()
    for (const heading of [
      'État de conformité',
      'Ce que vérifient nos tests',
      'Contenus non accessibles ou non vérifiés',
      'Établissement de cette déclaration',
      "Retour d'information et contact",
      'Voies de recours',
    ])
      await expect(canvas.getByRole('heading', { level: 2, name: heading })).toBeInTheDocument()
    await expect(canvas.getByText(/version 4\.1/)).toHaveTextContent(
      "L'application Partenaires est non conforme avec le référentiel général d'amélioration de l'accessibilité (RGAA), version 4.1.",
    )
    await expect(canvas.getByText(/analysés par axe-core selon les WCAG/)).toBeInTheDocument()
    await expect(canvas.getByText(/des parcours entiers au clavier seul/)).toBeInTheDocument()
    await expect(canvas.getByText(/la carte est fournie par Google Maps/)).toBeInTheDocument()
    await expect(await canvas.findByRole('link', { name: '04 91 00 00 00' })).toHaveAttribute(
      'href',
      'tel:0491000000',
    )
    await expect(canvas.getByRole('link', { name: 'formulaire en ligne' })).toHaveAttribute(
      'href',
      'https://formulaire.defenseurdesdroits.fr/',
    )
    await expect(
      canvas.getByText(/Défenseur des droits, Libre réponse 71120, 75342 Paris CEDEX 07/),
    ).toBeInTheDocument()
    const legal = canvas.getByRole('navigation', { name: 'Informations légales' })
    await expect(within(legal).getByRole('link', { name: 'Accessibilité : non conforme' })).toHaveAttribute(
      'href',
      '/accessibilite',
    )
  },
}

/** « Retour » ramène là d’où la page a été ouverte (ici la page de connexion). */
export const Back: Story = {
  name: 'Retour',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    canvas.getByRole('button', { name: 'Retour' }).click()
    await expect(await canvas.findByTestId('location')).toHaveTextContent('Page : /login')
  },
}
