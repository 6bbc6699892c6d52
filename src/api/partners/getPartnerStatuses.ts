import useSWR from 'swr'
import type { StatusOption } from '../../../contract/schemas.ts'
import { apiPaths } from '../../../contract/paths.ts'
import { apiGet } from '../client.ts'

/** GET /api/partners/statues: the partner statuses (code and label), as the server lists them. */
export const getPartnerStatuses = () => apiGet<StatusOption[]>(apiPaths.partnerStatuses())

export function usePartnerStatuses() {
  return useSWR(apiPaths.partnerStatuses(), getPartnerStatuses, { revalidateOnFocus: false })
}
