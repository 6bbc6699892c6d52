import useSWR from 'swr'
import { apiPaths } from '@/contract/paths.ts'
import { callApi } from '../client.ts'

/** GET /api/partners: every partner, for the back-office table (searched and paginated client-side). */
// The table shows a failure in place.
export const getPartners = () => callApi('listPartners', {}, { shownByCaller: true })

export function usePartners() {
  return useSWR(apiPaths.partners(), getPartners)
}
