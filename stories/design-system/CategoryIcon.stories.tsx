import * as mdi from '@mdi/js'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect } from 'storybook/test'
import { mdiExportName } from '@/src/api/icons/index.ts'
import { CategoryIcon } from '@/src/design-system/index.ts'
import { guides, withGuidance } from './guidance.ts'

const paths = mdi as unknown as Record<string, string>

const meta = {
  title: 'Système de conception/Affichage de données/Icône de catégorie',
  parameters: withGuidance(guides.categoryIcon),
  component: CategoryIcon,
  args: { path: mdi.mdiSilverwareForkKnife, size: 32, title: 'Restaurants' },
} satisfies Meta<typeof CategoryIcon>

export default meta
type Story = StoryObj<typeof meta>

/** Dessinée tout de suite à partir du tracé fourni avec la catégorie, sans téléchargement. */
export const WithItsPath: Story = {
  name: 'Icône de la catégorie',
  play: async ({ canvas, canvasElement }) => {
    const icon = canvas.getByRole('img', { name: 'Restaurants' })
    await expect(icon).toHaveAttribute('data-icon-state', 'ready')
    await expect(canvasElement.querySelector('path')).toHaveAttribute('d', mdi.mdiSilverwareForkKnife)
    await expect(mdiExportName('silverware-fork-knife')).toBe('mdiSilverwareForkKnife')
    await expect(mdiExportName('mdi-numeric-1-box')).toBe('mdiNumeric1Box')
  },
}

export const UnknownNameFallsBack: Story = {
  name: 'Icône inconnue : icône de repli',
  args: { path: null, title: 'Catégorie inconnue' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'Catégorie inconnue' })).toHaveAttribute(
      'data-icon-state',
      'fallback',
    )
  },
}

export const Gallery: Story = {
  name: 'Galerie',
  args: { title: undefined },
  render: () => (
    <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap', width: 360 }}>
      {[
        'silverware-fork-knife',
        'star',
        'spa',
        'basketball',
        'shopping',
        'car',
        'home',
        'palette',
        'coffee',
        'glass-cocktail',
      ].map((name) => (
        <CategoryIcon key={name} path={paths[mdiExportName(name)]} size={32} title={name} />
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('[data-icon-state="ready"]')).toHaveLength(10)
  },
}
