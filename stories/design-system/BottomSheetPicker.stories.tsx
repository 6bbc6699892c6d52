import { useState } from 'react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test'
import { BottomSheetPicker } from '@/src/design-system/index.ts'
import { mdiMapMarker, mdiShapeOutline } from '@/src/design-system/icons/index.ts'
import { guides, withGuidance } from './guidance.ts'

const cities = ['Aix-en-Provence', 'Aubagne', 'Cassis', 'La Ciotat', 'Marseille'].map((c) => ({
  value: c,
  label: c,
}))

const meta = {
  title: 'Système de conception/Saisie/Choix dans une feuille',
  parameters: withGuidance(guides.bottomSheetPicker),
  component: BottomSheetPicker,
  args: {
    label: 'Ville',
    options: cities,
    value: null,
    onChange: fn(),
    defaultOptionLabel: 'Dans toutes les villes',
    icon: mdiMapMarker,
  },
  globals: { viewport: { value: 'phone' } },
  render: function Render(args) {
    const [value, setValue] = useState(args.value)
    return (
      <BottomSheetPicker
        {...args}
        value={value}
        onChange={(next) => {
          setValue(next)
          args.onChange(next)
        }}
      />
    )
  },
} satisfies Meta<typeof BottomSheetPicker>

export default meta
type Story = StoryObj<typeof meta>

export const PickACity: Story = {
  name: 'Choix d’une ville',
  play: async ({ args, canvas }) => {
    const trigger = canvas.getByRole('button', { name: 'Ville : Dans toutes les villes' })
    await userEvent.click(trigger)
    const sheet = await screen.findByRole('dialog', { name: 'Ville' })
    await expect(sheet).toBeVisible()
    await expect(screen.getByRole('button', { name: 'Dans toutes les villes' })).toHaveAttribute(
      'aria-current',
      'true',
    )
    await userEvent.click(screen.getByRole('button', { name: 'Cassis' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(args.onChange).toHaveBeenCalledWith('Cassis'))
    await expect(canvas.getByRole('button', { name: 'Ville : Cassis' })).toBeVisible()
  },
}

export const BackToDefaultOption: Story = {
  name: 'Retour à l’option par défaut',
  args: {
    label: 'Catégorie',
    value: '2',
    defaultOptionLabel: 'Toutes les catégories',
    icon: mdiShapeOutline,
    options: [
      { value: '1', label: 'Restaurants' },
      { value: '2', label: 'Bien-être' },
      { value: '3', label: 'Loisirs' },
    ],
  },
  play: async ({ args, canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Catégorie : Bien-être' }))
    await userEvent.click(await screen.findByRole('button', { name: 'Toutes les catégories' }))
    await waitFor(() => expect(args.onChange).toHaveBeenCalledWith(null))
  },
}

export const BackClosesWithoutChange: Story = {
  name: 'Fermeture par le bouton retour',
  play: async ({ args, canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Ville/ }))
    await screen.findByRole('dialog')
    window.history.back()
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await expect(args.onChange).not.toHaveBeenCalled()
  },
}

export const ManyOptions: Story = {
  name: 'Beaucoup d’options',
  args: {
    options: Array.from({ length: 60 }, (_, i) => ({
      value: `Ville ${i + 1}`,
      label: `Ville numéro ${i + 1}`,
    })),
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Ville/ }))
    const sheet = await screen.findByRole('dialog')
    await waitFor(() =>
      expect(sheet.getBoundingClientRect().height).toBeLessThanOrEqual(window.innerHeight / 2 + 1),
    )
    await expect(screen.getAllByRole('listitem')).toHaveLength(61)
  },
}
