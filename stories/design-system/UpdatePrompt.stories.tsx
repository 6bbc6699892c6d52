import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, screen, userEvent } from 'storybook/test'
import { UpdatePrompt } from '@/src/design-system/index.ts'
import { guides, withGuidance } from './guidance.ts'

const meta = {
  title: 'Système de conception/Messages et attente/Invitation à mettre à jour',
  component: UpdatePrompt,
  args: { onUpdate: fn(), updating: false },
  // Fixed to the viewport: on the docs page, a frame of its own holds it.
  parameters: withGuidance(guides.updatePrompt, {
    layout: 'fullscreen',
    docs: { story: { inline: false, height: '200px' } },
  }),
} satisfies Meta<typeof UpdatePrompt>

export default meta
type Story = StoryObj<typeof meta>

export const Available: Story = {
  name: 'Nouvelle version disponible',
  play: async ({ args }) => {
    const prompt = await screen.findByRole('region', { name: 'Mise à jour de l’application' })
    await expect(prompt).toHaveTextContent('Nouvelle version disponible')
    await userEvent.click(screen.getByRole('button', { name: 'Mettre à jour' }))
    await expect(args.onUpdate).toHaveBeenCalledTimes(1)
  },
}

export const Updating: Story = {
  name: 'Mise à jour en cours',
  args: { updating: true },
  play: async () => {
    const button = await screen.findByRole('button', { name: 'Mettre à jour' })
    // A second press cannot ask twice while the new version takes over.
    await expect(button).toHaveAttribute('aria-busy', 'true')
    await expect(button).toBeDisabled()
  },
}

export const Desktop: Story = {
  name: 'Sur ordinateur',
  globals: { viewport: { value: 'desktop' } },
  play: async () => {
    const prompt = await screen.findByRole('region', { name: 'Mise à jour de l’application' })
    const box = prompt.getBoundingClientRect()
    // Bottom-left corner (no bottom navigation here); the bottom-right one belongs to the toasts.
    await expect(box.left).toBe(16)
    await expect(window.innerHeight - box.bottom).toBe(16)
    await expect(box.width).toBeLessThanOrEqual(420)
  },
}

export const Phone: Story = {
  name: 'Sur téléphone',
  globals: { viewport: { value: 'phone' } },
  play: async () => {
    const prompt = await screen.findByRole('region', { name: 'Mise à jour de l’application' })
    const box = prompt.getBoundingClientRect()
    // Full width minus the margins, above the 56px bottom navigation.
    await expect(box.width).toBeCloseTo(window.innerWidth - 32, 0)
    await expect(window.innerHeight - box.bottom).toBeGreaterThanOrEqual(56 + 16)
  },
}
