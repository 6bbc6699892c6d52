/**
 * What the build (scripts/prerender.ts) hands the server about the prerendered pages: dist/prerendered/ holds
 * one HTML file per public route and routes.json, this index.
 */
export const PRERENDERED_DIR = 'prerendered'
export const PRERENDERED_INDEX = 'routes.json'

export interface PrerenderIndex {
  /** Each route's pattern, file (relative to the build folder) and script chunks to announce for preloading. */
  routes: { pattern: string; file: string; preload: string[] }[]
  /** For every other page (index.html): the entry's chunks. */
  fallback: { preload: string[] }
}

/** Whether a path matches a react-router pattern: same segment count, literals equal, `:name` any segment. */
export function matchesPattern(pattern: string, pathname: string): boolean {
  const wanted = pattern.split('/').filter(Boolean)
  const actual = pathname.split('/').filter(Boolean)
  return (
    wanted.length === actual.length &&
    wanted.every((segment, i) => (segment.startsWith(':') ? actual[i] !== '' : segment === actual[i]))
  )
}

/** The path react-router matches: a trailing slash is the same page. */
export const withoutTrailingSlash = (pathname: string) =>
  pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
