import type { Meta, StoryObj } from '@storybook/react-vite'
import { Route, Routes } from 'react-router'
import { expect, userEvent, within } from 'storybook/test'
import { PublicLayout } from '@/src/screens/public/PublicLayout.tsx'
import { createFakeMapsService } from '@/src/maps/fakeMapsService.ts'
import { signedInUser } from '@/mocks/fixtures/session.ts'

const page = (name: string) => <h1 style={{ margin: 16 }}>{name}</h1>

const meta = {
  title: 'Écrans/Public/Mise en page',
  component: PublicLayout,
  parameters: {
    layout: 'fullscreen',
    session: { user: signedInUser },
    router: { path: '/*', initialEntries: ['/'] },
  },
  globals: { viewport: { value: 'phone' } },
  render: () => (
    <Routes>
      <Route element={<PublicLayout mapsService={createFakeMapsService()} />}>
        <Route index element={page('Accueil')} />
        <Route path="rechercher" element={page('Rechercher')} />
        <Route path="map" element={page('Carte')} />
        <Route path="menu" element={page('Menu')} />
      </Route>
    </Routes>
  ),
} satisfies Meta<typeof PublicLayout>

export default meta
type Story = StoryObj<typeof meta>

/**
 * La barre de navigation du bas : Accueil, Rechercher, Carte et Menu, la page en cours mise en évidence. Le
 * parcours passe par les quatre pages et s’arrête sur le Menu.
 */
export const BottomNavigation: Story = {
  name: 'Navigation du bas',
  tags: ['no-visual'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const nav = within(canvas.getByRole('navigation', { name: 'Navigation principale' }))
    const links = nav.getAllByRole('link')
    await expect(links.map((link) => link.textContent)).toEqual(['Accueil', 'Rechercher', 'Carte', 'Menu'])
    await expect(nav.getByRole('link', { name: 'Accueil' })).toHaveAttribute('aria-current', 'page')
    await userEvent.click(nav.getByRole('link', { name: 'Rechercher' }))
    await expect(canvas.getByRole('heading', { name: 'Rechercher' })).toBeVisible()
    await expect(nav.getByRole('link', { name: 'Rechercher' })).toHaveAttribute('aria-current', 'page')
    await userEvent.click(nav.getByRole('link', { name: 'Carte' }))
    await expect(canvas.getByRole('heading', { name: 'Carte' })).toBeVisible()
    await userEvent.click(nav.getByRole('link', { name: 'Menu' }))
    await expect(canvas.getByRole('heading', { name: 'Menu' })).toBeVisible()
  },
}

/** Hors connexion, la mise en page le signale. */
export const Offline: Story = {
  name: 'Hors ligne',
  beforeEach: () => {
    const descriptor = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine')
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false })
    return () => {
      delete (navigator as { onLine?: boolean }).onLine
      if (descriptor) Object.defineProperty(Navigator.prototype, 'onLine', descriptor)
    }
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Vous êtes hors ligne')
  },
}
