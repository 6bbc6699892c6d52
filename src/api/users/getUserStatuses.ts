import useSWR from 'swr'
import { apiPaths } from '@/contract/paths.ts'
import { callApi } from '../client.ts'

/** GET /api/users/statues. */
export const getUserStatuses = () => callApi('listUserStatuses')

export function useUserStatuses() {
  return useSWR(apiPaths.userStatuses(), getUserStatuses, { revalidateOnFocus: false })
}
