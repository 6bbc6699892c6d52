import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test'
import { PartnerDetailsScreen } from '@/src/screens/public/partner/PartnerDetailsScreen.tsx'
import { USE_OFFER_DIALOG_TITLE } from '@/src/screens/public/partner/PartnerDetails.tsx'
import { HttpResponse } from 'msw'
import { SWRConfig } from 'swr'
import { partnerById } from '@/mocks/fixtures/index.ts'
import { signedInUser } from '@/mocks/fixtures/session.ts'
import { mockApi } from '@/mocks/handlers/mockApi.ts'
import {
  deactivateOfferHandlers,
  MOCK_USE_CODE,
  partnerForUserHandlers,
  usedCouponReply,
} from '@/mocks/handlers/public.ts'
import { swipe } from './gestures.ts'
import { vieuxPortLocation, withUserLocation } from './decorators.tsx'

/** Records every deactivation the screen asks for: user, partner and offer ids from the path. */
const deactivated = fn()
const recordDeactivation = mockApi('deactivateOffer', ({ params }) => {
  deactivated(params)
  return usedCouponReply(params)
})

const meta = {
  title: 'Écrans/Public/Partenaire',
  component: PartnerDetailsScreen,
  args: { carouselInterval: 0 },
  parameters: {
    layout: 'fullscreen',
    session: { user: signedInUser },
    router: { path: '/partenaire/:id', initialEntries: ['/rechercher', '/partenaire/1'] },
    msw: [partnerForUserHandlers.success(), recordDeactivation],
  },
  globals: { viewport: { value: 'phone' } },
  beforeEach: () => {
    deactivated.mockClear()
  },
} satisfies Meta<typeof PartnerDetailsScreen>

export default meta
type Story = StoryObj<typeof meta>

const coupons = (canvasElement: HTMLElement) => within(canvasElement).getAllByTestId('coupon-card')

/** The full-screen proof that follows a use (issue 41): shown with the use's code, then closed with 'Fermer'. */
async function closeUseProof() {
  const proof = await screen.findByRole('dialog', { name: 'Offre utilisée' })
  await expect(within(proof).getByTestId('use-proof-code')).toHaveTextContent(MOCK_USE_CODE)
  await userEvent.click(within(proof).getByRole('button', { name: 'Fermer' }))
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Offre utilisée' })).toBeNull())
}

/**
 * The server's view of partner 1 when another tab (or device) of the same user uses its first offer (101) after
 * this page's first read: every later read has it DISABLED. `partnerReads` counts the reads.
 */
let partnerReads = 0
const partnerUsedElsewhereAfterFirstRead = mockApi('getPartnerForUser', () => {
  partnerReads += 1
  const partner = partnerById(1)
  if (partnerReads === 1) return HttpResponse.json(partner)
  return HttpResponse.json({
    ...partner,
    discountOffers: partner.discountOffers.map((offer) =>
      offer.id.id === 101 ? { ...offer, status: 'DISABLED' as const } : offer,
    ),
  })
})

export const Loading: Story = {
  name: 'Chargement',
  parameters: { msw: [partnerForUserHandlers.loading()] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('status', { name: 'Chargement du partenaire' })).toBeVisible()
    // The name is not known yet: the tab shows the app's name.
    await waitFor(() => expect(document.title).toBe('Partenaires'))
    await expect(canvas.getByRole('button', { name: 'Retour' })).toBeVisible()
  },
}

