import { useCallback } from 'react'
import { useSWRConfig } from 'swr'
import type { EmailChangeBody } from '@/contract/account.ts'
import { useSession } from '@/src/session/index.ts'
import { callApi } from '../client.ts'
import { formCall } from './formCall.ts'
import { myAccountKey } from './getMyAccount.ts'

/**
 * POST /api/users/me/email: mails a confirmation link to the new address (and tells the current one); nothing
 * changes until that link is opened.
 */
export const startEmailChange = (body: EmailChangeBody) =>
  formCall((options) => callApi('startEmailChange', { body }, options), ['newEmail', 'password'])

/** Asks for the change, then reads the account again (its pending address). */
export function useStartEmailChange() {
  const { user } = useSession()
  const { mutate } = useSWRConfig()
  const userId = user?.userId.id ?? null
  return useCallback(
    async (body: EmailChangeBody) => {
      const started = await startEmailChange(body)
      if (userId !== null) void mutate(myAccountKey(userId))
      return started
    },
    [userId, mutate],
  )
}
