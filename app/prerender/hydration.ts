import type { AuthUser } from '@/contract/schemas.ts'
import { findPrerenderedRoute, type PrerenderedRoute } from './routes.ts'

/** The attribute on #root naming the pattern its HTML was rendered for (the service worker may serve another's). */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered'

/**
 * The prerendered route whose HTML the client can hydrate as it is, or null when its first render would differ
 * (then it renders afresh over the HTML): the HTML must be this address's, and the session must be the one
 * it was rendered with — a signed-in visitor on /login is sent home, a visitor on / is sent to /login.
 */
export function hydratableRoute(
  renderedFor: string | undefined,
  location: { pathname: string; search: string },
  user: AuthUser | null,
): PrerenderedRoute | null {
  const route = findPrerenderedRoute(location.pathname)
  if (!route || route.pattern !== renderedFor) return null
  const query = new URLSearchParams(location.search)
  if (route.requiredQuery?.some((name) => !query.get(name))) return null
  const signedIn = user !== null && user.roles.some((role) => role === 'ROLE_USER' || role === 'ROLE_ADMIN')
  if (route.session === 'anonymous' ? user !== null : !signedIn) return null
  return route
}
