import { useCallback } from 'react'
import { useSWRConfig } from 'swr'
import type { OfferUpdateBody } from '@/contract/schemas.ts'
import { apiPaths } from '@/contract/paths.ts'
import { callApi, inForm } from '../client.ts'
import { partnerListKeys } from './getPartners.ts'

/** PUT /api/partners/{id}/offer-discount with the offer plus its id. */
export const updateOffer = (partnerId: number, body: OfferUpdateBody) =>
  callApi('updateOffer', { params: { id: partnerId }, body }, inForm)

/** Updates, then refetches the partner (its coupons) and the list. */
export function useUpdateOffer(partnerId: number) {
  const { mutate } = useSWRConfig()
  return useCallback(
    async (body: OfferUpdateBody) => {
      await updateOffer(partnerId, body)
      await mutate(apiPaths.partner(partnerId))
      void mutate(partnerListKeys)
    },
    [mutate, partnerId],
  )
}
