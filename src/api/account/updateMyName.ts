import { useCallback } from 'react'
import { useSWRConfig } from 'swr'
import type { NameChangeBody } from '@/contract/account.ts'
import { useSession } from '@/src/session/index.ts'
import { callApi } from '../client.ts'
import { formCall } from './formCall.ts'
import { myAccountKey } from './getMyAccount.ts'

/** PUT /api/users/me: the new first and last name; the answer is the signed-in user, same token. */
export const updateMyName = (body: NameChangeBody) =>
  formCall((options) => callApi('updateMyName', { body }, options), ['firstname', 'lastname'])

/** Saves the name, then keeps it in the session (the Menu shows it) and in the account read. */
export function useUpdateMyName() {
  const { signIn } = useSession()
  const { mutate } = useSWRConfig()
  return useCallback(
    async (body: NameChangeBody) => {
      const user = await updateMyName(body)
      signIn(user)
      void mutate(myAccountKey(user.userId.id))
      return user
    },
    [signIn, mutate],
  )
}
