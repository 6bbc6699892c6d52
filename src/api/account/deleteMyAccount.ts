import type { AccountDeletionBody } from '@/contract/account.ts'
import { callApi } from '../client.ts'
import { formCall } from './formCall.ts'

/**
 * DELETE /api/users/me with the password: the account is erased at once and every token refused. The dialog
 * shows a wrong password under its field.
 */
export const deleteMyAccount = (body: AccountDeletionBody) =>
  formCall((options) => callApi('deleteMyAccount', { body }, options), ['password'])
