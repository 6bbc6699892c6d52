import type { AuthUser, RegisterBody } from '@/contract/schemas.ts'
import { callApi } from '../client.ts'

/** POST /api/auth/register: the new user is signed in with the returned user object. */
export function register(body: RegisterBody): Promise<AuthUser> {
  return callApi('register', { body }, { silent: true })
}
