import { useCallback, useState } from 'react'
import type { DiscountOffer } from '@/contract/schemas.ts'
import { isServerUnreachable } from '@/src/api/client.ts'
import { useUseCoupon } from '@/src/api/users/useUseCoupon.ts'
import { useNotification } from '@/src/notifications/index.ts'
import { useSession } from '@/src/session/index.ts'
import type { UseProofData } from '../proof/UseProof.tsx'
import { COUPON_SUCCESS_MESSAGE } from './CouponCard.tsx'

export const CONNECTION_REQUIRED_MESSAGE = 'Connexion requise pour utiliser une offre'

const offline = () => !navigator.onLine || isServerUnreachable()

/**
 * Using an offer of the partner on screen, whether by swipe or by the confirmed button: the cached partner
 * changes at once (useUseCoupon), and the success toast (announced politely by the toast region) follows, with
 * the full-screen proof for the cashier (`proof`: the use's code and date, the partner and the offer).
 * Offline (the page may come from the offline wallet) nothing is tried nor queued: the server is the only
 * judge of a use, so the user is told a connection is needed.
 */
export function useOfferUse(partnerId: number, partnerName: string) {
  const { user } = useSession()
  const { notify } = useNotification()
  const redeemCoupon = useUseCoupon(partnerId, user?.userId.id ?? null)
  const [proof, setProof] = useState<UseProofData | null>(null)
  // Once shown, the proof's screen stays mounted (closed), so closing it gives the focus back.
  const [proofLoaded, setProofLoaded] = useState(false)
  const use = useCallback(
    async (offer: DiscountOffer) => {
      if (offline()) {
        notify(CONNECTION_REQUIRED_MESSAGE, 'error')
        return
      }
      const used = await redeemCoupon(offer.id.id)
      if (used) {
        notify(COUPON_SUCCESS_MESSAGE, 'success')
        if (used.code && used.usedAt) {
          setProof({ partnerName, libelle: used.libelle, code: used.code, usedAt: used.usedAt })
          setProofLoaded(true)
        }
      }
      // The network went away during the call: the same words rather than the generic network message.
      else if (offline()) notify(CONNECTION_REQUIRED_MESSAGE, 'error')
    },
    [redeemCoupon, notify, partnerName],
  )
  const closeProof = useCallback(() => setProof(null), [])
  return { use, canUse: user !== null, proof, proofLoaded, closeProof }
}
