import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent } from 'storybook/test'
import { PasswordField } from '@/src/design-system/index.ts'
import { mdiLock } from '@/src/design-system/icons/index.ts'
import { guides, withGuidance } from './guidance.ts'

const meta = {
  title: 'Système de conception/Saisie/Champ mot de passe',
  parameters: withGuidance(guides.passwordField),
  component: PasswordField,
  args: { label: 'Mot de passe', name: 'password', leadingIcon: mdiLock },
  decorators: [(Story) => <div style={{ width: 360 }}>{Story()}</div>],
} satisfies Meta<typeof PasswordField>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  name: 'Par défaut',
  play: async ({ canvas }) => {
    const input = canvas.getByLabelText('Mot de passe')
    await expect(input).toHaveAttribute('type', 'password')
    await userEvent.type(input, 'secret123')
    await userEvent.click(canvas.getByRole('button', { name: 'Afficher le mot de passe' }))
    await expect(input).toHaveAttribute('type', 'text')
    await expect(input).toHaveValue('secret123')
    await userEvent.click(canvas.getByRole('button', { name: 'Masquer le mot de passe' }))
    await expect(input).toHaveAttribute('type', 'password')
  },
}

export const KeyboardToggle: Story = {
  name: 'Au clavier',
  play: async ({ canvas }) => {
    await userEvent.tab()
    await expect(canvas.getByLabelText('Mot de passe')).toHaveFocus()
    await userEvent.tab()
    await expect(canvas.getByRole('button', { name: 'Afficher le mot de passe' })).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await expect(canvas.getByLabelText('Mot de passe')).toHaveAttribute('type', 'text')
  },
}

export const WithError: Story = {
  name: 'Avec une erreur',
  args: { label: 'Confirmer le mot de passe', error: 'Les mots de passe ne correspondent pas.' },
  play: async ({ canvas }) => {
    const input = canvas.getByLabelText('Confirmer le mot de passe')
    await expect(input).toHaveAttribute('aria-invalid', 'true')
    await expect(input).toHaveAccessibleDescription('Les mots de passe ne correspondent pas.')
  },
}

export const Disabled: Story = {
  name: 'Désactivé',
  args: { disabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Mot de passe')).toBeDisabled()
    await expect(canvas.getByRole('button', { name: 'Afficher le mot de passe' })).toBeDisabled()
  },
}
