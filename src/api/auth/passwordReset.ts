import type { ForgotPasswordBody, MessageBody, ResetPasswordBody } from '@/contract/schemas.ts'
import { callApi } from '../client.ts'

export function requestPasswordReset(body: ForgotPasswordBody): Promise<MessageBody> {
  return callApi('forgotPassword', { body }, { silent: true })
}

export function resetPassword(body: ResetPasswordBody): Promise<MessageBody> {
  return callApi('resetPassword', { body }, { silent: true })
}
