import { useState } from 'react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test'
import { Select } from '@/src/design-system/index.ts'
import { guides, withGuidance } from './guidance.ts'

const statusOptions = [
  { value: 'ENABLED', label: 'Activé' },
  { value: 'DISABLED', label: 'Désactivé' },
]

const meta = {
  title: 'Système de conception/Saisie/Liste déroulante',
  parameters: withGuidance(guides.select),
  component: Select,
  args: { label: 'Status', options: statusOptions, onValueChange: fn() },
  decorators: [(Story) => <div style={{ width: 320 }}>{Story()}</div>],
} satisfies Meta<typeof Select>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  name: 'Par défaut',
  render: function Render(args) {
    const [value, setValue] = useState('')
    return (
      <Select
        {...args}
        value={value}
        onValueChange={(next) => {
          setValue(next)
          args.onValueChange?.(next)
        }}
      />
    )
  },
  play: async ({ args, canvas }) => {
    const trigger = canvas.getByRole('combobox', { name: 'Status' })
    await expect(trigger).toHaveTextContent('Choisir…')
    await userEvent.click(trigger)
    await userEvent.click(await screen.findByRole('option', { name: 'Désactivé' }))
    await expect(args.onValueChange).toHaveBeenCalledWith('DISABLED')
    await waitFor(() => expect(trigger).toHaveTextContent('Désactivé'))
  },
}

export const Keyboard: Story = {
  name: 'Au clavier',
  args: { defaultValue: 'ENABLED' },
  play: async ({ args, canvas }) => {
    await userEvent.tab()
    const trigger = canvas.getByRole('combobox', { name: 'Status' })
    await expect(trigger).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await screen.findByRole('listbox')
    await userEvent.keyboard('{ArrowDown}{Enter}')
    await expect(args.onValueChange).toHaveBeenCalledWith('DISABLED')
  },
}

export const EmptyValueOption: Story = {
  name: 'Option vide',
  args: {
    label: 'Cible du lien',
    options: [
      { value: '', label: 'Aucune' },
      { value: '_blank', label: 'Nouvel onglet' },
      { value: '_self', label: 'Même page' },
    ],
    defaultValue: '',
  },
  play: async ({ args, canvas }) => {
    const trigger = canvas.getByRole('combobox', { name: 'Cible du lien' })
    await expect(trigger).toHaveTextContent('Aucune')
    await userEvent.click(trigger)
    await userEvent.click(await screen.findByRole('option', { name: 'Nouvel onglet' }))
    await expect(args.onValueChange).toHaveBeenCalledWith('_blank')
  },
}

export const WithError: Story = {
  name: 'Avec une erreur',
  args: { error: 'Value is required' },
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('combobox', { name: 'Status' })
    await expect(trigger).toHaveAttribute('aria-invalid', 'true')
    await expect(trigger).toHaveAccessibleDescription('Value is required')
  },
}

export const Disabled: Story = {
  name: 'Désactivé',
  args: { disabled: true, defaultValue: 'ENABLED' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: 'Status' })).toBeDisabled()
  },
}

export const ManyOptions: Story = {
  name: 'Beaucoup d’options',
  args: {
    label: 'Statut',
    options: Array.from({ length: 30 }, (_, i) => ({ value: `S${i}`, label: `Statut numéro ${i + 1}` })),
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: 'Statut' }))
    await expect(await screen.findAllByRole('option')).toHaveLength(30)
    await userEvent.keyboard('{Escape}')
  },
}
