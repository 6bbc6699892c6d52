import type { AuthUser, RegisterBody } from '../../../contract/schemas.ts'
import { apiPaths } from '../../../contract/paths.ts'
import { apiRequest } from '../client.ts'

/** POST /api/auth/register: the new user is signed in with the returned user object. */
export function register(body: RegisterBody): Promise<AuthUser> {
  return apiRequest<AuthUser>(apiPaths.register(), { method: 'POST', body, silent: true })
}
