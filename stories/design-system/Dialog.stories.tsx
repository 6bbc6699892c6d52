import { useState } from 'react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test'
import { Button, Dialog, TextField } from '@/src/design-system/index.ts'
import { guides, withGuidance } from './guidance.ts'

const meta = {
  title: 'Système de conception/Messages et attente/Dialogue',
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
  // Each story in its own frame on the docs page: inline, every open dialog's overlay would cover the page.
  parameters: withGuidance(guides.dialog, {
    layout: 'fullscreen',
    docs: { story: { inline: false, height: '480px' } },
  }),
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

/** What a phone does for a tap on `element`: pointer down and up on it, then the click. */
function tap(element: HTMLElement) {
  const init: PointerEventInit = { bubbles: true, cancelable: true, pointerType: 'touch', isPrimary: true }
  element.dispatchEvent(new PointerEvent('pointerdown', { ...init, buttons: 1 }))
  element.dispatchEvent(new PointerEvent('pointerup', init))
  element.click()
}

const centreOf = (element: HTMLElement) => {
  const box = element.getBoundingClientRect()
  return [box.left + box.width / 2, box.top + box.height / 2] as const
}

const calledBehind = fn()

/**
 * Un double toucher sur « Confirmer », qui ferme le dialogue : le second toucher ne déclenche pas ce qui se
 * trouve dessous dans la page (un lien « tel: » ouvrait le composeur). Au clavier, rien ne bloque la page ;
 * elle répond de nouveau au toucher un instant après.
 */
export const DoubleTapOnConfirm: Story = {
  name: 'Double tap sur Confirmer',
  tags: ['no-visual'],
  args: { title: 'Utiliser cette offre ?', description: undefined, confirmLabel: 'Confirmer' },
  globals: { viewport: { value: 'phone' } },
  beforeEach: () => {
    calledBehind.mockClear()
  },
  render: function Render(args) {
    const [open, setOpen] = useState(args.open)
    return (
      <>
        <button type="button" style={{ position: 'fixed', inset: 0 }} onClick={calledBehind}>
          Appeler le 04 91 00 12 34
        </button>
        <Dialog
          {...args}
          open={open}
          onOpenChange={setOpen}
          onConfirm={() => {
            args.onConfirm?.()
            setOpen(false)
          }}
        />
        {open ? null : (
          <Button style={{ position: 'fixed', top: 0, left: 0, zIndex: 1 }} onClick={() => setOpen(true)}>
            Ouvrir
          </Button>
        )}
      </>
    )
  },
  play: async ({ args, canvas }) => {
    const confirm = await screen.findByRole('button', { name: 'Confirmer' })
    await waitFor(() => expect(screen.getByRole('dialog')).toBeVisible())
    const [x, y] = centreOf(confirm)
    tap(confirm)
    await expect(args.onConfirm).toHaveBeenCalledTimes(1)
    await expect(screen.queryByRole('dialog')).toBeNull()
    const second = document.elementFromPoint(x, y)
    await expect(second).toBe(screen.getByTestId('dialog-tap-shield'))
    tap(second as HTMLElement)
    await expect(calledBehind).not.toHaveBeenCalled()
    await expect(args.onConfirm).toHaveBeenCalledTimes(1)
    // Gone in a moment: the page takes taps again.
    await waitFor(() => expect(screen.queryByTestId('dialog-tap-shield')).toBeNull())
    await expect(document.elementFromPoint(x, y)).toBe(canvas.getByRole('button', { name: /^Appeler/ }))

    await userEvent.click(canvas.getByRole('button', { name: 'Ouvrir' }))
    await waitFor(() => expect(screen.getByRole('dialog')).toBeVisible())
    screen.getByRole('button', { name: 'Confirmer' }).focus()
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await expect(args.onConfirm).toHaveBeenCalledTimes(2)
    await expect(screen.queryByTestId('dialog-tap-shield')).toBeNull()
  },
}
