import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor } from 'storybook/test'
import { CategoryIcon, mdiExportName } from '../../src/design-system/index.ts'

const meta = {
  title: 'Design system/Data display/CategoryIcon',
  component: CategoryIcon,
  args: { name: 'silverware-fork-knife', size: 32, title: 'Restaurants' },
} satisfies Meta<typeof CategoryIcon>

export default meta
type Story = StoryObj<typeof meta>

export const ByName: Story = {
  play: async ({ canvas }) => {
    const icon = canvas.getByRole('img', { name: 'Restaurants' })
    await waitFor(() => expect(icon).toHaveAttribute('data-icon-state', 'ready'))
    await expect(mdiExportName('silverware-fork-knife')).toBe('mdiSilverwareForkKnife')
    await expect(mdiExportName('mdi-numeric-1-box')).toBe('mdiNumeric1Box')
  },
}

export const UnknownNameFallsBack: Story = {
  args: { name: 'pas-une-icone', title: 'Catégorie inconnue' },
  play: async ({ canvas }) => {
    await waitFor(() =>
      expect(canvas.getByRole('img', { name: 'Catégorie inconnue' })).toHaveAttribute(
        'data-icon-state',
        'fallback',
      ),
    )
  },
}

export const Gallery: Story = {
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
        <CategoryIcon key={name} name={name} size={32} title={name} />
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelectorAll('[data-icon-state="ready"]')).toHaveLength(10))
  },
}
