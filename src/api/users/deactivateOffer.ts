import type { DiscountOffer } from '@/contract/schemas.ts'
import { callApi } from '../client.ts'

/**
 * PUT /api/users/deactivate-discountoffer/user/{userId}/partner/{partnerId}/offer/{offerId}: the user used it;
 * answers the offer as they now see it (DISABLED).
 */
export function deactivateOffer(userId: number, partnerId: number, offerId: number): Promise<DiscountOffer> {
  return callApi('deactivateOffer', { params: { userId, partnerId, offerId } })
}
