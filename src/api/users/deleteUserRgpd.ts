import { useCallback } from 'react'
import { useSWRConfig } from 'swr'
import type { RgpdDeletionBody } from '@/contract/account.ts'
import { callApi } from '../client.ts'
import { formCall } from '../account/formCall.ts'
import { userListKeys } from './getUsers.ts'

/**
 * DELETE /api/users/{id}/rgpd (admin): erases a person's account at their request received by mail; the motif
 * (the request's reference) goes to the Journal. A failure is the app's error toast.
 */
export const deleteUserRgpd = (id: number, body: RgpdDeletionBody) =>
  formCall((options) => callApi('deleteUserRgpd', { params: { id }, body }, options), ['motif'])

/** Deletes, then reads the user lists again (the person is no longer in them). */
export function useDeleteUserRgpd() {
  const { mutate } = useSWRConfig()
  return useCallback(
    async (id: number, body: RgpdDeletionBody) => {
      const answer = await deleteUserRgpd(id, body)
      void mutate(userListKeys)
      return answer
    },
    [mutate],
  )
}
