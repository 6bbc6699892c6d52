import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { UsedOffersScreen } from '@/src/screens/public/usedOffers/UsedOffersScreen.tsx'
import { signedInUser } from '@/mocks/fixtures/session.ts'
import { usedOffersHandlers } from '@/mocks/handlers/me.ts'

const meta = {
  title: 'Écrans/Public/Mes coupons utilisés',
  component: UsedOffersScreen,
  parameters: {
    layout: 'fullscreen',
    session: { user: signedInUser },
    router: { path: '/mes-coupons', initialEntries: ['/menu', '/mes-coupons'] },
  },
  globals: { viewport: { value: 'phone' } },
} satisfies Meta<typeof UsedOffersScreen>

export default meta
type Story = StoryObj<typeof meta>

/**
 * Each use with its partner, libellé and date, newest first, under its month; a coupon an administrator
 * reactivated is marked; a partner deactivated since is named but not a link.
 */
export const List: Story = {
  name: 'Liste',
  parameters: { msw: [usedOffersHandlers.success()] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('heading', { level: 1, name: 'Mes coupons utilisés' })).toBeVisible()
    await waitFor(() => expect(document.title).toBe('Mes coupons utilisés — Partenaires'))
    const june = await canvas.findByRole('region', { name: 'Juin 2026' })
    const may = canvas.getByRole('region', { name: 'Mai 2026' })
    const juneUses = within(june).getAllByTestId('used-offer')
    await expect(juneUses).toHaveLength(2)
    await expect(juneUses[0]).toHaveTextContent('Le Comptoir du Panier')
    await expect(juneUses[0]).toHaveTextContent('Café offert pour toute formule déjeuner')
    await expect(juneUses[0]).toHaveTextContent('Utilisé le 12 juin 2026')
    await expect(within(juneUses[0]).queryByText('Réactivé par un administrateur')).toBeNull()
    await expect(juneUses[1]).toHaveTextContent('Utilisé le 3 juin 2026')
    await expect(within(juneUses[1]).getByText('Réactivé par un administrateur')).toBeVisible()
    const mayUse = within(may).getByTestId('used-offer')
    await expect(mayUse).toHaveTextContent('Utilisé le 23 mai 2026')
    await expect(within(mayUse).queryByRole('link')).toBeNull()
  },
}

/** The partner's name opens its page. */
export const OpenPartner: Story = {
  name: 'Ouverture d’un partenaire',
  parameters: { msw: [usedOffersHandlers.success()] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(await canvas.findByRole('link', { name: 'Le Comptoir du Panier' }))
    await expect(await canvas.findByTestId('location')).toHaveTextContent('Page : /partenaire/1')
  },
}

export const Empty: Story = {
  name: 'Liste vide',
  parameters: { msw: [usedOffersHandlers.empty()] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByText('Aucun coupon utilisé pour le moment')).toBeVisible()
  },
}

export const Loading: Story = {
  name: 'Chargement',
  parameters: { msw: [usedOffersHandlers.loading()] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('status', { name: 'Chargement des coupons utilisés' })).toBeVisible()
  },
}

export const LoadFailed: Story = {
  name: 'Erreur de chargement',
  parameters: { msw: [usedOffersHandlers.error()] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Oups... Nous ne parvenons pas à récupérer vos coupons utilisés',
    )
    await expect(canvas.getByRole('button', { name: 'Réessayer' })).toBeVisible()
  },
}
