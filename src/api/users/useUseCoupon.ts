import { useCallback, useRef } from 'react'
import { useSWRConfig } from 'swr'
import type { RedeemedOffer } from '@/contract/offerUses.ts'
import type { OfferStatus, Partner } from '@/contract/schemas.ts'
import { apiPaths } from '@/contract/paths.ts'
import { ApiError } from '../client.ts'
import { deactivateOffer } from './deactivateOffer.ts'

const withOfferStatus = (partner: Partner | undefined, offerId: number, status: OfferStatus) =>
  partner && {
    ...partner,
    discountOffers: partner.discountOffers.map((offer) =>
      offer.id.id === offerId ? { ...offer, status } : offer,
    ),
  }

/**
 * Using a coupon (spec section 4), as a mutation of the cached partner (GET discounts-user) that every screen
 * showing it reads: DISABLED at once, then the server is asked. A 409 means this user cannot use it (already
 * used, e.g. in another tab, or no longer offered): it stays shown unusable and the partner is read again for the
 * server's own view. Any other failure gives only that offer back (another coupon used meanwhile stays used).
 * Resolves with the server's answer once used (the use's code and date: its proof); a refusal resolves null, its
 * error toast (the server's message) comes from the app's providers. A second use of an offer whose first is
 * still on its way is ignored (null). The person's history is read again, so 'Mes coupons utilisés' has it.
 */
export function useUseCoupon(partnerId: number, userId: number | null) {
  const { mutate } = useSWRConfig()
  const pending = useRef(new Set<number>())
  return useCallback(
    async (offerId: number): Promise<RedeemedOffer | null> => {
      if (userId === null || pending.current.has(offerId)) return null
      const key = apiPaths.partnerDiscountsUser(partnerId, userId)
      const setStatus = (status: OfferStatus) =>
        mutate<Partner>(key, (current) => withOfferStatus(current, offerId, status), { revalidate: false })
      pending.current.add(offerId)
      try {
        await setStatus('DISABLED')
        const used = await deactivateOffer(userId, partnerId, offerId)
        // Again once used: a read of the partner started during the call (the tab came back into view) would
        // otherwise show it usable; SWR drops the answer of a read that a mutation overtook.
        await setStatus('DISABLED')
        void mutate([apiPaths.myUsedOffers(), userId])
        return used
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) void mutate(key)
        else await setStatus('ENABLED')
        return null
      } finally {
        pending.current.delete(offerId)
      }
    },
    [mutate, partnerId, userId],
  )
}
