import { useState } from 'react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { Link } from 'react-router'
import { expect, fn, userEvent } from 'storybook/test'
import { CategoryIcon, Chip } from '@/src/design-system/index.ts'
import { mdiSilverwareForkKnife } from '@mdi/js'
import { mdiStar } from '@/src/design-system/icons/index.ts'
import { guides, withGuidance } from './guidance.ts'

const meta = {
  title: 'Système de conception/Saisie/Puce',
  parameters: withGuidance(guides.chip),
  component: Chip,
  args: { label: '-10 % sur l’addition' },
} satisfies Meta<typeof Chip>

export default meta
type Story = StoryObj<typeof meta>

export const Static: Story = {
  name: 'Statique',
  args: { size: 'small', variant: 'primary' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('-10 % sur l’addition')).toBeVisible()
    await expect(canvas.queryByRole('button')).toBeNull()
  },
}

export const WithIcon: Story = {
  name: 'Avec une icône',
  args: { label: 'Restaurants', icon: <CategoryIcon path={mdiSilverwareForkKnife} size={18} /> },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Restaurants')).toBeVisible()
  },
}

export const Clickable: Story = {
  name: 'Cliquable',
  args: { label: 'Restaurants', onClick: fn(), icon: mdiStar },
  play: async ({ args, canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Restaurants' }))
    await expect(args.onClick).toHaveBeenCalled()
  },
}

export const Toggle: Story = {
  name: 'Sélectionnable',
  args: { label: 'Bien-être' },
  render: function Render(args) {
    const [selected, setSelected] = useState(false)
    return <Chip {...args} selected={selected} onClick={() => setSelected((s) => !s)} />
  },
  play: async ({ canvas }) => {
    const chip = canvas.getByRole('button', { name: 'Bien-être' })
    await expect(chip).toHaveAttribute('aria-pressed', 'false')
    await userEvent.click(chip)
    await expect(chip).toHaveAttribute('aria-pressed', 'true')
    await userEvent.keyboard(' ')
    await expect(chip).toHaveAttribute('aria-pressed', 'false')
  },
}

/** Tab atteint la puce cliquable : l’anneau de focus l’entoure ; Espace l’active comme un clic. */
export const KeyboardFocus: Story = {
  name: 'Focus clavier',
  args: { label: 'Restaurants', onClick: fn(), icon: mdiStar },
  play: async ({ args, canvas }) => {
    await userEvent.tab()
    const chip = canvas.getByRole('button', { name: 'Restaurants' })
    await expect(chip).toHaveFocus()
    await expect(getComputedStyle(chip).outlineStyle).toBe('solid')
    await userEvent.keyboard(' ')
    await expect(args.onClick).toHaveBeenCalledTimes(1)
  },
}

export const Deletable: Story = {
  name: 'Supprimable',
  args: { label: 'Loisirs', onDelete: fn() },
  play: async ({ args, canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Retirer Loisirs' }))
    await expect(args.onDelete).toHaveBeenCalled()
  },
}

export const AsLink: Story = {
  name: 'Comme lien',
  args: { asChild: true, icon: mdiStar },
  render: (args) => (
    <Chip {...args}>
      <Link to="/rechercher?c=3">Restaurants</Link>
    </Chip>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Restaurants' })).toHaveAttribute('href', '/rechercher?c=3')
  },
}

export const Disabled: Story = {
  name: 'Désactivé',
  args: { label: 'Culture', onClick: fn(), disabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Culture' })).toBeDisabled()
  },
}

export const ManyInARow: Story = {
  name: 'Plusieurs sur une ligne',
  render: () => (
    <div style={{ display: 'flex', gap: 8, overflowX: 'auto', width: 340, paddingBottom: 4 }}>
      {['Restaurants', 'Bien-être', 'Loisirs', 'Culture', 'Sport', 'Mode', 'Maison', 'Automobile'].map(
        (label) => (
          <Chip key={label} label={label} onClick={() => undefined} />
        ),
      )}
    </div>
  ),
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('button')).toHaveLength(8)
  },
}
