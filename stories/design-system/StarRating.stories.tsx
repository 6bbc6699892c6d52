import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect } from 'storybook/test'
import { StarRating } from '@/src/design-system/index.ts'
import { guides, withGuidance } from './guidance.ts'

const meta = {
  title: 'Système de conception/Affichage de données/Note en étoiles',
  parameters: withGuidance(guides.starRating),
  component: StarRating,
  args: { value: 4.5 },
} satisfies Meta<typeof StarRating>

export default meta
type Story = StoryObj<typeof meta>

export const HalfStar: Story = {
  name: 'Demi-étoile',
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('img', { name: 'Note : 4,5 sur 5' })).toBeVisible()
    await expect(canvasElement.querySelectorAll('[data-star="full"]')).toHaveLength(4)
    await expect(canvasElement.querySelectorAll('[data-star="half"]')).toHaveLength(1)
  },
}

export const RoundsToHalfSteps: Story = {
  name: 'Arrondi à la demi-étoile, avec le nombre d’avis',
  args: { value: 3.74, showValue: true, count: 128 },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('img', { name: 'Note : 3,5 sur 5 (128 avis)' })).toBeVisible()
    await expect(canvasElement.querySelectorAll('[data-star="empty"]')).toHaveLength(1)
  },
}

export const Empty: Story = {
  name: 'Aucune note',
  args: { value: 0 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'Note : 0 sur 5' })).toBeVisible()
  },
}

export const Clamped: Story = {
  name: 'Plafonnée à 5',
  args: { value: 7 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'Note : 5 sur 5' })).toBeVisible()
  },
}