/** Photos, name, categories, rating, description, directions, phone and the coupons in every state. */
export const Success: Story = {
  name: 'Fiche complète',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Le Comptoir du Panier' }),
    ).toBeVisible()
    await waitFor(() => expect(document.title).toBe('Le Comptoir du Panier — Partenaires'))
    await expect(canvas.getByRole('region', { name: 'Photos de Le Comptoir du Panier' })).toBeVisible()
    await expect(canvas.getByText('Restaurants')).toBeVisible()
    await expect(canvas.getByText('Épicerie fine')).toBeVisible()
    await expect(canvas.getByRole('img', { name: 'Note : 4,5 sur 5 (128 avis)' })).toBeVisible()
    await expect(canvas.getByText(/Bistrot provençal au cœur du Panier/)).toBeVisible()
    const directions = canvas.getByRole('link', { name: 'Itinéraire' })
    await expect(directions).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=Le%20Comptoir%20du%20Panier%20Marseille',
    )
    await expect(directions).toHaveAttribute('target', '_blank')
    await expect(directions).toHaveAttribute('rel', expect.stringContaining('noopener'))
    await expect(canvas.getByRole('link', { name: 'Appeler le 04 91 00 12 34' })).toHaveAttribute(
      'href',
      'tel:0491001234',
    )
    await expect(canvas.getByRole('heading', { name: 'Offres disponibles' })).toBeVisible()
    const [available, withoutDate, used, expired] = coupons(canvasElement)
    await expect(available).toHaveTextContent("Valable jusqu'au 31/12/2031")
    await expect(within(available).getByText('Glissez à droite pour utiliser')).toBeVisible()
    await expect(withoutDate).not.toHaveTextContent('Valable')
    await expect(used).toHaveAttribute('data-state', 'used')
    await expect(within(used).getByText('Offre utilisée')).toBeVisible()
    await expect(within(used).queryByText('Glissez à droite pour utiliser')).toBeNull()
    await expect(expired).toHaveAttribute('data-state', 'expired')
    await expect(expired).toHaveTextContent("Valable jusqu'au 15/01/2024")
    await expect(within(expired).queryByText('Glissez à droite pour utiliser')).toBeNull()
  },
}

/** No offers, no phone, no photo. */
export const WithoutOffers: Story = {
  name: 'Sans offre',
  parameters: { router: { path: '/partenaire/:id', initialEntries: ['/partenaire/5'] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByText('De nouvelles offres bientôt disponibles!')).toBeVisible()
    await expect(canvas.queryByText('Offres disponibles')).toBeNull()
    await expect(canvas.queryAllByTestId('coupon-card')).toHaveLength(0)
  },
}

export const WithoutPhotoNorPhone: Story = {
  name: 'Sans photo ni téléphone',
  parameters: { router: { path: '/partenaire/:id', initialEntries: ['/partenaire/3'] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole('heading', { name: 'Atelier Coiffure Mazargues' })).toBeVisible()
    await expect(canvas.getByRole('img', { name: 'Pas de photo' })).toBeVisible()
    await expect(canvas.queryByRole('link', { name: /^Appeler/ })).toBeNull()
    await expect(canvas.queryByRole('img', { name: /^Note/ })).toBeNull()
  },
}

/** A swipe past (window width - 32) / 1.5 uses the coupon: used at once, the server told, the success toast. */
export const SwipeToUse: Story = {
  name: 'Glisser pour utiliser',
  play: async (context) => {
    await Success.play!(context)
    const canvas = within(context.canvasElement)
    await swipe(coupons(context.canvasElement)[0], window.innerWidth)
    await expect(coupons(context.canvasElement)[0]).toHaveAttribute('data-state', 'used')
    await waitFor(() =>
      expect(deactivated).toHaveBeenCalledWith({
        userId: String(signedInUser.userId.id),
        partnerId: '1',
        offerId: '101',
      }),
    )
    const page = within(context.canvasElement.ownerDocument.body)
    await expect(await page.findByText('Bravo! Vous avez utilisé vote offre!')).toBeVisible()
    await closeUseProof()
    await expect(
      within(coupons(context.canvasElement)[0]).queryByText('Glissez à droite pour utiliser'),
    ).toBeNull()
    await expect(canvas.getAllByText('Offre utilisée')).toHaveLength(2)
  },
}

/** A short drag snaps back: nothing is used. */
export const ShortSwipeSnapsBack: Story = {
  name: 'Glissement trop court',
  play: async (context) => {
    await Success.play!(context)
    const card = coupons(context.canvasElement)[0]
    await swipe(card, 40)
    await expect(card).toHaveAttribute('data-state', 'available')
    await waitFor(() => expect(card.style.transform).toBe('translateX(0px)'))
    await expect(deactivated).not.toHaveBeenCalled()
  },
}

/** The server refuses: the card is used at once, then available again. */
export const SwipeFailsAndReverts: Story = {
  name: 'Erreur serveur au glissement',
  parameters: { msw: [partnerForUserHandlers.success(), deactivateOfferHandlers.error(300)] },
  play: async (context) => {
    await Success.play!(context)
    await swipe(coupons(context.canvasElement)[0], window.innerWidth)
    await expect(coupons(context.canvasElement)[0]).toHaveAttribute('data-state', 'used')
    await waitFor(() => expect(coupons(context.canvasElement)[0]).toHaveAttribute('data-state', 'available'))
    await expect(
      within(coupons(context.canvasElement)[0]).getByText('Glissez à droite pour utiliser'),
    ).toBeVisible()
  },
}

