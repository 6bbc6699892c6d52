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

/**
 * How wide a page's main picture is drawn (Home's banner, a partner's photos), as `sizes` says it: the screen,
 * up to the laptop layout's 1,120 px column from 1,280 px on. The page's `<picture>` and the server's preload
 * hint for it must give the same value, or the browser downloads the picture twice.
 */
export const MAIN_PICTURE_SIZES = '(min-width: 1280px) 1120px, 100vw'
