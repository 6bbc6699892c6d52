import { useState } from 'react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useLocation, useNavigate } from 'react-router'
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test'
import { BottomSheet, Button } from '@/src/design-system/index.ts'
import { guides, withGuidance } from './guidance.ts'

const meta = {
  title: 'Système de conception/Mise en page/Feuille du bas',
  component: BottomSheet,
  args: {
    open: false,
    onOpenChange: fn(),
    title: 'Le Petit Marseillais',
    children: <p>Restaurant • Marseille. Cuisine provençale et terrasse ombragée.</p>,
  },
  parameters: withGuidance(guides.bottomSheet, { layout: 'fullscreen' }),
  globals: { viewport: { value: 'phone' } },
  render: function Render(args) {
    const [open, setOpen] = useState(args.open)
    const location = useLocation()
    const navigate = useNavigate()
    return (
      <div style={{ padding: 16 }}>
        <p data-testid="route">Page : {location.pathname}</p>
        <Button onClick={() => navigate('/map')}>Aller à la carte</Button>{' '}
        <Button onClick={() => setOpen(true)}>Ouvrir</Button>
        <BottomSheet
          {...args}
          open={open}
          onOpenChange={(next) => {
            setOpen(next)
            args.onOpenChange(next)
          }}
        />
      </div>
    )
  },
} satisfies Meta<typeof BottomSheet>

export default meta
type Story = StoryObj<typeof meta>

export const ClosesOnBack: Story = {
  name: 'Fermeture par le bouton retour',
  play: async ({ args, canvas }) => {
    // Inside the (memory) router: the sheet's history entry must not disturb the route.
    await userEvent.click(canvas.getByRole('button', { name: 'Aller à la carte' }))
    await userEvent.click(canvas.getByRole('button', { name: 'Ouvrir' }))
    const sheet = await screen.findByRole('dialog', { name: 'Le Petit Marseillais' })
    await waitFor(() => expect(sheet).toBeVisible())
    // The sheet pushed its own history entry (history.length saturates at 50, so the state is what tells).
    await expect(window.history.state).toHaveProperty('__bottomSheet')
    window.history.back()
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false)
    await expect(canvas.getByTestId('route')).toHaveTextContent('Page : /map')
  },
}

export const EscapeClosesAndPopsHistory: Story = {
  name: 'Fermeture par Échap',
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Ouvrir' }))
    await screen.findByRole('dialog')
    const state = window.history.state as Record<string, unknown> | null
    await expect(state).toHaveProperty('__bottomSheet')
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    // Our entry was popped: a later back will leave the page as usual.
    await waitFor(() =>
      expect((window.history.state as Record<string, unknown> | null)?.__bottomSheet).toBeUndefined(),
    )
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Ouvrir' })).toHaveFocus())
  },
}

export const FocusTrappedAndCloseButton: Story = {
  name: 'Focus retenu et bouton Fermer',
  args: {
    children: (
      <>
        <p>Offres disponibles</p>
        <Button>Itinéraire</Button>
      </>
    ),
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Ouvrir' }))
    const sheet = await screen.findByRole('dialog')
    await waitFor(() => expect(sheet.contains(document.activeElement)).toBe(true))
    for (let i = 0; i < 4; i += 1) {
      await userEvent.tab()
      await expect(sheet.contains(document.activeElement)).toBe(true)
    }
    await userEvent.click(screen.getByRole('button', { name: 'Fermer' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  },
}

export const AtMostHalfTheScreen: Story = {
  name: 'Contenu long : moitié de l’écran au plus',
  args: {
    title: 'Beaucoup de contenu',
    children: (
      <div>
        {Array.from({ length: 40 }, (_, i) => (
          <p key={i}>Ligne de description numéro {i + 1} : le contenu défile dans la feuille.</p>
        ))}
      </div>
    ),
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Ouvrir' }))
    const sheet = await screen.findByRole('dialog')
    await waitFor(() =>
      expect(sheet.getBoundingClientRect().height).toBeLessThanOrEqual(window.innerHeight / 2 + 1),
    )
    await waitFor(() => expect(sheet.getBoundingClientRect().bottom).toBeCloseTo(window.innerHeight, 0))
  },
}
