import useSWR from 'swr'
import { apiPaths } from '@/contract/paths.ts'
import { callApi } from '../client.ts'

/** GET /api/partners/{id}. */
export const getPartner = (id: number | string) => callApi('getPartner', { params: { id } })

/** A null id (e.g. the create form) fetches nothing. */
export function usePartner(id: number | string | null | undefined) {
  return useSWR(id == null ? null : apiPaths.partner(id), () => getPartner(id as number | string))
}
