import { useCallback } from 'react'
import { useSWRConfig } from 'swr'
import type { PartnerBody } from '@/contract/schemas.ts'
import { apiPaths } from '@/contract/paths.ts'
import { callApi, inForm } from '../client.ts'
import { partnerListKeys } from './getPartners.ts'

/** POST /api/partners; answers the new partner (its partnerId.id opens its page). */
export const createPartner = (body: PartnerBody) => callApi('createPartner', { body }, inForm)

/** Creates, then refreshes the partner list and the categories (the body may have added some). */
export function useCreatePartner() {
  const { mutate } = useSWRConfig()
  return useCallback(
    async (body: PartnerBody) => {
      const created = await createPartner(body)
      void mutate(partnerListKeys)
      void mutate(apiPaths.categories())
      return created
    },
    [mutate],
  )
}
