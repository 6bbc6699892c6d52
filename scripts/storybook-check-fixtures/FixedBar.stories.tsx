import type { Meta, StoryObj } from '@storybook/react-vite'
import { FixedBar } from './FixedBar.tsx'

/** Inline on its docs page: the bar is drawn outside its preview, which stays empty. */
const meta = {
  title: 'Vérification/Barre fixe inline',
  component: FixedBar,
  args: { label: 'Onglets' },
} satisfies Meta<typeof FixedBar>

export default meta
type Story = StoryObj<typeof meta>

export const AtTheBottom: Story = {}
