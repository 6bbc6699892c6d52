import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'
import type { Role } from '../contract/schemas.ts'
import { useSession } from '../src/session/index.ts'

/**
 * The spec's guard: no session -> /login; a session without any of the roles -> /unauthorized;
 * otherwise through.
 */
export function RequireRoles({ roles, children }: { roles: Role[]; children: ReactNode }) {
  const session = useSession()
  const location = useLocation()
  if (!session.isAuthenticated) return <Navigate to="/login" replace state={{ from: location }} />
  if (!session.hasRole(...roles)) return <Navigate to="/unauthorized" replace />
  return children
}

/** Login, register, forgot and reset password are for visitors only: a signed-in user goes to Home. */
export function OnlyAnonymous({ children }: { children: ReactNode }) {
  const session = useSession()
  if (session.isAuthenticated) return <Navigate to="/" replace />
  return children
}
