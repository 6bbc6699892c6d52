import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test'
import { UseProof } from '@/src/screens/public/proof/UseProof.tsx'

/**
 * The story's own clock: the proof's seconds move only when the play function says, so its picture is the same
 * on every run (the real screen reads Date.now).
 */
const frozenTime = new Date('2026-06-15T10:00:00+02:00').getTime()
let storyTime = frozenTime
const storyClock = () => storyTime

const meta = {
  title: 'Écrans/Public/Preuve d’utilisation',
  component: UseProof,
  args: {
    proof: {
      partnerName: 'Le Comptoir du Panier',
      libelle: 'Café offert pour toute formule déjeuner',
      code: 'K7M2QX',
      usedAt: new Date(frozenTime - 60_000).toISOString(),
    },
    onClose: fn(),
    now: storyClock,
  },
  parameters: { layout: 'fullscreen' },
  globals: { viewport: { value: 'phone' } },
  beforeEach: () => {
    storyTime = frozenTime
  },
} satisfies Meta<typeof UseProof>

export default meta
type Story = StoryObj<typeof meta>

/**
 * Right after the swipe: the partner, the offer, the use's code in large type, its date, and the clock whose
 * seconds tick (the background and the ring around the code move without end: a screenshot does not).
 */
export const Shown: Story = {
  name: 'Preuve affichée',
  play: async () => {
    const proof = await screen.findByRole('dialog', { name: 'Offre utilisée' })
    // Visible once the dialog's fade-in is over.
    await waitFor(() => expect(within(proof).getByText('Le Comptoir du Panier')).toBeVisible())
    await expect(within(proof).getByText('Café offert pour toute formule déjeuner')).toBeVisible()
    await expect(within(proof).getByTestId('use-proof-code')).toHaveTextContent('K7M2QX')
    await expect(within(proof).getByText('Utilisée le 15 juin 2026 à 09:59')).toBeVisible()
    const clock = within(proof).getByTestId('use-proof-clock')
    await expect(clock).toHaveTextContent('10:00:00')
    // The seconds tick: one second later the clock says so by itself.
    storyTime += 1000
    await waitFor(() => expect(clock).toHaveTextContent('10:00:01'))
    storyTime += 1000
    await waitFor(() => expect(clock).toHaveTextContent('10:00:02'))
  },
}

/** The background moves without end (a CSS animation), and stops for people who ask for less motion. */
export const Animated: Story = {
  name: 'Animation continue',
  tags: ['no-visual'],
  play: async () => {
    const proof = await screen.findByTestId('use-proof')
    const [animation] = proof.getAnimations()
    await expect(animation).toBeDefined()
    await expect(animation!.effect?.getComputedTiming().iterations).toBe(Infinity)
    await expect(
      matchMedia('(prefers-reduced-motion: reduce)').matches || animation!.playState === 'running',
    ).toBe(true)
  },
}

/** 'Fermer' (or Échap) closes it. */
export const Closed: Story = {
  name: 'Fermeture',
  tags: ['no-visual'],
  play: async ({ args }) => {
    const proof = await screen.findByRole('dialog', { name: 'Offre utilisée' })
    await userEvent.click(within(proof).getByRole('button', { name: 'Fermer' }))
    await waitFor(() => expect(args.onClose).toHaveBeenCalledTimes(1))
  },
}
