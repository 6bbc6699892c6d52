import useSWR from 'swr'
import type { Partner } from '../../../contract/schemas.ts'
import { apiPaths } from '../../../contract/paths.ts'
import { apiGet } from '../client.ts'

/** GET /api/partners: every partner, for the back-office table (searched and paginated client-side). */
// The table shows a failure in place.
export const getPartners = () => apiGet<Partner[]>(apiPaths.partners(), undefined, { shownByCaller: true })

export function usePartners() {
  return useSWR(apiPaths.partners(), getPartners)
}
