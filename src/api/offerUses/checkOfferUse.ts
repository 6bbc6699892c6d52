import { callApi } from '../client.ts'

/**
 * GET /api/offer-uses/{code} (administrators): the use a code names, who made it, which offer, when. Its 400 and
 * 404 ('Code inconnu') are shown beside the field by the caller.
 */
export const checkOfferUse = (code: string) =>
  callApi('checkOfferUse', { params: { code } }, { shownByCaller: [400, 404] })
