import { useCallback } from 'react'
import { useSWRConfig } from 'swr'
import type { PartnerUpdateBody } from '@/contract/schemas.ts'
import { apiPaths } from '@/contract/paths.ts'
import { callApi, inForm } from '../client.ts'
import { refreshVersioned } from '../versioned.ts'
import { getPartner } from './getPartner.ts'
import { partnerListKeys } from './getPartners.ts'

/**
 * PUT /api/partners/{id} with the partner plus partnerId; `ifMatch`, the ETag of the version edited, makes the
 * server refuse it (412) when someone changed the partner since.
 */
export const updatePartner = (body: PartnerUpdateBody, ifMatch?: string | null) =>
  callApi('updatePartner', { params: { id: body.partnerId.id }, body }, { ...inForm, ifMatch })

/** Updates, then refreshes the list, that partner (with its new ETag) and the categories. */
export function useUpdatePartner() {
  const { mutate } = useSWRConfig()
  return useCallback(
    async (body: PartnerUpdateBody, ifMatch?: string | null) => {
      const updated = await updatePartner(body, ifMatch)
      void mutate(partnerListKeys)
      void refreshVersioned(mutate, apiPaths.partner(body.partnerId.id), () => getPartner(body.partnerId.id))
      void mutate(apiPaths.categories())
      return updated
    },
    [mutate],
  )
}
