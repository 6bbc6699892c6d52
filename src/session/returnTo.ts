import { useLocation, type Location } from 'react-router'

/** The query parameter that names the page to go to once signed in: `/login?retour=%2Fmes-coupons`. */
export const RETURN_PARAM = 'retour'

/** The visitor-only pages: a signed-in visitor is sent on from them, so returning there would loop. */
const visitorOnlyPaths = new Set(['/login', '/inscription', '/forgot-password', '/reset-password'])

/** Stands for this site while a path is resolved: what resolves elsewhere is another site's address. */
const thisSite = 'http://ce-site.invalid'

/**
 * `target` when it is a page of this site given by its path (`/partenaire/12?x=1#y`), else null: never an
 * address elsewhere (`//exemple.com`, `/\exemple.com`, `https://…`, `javascript:`), which would make the
 * sign-in page an open redirect. Backslashes and control characters are refused outright, since browsers
 * read `\` as `/` and drop tabs and newlines from addresses.
 */
export function safeReturnPath(target: unknown): string | null {
  if (typeof target !== 'string' || !target.startsWith('/') || target.startsWith('//')) return null
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\\\u0000-\u001f\u007f]/.test(target)) return null
  let url: URL
  try {
    url = new URL(target, thisSite)
  } catch {
    return null
  }
  if (url.origin !== thisSite) return null
  if (visitorOnlyPaths.has(url.pathname.replace(/\/+$/, ''))) return null
  return `${url.pathname}${url.search}${url.hash}`
}

/** What the guard keeps in the history entry of /login: the page asked for (a path, or the router's location). */
interface ReturnState {
  from?: string | Partial<Pick<Location, 'pathname' | 'search' | 'hash'>>
}

/**
 * Where a visitor goes once signed in (or signed up): the page the guard sent them from (the history entry's
 * state, which a reload keeps), else the page `?retour=` names (a link, a new tab), else Home.
 */
export function returnPathOf(location: Pick<Location, 'search' | 'state'>): string {
  const from = (location.state as ReturnState | null)?.from
  const kept =
    typeof from === 'string'
      ? from
      : from
        ? `${from.pathname ?? ''}${from.search ?? ''}${from.hash ?? ''}`
        : null
  return safeReturnPath(kept) ?? safeReturnPath(new URLSearchParams(location.search).get(RETURN_PARAM)) ?? '/'
}

/** The page to go to once signed in, for the current location (see returnPathOf). */
export function useReturnPath(): string {
  return returnPathOf(useLocation())
}

/**
 * The state a link between the visitor pages carries (login ↔ sign-up ↔ forgotten password), so the page asked
 * for is still where signing in leads; undefined when that is Home.
 */
export function useReturnState(): ReturnState | undefined {
  const path = useReturnPath()
  return path === '/' ? undefined : { from: path }
}