/** A used or expired coupon cannot be swiped. */
export const UsedCouponNotSwipeable: Story = {
  name: 'Coupon déjà utilisé',
  play: async (context) => {
    await Success.play!(context)
    const used = coupons(context.canvasElement)[2]
    await swipe(used, window.innerWidth)
    const expired = coupons(context.canvasElement)[3]
    await swipe(expired, window.innerWidth)
    await expect(used.style.transform).toBe('translateX(0px)')
    await expect(expired).toHaveAttribute('data-state', 'expired')
    await expect(deactivated).not.toHaveBeenCalled()
  },
}

/** Tab from the phone link reaches the first coupon's button; Enter opens the confirmation dialog. */
async function openUseDialogByKeyboard(canvasElement: HTMLElement) {
  const canvas = within(canvasElement)
  // 'Partager' is the last of the partner's actions: the next Tab reaches the first coupon.
  canvas.getByRole('button', { name: 'Partager' }).focus()
  await userEvent.tab()
  const button = within(coupons(canvasElement)[0]).getByRole('button', { name: "Utiliser l'offre" })
  await expect(button).toHaveFocus()
  await userEvent.keyboard('{Enter}')
  const dialog = await screen.findByRole('dialog', { name: 'Utiliser cette offre ?' })
  await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Annuler' })).toHaveFocus())
  // The dialog fades in: its text counts as visible once the opacity animation has ended.
  await waitFor(() => expect(within(dialog).getByText('Le Comptoir du Panier')).toBeVisible())
  return dialog
}

/** The use button opens 'Utiliser cette offre ?' with the partner, the offer and its expiry; nothing used yet. */
export const UseOfferDialog: Story = {
  name: 'Dialogue de confirmation',
  play: async (context) => {
    await Success.play!(context)
    const dialog = await openUseDialogByKeyboard(context.canvasElement)
    await expect(dialog).toHaveAccessibleDescription(
      "Le Comptoir du Panier -10 % sur l’addition Valable jusqu'au 31/12/2031",
    )
    await expect(within(dialog).getByText('Le Comptoir du Panier')).toBeVisible()
    await expect(within(dialog).getByText('-10 % sur l’addition')).toBeVisible()
    await expect(within(dialog).getByText("Valable jusqu'au 31/12/2031")).toBeVisible()
    await expect(within(dialog).getByRole('button', { name: 'Confirmer' })).toBeVisible()
    await expect(deactivated).not.toHaveBeenCalled()
  },
}

/** 'Annuler' (Enter on it) closes the dialog, uses nothing and gives the focus back to the button. */
export const UseOfferCancelled: Story = {
  name: 'Confirmation annulée',
  tags: ['no-visual'],
  play: async (context) => {
    await Success.play!(context)
    await openUseDialogByKeyboard(context.canvasElement)
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const first = coupons(context.canvasElement)[0]
    await waitFor(() => expect(within(first).getByRole('button', { name: "Utiliser l'offre" })).toHaveFocus())
    await expect(first).toHaveAttribute('data-state', 'available')
    await expect(deactivated).not.toHaveBeenCalled()
  },
}

/** Tab to 'Confirmer', Enter: what a swipe does (same call, used at once, the toast, announced politely). */
export const UseOfferConfirmed: Story = {
  name: 'Offre utilisée après confirmation',
  play: async (context) => {
    await Success.play!(context)
    await openUseDialogByKeyboard(context.canvasElement)
    await userEvent.tab()
    await expect(screen.getByRole('button', { name: 'Confirmer' })).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    // The confirmation closes; the use's proof (a dialog too) may already be opening when its code is loaded.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: USE_OFFER_DIALOG_TITLE })).toBeNull())
    const first = coupons(context.canvasElement)[0]
    await expect(first).toHaveAttribute('data-state', 'used')
    await waitFor(() =>
      expect(deactivated).toHaveBeenCalledWith({
        userId: String(signedInUser.userId.id),
        partnerId: '1',
        offerId: '101',
      }),
    )
    await expect(deactivated).toHaveBeenCalledTimes(1)
    const page = within(context.canvasElement.ownerDocument.body)
    await expect(await page.findByText('Bravo! Vous avez utilisé vote offre!')).toBeVisible()
    await closeUseProof()
    // The toast region's own announcer: a polite status that screen readers read out.
    await waitFor(() =>
      expect(
        [...context.canvasElement.ownerDocument.querySelectorAll('[role="status"][aria-live="polite"]')].some(
          (region) => region.textContent?.includes('Bravo! Vous avez utilisé vote offre!'),
        ),
      ).toBe(true),
    )
    await expect(within(first).queryByRole('button', { name: "Utiliser l'offre" })).toBeNull()
    await expect(within(first).getByText('Offre utilisée')).toBeVisible()
    // The button is gone with the use: the focus stays on the coupon, not at the top of the page.
    await waitFor(() => expect(first).toHaveFocus())
  },
}

