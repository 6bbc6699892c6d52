import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { CouponCard } from '../../../src/screens/public/partner/CouponCard.tsx'
import { offers } from '../../../mocks/fixtures/offers.ts'
import { signedInUser } from '../../../mocks/fixtures/session.ts'
import { deactivateOfferHandlers } from '../../../mocks/handlers/public.ts'
import { swipe } from './gestures.ts'

const meta = {
  title: 'Écrans/Public/Partenaire/Coupon',
  component: CouponCard,
  args: { offer: offers.dessert, partnerId: 1, clickable: true },
  decorators: [
    (Story) => (
      <div style={{ width: 'calc(100vw - 32px)', padding: 16 }}>
        <Story />
      </div>
    ),
  ],
  parameters: {
    layout: 'fullscreen',
    session: { user: signedInUser },
    msw: [deactivateOfferHandlers.success()],
  },
  globals: { viewport: { value: 'phone' } },
} satisfies Meta<typeof CouponCard>

export default meta
type Story = StoryObj<typeof meta>

export const Available: Story = {
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByTestId('coupon-card')
    await expect(card).toHaveTextContent('-10 % sur l’addition')
    await expect(card).toHaveTextContent("Valable jusqu'au 31/12/2031")
    await expect(within(card).getByText('Glissez à droite pour utiliser')).toBeVisible()
    await expect(card).toHaveAttribute('data-swipeable', 'true')
  },
}

export const WithoutExpiry: Story = {
  args: { offer: offers.cafe },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('coupon-card')).not.toHaveTextContent('Valable')
  },
}

/** Not clickable (e.g. while the user's own view loads): no hint, a swipe does nothing. */
export const NotClickable: Story = {
  args: { clickable: false },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByTestId('coupon-card')
    await expect(within(card).queryByText('Glissez à droite pour utiliser')).toBeNull()
    await swipe(card, window.innerWidth)
    await expect(card).toHaveAttribute('data-state', 'available')
    await expect(card.style.transform).toBe('translateX(0px)')
  },
}

export const Used: Story = {
  args: { offer: offers.used },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByTestId('coupon-card')
    await expect(card).toHaveAttribute('data-state', 'used')
    await expect(within(card).getByText('Offre utilisée')).toBeVisible()
    await expect(card).toHaveAttribute('data-swipeable', 'false')
  },
}

export const Expired: Story = {
  args: { offer: offers.expired },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByTestId('coupon-card')
    await expect(card).toHaveAttribute('data-state', 'expired')
    await expect(card).toHaveTextContent("Valable jusqu'au 15/01/2024")
    await expect(within(card).getByText('Offre expirée')).toBeVisible()
  },
}
