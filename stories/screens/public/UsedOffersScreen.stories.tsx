import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, screen, userEvent, waitFor, within } from 'storybook/test'
import { UsedOffersScreen } from '@/src/screens/public/usedOffers/UsedOffersScreen.tsx'
import { signedInUser } from '@/mocks/fixtures/session.ts'
import { usedOffers } from '@/mocks/fixtures/usedOffers.ts'
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

/** 'Today' of the stories' pictures (.storybook/visual-clock.ts): 15 June 2026, 10:00 in Paris. */
const picturesToday = Date.parse('2026-06-15T10:00:00+02:00')
/**
 * Whether this story runs under the pictures' clock (the test runner's), not the real one (the Storybook a
 * designer opens): a use 'of the last 15 minutes' is 5 minutes before whichever 'now' the story has.
 */
const underPicturesClock = () => Math.abs(Date.now() - picturesToday) < 60 * 60_000

/** Uses with their code (issue 41): one made 5 minutes before the story's 'now', one long before. */
const withCodes = [
  {
    ...usedOffers[0]!,
    useId: '15',
    code: 'K7M2QX',
    // Read when the handler answers: in the Storybook a designer opens, 'now' is the real date.
    get usedAt() {
      return new Date((underPicturesClock() ? picturesToday : Date.now()) - 5 * 60_000).toISOString()
    },
  },
  { ...usedOffers[0]!, useId: '13', code: 'H4RT9B', usedAt: '2026-06-14T12:10:00.000Z' },
]

/**
 * Each use shows its code; the one of the last 15 minutes can be shown again to the cashier: 'Montrer au
 * commerçant' opens its full-screen proof from the list already on screen.
 */
export const ShowToCashier: Story = {
  name: 'Montrer au commerçant',
  parameters: { msw: [usedOffersHandlers.success(withCodes)] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const [recent, older] = await canvas.findAllByTestId('used-offer')
    await expect(recent).toHaveTextContent('Code K7M2QX')
    await expect(older).toHaveTextContent('Code H4RT9B')
    await expect(within(older!).queryByRole('button', { name: 'Montrer au commerçant' })).toBeNull()
    await userEvent.click(within(recent!).getByRole('button', { name: 'Montrer au commerçant' }))
    const proof = await screen.findByRole('dialog', { name: 'Offre utilisée' })
    await expect(within(proof).getByTestId('use-proof-code')).toHaveTextContent('K7M2QX')
    // Visible once the dialog's fade-in is over.
    await waitFor(() => expect(within(proof).getByText('Le Comptoir du Panier')).toBeVisible())
    await expect(
      within(proof).getByText(
        underPicturesClock()
          ? 'Utilisée le 15 juin 2026 à 09:55'
          : /^Utilisée le \d{1,2} \S+ \d{4} à \d{2}:\d{2}$/,
      ),
    ).toBeVisible()
    await userEvent.click(within(proof).getByRole('button', { name: 'Fermer' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Offre utilisée' })).toBeNull())
  },
}