/** The server refuses the confirmed use: used at once, then available again with its button. */
export const UseOfferConfirmFailsAndReverts: Story = {
  name: 'Erreur serveur à la confirmation',
  parameters: { msw: [partnerForUserHandlers.success(), deactivateOfferHandlers.error(300)] },
  play: async (context) => {
    await Success.play!(context)
    await openUseDialogByKeyboard(context.canvasElement)
    await userEvent.click(screen.getByRole('button', { name: 'Confirmer' }))
    await expect(coupons(context.canvasElement)[0]).toHaveAttribute('data-state', 'used')
    await waitFor(() => expect(coupons(context.canvasElement)[0]).toHaveAttribute('data-state', 'available'))
    const first = coupons(context.canvasElement)[0]
    await expect(within(first).getByRole('button', { name: "Utiliser l'offre" })).toBeVisible()
    await expect(within(first).getByText('Glissez à droite pour utiliser')).toBeVisible()
    await expect(within(first).queryByText('Offre utilisée')).toBeNull()
    await expect(
      within(context.canvasElement.ownerDocument.body).queryByText('Bravo! Vous avez utilisé vote offre!'),
    ).toBeNull()
  },
}

/**
 * Another tab used the offer after this page was read: confirming here gets the server's 409 ('Vous avez déjà
 * utilisé ce coupon.', the app's toast). The card is shown used at once and stays so (it used to come back
 * usable), and the partner is read again for the server's view of it.
 */
export const UseOfferAlreadyUsedElsewhere: Story = {
  name: 'Offre déjà utilisée dans un autre onglet',
  tags: ['no-visual'],
  parameters: { msw: [partnerUsedElsewhereAfterFirstRead, deactivateOfferHandlers.alreadyUsed(300)] },
  beforeEach: () => {
    partnerReads = 0
  },
  play: async (context) => {
    await Success.play!(context)
    await openUseDialogByKeyboard(context.canvasElement)
    await userEvent.click(screen.getByRole('button', { name: 'Confirmer' }))
    const first = () => coupons(context.canvasElement)[0]
    await expect(first()).toHaveAttribute('data-state', 'used')
    await waitFor(() => expect(partnerReads).toBe(2))
    // Past the refusal and the new read: still used, with no way to use it.
    await new Promise((resolve) => setTimeout(resolve, 400))
    await expect(first()).toHaveAttribute('data-state', 'used')
    await expect(within(first()).getByText('Offre utilisée')).toBeVisible()
    await expect(within(first()).queryByRole('button', { name: "Utiliser l'offre" })).toBeNull()
    await expect(
      within(context.canvasElement.ownerDocument.body).queryByText('Bravo! Vous avez utilisé vote offre!'),
    ).toBeNull()
  },
}

/**
 * The user comes back to this tab after using the offer in another: the partner is read again as the tab
 * becomes visible, and the card shows used without any action here.
 */
export const OfferUsedElsewhereShownOnReturn: Story = {
  name: 'Retour sur l’onglet après usage ailleurs',
  tags: ['no-visual'],
  parameters: { msw: [partnerUsedElsewhereAfterFirstRead, recordDeactivation] },
  // SWR reads again on a return to the tab no sooner than 5 s after the screen's first read (none at first load):
  // without that wait here.
  decorators: [(Story) => <SWRConfig value={{ focusThrottleInterval: 0 }}>{Story()}</SWRConfig>],
  beforeEach: () => {
    partnerReads = 0
  },
  play: async (context) => {
    await Success.play!(context)
    await expect(coupons(context.canvasElement)[0]).toHaveAttribute('data-state', 'available')
    await expect(partnerReads).toBe(1)
    document.dispatchEvent(new Event('visibilitychange'))
    await waitFor(() => expect(coupons(context.canvasElement)[0]).toHaveAttribute('data-state', 'used'))
    await expect(partnerReads).toBe(2)
    await expect(
      within(coupons(context.canvasElement)[0]).queryByRole('button', { name: "Utiliser l'offre" }),
    ).toBeNull()
    await expect(deactivated).not.toHaveBeenCalled()
  },
}

