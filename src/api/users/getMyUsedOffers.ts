import useSWR from 'swr'
import type { UsedOffer } from '../../../contract/schemas.ts'
import { apiPaths } from '../../../contract/paths.ts'
import { apiGet } from '../client.ts'

/** GET /api/users/me/used-offers: every use of a coupon by the signed-in user, newest first. */
export const getMyUsedOffers = () => apiGet<UsedOffer[]>(apiPaths.myUsedOffers())

/** null (signed out) fetches nothing; the user is part of the key. The page shows a failed load in place. */
export function useMyUsedOffers(userId: number | null) {
  return useSWR(userId === null ? null : ([apiPaths.myUsedOffers(), userId] as const), () =>
    apiGet<UsedOffer[]>(apiPaths.myUsedOffers(), undefined, { shownByCaller: true }),
  )
}
