import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect } from 'storybook/test'
import { Alert, Button } from '@/src/design-system/index.ts'
import { guides, withGuidance } from './guidance.ts'

const meta = {
  title: 'Système de conception/Messages et attente/Alerte',
  parameters: withGuidance(guides.alert),
  component: Alert,
  args: { severity: 'error', children: 'Email ou mot de passe incorrect' },
  decorators: [(Story) => <div style={{ width: 400 }}>{Story()}</div>],
} satisfies Meta<typeof Alert>

export default meta
type Story = StoryObj<typeof meta>

export const ErrorSeverity: Story = {
  name: 'Erreur',
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Email ou mot de passe incorrect')
  },
}

export const Success: Story = {
  name: 'Succès',
  args: { severity: 'success', children: 'Un e-mail de réinitialisation a été envoyé.' },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('alert')).toBeNull()
    await expect(canvas.getByRole('status')).toHaveTextContent('Un e-mail de réinitialisation a été envoyé.')
  },
}

export const Info: Story = {
  name: 'Information',
  args: { severity: 'info', children: 'Ajoutez l’application à votre écran d’accueil.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toBeVisible()
  },
}

export const Warning: Story = {
  name: 'Avertissement',
  args: { severity: 'warning', title: 'Attention', children: 'La carte n’est pas disponible sans clé.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Attention')).toBeVisible()
  },
}

export const LongFrenchTextWithAction: Story = {
  name: 'Texte long avec une action',
  args: {
    children:
      'Erreur lors de la réinitialisation du mot de passe. Le lien a peut-être expiré : demandez-en un nouveau depuis la page « Mot de passe oublié ».',
    action: (
      <Button size="small" variant="text" color="danger">
        Réessayer
      </Button>
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Réessayer' })).toBeVisible()
  },
}