/** A failed load goes back one page. */
export const LoadFailureGoesBack: Story = {
  name: 'Erreur de chargement : retour',
  parameters: { msw: [partnerForUserHandlers.error()] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByTestId('location')).toHaveTextContent('Page : /rechercher')
  },
}

export const BackButton: Story = {
  name: 'Bouton retour',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Retour' }))
    await expect(await canvas.findByTestId('location')).toHaveTextContent('Page : /rechercher')
  },
}

/** Opened from a link (no page of the app before it): 'Retour' goes to the home page, never out of the app. */
export const BackButtonWithoutHistory: Story = {
  name: 'Bouton retour sans historique',
  tags: ['no-visual'],
  parameters: { router: { path: '/partenaire/:id', initialEntries: ['/partenaire/1'] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Retour' }))
    await expect(await canvas.findByTestId('location')).toHaveTextContent(/^Page : \/$/)
  },
}

/** A failed load opened from a link goes to the home page too. */
export const LoadFailureWithoutHistory: Story = {
  name: 'Erreur de chargement sans historique',
  tags: ['no-visual'],
  parameters: {
    router: { path: '/partenaire/:id', initialEntries: ['/partenaire/1'] },
    msw: [partnerForUserHandlers.error()],
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByTestId('location')).toHaveTextContent(/^Page : \/$/)
  },
}

/**
 * A partner that does not exist (or is not active: the server answers the same 404) is the not-found page, even
 * right after the access-denied page: never the page before, and no toast on top of it.
 */
export const MissingPartner: Story = {
  name: 'Partenaire introuvable',
  parameters: {
    router: { path: '/partenaire/:id', initialEntries: ['/unauthorized', '/partenaire/99999'] },
    msw: [partnerForUserHandlers.notFound()],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole('heading', { name: 'Oups ! Page non trouvée' })).toBeVisible()
    await expect(canvas.queryByText(/Accès refusé/)).toBeNull()
    await expect(canvas.queryByTestId('location')).toBeNull()
    await waitFor(() => expect(document.title).toBe('Page non trouvée — Partenaires'))
    await expect(screen.queryByText('Partenaire introuvable.')).toBeNull()
    await expect(canvas.getByRole('link', { name: "Retour à l'accueil" })).toHaveAttribute('href', '/')
  },
}

/** An id that cannot be a partner's is the not-found page without asking the server. */
export const ImpossibleId: Story = {
  name: 'Identifiant impossible',
  tags: ['no-visual'],
  parameters: {
    router: { path: '/partenaire/:id', initialEntries: ['/rechercher', '/partenaire/abc'] },
    msw: [partnerForUserHandlers.error()],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole('heading', { name: 'Oups ! Page non trouvée' })).toBeVisible()
    await expect(screen.queryByText('Une erreur interne est survenue.')).toBeNull()
  },
}

/**
 * The address and, once the user's position is known, the distance from them; 'Retour' sits in its own bar, never
 * on the carousel's 'previous' arrow.
 */
export const AddressDistanceAndBack: Story = {
  name: 'Adresse et distance',
  decorators: [withUserLocation(vieuxPortLocation)],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await canvas.findByRole('heading', { level: 1, name: 'Le Comptoir du Panier' })
    await expect(canvas.getByText(/12 rue du Panier, Marseille/)).toBeVisible()
    await expect(canvas.getByTestId('partner-distance')).toHaveTextContent(/^\d+(,\d)? km$/)
    const back = canvas.getByRole('button', { name: 'Retour' }).getBoundingClientRect()
    const previous = canvas.getByRole('button', { name: 'Diapositive précédente' }).getBoundingClientRect()
    const overlap =
      back.left < previous.right &&
      previous.left < back.right &&
      back.top < previous.bottom &&
      previous.top < back.bottom
    await expect(overlap).toBe(false)
    await expect(back.bottom).toBeLessThanOrEqual(
      canvas.getByRole('region', { name: 'Photos de Le Comptoir du Panier' }).getBoundingClientRect().top,
    )
  },
}
