import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect } from 'storybook/test'
import { Button, Spinner, theme } from '@/src/design-system/index.ts'
import { guides, withGuidance } from './guidance.ts'

const meta = {
  title: 'Système de conception/Messages et attente/Indicateur de chargement',
  parameters: withGuidance(guides.spinner),
  component: Spinner,
  args: { label: 'Chargement' },
} satisfies Meta<typeof Spinner>

export default meta
type Story = StoryObj<typeof meta>

/** Seul, avec un libellé : annoncé « Chargement » par le lecteur d’écran. */
export const Labelled: Story = {
  name: 'Seul, avec un libellé',
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: 'Chargement' })).toBeVisible()
  },
}

/** 16, 20 (par défaut), 32 et 48 pixels ; il prend la couleur du texte qui l’entoure. */
export const Sizes: Story = {
  name: 'Tailles et couleur du texte',
  render: () => (
    <div style={{ display: 'flex', gap: 16, alignItems: 'center', color: theme.colors.primary }}>
      {[16, 20, 32, 48].map((size) => (
        <Spinner key={size} size={size} label={`Chargement (${size} px)`} />
      ))}
    </div>
  ),
  play: async ({ canvas }) => {
    const rings = canvas.getAllByRole('status')
    await expect(rings).toHaveLength(4)
    await expect(rings[3].getBoundingClientRect().width).toBeGreaterThan(
      rings[0].getBoundingClientRect().width,
    )
  },
}

/** À côté d’un texte, sans libellé : décoratif, c’est le bouton qui dit qu’il est occupé. */
export const InAButton: Story = {
  name: 'Décoratif, dans un bouton',
  render: () => <Button loading>Enregistrer</Button>,
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button', { name: 'Enregistrer' })
    await expect(button).toHaveAttribute('aria-busy', 'true')
    await expect(canvas.queryByRole('status')).toBeNull()
  },
}
