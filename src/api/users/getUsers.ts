import useSWR from 'swr'
import type { User } from '../../../contract/schemas.ts'
import { apiPaths } from '../../../contract/paths.ts'
import { apiGet } from '../client.ts'

/** GET /api/users (the users list shows a failure in place). */
export const getUsers = () => apiGet<User[]>(apiPaths.users(), undefined, { shownByCaller: true })

export function useUsers() {
  return useSWR(apiPaths.users(), getUsers)
}
