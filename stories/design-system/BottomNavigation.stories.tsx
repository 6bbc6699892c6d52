import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent } from 'storybook/test'
import { BottomNavigation, type BottomNavItem } from '@/src/design-system/index.ts'
import { mdiHome, mdiMagnify, mdiMap, mdiMenu } from '@/src/design-system/icons/index.ts'
import { guides, withGuidance } from './guidance.ts'

const items: BottomNavItem[] = [
  { to: '/', label: 'Accueil', icon: mdiHome, end: true },
  { to: '/rechercher', label: 'Rechercher', icon: mdiMagnify },
  { to: '/map', label: 'Carte', icon: mdiMap },
  { to: '/menu', label: 'Menu', icon: mdiMenu },
]

const meta = {
  title: 'Système de conception/Navigation/Navigation du bas',
  component: BottomNavigation,
  args: { items },
  parameters: withGuidance(guides.bottomNavigation, {
    layout: 'fullscreen',
    router: { initialEntries: ['/rechercher'] },
    // Fixed to the viewport's bottom: on the docs page, a frame of its own gives it a bottom to stick to.
    docs: { story: { inline: false, height: '160px' } },
  }),
  globals: { viewport: { value: 'phone' } },
} satisfies Meta<typeof BottomNavigation>

export default meta
type Story = StoryObj<typeof meta>

export const FixedAtTheBottom: Story = {
  name: 'Fixée en bas de l’écran',
  play: async ({ canvas }) => {
    const nav = canvas.getByRole('navigation', { name: 'Navigation principale' })
    await expect(nav.getBoundingClientRect().bottom).toBeCloseTo(window.innerHeight, 0)
    await expect(canvas.getByRole('link', { name: 'Rechercher' })).toHaveAttribute('aria-current', 'page')
    await expect(canvas.getByRole('link', { name: 'Accueil' })).not.toHaveAttribute('aria-current')
  },
}

export const Navigates: Story = {
  name: 'Changement d’onglet',
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('link', { name: 'Carte' }))
    await expect(canvas.getByRole('link', { name: 'Carte' })).toHaveAttribute('aria-current', 'page')
    await expect(canvas.getByRole('link', { name: 'Rechercher' })).not.toHaveAttribute('aria-current')
  },
}

export const HomeActiveOnlyOnRoot: Story = {
  name: 'Accueil actif à la racine',
  parameters: { router: { initialEntries: ['/'] } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Accueil' })).toHaveAttribute('aria-current', 'page')
    await expect(canvas.getAllByRole('link')).toHaveLength(4)
  },
}
