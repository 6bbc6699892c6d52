import useSWR from 'swr'
import { apiPaths } from '@/contract/paths.ts'
import { callApi } from '../client.ts'

/** GET /api/users/{id}. */
export const getUser = (id: number | string) => callApi('getUser', { params: { id } })

/** A null id (e.g. the create form) fetches nothing. */
export function useUser(id: number | string | null | undefined) {
  return useSWR(id == null ? null : apiPaths.user(id), () => getUser(id as number | string))
}
