import useSWR from 'swr'
import { apiPaths } from '@/contract/paths.ts'
import { callApi } from '../client.ts'

/** GET /api/users (the users list shows a failure in place). */
export const getUsers = () => callApi('listUsers', {}, { shownByCaller: true })

export function useUsers() {
  return useSWR(apiPaths.users(), getUsers)
}
