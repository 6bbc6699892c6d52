import { useCallback } from 'react'
import { useSWRConfig } from 'swr'
import type { OfferBody } from '@/contract/schemas.ts'
import { apiPaths } from '@/contract/paths.ts'
import { callApi, inForm } from '../client.ts'
import { partnerListKeys } from './getPartners.ts'

/** POST /api/partners/{id}/offer-discount; answers the new offer (its `id` is the spec's id object). */
export const createOffer = (partnerId: number, body: OfferBody) =>
  callApi('createOffer', { params: { id: partnerId }, body }, inForm)

/** Creates, then refetches the partner (its coupons) and the list. */
export function useCreateOffer(partnerId: number) {
  const { mutate } = useSWRConfig()
  return useCallback(
    async (body: OfferBody) => {
      const created = await createOffer(partnerId, body)
      await mutate(apiPaths.partner(partnerId))
      void mutate(partnerListKeys)
      return created
    },
    [mutate, partnerId],
  )
}
