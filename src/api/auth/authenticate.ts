import type { AuthUser, Credentials } from '@/contract/schemas.ts'
import { callApi } from '../client.ts'

/** POST /api/auth/authenticate: the screen shows its own alert, so the global error toast stays quiet. */
export function authenticate(credentials: Credentials): Promise<AuthUser> {
  return callApi('authenticate', { body: credentials }, { silent: true })
}
