import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent } from 'storybook/test'
import { FavoriteToggle } from '@/src/design-system/index.ts'

const meta = {
  title: 'Design system/Inputs/FavoriteToggle',
  component: FavoriteToggle,
  args: { pressed: false, onToggle: fn() },
} satisfies Meta<typeof FavoriteToggle>

export default meta
type Story = StoryObj<typeof meta>

/** Not a favourite: an outlined heart; a press asks to add it. */
export const NotFavorite: Story = {
  name: 'Pas en favori',
  play: async ({ args, canvas }) => {
    const toggle = canvas.getByRole('button', { name: 'Ajouter aux favoris' })
    await expect(toggle).toHaveAttribute('aria-pressed', 'false')
    await userEvent.click(toggle)
    await expect(args.onToggle).toHaveBeenCalledWith(true)
  },
}

/** A favourite: a filled red heart; a press asks to take it out. */
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

/** By keyboard: Tab reaches it, Space and Enter press it; name and state follow. */
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

/** While the list of favourites is not known yet. */
export const Disabled: Story = {
  name: 'Désactivé',
  args: { disabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Ajouter aux favoris' })).toBeDisabled()
  },
}
