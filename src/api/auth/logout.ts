import { callApi } from '../client.ts'

/** POST /api/auth/logout ends the token on the server; signing out locally must not wait for or depend on it. */
export function logout(): Promise<void> {
  return callApi('logout', {}, { silent: true }).then(
    () => undefined,
    () => undefined,
  )
}
