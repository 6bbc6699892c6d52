import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect } from 'storybook/test'
import { StatusChip, theme } from '@/src/design-system/index.ts'
import { guides, withGuidance } from './guidance.ts'

const meta = {
  title: 'Système de conception/Affichage de données/Étiquette de statut',
  parameters: withGuidance(guides.statusChip),
  component: StatusChip,
  args: { status: 'ACTIF' },
} satisfies Meta<typeof StatusChip>

export default meta
type Story = StoryObj<typeof meta>

export const Actif: Story = {
  play: async ({ canvas }) => {
    const chip = canvas.getByText('Actif')
    await expect(getComputedStyle(chip).backgroundColor).toBe('rgb(46, 125, 50)')
  },
}

export const AllStatuses: Story = {
  name: 'Tous les statuts',
  render: () => (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      {Object.keys(theme.status).map((code) => (
        <StatusChip key={code} status={code} />
      ))}
      <StatusChip status="INCONNU" />
    </div>
  ),
  play: async ({ canvas }) => {
    for (const label of ['Actif', 'Prospect', 'Publié', 'Brouillon', 'Activé', 'INCONNU']) {
      await expect(canvas.getByText(label)).toBeVisible()
    }
    await expect(canvas.getAllByText('Désactivé')).toHaveLength(2)
    await expect(getComputedStyle(canvas.getByText('Prospect')).backgroundColor).toBe('rgb(245, 158, 11)')
    await expect(getComputedStyle(canvas.getByText('Brouillon')).backgroundColor).toBe('rgb(198, 40, 40)')
  },
}

export const ServerLabel: Story = {
  name: 'Libellé du serveur',
  args: { status: 'DESACTIVE', label: 'Désactivé (serveur)' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Désactivé (serveur)')).toBeVisible()
  },
}
