import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent } from 'storybook/test'
import { EmptyState, ErrorState } from '@/src/design-system/index.ts'
import { guides, withGuidance } from './guidance.ts'

/** L’état d’erreur d’une liste dont le chargement a échoué, avec « Réessayer ». */
const meta = {
  title: 'Système de conception/Messages et attente/État d’erreur',
  parameters: withGuidance(guides.errorState),
  component: ErrorState,
  args: { message: 'Oups... Nous ne parvenons pas à récupérer les résultats', onRetry: fn() },
  decorators: [(Story) => <div style={{ width: 360 }}>{Story()}</div>],
} satisfies Meta<typeof ErrorState>

export default meta
type Story = StoryObj<typeof meta>

export const WithRetry: Story = {
  name: 'Avec Réessayer',
  play: async ({ args, canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'Oups... Nous ne parvenons pas à récupérer les résultats',
    )
    await userEvent.click(canvas.getByRole('button', { name: 'Réessayer' }))
    await expect(args.onRetry).toHaveBeenCalledTimes(1)
  },
}

export const Retrying: Story = {
  name: 'Nouvel essai en cours',
  args: { retrying: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Réessayer' })).toHaveAttribute('aria-busy', 'true')
  },
}

export const Empty: Story = {
  name: 'Liste vide',
  render: () => <EmptyState message="Aucun résultat essayez avec d'autres critères!" />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(
      "Aucun résultat essayez avec d'autres critères!",
    )
  },
}
