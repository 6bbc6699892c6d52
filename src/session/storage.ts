import type { AuthUser } from '@/contract/schemas.ts'

/** The spec keeps the signed-in user in localStorage under the key `user`, as JSON. */
export const SESSION_STORAGE_KEY = 'user'

export function readStoredUser(): AuthUser | null {
  try {
    const raw = globalThis.localStorage?.getItem(SESSION_STORAGE_KEY)
    if (!raw) return null
    const parsed = JSON.parse(raw) as Partial<AuthUser>
    // A value we did not write (or an old shape) is treated as no session rather than crashing the app.
    if (typeof parsed?.access_token !== 'string' || !Array.isArray(parsed.roles)) return null
    return parsed as AuthUser
  } catch {
    return null
  }
}

export function writeStoredUser(user: AuthUser | null): void {
  if (user) globalThis.localStorage?.setItem(SESSION_STORAGE_KEY, JSON.stringify(user))
  else globalThis.localStorage?.removeItem(SESSION_STORAGE_KEY)
}
