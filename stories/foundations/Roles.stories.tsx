import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { theme } from '@/src/design-system/theme/theme.ts'
import { contrastRatio } from './contrast.ts'
import { ColorRoles, colorRoles } from './roles.tsx'

const meta = {
  title: 'Fondations/Couleurs par rôle',
  component: ColorRoles,
  parameters: {
    layout: 'padded',
    docs: {
      description: {
        component:
          'Chaque couleur du thème par son rôle (texte principal, surface, action, bordure, messages), sur le fond où elle ' +
          's’emploie, avec le contraste de la paire calculé à partir du thème et le seuil WCAG AA : 4,5:1 pour le texte, ' +
          '3:1 pour les bordures des contrôles et les anneaux de focus. Un rôle nouveau s’ajoute dans ' +
          '`stories/foundations/roles.tsx` ; une valeur se change dans `src/design-system/theme/theme.ts`.',
      },
    },
  },
} satisfies Meta<typeof ColorRoles>

export default meta
type Story = StoryObj<typeof meta>

export const Roles: Story = {
  name: 'Rôles et contrastes',
  // Three screens tall, past what a capture holds; its values are checked below, and come from the theme.
  tags: ['no-visual'],
  play: async ({ canvasElement }) => {
    const rows = canvasElement.querySelectorAll('tr[data-role]')
    await expect(rows.length).toBe(
      colorRoles.reduce((count, family) => count + family.roles.length, 0) + Object.keys(theme.status).length,
    )
    // Known pairs: black on white is 21:1, and the ratio shown is the one computed from the theme's values.
    await expect(contrastRatio('#000', '#ffffff')).toBeCloseTo(21, 5)
    const mainText = within(canvasElement).getByText('Texte principal').closest('tr')!
    await expect(mainText.querySelector('[data-ratio]')).toHaveAttribute(
      'data-ratio',
      contrastRatio(theme.colors.text, theme.colors.surface).toFixed(2),
    )
    // Secondary buttons: their edge reaches 3:1 on white (the light fill alone is 1.75:1).
    const secondaryEdge = within(canvasElement).getByText('Action secondaire : bordure').closest('tr')!
    await expect(secondaryEdge.querySelector('[data-verdict]')).toHaveAttribute('data-verdict', 'pass')
    await expect(contrastRatio(theme.colors.secondary, theme.colors.surface)).toBeLessThan(3)
    // Form controls' edges: 3:1 on every surface a field sits on (the former #c9d1da was 1.5:1), and no role
    // of the page below its threshold.
    for (const role of [
      'Bordure des champs de saisie',
      'Bordure des champs sur le fond de page',
      'Bordure d’un champ désactivé',
    ]) {
      const row = within(canvasElement).getByText(role).closest('tr')!
      await expect(row.querySelector('[data-verdict]')).toHaveAttribute('data-verdict', 'pass')
    }
    await expect(canvasElement.querySelectorAll('[data-verdict="fail"]')).toHaveLength(0)
  },
}
