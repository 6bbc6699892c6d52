import { useCallback } from 'react'
import { useSWRConfig } from 'swr'
import type { UserBody } from '@/contract/schemas.ts'
import { callApi, inForm } from '../client.ts'
import { userListKeys } from './getUsers.ts'

/** POST /api/users; answers the new user (its userId opens its page). */
export const createUser = (body: UserBody) => callApi('createUser', { body }, inForm)

export function useCreateUser() {
  const { mutate } = useSWRConfig()
  return useCallback(
    async (body: UserBody) => {
      const created = await createUser(body)
      void mutate(userListKeys)
      return created
    },
    [mutate],
  )
}
