import { apiPaths } from '../../../contract/paths.ts'
import { apiRequest } from '../client.ts'

/** PUT /api/users/deactivate-discountoffer/user/{userId}/partner/{partnerId}/offer/{offerId}: the user used it. */
export function deactivateOffer(userId: number, partnerId: number, offerId: number): Promise<void> {
  return apiRequest<void>(apiPaths.deactivateOffer(userId, partnerId, offerId), { method: 'PUT' })
}
