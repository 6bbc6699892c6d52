import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent } from 'storybook/test'
import { Button, EmptyState } from '@/src/design-system/index.ts'
import { Icon, mdiFilterRemove, mdiImageOff } from '@/src/design-system/icons/index.ts'
import { guides, withGuidance } from './guidance.ts'

/** Ce qu’affiche une liste qui n’a rien à montrer : un message, une icône, parfois une issue. */
const meta = {
  title: 'Système de conception/Messages et attente/État vide',
  parameters: withGuidance(guides.emptyState),
  component: EmptyState,
  args: { message: "Aucun résultat essayez avec d'autres critères!" },
  decorators: [(Story) => <div style={{ width: 360 }}>{Story()}</div>],
} satisfies Meta<typeof EmptyState>

export default meta
type Story = StoryObj<typeof meta>

/** La liste vide de Rechercher, avec la loupe par défaut. */
export const NoResult: Story = {
  name: 'Aucun résultat',
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(
      "Aucun résultat essayez avec d'autres critères!",
    )
  },
}

const resetFilters = fn()

/** Avec des filtres actifs, la recherche vide propose de les retirer. */
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

/** Une autre icône : l’accueil du back-office sans aucune page. */
export const OtherIcon: Story = {
  name: 'Autre icône',
  args: { message: 'Aucune page pour le moment.', icon: mdiImageOff },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Aucune page pour le moment.')
  },
}
