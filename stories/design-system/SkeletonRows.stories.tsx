import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect } from 'storybook/test'
import { SkeletonRows } from '@/src/design-system/index.ts'
import { guides, withGuidance } from './guidance.ts'

const meta = {
  title: 'Système de conception/Messages et attente/Lignes squelettes (chargement)',
  parameters: withGuidance(guides.skeletonRows),
  component: SkeletonRows,
  args: { rows: 10, withMedia: true, rowHeight: 72, lines: 3 },
  decorators: [(Story) => <div style={{ width: 360 }}>{Story()}</div>],
} satisfies Meta<typeof SkeletonRows>

export default meta
type Story = StoryObj<typeof meta>

export const FirstPage: Story = {
  name: 'Première page',
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: 'Chargement' })).toBeVisible()
    await expect(canvas.getAllByTestId('skeleton-row')).toHaveLength(10)
  },
}

export const NextPage: Story = {
  name: 'Page suivante',
  args: { rows: 1 },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByTestId('skeleton-row')).toHaveLength(1)
  },
}

export const FormLines: Story = {
  name: 'Lignes de formulaire',
  args: { rows: 4, withMedia: false, lines: 1, rowHeight: 44 },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByTestId('skeleton-row')).toHaveLength(4)
  },
}
