import { useCallback } from 'react'
import type { PasswordChangeBody } from '@/contract/account.ts'
import { useSession } from '@/src/session/index.ts'
import { callApi } from '../client.ts'
import { formCall } from './formCall.ts'

/**
 * PUT /api/users/me/password. Every session of the account is signed out, this one's token included: the
 * answer carries a new one.
 */
export const changeMyPassword = (body: PasswordChangeBody) =>
  formCall((options) => callApi('changeMyPassword', { body }, options), ['currentPassword', 'newPassword'])

/** Changes the password and keeps this device signed in with the answer's new token. */
export function useChangeMyPassword() {
  const { signIn } = useSession()
  return useCallback(
    async (body: PasswordChangeBody) => {
      const user = await changeMyPassword(body)
      signIn(user)
      return user
    },
    [signIn],
  )
}
