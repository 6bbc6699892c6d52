import type { RedeemedOffer } from '@/contract/offerUses.ts'
import { callApi } from '../client.ts'

/**
 * PUT /api/users/deactivate-discountoffer/user/{userId}/partner/{partnerId}/offer/{offerId}: the user used it;
 * answers the offer as they now see it (DISABLED), with the use's code and date (its proof).
 */
export function deactivateOffer(userId: number, partnerId: number, offerId: number): Promise<RedeemedOffer> {
  return callApi('deactivateOffer', { params: { userId, partnerId, offerId } })
}
