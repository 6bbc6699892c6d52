import { useCallback } from 'react'
import { useSWRConfig } from 'swr'
import type { IdRef, PartnerBody } from '../../../contract/schemas.ts'
import { apiPaths } from '../../../contract/paths.ts'
import { apiRequest } from '../client.ts'

/** POST /api/partners; the answer carries partnerId.id, used to open the new partner's page. */
export const createPartner = (body: PartnerBody) =>
  apiRequest<{ partnerId: IdRef }>(apiPaths.partners(), { method: 'POST', body })

/** Creates, then refreshes the partner list and the categories (the body may have added some). */
export function useCreatePartner() {
  const { mutate } = useSWRConfig()
  return useCallback(
    async (body: PartnerBody) => {
      const created = await createPartner(body)
      void mutate(apiPaths.partners())
      void mutate(apiPaths.categories())
      return created
    },
    [mutate],
  )
}
