import { useCallback } from 'react'
import { useSWRConfig } from 'swr'
import type { UserUpdateBody } from '@/contract/schemas.ts'
import { apiPaths } from '@/contract/paths.ts'
import { callApi, inForm } from '../client.ts'
import { userListKeys } from './getUsers.ts'

/** PUT /api/users/{id} with the user plus userId. */
export const updateUser = (body: UserUpdateBody) =>
  callApi('updateUser', { params: { id: body.userId.id }, body }, inForm)

export function useUpdateUser() {
  const { mutate } = useSWRConfig()
  return useCallback(
    async (body: UserUpdateBody) => {
      await updateUser(body)
      void mutate(userListKeys)
      void mutate(apiPaths.user(body.userId.id))
    },
    [mutate],
  )
}
