import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { BarChart } from '@/src/design-system/components/BarChart/index.ts'
import { guides, withGuidance } from './guidance.ts'

const week = ['18/11', '19/11', '20/11', '21/11', '22/11', '23/11', '24/11'].map((day, i) => ({
  key: day,
  label: `${day}/2026`,
  axisLabel: day,
  value: [4, 7, 3, 9, 12, 2, 6][i]!,
}))

const meta = {
  title: 'Système de conception/Affichage de données/Graphique en barres',
  parameters: withGuidance(guides.barChart),
  component: BarChart,
  args: {
    title: 'Coupons utilisés par jour',
    labelHeader: 'Jour',
    valueHeader: 'Coupons utilisés',
    emptyMessage: 'Aucun coupon utilisé.',
    data: week,
  },
  decorators: [(Story) => <div style={{ width: 640 }}>{Story()}</div>],
} satisfies Meta<typeof BarChart>

export default meta
type Story = StoryObj<typeof meta>

export const Columns: Story = {
  name: 'Colonnes',
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 2, name: 'Coupons utilisés par jour' })).toBeVisible()
    await expect(canvas.getByText('Maximum : 12')).toBeVisible()
    // The drawing is the table itself (Charts.css): its rows are what assistive technology reads.
    const table = canvas.getByRole('table', { name: 'Coupons utilisés par jour' })
    await expect(within(table).getByRole('row', { name: '22/11/2026 12' })).toBeInTheDocument()
  },
}

export const Rows: Story = {
  name: 'Barres classées',
  args: {
    title: 'Partenaires les plus utilisés',
    layout: 'rows',
    labelHeader: 'Partenaire',
    data: [
      { key: '1', label: 'Le Comptoir du Panier', value: 48 },
      { key: '2', label: 'Salle Vieux-Port Fitness', value: 37 },
      { key: '3', label: 'Boulangerie des Accoules', value: 1 },
    ],
  },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByText('Le Comptoir du Panier')[0]).toBeVisible()
  },
}

export const TableShown: Story = {
  name: 'Tableau affiché',
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Afficher le tableau' }))
    await expect(canvas.getByRole('columnheader', { name: 'Jour' })).toBeVisible()
    await expect(canvas.getByRole('row', { name: '21/11/2026 9' })).toBeVisible()
    await expect(canvas.queryByText('Maximum : 12')).toBeNull()
    await userEvent.click(canvas.getByRole('button', { name: 'Masquer le tableau' }))
    await expect(canvas.getByText('Maximum : 12')).toBeVisible()
  },
}

export const Empty: Story = {
  name: 'Sans données',
  args: { data: week.map((day) => ({ ...day, value: 0 })) },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Aucun coupon utilisé.')).toBeVisible()
    await expect(canvas.queryByRole('table')).toBeNull()
  },
}
