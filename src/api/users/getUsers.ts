import useSWR from 'swr'
import type { UserListQuery } from '@/contract/schemas.ts'
import { apiPaths } from '@/contract/paths.ts'
import { callApi } from '../client.ts'

/** GET /api/users: one page of users, filtered and sorted by the server, with the total (failure shown in place). */
export const getUsers = (query: UserListQuery) => callApi('listUsers', { query }, { shownByCaller: true })

/** Every cached page of the user list, whatever its query: what a user write revalidates. */
export const userListKeys = (key: unknown) => Array.isArray(key) && key[0] === apiPaths.users()

export function useUsers(query: UserListQuery) {
  return useSWR([apiPaths.users(), query] as const, ([, q]) => getUsers(q), { keepPreviousData: true })
}
