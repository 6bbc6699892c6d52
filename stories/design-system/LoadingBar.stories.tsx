import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect } from 'storybook/test'
import { LoadingBar } from '@/src/design-system/index.ts'
import { guides, withGuidance } from './guidance.ts'

const meta = {
  title: 'Système de conception/Messages et attente/Barre de chargement',
  parameters: withGuidance(guides.loadingBar),
  component: LoadingBar,
  args: { active: true },
  decorators: [(Story) => <div style={{ width: 360 }}>{Story()}</div>],
} satisfies Meta<typeof LoadingBar>

export default meta
type Story = StoryObj<typeof meta>

export const Active: Story = {
  name: 'Chargement',
  play: async ({ canvas }) => {
    const bar = canvas.getByRole('progressbar', { name: 'Chargement' })
    await expect(bar.getBoundingClientRect().height).toBe(4)
  },
}

export const Idle: Story = {
  name: 'Au repos',
  args: { active: false },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.queryByRole('progressbar')).toBeNull()
    // The space stays, so the list below does not jump.
    await expect(
      (canvasElement.querySelector('[aria-hidden]') as HTMLElement).getBoundingClientRect().height,
    ).toBe(4)
  },
}
