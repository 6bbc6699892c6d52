import useSWR from 'swr'
import type { PartnerListQuery } from '@/contract/schemas.ts'
import { apiPaths } from '@/contract/paths.ts'
import { callApi } from '../client.ts'

/** GET /api/partners: one page of partners, filtered and sorted by the server, with the total. */
// The table shows a failure in place.
export const getPartners = (query: PartnerListQuery) =>
  callApi('listPartners', { query }, { shownByCaller: true })

/** Every cached page of the partner list, whatever its query: what a partner write revalidates. */
export const partnerListKeys = (key: unknown) => Array.isArray(key) && key[0] === apiPaths.partners()

export function usePartners(query: PartnerListQuery) {
  // The previous page stays on screen while the next one loads, so the table does not flash empty.
  return useSWR([apiPaths.partners(), query] as const, ([, q]) => getPartners(q), { keepPreviousData: true })
}
