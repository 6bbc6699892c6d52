import { useCallback } from 'react'
import { useSWRConfig } from 'swr'
import type { OfferUpdateBody } from '@/contract/schemas.ts'
import { apiPaths } from '@/contract/paths.ts'
import { callApi, inForm } from '../client.ts'
import { refreshVersioned } from '../versioned.ts'
import { getPartner } from './getPartner.ts'
import { partnerListKeys } from './getPartners.ts'

/**
 * PUT /api/partners/{id}/offer-discount with the offer plus its id; `ifMatch` is the partner's ETag (its coupons
 * share its version): 412 when someone changed the partner or its coupons since.
 */
export const updateOffer = (partnerId: number, body: OfferUpdateBody, ifMatch?: string | null) =>
  callApi('updateOffer', { params: { id: partnerId }, body }, { ...inForm, ifMatch })

/** Updates, then refetches the partner (its coupons, its new ETag) and the list. */
export function useUpdateOffer(partnerId: number) {
  const { mutate } = useSWRConfig()
  return useCallback(
    async (body: OfferUpdateBody, ifMatch?: string | null) => {
      await updateOffer(partnerId, body, ifMatch)
      await refreshVersioned(mutate, apiPaths.partner(partnerId), () => getPartner(partnerId))
      void mutate(partnerListKeys)
    },
    [mutate, partnerId],
  )
}
