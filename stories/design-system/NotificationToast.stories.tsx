import type { Meta, StoryObj } from '@storybook/react-vite'
import { useNavigate } from 'react-router'
import { expect, screen, userEvent, waitFor } from 'storybook/test'
import { Button } from '@/src/design-system/index.ts'
import { NotificationToast, useNotification, type NotificationType } from '@/src/notifications/index.ts'
import { guides, withGuidance } from './guidance.ts'

function Demo({ duration, type, message }: { duration?: number; type: NotificationType; message: string }) {
  const { notify, notification } = useNotification()
  const navigate = useNavigate()
  return (
    <div style={{ display: 'flex', gap: 8 }}>
      <Button onClick={() => notify(message, type)}>Notifier</Button>
      <Button variant="outlined" onClick={() => navigate('/ailleurs')}>
        Naviguer
      </Button>
      <Button variant="outlined" onClick={() => navigate(-1)}>
        Retour
      </Button>
      <output data-testid="state">{notification ? notification.message : 'aucune'}</output>
      <NotificationToast duration={duration} />
    </div>
  )
}

const meta = {
  title: 'Système de conception/Messages et attente/Notification',
  // The props table documents the real component; the demo around it keeps its value, as a form does.
  component: NotificationToast,
  render: (args) => <Demo {...args} />,
  args: { type: 'info', message: 'Partenaire enregistré.' },
  parameters: withGuidance(guides.notificationToast, {
    layout: 'fullscreen',
    globalToast: false,
    // The toast is fixed to the viewport: on the docs page, a frame of its own holds it.
    docs: { story: { inline: false, height: '240px' } },
  }),
} satisfies Meta<typeof Demo>

export default meta
type Story = StoryObj<typeof meta>

/** La notification apparaît puis disparaît d’elle-même au bout de 5 secondes. */
export const ShowsAndClears: Story = {
  name: 'Affichage et fermeture',
  tags: ['no-visual'],
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Notifier' }))
    await expect(await screen.findByText('Partenaire enregistré.', { selector: 'li *' })).toBeVisible()
    await userEvent.click(screen.getByRole('button', { name: 'Fermer' }))
    await expect(canvas.getByTestId('state')).toHaveTextContent('aucune')
  },
}

export const ErrorColour: Story = {
  name: 'Erreur',
  args: { type: 'error', message: 'Une erreur est survenue.' },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Notifier' }))
    const toast = (await screen.findByText('Une erreur est survenue.', { selector: 'li *' })).closest('li')!
    await expect(toast).toHaveAttribute('data-type', 'error')
  },
}

/** Le retour arrière du navigateur ne ferme pas la notification. */
export const NotClosedByBackNavigation: Story = {
  name: 'Reste affichée au retour arrière',
  tags: ['no-visual'],
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Naviguer' }))
    await userEvent.click(canvas.getByRole('button', { name: 'Notifier' }))
    await screen.findByText('Partenaire enregistré.', { selector: 'li *' })
    await userEvent.click(canvas.getByRole('button', { name: 'Retour' }))
    await expect(screen.getByText('Partenaire enregistré.', { selector: 'li *' })).toBeVisible()
    await expect(canvas.getByTestId('state')).toHaveTextContent('Partenaire enregistré.')
  },
}

export const AutoClosesAndClears: Story = {
  name: 'Fermeture automatique',
  args: { duration: 600 },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Notifier' }))
    await screen.findByText('Partenaire enregistré.', { selector: 'li *' })
    await waitFor(() => expect(canvas.getByTestId('state')).toHaveTextContent('aucune'))
  },
}
