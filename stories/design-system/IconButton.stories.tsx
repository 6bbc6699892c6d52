import type { Meta, StoryObj } from '@storybook/react-vite'
import { Link } from 'react-router'
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test'
import { AppBar, IconButton } from '@/src/design-system/index.ts'
import { mdiDelete, mdiHome, mdiLogout } from '@/src/design-system/icons/index.ts'
import { guides, withGuidance } from './guidance.ts'

const meta = {
  title: 'Système de conception/Saisie/Bouton icône',
  parameters: withGuidance(guides.iconButton),
  component: IconButton,
  args: { label: 'Déconnexion', icon: mdiLogout, onClick: fn() },
  argTypes: { onClick: { description: 'Appelée au clic, ou quand Entrée ou Espace l’activent au clavier.' } },
} satisfies Meta<typeof IconButton>

export default meta
type Story = StoryObj<typeof meta>

export const WithTooltip: Story = {
  name: 'Avec une infobulle',
  play: async ({ args, canvas }) => {
    const button = canvas.getByRole('button', { name: 'Déconnexion' })
    await userEvent.hover(button)
    await expect(await screen.findByRole('tooltip')).toHaveTextContent('Déconnexion')
    await userEvent.click(button)
    await expect(args.onClick).toHaveBeenCalledTimes(1)
  },
}

export const KeyboardFocusShowsTooltip: Story = {
  name: 'Infobulle au focus clavier',
  play: async ({ canvas }) => {
    await userEvent.tab()
    await expect(canvas.getByRole('button', { name: 'Déconnexion' })).toHaveFocus()
    await expect(await screen.findByRole('tooltip')).toHaveTextContent('Déconnexion')
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull())
  },
}

export const Danger: Story = {
  args: { label: 'Supprimer', icon: mdiDelete, color: 'danger' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Supprimer' })).toBeVisible()
  },
}

export const Disabled: Story = {
  name: 'Désactivé',
  args: { disabled: true },
  play: async ({ args, canvas }) => {
    const button = canvas.getByRole('button', { name: 'Déconnexion' })
    await expect(button).toBeDisabled()
    await userEvent.click(button, { pointerEventsCheck: 0 })
    await expect(args.onClick).not.toHaveBeenCalled()
  },
}

export const AsLinkInAppBar: Story = {
  name: 'Comme lien dans une barre d’application',
  parameters: { layout: 'fullscreen' },
  render: (args) => (
    <AppBar
      title="Administration"
      actions={
        <>
          <IconButton asChild label="Aller aux pages publiques" icon={mdiHome} color="inherit">
            <Link to="/" />
          </IconButton>
          <IconButton {...args} color="inherit" />
        </>
      }
    />
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Aller aux pages publiques' })).toHaveAttribute('href', '/')
    await expect(canvas.getByRole('button', { name: 'Déconnexion' })).toBeVisible()
  },
}
