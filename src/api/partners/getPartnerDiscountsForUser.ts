import useSWR from 'swr'
import type { Partner } from '@/contract/schemas.ts'
import { apiPaths } from '@/contract/paths.ts'
import { callApi } from '../client.ts'

/** GET /api/partners/{id}/discounts-user/{userId}: the partner with its offers, used ones DISABLED for this user. */
export function getPartnerDiscountsForUser(
  partnerId: number | string,
  userId: number | string,
): Promise<Partner> {
  return callApi('getPartnerForUser', { params: { id: partnerId, userId } })
}

/** A partner that does not exist, is not active or has an impossible id: the page shows 'not found' itself. */
export const PARTNER_NOT_FOUND_STATUSES = [400, 404] as const

export function usePartnerDiscountsForUser(
  partnerId: number | string | null,
  userId: number | string | null,
  { notFoundShownByCaller = false }: { notFoundShownByCaller?: boolean } = {},
) {
  return useSWR(
    partnerId != null && userId != null ? apiPaths.partnerDiscountsUser(partnerId, userId) : null,
    () =>
      callApi(
        'getPartnerForUser',
        { params: { id: partnerId!, userId: userId! } },
        { shownByCaller: notFoundShownByCaller ? PARTNER_NOT_FOUND_STATUSES : undefined },
      ),
    // Read again when the tab comes back into view (a coupon used in another tab or on another device shows
    // used); SWR's throttle and deduplication keep the first load to one request.
    { revalidateOnFocus: true },
  )
}
