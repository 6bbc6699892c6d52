import { useCallback, useState } from 'react'
import type { DiscountOffer, OfferStatus } from '../../../../contract/schemas.ts'
import { deactivateOffer } from '../../../api/users/deactivateOffer.ts'
import { useNotification } from '../../../notifications/index.ts'
import { useSession } from '../../../session/index.ts'
import { COUPON_SUCCESS_MESSAGE } from './CouponCard.tsx'

/**
 * Using an offer, whether by swipe or by the confirmed button (spec section 4): DISABLED at once, then the
 * server is asked; the success toast (announced politely by the toast region) or, if the call fails, ENABLED
 * again (the error toast comes from the app's providers).
 */
export function useOfferUse(partnerId: number, onUsed?: (offer: DiscountOffer) => void) {
  const { user } = useSession()
  const { notify } = useNotification()
  const [statuses, setStatuses] = useState<ReadonlyMap<number, OfferStatus>>(new Map())

  const setStatus = (offerId: number, status: OfferStatus) =>
    setStatuses((current) => new Map(current).set(offerId, status))

  const use = useCallback(
    async (offer: DiscountOffer) => {
      if (!user) return
      setStatus(offer.id.id, 'DISABLED')
      try {
        await deactivateOffer(user.userId.id, partnerId, offer.id.id)
        notify(COUPON_SUCCESS_MESSAGE, 'success')
        onUsed?.(offer)
      } catch {
        setStatus(offer.id.id, 'ENABLED')
      }
    },
    [user, partnerId, notify, onUsed],
  )

  const statusOf = (offer: DiscountOffer): OfferStatus => statuses.get(offer.id.id) ?? offer.status
  return { use, statusOf, canUse: user !== null }
}
