import { apiPaths } from '../../../contract/paths.ts'
import { apiRequest } from '../client.ts'

/** POST /api/auth/logout ends the token on the server; signing out locally must not wait for or depend on it. */
export function logout(): Promise<void> {
  return apiRequest<void>(apiPaths.logout(), { method: 'POST', silent: true }).catch(() => undefined)
}
