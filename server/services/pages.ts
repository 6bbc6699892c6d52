import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import {
  matchesPattern,
  PAGE_PICTURE_SLOT,
  PRERENDERED_DIR,
  PRERENDERED_INDEX,
  withoutTrailingSlash,
  type PrerenderIndex,
} from '@/contract/prerender.ts'

export interface PageToServe {
  /** Relative to the client build folder. */
  file: string
  /** The `Link` header announcing the page's script chunks, or null when the build listed none. */
  link: string | null
  /** The HTML holds PAGE_PICTURE_SLOT, to fill with the page's main picture (or nothing) before sending. */
  pictureSlot: boolean
}

const linkHeader = (chunks: string[]) =>
  chunks.length > 0 ? chunks.map((url) => `<${url}>; rel=modulepreload`).join(', ') : null

/**
 * Which HTML answers a page address: the build's prerendered page for that route (its markup paints before any
 * script), otherwise index.html; with the script chunks the route needs, so the browser fetches them while it
 * parses the HTML instead of one after the other. A build without prerendered pages serves index.html alone.
 * `hasMapsKey`: the server's client configuration has a Google Maps key; without one, a route's page made for
 * that case (the map's, which says so in its HTML) is served instead.
 */
export function pageResolver(
  staticDir: string,
  { hasMapsKey }: { hasMapsKey: boolean },
): (pathname: string) => PageToServe {
  const indexPath = join(staticDir, PRERENDERED_DIR, PRERENDERED_INDEX)
  // Read again when the build changes under a running server (a new release copied in place): its chunk names
  // change, and hints for the previous release's chunks would make browsers fetch files that are gone.
  let loaded: { stamp: number; resolve: (path: string) => PageToServe } | null = null
  const current = () => {
    const stamp = statSync(indexPath, { throwIfNoEntry: false })?.mtimeMs ?? -1
    if (loaded?.stamp !== stamp)
      loaded = { stamp, resolve: resolverFor(stamp < 0 ? null : indexPath, hasMapsKey) }
    return loaded.resolve
  }
  return (pathname) => current()(withoutTrailingSlash(pathname))
}

function resolverFor(indexPath: string | null, hasMapsKey: boolean): (path: string) => PageToServe {
  const index: PrerenderIndex = indexPath
    ? (JSON.parse(readFileSync(indexPath, 'utf8')) as PrerenderIndex)
    : { routes: [], fallback: { preload: [] } }
  const routes = index.routes.map((route) => {
    const page = !hasMapsKey && route.withoutMapsKey ? route.withoutMapsKey : route
    return {
      pattern: route.pattern,
      file: page.file,
      link: linkHeader(page.preload),
      pictureSlot: page === route && route.pictureSlot === true,
    }
  })
  const fallback: PageToServe = {
    file: 'index.html',
    link: linkHeader(index.fallback.preload),
    pictureSlot: false,
  }
  return (path) => {
    const route = routes.find((candidate) => matchesPattern(candidate.pattern, path))
    return route ? { file: route.file, link: route.link, pictureSlot: route.pictureSlot } : fallback
  }
}

/**
 * A page's HTML with its picture slot filled: `picture`'s markup, or nothing. The file is read once per
 * build (its modification time), so a page costs a string replacement; the answer is compressed as it goes.
 */
export function pageWithPicture(staticDir: string): (file: string, picture: string) => string {
  const texts = new Map<string, { stamp: number; text: string }>()
  return (file, picture) => {
    const path = join(staticDir, file)
    const stamp = statSync(path).mtimeMs
    let kept = texts.get(file)
    if (kept?.stamp !== stamp) {
      kept = { stamp, text: readFileSync(path, 'utf8') }
      texts.set(file, kept)
    }
    return kept.text.replace(PAGE_PICTURE_SLOT, picture)
  }
}
