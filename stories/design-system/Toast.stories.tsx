import { useState } from 'react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test'
import { Button, Toast, ToastProvider } from '@/src/design-system/index.ts'
import { guides, withGuidance } from './guidance.ts'

const meta = {
  title: 'Système de conception/Messages et attente/Message temporaire',
  component: Toast,
  args: {
    open: true,
    onOpenChange: fn(),
    type: 'info',
    message: 'Votre profil a été mis à jour.',
  },
  decorators: [(Story) => <ToastProvider>{Story()}</ToastProvider>],
  parameters: withGuidance(guides.toast, {
    layout: 'fullscreen',
    globalToast: false,
    // The toast is fixed to the viewport: on the docs page, a frame of its own holds it and its button.
    docs: { story: { inline: false, height: '240px' } },
  }),
} satisfies Meta<typeof Toast>

export default meta
type Story = StoryObj<typeof meta>

/** Opens and closes like the app does, so close requests really close it. */
function Controlled(args: React.ComponentProps<typeof Toast>) {
  const [open, setOpen] = useState(args.open)
  return (
    <>
      <Button onClick={() => setOpen(true)}>Afficher</Button>
      <Toast
        {...args}
        open={open}
        onOpenChange={(next) => {
          setOpen(next)
          args.onOpenChange(next)
        }}
      />
    </>
  )
}

export const Info: Story = {
  name: 'Information',
  render: (args) => <Controlled {...args} />,
  play: async ({ args }) => {
    const toast = await screen.findByText('Votre profil a été mis à jour.')
    await expect(toast).toBeVisible()
    // Bottom right of the window.
    const box = toast.closest('li')!.getBoundingClientRect()
    await expect(window.innerWidth - box.right).toBeLessThanOrEqual(20)
    await expect(window.innerHeight - box.bottom).toBeLessThanOrEqual(20)
    await expect(box.width).toBeGreaterThanOrEqual(300)
    await userEvent.click(screen.getByRole('button', { name: 'Fermer' }))
    await expect(args.onOpenChange).toHaveBeenCalledWith(false)
    await waitFor(() => expect(screen.queryByText('Votre profil a été mis à jour.')).toBeNull())
  },
}

export const Success: Story = {
  name: 'Succès',
  args: { type: 'success', message: 'Mot de passe réinitialisé avec succès.' },
  play: async () => {
    await expect(await screen.findByText('Mot de passe réinitialisé avec succès.')).toBeVisible()
  },
}

export const Warning: Story = {
  name: 'Avertissement',
  args: { type: 'warning', message: 'La géolocalisation est désactivée.' },
  play: async () => {
    await expect(await screen.findByText('La géolocalisation est désactivée.')).toBeVisible()
  },
}

export const ErrorType: Story = {
  name: 'Erreur',
  args: { type: 'error', message: 'Erreur lors de l’envoi de l’e-mail.' },
  play: async () => {
    await expect(await screen.findByText('Erreur lors de l’envoi de l’e-mail.')).toBeVisible()
  },
}

export const ClosesAfterDelay: Story = {
  name: 'Fermeture automatique',
  // Same mechanism as the app's 5000 ms, shortened to keep the test fast.
  args: { duration: 600, message: 'Je disparais tout seul.' },
  render: (args) => <Controlled {...args} />,
  play: async ({ args }) => {
    await expect(await screen.findByText('Je disparais tout seul.')).toBeVisible()
    await waitFor(() => expect(args.onOpenChange).toHaveBeenCalledWith(false))
    await waitFor(() => expect(screen.queryByText('Je disparais tout seul.')).toBeNull())
  },
}

export const LongMultiLineText: Story = {
  name: 'Texte long sur plusieurs lignes',
  args: {
    type: 'error',
    message:
      'Oups... Nous ne parvenons pas à récupérer les résultats.\nVérifiez votre connexion internet puis réessayez dans quelques instants : si le problème persiste, contactez le support.',
  },
  play: async () => {
    const text = await screen.findByText(/Nous ne parvenons pas/)
    const toast = text.closest('li')!
    // Max width 35% of the window; the text wraps onto several lines.
    await expect(toast.getBoundingClientRect().width).toBeLessThanOrEqual(
      Math.max(300, window.innerWidth * 0.35) + 1,
    )
    await expect(toast.getBoundingClientRect().height).toBeGreaterThan(60)
  },
}

export const Phone: Story = {
  name: 'Sur téléphone',
  globals: { viewport: { value: 'phone' } },
  args: { message: 'Bienvenue !' },
  play: async () => {
    const toast = (await screen.findByText('Bienvenue !')).closest('li')!
    // Full width minus the 16px margins.
    await expect(toast.getBoundingClientRect().width).toBeCloseTo(window.innerWidth - 32, 0)
  },
}
