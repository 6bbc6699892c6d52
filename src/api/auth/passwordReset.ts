import type { ForgotPasswordBody, ResetPasswordBody } from '../../../contract/schemas.ts'
import { apiPaths } from '../../../contract/paths.ts'
import { apiRequest } from '../client.ts'

export function requestPasswordReset(body: ForgotPasswordBody): Promise<void> {
  return apiRequest<void>(apiPaths.forgotPassword(), { method: 'POST', body, silent: true })
}

export function resetPassword(body: ResetPasswordBody): Promise<void> {
  return apiRequest<void>(apiPaths.resetPassword(), { method: 'POST', body, silent: true })
}
