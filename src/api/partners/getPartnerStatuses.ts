import useSWR from 'swr'
import { apiPaths } from '@/contract/paths.ts'
import { callApi } from '../client.ts'

/** GET /api/partners/statues: the partner statuses (code and label), as the server lists them. */
export const getPartnerStatuses = () => callApi('listPartnerStatuses')

export function usePartnerStatuses() {
  return useSWR(apiPaths.partnerStatuses(), getPartnerStatuses, { revalidateOnFocus: false })
}
