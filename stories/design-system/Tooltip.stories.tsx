import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, screen, userEvent, waitFor } from 'storybook/test'
import { Button, Tooltip } from '@/src/design-system/index.ts'
import { guides, withGuidance } from './guidance.ts'

const meta = {
  title: 'Système de conception/Affichage de données/Infobulle',
  parameters: withGuidance(guides.tooltip),
  component: Tooltip,
  args: {
    content: 'Restaurants, Bien-être, Loisirs',
    side: 'bottom',
    children: <Button variant="outlined">Catégories</Button>,
  },
  // Room below the trigger for the tooltip in the picture.
  decorators: [(Story) => <div style={{ padding: '16px 16px 64px' }}>{Story()}</div>],
} satisfies Meta<typeof Tooltip>

export default meta
type Story = StoryObj<typeof meta>

/** Le pointeur sur l’élément : l’infobulle apparaît après 0,3 seconde, et disparaît quand il s’en va. */
export const OnHover: Story = {
  name: 'Au survol',
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('button', { name: 'Catégories' })
    await userEvent.hover(trigger)
    await expect(await screen.findByRole('tooltip')).toHaveTextContent('Restaurants, Bien-être, Loisirs')
    await expect(trigger).toHaveAccessibleDescription('Restaurants, Bien-être, Loisirs')
  },
}

/** Tab donne le focus à l’élément : l’infobulle apparaît aussi, et Échap la ferme. */
export const OnKeyboardFocus: Story = {
  name: 'Au focus clavier',
  play: async ({ canvas }) => {
    await userEvent.tab()
    const trigger = canvas.getByRole('button', { name: 'Catégories' })
    await expect(trigger).toHaveFocus()
    await expect(getComputedStyle(trigger).outlineStyle).toBe('solid')
    await expect(await screen.findByRole('tooltip')).toHaveTextContent('Restaurants, Bien-être, Loisirs')
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull())
    await expect(trigger).toHaveFocus()
  },
}
