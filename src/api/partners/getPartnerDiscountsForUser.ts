import useSWR from 'swr'
import type { Partner } from '../../../contract/schemas.ts'
import { apiPaths } from '../../../contract/paths.ts'
import { apiGet } from '../client.ts'

/** GET /api/partners/{id}/discounts-user/{userId}: the partner with its offers, used ones DISABLED for this user. */
export function getPartnerDiscountsForUser(
  partnerId: number | string,
  userId: number | string,
): Promise<Partner> {
  return apiGet<Partner>(apiPaths.partnerDiscountsUser(partnerId, userId))
}

export function usePartnerDiscountsForUser(
  partnerId: number | string | null,
  userId: number | string | null,
) {
  return useSWR(
    partnerId != null && userId != null ? apiPaths.partnerDiscountsUser(partnerId, userId) : null,
    (path: string) => apiGet<Partner>(path),
    { revalidateOnFocus: false },
  )
}
