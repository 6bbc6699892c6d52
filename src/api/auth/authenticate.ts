import type { AuthUser, Credentials } from '../../../contract/schemas.ts'
import { apiPaths } from '../../../contract/paths.ts'
import { apiRequest } from '../client.ts'

/** POST /api/auth/authenticate: the screen shows its own alert, so the global error toast stays quiet. */
export function authenticate(credentials: Credentials): Promise<AuthUser> {
  return apiRequest<AuthUser>(apiPaths.authenticate(), { method: 'POST', body: credentials, silent: true })
}
