import { useState } from 'react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test'
import { Button, Dialog, TextField } from '@/src/design-system/index.ts'

const meta = {
  title: 'Design system/Feedback/Dialog',
  component: Dialog,
  args: {
    open: true,
    onOpenChange: fn(),
    onConfirm: fn(),
    title: 'Editer le coupon utilisé',
    description:
      'Ce coupon a été utilisé. Voulez vous le réactiver pour permettre à l’utilisateur de le réutiliser?',
    confirmLabel: 'Réactiver',
  },
  parameters: { layout: 'fullscreen' },
  render: function Render(args) {
    const [open, setOpen] = useState(args.open)
    return (
      <>
        <Button onClick={() => setOpen(true)}>Ouvrir</Button>
        <Dialog
          {...args}
          open={open}
          onOpenChange={(next) => {
            setOpen(next)
            args.onOpenChange(next)
          }}
        />
      </>
    )
  },
} satisfies Meta<typeof Dialog>

export default meta
type Story = StoryObj<typeof meta>

export const Confirm: Story = {
  name: 'Confirmation',
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Editer le coupon utilisé' })
    await expect(dialog).toHaveAccessibleDescription(/Voulez vous le réactiver/)
    // Desktop: half the window, between 300 and 800px.
    await waitFor(() => expect(dialog.getBoundingClientRect().width).toBeCloseTo(window.innerWidth / 2, 0))
    await expect(dialog.getBoundingClientRect().width).toBeLessThanOrEqual(800)
    await userEvent.click(screen.getByRole('button', { name: 'Réactiver' }))
    await expect(args.onConfirm).toHaveBeenCalledTimes(1)
  },
}

export const CancelAndEscape: Story = {
  name: 'Annulation et Échap',
  play: async ({ args, canvas }) => {
    await userEvent.click(await screen.findByRole('button', { name: 'Annuler' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await expect(args.onOpenChange).toHaveBeenCalledWith(false)
    await userEvent.click(canvas.getByRole('button', { name: 'Ouvrir' }))
    await screen.findByRole('dialog')
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Ouvrir' })).toHaveFocus())
  },
}

export const ConfirmLoading: Story = {
  name: 'Enregistrement en cours',
  args: {
    title: 'Ajouter une page',
    description: undefined,
    confirmLabel: 'Enregistrer',
    confirmLoading: true,
  },
  play: async ({ args }) => {
    const save = await screen.findByRole('button', { name: 'Enregistrer' })
    await expect(save).toHaveAttribute('aria-busy', 'true')
    await expect(screen.getByRole('button', { name: 'Annuler' })).toBeDisabled()
    // No closing while saving.
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.getByRole('dialog')).toBeVisible())
    await expect(args.onOpenChange).not.toHaveBeenCalled()
  },
}

export const WithForm: Story = {
  name: 'Avec un formulaire',
  args: {
    title: 'Ajouter un coupon',
    description: undefined,
    confirmLabel: 'Valider',
    confirmForm: 'coupon-form',
    children: (
      <form
        id="coupon-form"
        onSubmit={(event) => event.preventDefault()}
        style={{ display: 'grid', gap: 12 }}
      >
        <TextField label="Libelle" />
        <TextField label="Date d'expiration" placeholder="AAAA-MM-JJ" />
      </form>
    ),
  },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter un coupon' })
    await waitFor(() => expect(screen.getByLabelText('Libelle')).toHaveFocus())
    await expect(screen.getByRole('button', { name: 'Valider' })).toHaveAttribute('form', 'coupon-form')
    await waitFor(() => expect(dialog).toBeVisible())
  },
}

export const Phone: Story = {
  name: 'Sur téléphone',
  globals: { viewport: { value: 'phone' } },
  play: async () => {
    const dialog = await screen.findByRole('dialog')
    // 50% of a phone would be under 300px: the minimum applies (once the opening animation is over).
    await waitFor(() => expect(dialog.getBoundingClientRect().width).toBeGreaterThanOrEqual(300))
  },
}

export const LongFrenchText: Story = {
  name: 'Texte long',
  args: {
    title: 'Choisir une icône pour la catégorie',
    description: undefined,
    confirmLabel: 'Ok',
    cancelLabel: null,
    children: (
      <p>
        {'Saisissez le nom d’une icône Material Design (par exemple « silverware-fork-knife » pour un restaurant). '.repeat(
          8,
        )}
      </p>
    ),
  },
  play: async () => {
    await screen.findByRole('dialog')
    await expect(screen.queryByRole('button', { name: 'Annuler' })).toBeNull()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Ok' })).toBeVisible())
  },
}
