import useSWR from 'swr'
import type { StatusOption } from '../../../contract/schemas.ts'
import { apiPaths } from '../../../contract/paths.ts'
import { apiGet } from '../client.ts'

/** GET /api/users/statues. */
export const getUserStatuses = () => apiGet<StatusOption[]>(apiPaths.userStatuses())

export function useUserStatuses() {
  return useSWR(apiPaths.userStatuses(), getUserStatuses, { revalidateOnFocus: false })
}
