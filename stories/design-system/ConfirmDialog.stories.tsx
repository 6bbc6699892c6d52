import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test'
import { ConfirmDialog } from '@/src/design-system/index.ts'
import { guides, withGuidance } from './guidance.ts'

const meta = {
  title: 'Système de conception/Messages et attente/Dialogue de confirmation',
  component: ConfirmDialog,
  args: {
    open: true,
    title: 'Abandonner les modifications ?',
    description: 'Les modifications non enregistrées seront perdues.',
    confirmLabel: 'Abandonner',
    cancelLabel: 'Continuer la saisie',
    confirmColor: 'danger',
    onConfirm: fn(),
    onCancel: fn(),
  },
  // Each story in its own frame on the docs page: inline, every open dialog's overlay would cover the page.
  parameters: withGuidance(guides.confirmDialog, {
    layout: 'fullscreen',
    docs: { story: { inline: false, height: '360px' } },
  }),
} satisfies Meta<typeof ConfirmDialog>

export default meta
type Story = StoryObj<typeof meta>

export const Abandon: Story = {
  name: 'Abandonner les modifications',
  play: async ({ args }) => {
    const dialog = within(await screen.findByRole('dialog', { name: 'Abandonner les modifications ?' }))
    // Visible once the opening animation ends.
    await waitFor(() =>
      expect(dialog.getByText('Les modifications non enregistrées seront perdues.')).toBeVisible(),
    )
    await userEvent.click(dialog.getByRole('button', { name: 'Abandonner' }))
    await expect(args.onConfirm).toHaveBeenCalledTimes(1)
    await expect(args.onCancel).not.toHaveBeenCalled()
  },
}

export const KeepEditing: Story = {
  name: 'Continuer la saisie (Échap)',
  tags: ['no-visual'],
  play: async ({ args }) => {
    await screen.findByRole('dialog', { name: 'Abandonner les modifications ?' })
    await userEvent.keyboard('{Escape}')
    await expect(args.onCancel).toHaveBeenCalledTimes(1)
    await expect(args.onConfirm).not.toHaveBeenCalled()
  },
}

export const DeletePhoto: Story = {
  name: 'Suppression en cours',
  args: {
    title: 'Supprimer la photo',
    description: 'Voulez-vous vraiment supprimer « Photo 1 de Le Comptoir du Panier » ?',
    confirmLabel: 'Supprimer',
    cancelLabel: 'Annuler',
    confirmLoading: true,
  },
  play: async () => {
    const dialog = within(await screen.findByRole('dialog', { name: 'Supprimer la photo' }))
    await expect(dialog.getByRole('button', { name: 'Supprimer' })).toHaveAttribute('aria-busy', 'true')
    await expect(dialog.getByRole('button', { name: 'Annuler' })).toBeDisabled()
  },
}
