import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent } from 'storybook/test'
import { Button, EmptyState } from '@/src/design-system/index.ts'
import { Icon, mdiFilterRemove, mdiImageOff } from '@/src/design-system/icons/index.ts'

/** What a list shows when it has nothing to show: a message, an icon, sometimes a way out. */
const meta = {
  title: 'Design system/Feedback/EmptyState',
  component: EmptyState,
  args: { message: "Aucun résultat essayez avec d'autres critères!" },
  decorators: [(Story) => <div style={{ width: 360 }}>{Story()}</div>],
} satisfies Meta<typeof EmptyState>

export default meta
type Story = StoryObj<typeof meta>

/** The search's empty list (Rechercher), with the default magnifier. */
export const NoResult: Story = {
  name: 'Aucun résultat',
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(
      "Aucun résultat essayez avec d'autres critères!",
    )
  },
}

const resetFilters = fn()

/** With filters on, the empty search offers to remove them. */
export const WithAction: Story = {
  name: 'Avec une action',
  args: {
    action: (
      <Button variant="outlined" startIcon={<Icon path={mdiFilterRemove} size={20} />} onClick={resetFilters}>
        Effacer les filtres
      </Button>
    ),
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Effacer les filtres' }))
    await expect(resetFilters).toHaveBeenCalledTimes(1)
  },
}

/** Another icon: the back-office home page without any page yet. */
export const OtherIcon: Story = {
  name: 'Autre icône',
  args: { message: 'Aucune page pour le moment.', icon: mdiImageOff },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Aucune page pour le moment.')
  },
}
