import { useCallback } from 'react'
import type { DiscountOffer } from '../../../../contract/schemas.ts'
import { useUseCoupon } from '../../../api/users/useUseCoupon.ts'
import { useNotification } from '../../../notifications/index.ts'
import { useSession } from '../../../session/index.ts'
import { COUPON_SUCCESS_MESSAGE } from './CouponCard.tsx'

/**
 * Using an offer of the partner on screen, whether by swipe or by the confirmed button: the cached partner
 * changes at once (useUseCoupon), and the success toast (announced politely by the toast region) follows.
 */
export function useOfferUse(partnerId: number) {
  const { user } = useSession()
  const { notify } = useNotification()
  const redeemCoupon = useUseCoupon(partnerId, user?.userId.id ?? null)
  const use = useCallback(
    async (offer: DiscountOffer) => {
      if (await redeemCoupon(offer.id.id)) notify(COUPON_SUCCESS_MESSAGE, 'success')
    },
    [redeemCoupon, notify],
  )
  return { use, canUse: user !== null }
}
