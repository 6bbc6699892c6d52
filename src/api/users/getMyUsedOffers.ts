import useSWR, { type SWRConfiguration } from 'swr'
import { apiPaths } from '@/contract/paths.ts'
import { callApi, type RequestOptions } from '../client.ts'

/** GET /api/users/me/used-offers: every use of a coupon by the signed-in user, newest first. */
export const getMyUsedOffers = (options?: Pick<RequestOptions, 'shownByCaller' | 'silent'>) =>
  callApi('listUsedOffers', {}, options)

/** The SWR key of a user's used coupons: the user is part of it, so another account never reads this list. */
export const usedOffersKey = (userId: number) => [apiPaths.myUsedOffers(), userId] as const

/**
 * null (signed out) fetches nothing; the user is part of the key. The page shows a failed load in place.
 * `config`: more of SWR's options for this use (e.g. read again on every mount).
 */
export function useMyUsedOffers(userId: number | null, config?: SWRConfiguration) {
  return useSWR(
    userId === null ? null : usedOffersKey(userId),
    () => getMyUsedOffers({ shownByCaller: true }),
    // A coupon used in another tab or on another device joins the list when this tab comes back into view.
    { revalidateOnFocus: true, ...config },
  )
}
