/**
 * What each prerendered route loads before its screen can render: the entry's chunks and the screen's static
 * imports, from the build's Vite manifest (the chunks the `Link` header or the inline loader announce), with
 * their sizes as sent (gzip, level 9). Load-independent, unlike Lighthouse: compare builds with it.
 *
 *   node --import tsx bench/browser/routeChunks.ts [root …]   (each root: a checkout with its dist/ built)
 *
 * For what is inside a chunk, source-map-explorer reads the build's source maps:
 *   npx source-map-explorer dist/assets/<chunk>.js --no-border-checks
 */
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Manifest } from 'vite'
import { prerenderedRoutes } from '@/app/prerender/routes.ts'
import { chunksOf } from '@/scripts/prerender.ts'

interface RouteSize {
  route: string
  chunks: number
  rawKB: number
  gzipKB: number
}

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10

export function routeSizes(root: string): RouteSize[] {
  const dist = resolve(root, 'dist')
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest
  const sizes = new Map<string, { raw: number; gzip: number }>()
  const sizeOf = (chunk: string) => {
    let size = sizes.get(chunk)
    if (!size) {
      const bytes = readFileSync(join(dist, chunk))
      size = { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length }
      sizes.set(chunk, size)
    }
    return size
  }
  const measure = (route: string, chunks: Set<string>): RouteSize => {
    const all = [...chunks].map(sizeOf)
    return {
      route,
      chunks: chunks.size,
      rawKB: kb(all.reduce((sum, size) => sum + size.raw, 0)),
      gzipKB: kb(all.reduce((sum, size) => sum + size.gzip, 0)),
    }
  }
  const entry = chunksOf(manifest, 'index.html')
  return [
    measure('entry (every page)', entry),
    ...prerenderedRoutes.map((route) =>
      measure(route.pattern, chunksOf(manifest, route.screenModule, new Set(entry))),
    ),
  ]
}

function main() {
  const roots = process.argv.slice(2).length ? process.argv.slice(2) : [process.cwd()]
  const results = roots.map((root) => ({ root, sizes: routeSizes(root) }))
  const header = ['route', ...results.map(({ root }) => `${root}: chunks, raw KB, gzip KB`)]
  console.log(header.join(' | '))
  for (const [i, { route }] of results[0].sizes.entries()) {
    const cells = results.map(({ sizes }) => {
      const size = sizes[i]
      return `${size.chunks}, ${size.rawKB}, ${size.gzipKB}`
    })
    console.log([route, ...cells].join(' | '))
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main()
