import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'
import type { Role } from '../contract/schemas.ts'
import { returnPathOf, useSession } from '../src/session/index.ts'

/**
 * The spec's guard: no session -> /login, which keeps the page asked for in its history entry (see
 * OnlyAnonymous); a session without any of the roles -> /unauthorized; otherwise through.
 */
export function RequireRoles({ roles, children }: { roles: Role[]; children: ReactNode }) {
  const session = useSession()
  const location = useLocation()
  if (!session.isAuthenticated) {
    const from = `${location.pathname}${location.search}${location.hash}`
    return <Navigate to="/login" replace state={{ from }} />
  }
  if (!session.hasRole(...roles)) return <Navigate to="/unauthorized" replace />
  return children
}

/**
 * Login, register, forgot and reset password are for visitors only: a signed-in user goes to the page the guard
 * sent them from (or `?retour=` names), else Home. This is also what takes a visitor there the moment they sign
 * in: the screen's own navigation waits for the page's code, and a redirection to Home here overtook it.
 */
export function OnlyAnonymous({ children }: { children: ReactNode }) {
  const session = useSession()
  const location = useLocation()
  if (session.isAuthenticated) return <Navigate to={returnPathOf(location)} replace />
  return children
}
