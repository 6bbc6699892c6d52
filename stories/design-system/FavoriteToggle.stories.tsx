import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent } from 'storybook/test'
import { FavoriteToggle } from '@/src/design-system/index.ts'
import { guides, withGuidance } from './guidance.ts'

const meta = {
  title: 'Système de conception/Saisie/Bouton favori',
  parameters: withGuidance(guides.favoriteToggle),
  component: FavoriteToggle,
  args: { pressed: false, onToggle: fn() },
} satisfies Meta<typeof FavoriteToggle>

export default meta
type Story = StoryObj<typeof meta>

/** Pas en favori : un cœur vide ; un appui l’ajoute aux favoris. */
export const NotFavorite: Story = {
  name: 'Pas en favori',
  play: async ({ args, canvas }) => {
    const toggle = canvas.getByRole('button', { name: 'Ajouter aux favoris' })
    await expect(toggle).toHaveAttribute('aria-pressed', 'false')
    await userEvent.click(toggle)
    await expect(args.onToggle).toHaveBeenCalledWith(true)
  },
}

/** En favori : un cœur rouge plein ; un appui le retire des favoris. */
export const Favorite: Story = {
  name: 'En favori',
  args: { pressed: true },
  play: async ({ args, canvas }) => {
    const toggle = canvas.getByRole('button', { name: 'Retirer des favoris' })
    await expect(toggle).toHaveAttribute('aria-pressed', 'true')
    await userEvent.click(toggle)
    await expect(args.onToggle).toHaveBeenCalledWith(false)
  },
}

/** Au clavier : Tab l’atteint, Espace et Entrée l’activent ; son nom et son état suivent. */
export const Keyboard: Story = {
  name: 'Au clavier',
  render: function Toggle(args) {
    const [pressed, setPressed] = useState(false)
    return (
      <FavoriteToggle
        {...args}
        pressed={pressed}
        onToggle={(next) => {
          args.onToggle(next)
          setPressed(next)
        }}
      />
    )
  },
  play: async ({ args, canvas }) => {
    await userEvent.tab()
    await expect(canvas.getByRole('button', { name: 'Ajouter aux favoris' })).toHaveFocus()
    await userEvent.keyboard(' ')
    const pressed = canvas.getByRole('button', { name: 'Retirer des favoris' })
    await expect(pressed).toHaveAttribute('aria-pressed', 'true')
    await expect(pressed).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await expect(canvas.getByRole('button', { name: 'Ajouter aux favoris' })).toHaveAttribute(
      'aria-pressed',
      'false',
    )
    await expect(args.onToggle).toHaveBeenNthCalledWith(1, true)
    await expect(args.onToggle).toHaveBeenNthCalledWith(2, false)
  },
}

/** Tant que la liste des favoris n’est pas connue. */
export const Disabled: Story = {
  name: 'Désactivé',
  args: { disabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Ajouter aux favoris' })).toBeDisabled()
  },
}
