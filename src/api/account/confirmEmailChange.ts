import type { EmailConfirmBody } from '@/contract/account.ts'
import { callApi } from '../client.ts'

/**
 * POST /api/auth/confirm-email (public): the token of the mailed link. The landing page shows the outcome in
 * place, so no toast.
 */
export const confirmEmailChange = (body: EmailConfirmBody) =>
  callApi('confirmEmailChange', { body }, { shownByCaller: true })
