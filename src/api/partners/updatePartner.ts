import { useCallback } from 'react'
import { useSWRConfig } from 'swr'
import type { PartnerUpdateBody } from '@/contract/schemas.ts'
import { apiPaths } from '@/contract/paths.ts'
import { callApi, inForm } from '../client.ts'
import { partnerListKeys } from './getPartners.ts'

/** PUT /api/partners/{id} with the partner plus partnerId. */
export const updatePartner = (body: PartnerUpdateBody) =>
  callApi('updatePartner', { params: { id: body.partnerId.id }, body }, inForm)

/** Updates, then refreshes the list, that partner and the categories. */
export function useUpdatePartner() {
  const { mutate } = useSWRConfig()
  return useCallback(
    async (body: PartnerUpdateBody) => {
      const updated = await updatePartner(body)
      void mutate(partnerListKeys)
      void mutate(apiPaths.partner(body.partnerId.id))
      void mutate(apiPaths.categories())
      return updated
    },
    [mutate],
  )
}
