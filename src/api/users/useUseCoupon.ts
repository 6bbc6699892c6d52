import { useCallback } from 'react'
import { useSWRConfig } from 'swr'
import type { OfferStatus, Partner } from '@/contract/schemas.ts'
import { apiPaths } from '@/contract/paths.ts'
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
 * showing it reads: DISABLED at once, then the server is asked; if it refuses, only that offer goes back to
 * ENABLED (another coupon used meanwhile stays used). Resolves true once used; a refusal resolves false, its
 * error toast comes from the app's providers.
 */
export function useUseCoupon(partnerId: number, userId: number | null) {
  const { mutate } = useSWRConfig()
  return useCallback(
    async (offerId: number): Promise<boolean> => {
      if (userId === null) return false
      const setStatus = (status: OfferStatus) =>
        mutate<Partner>(
          apiPaths.partnerDiscountsUser(partnerId, userId),
          (current) => withOfferStatus(current, offerId, status),
          { revalidate: false },
        )
      await setStatus('DISABLED')
      try {
        await deactivateOffer(userId, partnerId, offerId)
        return true
      } catch {
        await setStatus('ENABLED')
        return false
      }
    },
    [mutate, partnerId, userId],
  )
}
