import type { Meta, StoryObj } from '@storybook/react-vite'
import { FixedBar } from './FixedBar.tsx'

/** The same bar in a frame of its own on its docs page: sound. */
const meta = {
  title: 'Vérification/Barre fixe en cadre',
  component: FixedBar,
  args: { label: 'Onglets' },
  parameters: { docs: { story: { inline: false, height: '120px' } } },
} satisfies Meta<typeof FixedBar>

export default meta
type Story = StoryObj<typeof meta>

export const AtTheBottom: Story = {}
