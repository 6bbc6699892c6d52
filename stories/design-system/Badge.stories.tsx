import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect } from 'storybook/test'
import { Badge, IconButton } from '@/src/design-system/index.ts'
import { mdiMenu } from '@/src/design-system/icons/index.ts'
import { guides, withGuidance } from './guidance.ts'

const meta = {
  title: 'Système de conception/Affichage de données/Badge',
  parameters: withGuidance(guides.badge),
  component: Badge,
  args: { content: 'Publié', color: 'success' },
} satisfies Meta<typeof Badge>

export default meta
type Story = StoryObj<typeof meta>

export const Published: Story = {
  name: 'Publié',
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Publié')).toBeVisible()
  },
}

export const Draft: Story = {
  name: 'Brouillon',
  args: { content: 'Brouillon', color: 'danger' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Brouillon')).toBeVisible()
  },
}

export const OnAnElement: Story = {
  name: 'Sur un bouton',
  args: { content: 3, color: 'primary', 'aria-label': '3 nouvelles offres' },
  render: (args) => (
    <Badge {...args}>
      <IconButton label="Menu" icon={mdiMenu} tooltip={false} />
    </Badge>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: '3 nouvelles offres' })).toBeVisible()
  },
}
