import { useCallback } from 'react'
import { useSWRConfig } from 'swr'
import type { UserUpdateBody } from '@/contract/schemas.ts'
import { apiPaths } from '@/contract/paths.ts'
import { callApi, inForm } from '../client.ts'
import { refreshVersioned } from '../versioned.ts'
import { getUser } from './getUser.ts'
import { userListKeys } from './getUsers.ts'

/**
 * PUT /api/users/{id} with the user plus userId; `ifMatch`, the ETag of the version edited, makes the server
 * refuse it (412) when someone changed the user since.
 */
export const updateUser = (body: UserUpdateBody, ifMatch?: string | null) =>
  callApi('updateUser', { params: { id: body.userId.id }, body }, { ...inForm, ifMatch })

export function useUpdateUser() {
  const { mutate } = useSWRConfig()
  return useCallback(
    async (body: UserUpdateBody, ifMatch?: string | null) => {
      await updateUser(body, ifMatch)
      void mutate(userListKeys)
      void refreshVersioned(mutate, apiPaths.user(body.userId.id), () => getUser(body.userId.id))
    },
    [mutate],
  )
}
