import type { Meta, StoryObj } from '@storybook/react-vite'
import { addDays, format } from 'date-fns'
import { expect, fn, userEvent, within } from 'storybook/test'
import { CouponCard } from '@/src/screens/public/partner/CouponCard.tsx'
import { offers } from '@/mocks/fixtures/offers.ts'
import { swipe } from './gestures.ts'

/** yyyy-MM-dd, `days` after today (the visual run freezes today, so the picture stays the same). */
const inDays = (days: number) => format(addDays(new Date(), days), 'yyyy-MM-dd')

const meta = {
  title: 'Écrans/Public/Partenaire/Coupon',
  component: CouponCard,
  args: { offer: offers.dessert, clickable: true, onUse: fn(), onUseRequest: fn() },
  decorators: [
    (Story) => (
      <div style={{ width: 'calc(100vw - 32px)', padding: 16 }}>
        <Story />
      </div>
    ),
  ],
  parameters: { layout: 'fullscreen' },
  globals: { viewport: { value: 'phone' } },
} satisfies Meta<typeof CouponCard>

export default meta
type Story = StoryObj<typeof meta>

export const Available: Story = {
  name: 'Disponible',
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByTestId('coupon-card')
    await expect(card).toHaveTextContent('-10 % sur l’addition')
    await expect(card).toHaveTextContent("Valable jusqu'au 31/12/2031")
    await expect(within(card).getByText('Glissez à droite pour utiliser')).toBeVisible()
    await expect(card).toHaveAttribute('data-swipeable', 'true')
    await expect(within(card).getByRole('button', { name: "Utiliser l'offre" })).toBeVisible()
    await expect(within(card).queryByText('Expire bientôt')).toBeNull()
  },
}

/** The same action without dragging (WCAG 2.5.7): Tab reaches the button, Enter asks to use this offer. */
export const UseButtonByKeyboard: Story = {
  name: 'Au clavier',
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: "Utiliser l'offre" })
    await expect(button).toHaveAccessibleDescription('-10 % sur l’addition')
    await userEvent.tab()
    await expect(button).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await expect(args.onUseRequest).toHaveBeenCalledWith(offers.dessert)
    // The card makes no call and does not change by itself: the screen owns the use.
    await expect(args.onUse).not.toHaveBeenCalled()
    await expect(within(canvasElement).getByTestId('coupon-card')).toHaveAttribute('data-state', 'available')
  },
}

/** A swipe past the threshold emits the use at once (no confirmation). */
export const SwipeEmitsUse: Story = {
  name: 'Glisser pour utiliser',
  tags: ['no-visual'],
  play: async ({ args, canvasElement }) => {
    await swipe(within(canvasElement).getByTestId('coupon-card'), window.innerWidth)
    await expect(args.onUse).toHaveBeenCalledWith(offers.dessert)
    await expect(args.onUseRequest).not.toHaveBeenCalled()
  },
}

/** Valid for 3 more days: marked 'Expire bientôt' beside its date. */
export const ExpiresSoon: Story = {
  name: 'Expire bientôt',
  args: { offer: { ...offers.dessert, expirationDate: inDays(3) } },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByTestId('coupon-card')
    await expect(within(card).getByText('Expire bientôt')).toBeVisible()
    await expect(card).toHaveTextContent(`Valable jusqu'au ${format(addDays(new Date(), 3), 'dd/MM/yyyy')}`)
    await expect(within(card).getByRole('button', { name: "Utiliser l'offre" })).toBeVisible()
  },
}

/** Today is the last day (still usable, so still soon); in 7 days is not soon yet. */
export const ExpiresTodayAndInAWeek: Story = {
  name: 'Expire aujourd’hui ou dans une semaine',
  tags: ['no-visual'],
  render: (args) => (
    <>
      <CouponCard {...args} offer={{ ...offers.dessert, id: { id: 1 }, expirationDate: inDays(0) }} />
      <CouponCard {...args} offer={{ ...offers.cafe, id: { id: 2 }, expirationDate: inDays(6) }} />
      <CouponCard {...args} offer={{ ...offers.seance, id: { id: 3 }, expirationDate: inDays(7) }} />
    </>
  ),
  play: async ({ canvasElement }) => {
    const [today, sixDays, sevenDays] = within(canvasElement).getAllByTestId('coupon-card')
    await expect(today).toHaveAttribute('data-state', 'available')
    await expect(within(today).getByText('Expire bientôt')).toBeVisible()
    await expect(within(sixDays).getByText('Expire bientôt')).toBeVisible()
    await expect(within(sevenDays).queryByText('Expire bientôt')).toBeNull()
  },
}

export const WithoutExpiry: Story = {
  name: 'Sans date d’expiration',
  args: { offer: offers.cafe },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('coupon-card')).not.toHaveTextContent('Valable')
  },
}

/** Not clickable (e.g. while the user's own view loads): no hint, a swipe does nothing. */
export const NotClickable: Story = {
  name: 'Non cliquable',
  args: { clickable: false },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByTestId('coupon-card')
    await expect(within(card).queryByText('Glissez à droite pour utiliser')).toBeNull()
    await expect(within(card).queryByRole('button')).toBeNull()
    await swipe(card, window.innerWidth)
    await expect(card).toHaveAttribute('data-state', 'available')
    await expect(card.style.transform).toBe('translateX(0px)')
  },
}

export const Used: Story = {
  name: 'Coupon déjà utilisé',
  args: { offer: offers.used },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByTestId('coupon-card')
    await expect(card).toHaveAttribute('data-state', 'used')
    await expect(within(card).getByText('Offre utilisée')).toBeVisible()
    await expect(card).toHaveAttribute('data-swipeable', 'false')
    await expect(within(card).queryByRole('button')).toBeNull()
  },
}

/** A used coupon expiring soon: no mark (nothing left to hurry for). */
export const UsedExpiringSoon: Story = {
  name: 'Déjà utilisé, expire bientôt',
  tags: ['no-visual'],
  args: { offer: { ...offers.used, expirationDate: inDays(2) } },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByTestId('coupon-card')
    await expect(within(card).queryByText('Expire bientôt')).toBeNull()
  },
}

export const Expired: Story = {
  name: 'Expiré',
  args: { offer: offers.expired },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByTestId('coupon-card')
    await expect(card).toHaveAttribute('data-state', 'expired')
    await expect(card).toHaveTextContent("Valable jusqu'au 15/01/2024")
    await expect(within(card).getByText('Offre expirée')).toBeVisible()
    await expect(within(card).queryByRole('button')).toBeNull()
    await expect(within(card).queryByText('Expire bientôt')).toBeNull()
  },
}
