import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  matchesPattern,
  PRERENDERED_DIR,
  PRERENDERED_INDEX,
  withoutTrailingSlash,
  type PrerenderIndex,
} from '../../contract/prerender.ts'

export interface PageToServe {
  /** Relative to the client build folder. */
  file: string
  /** The `Link` header announcing the page's script chunks, or null when the build listed none. */
  link: string | null
}

const linkHeader = (chunks: string[]) =>
  chunks.length > 0 ? chunks.map((url) => `<${url}>; rel=modulepreload`).join(', ') : null

/**
 * Which HTML answers a page address: the build's prerendered page for that route (its markup paints before any
 * script), otherwise index.html; with the script chunks the route needs, so the browser fetches them while it
 * parses the HTML instead of one after the other. A build without prerendered pages serves index.html alone.
 */
export function pageResolver(staticDir: string): (pathname: string) => PageToServe {
  const indexPath = join(staticDir, PRERENDERED_DIR, PRERENDERED_INDEX)
  const index: PrerenderIndex = existsSync(indexPath)
    ? (JSON.parse(readFileSync(indexPath, 'utf8')) as PrerenderIndex)
    : { routes: [], fallback: { preload: [] } }
  const routes = index.routes.map((route) => ({ ...route, link: linkHeader(route.preload) }))
  const fallback: PageToServe = { file: 'index.html', link: linkHeader(index.fallback.preload) }
  return (pathname) => {
    const path = withoutTrailingSlash(pathname)
    const route = routes.find((candidate) => matchesPattern(candidate.pattern, path))
    return route ? { file: route.file, link: route.link } : fallback
  }
}
