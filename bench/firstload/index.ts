import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import react from '@vitejs/plugin-react'
import { build } from 'vite'
import { budgeted, info, type Figure } from '../lib/report.ts'
import { kb, round } from '../lib/stats.ts'
import { run } from '../lib/proc.ts'

interface ManifestChunk {
  file: string
  src?: string
  isEntry?: boolean
  isDynamicEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
  css?: string[]
  assets?: string[]
}
type Manifest = Record<string, ManifestChunk>

export interface Asset {
  url: string
  kind: 'html' | 'js' | 'css' | 'font' | 'other'
  raw: number
  gzip: number
  brotli: number
}

export interface LoadSet {
  route: string
  modules: string[]
  assets: Asset[]
  js: { raw: number; gzip: number; brotli: number }
  total: { raw: number; gzip: number; brotli: number }
  /** Lazy-only code (back-office, map, maps loader) found in this set's chunks, by source module. */
  forbidden: string[]
}

export interface FirstLoadResult {
  appBuildSeconds: number
  bareBuildSeconds: number
  bare: LoadSet
  routes: LoadSet[]
  largestChunks: { file: string; gzip: number }[]
}

/** Which route module(s) each measured route lazily loads (manifest keys, i.e. source paths). */
const routeModules: Record<string, RegExp[]> = {
  '/login': [/^src\/screens\/auth\/LoginScreen\.tsx$/],
  '/ (Home)': [/^src\/screens\/public\/home\/HomeScreen\.tsx$/],
}

/** Code that must load only when used. */
const lazyOnly: RegExp[] = [
  /src\/screens\/backoffice\//,
  /src\/screens\/public\/map\//,
  /@googlemaps\/js-api-loader/,
  /src\/maps\/google/i,
  /@mdi\/js\/mdi\.js/,
]

const compress = (data: Buffer) => ({
  raw: data.length,
  gzip: gzipSync(data, { level: 9 }).length,
  brotli: brotliCompressSync(data, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
  }).length,
})

function kindOf(url: string): Asset['kind'] {
  if (url.endsWith('.html')) return 'html'
  if (url.endsWith('.js')) return 'js'
  if (url.endsWith('.css')) return 'css'
  if (/\.(woff2?|ttf|otf)$/.test(url)) return 'font'
  return 'other'
}

/** Files index.html makes the browser fetch up front: scripts, module preloads, stylesheets, preloaded fonts. */
function htmlFetches(html: string): string[] {
  const urls = new Set<string>()
  for (const m of html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)) urls.add(m[1])
  for (const m of html.matchAll(/<link([^>]*)>/g)) {
    const attrs = m[1]
    const rel = /rel="([^"]+)"/.exec(attrs)?.[1] ?? ''
    const href = /href="([^"]+)"/.exec(attrs)?.[1]
    if (href && /stylesheet|modulepreload|preload/.test(rel)) urls.add(href)
  }
  return [...urls].filter((u) => u.startsWith('/') || u.startsWith('./')).map((u) => u.replace(/^\.?\//, ''))
}

function closure(manifest: Manifest, keys: string[]): { files: Set<string>; modules: Set<string> } {
  const files = new Set<string>()
  const modules = new Set<string>()
  const visit = (key: string) => {
    if (modules.has(key)) return
    const chunk = manifest[key]
    if (!chunk) return
    modules.add(key)
    files.add(chunk.file)
    for (const css of chunk.css ?? []) files.add(css)
    for (const imp of chunk.imports ?? []) visit(imp)
  }
  keys.forEach(visit)
  return { files, modules }
}

function sourcesOf(dist: string, file: string): string[] {
  const map = join(dist, `${file}.map`)
  if (!existsSync(map)) return []
  try {
    return (JSON.parse(readFileSync(map, 'utf8')) as { sources?: string[] }).sources ?? []
  } catch {
    return []
  }
}

function loadSet(dist: string, manifest: Manifest, route: string, extraKeys: string[]): LoadSet {
  const html = readFileSync(join(dist, 'index.html'), 'utf8')
  const entryKeys = Object.entries(manifest)
    .filter(([, c]) => c.isEntry)
    .map(([k]) => k)
  const { files, modules } = closure(manifest, [...entryKeys, ...extraKeys])
  const urls = new Set<string>(['index.html', ...htmlFetches(html), ...files])
  const assets: Asset[] = []
  for (const url of urls) {
    const path = join(dist, url)
    if (!existsSync(path)) continue
    const data = readFileSync(path)
    const kind = kindOf(url)
    // Fonts are already compressed (woff2): counted at their size.
    const sizes =
      kind === 'font' ? { raw: data.length, gzip: data.length, brotli: data.length } : compress(data)
    assets.push({ url, kind, ...sizes })
  }
  const sum = (list: Asset[]) => ({
    raw: list.reduce((s, a) => s + a.raw, 0),
    gzip: list.reduce((s, a) => s + a.gzip, 0),
    brotli: list.reduce((s, a) => s + a.brotli, 0),
  })
  const forbidden = new Set<string>()
  for (const a of assets.filter((x) => x.kind === 'js')) {
    for (const source of sourcesOf(dist, a.url))
      if (lazyOnly.some((re) => re.test(source))) forbidden.add(source.replace(/^(\.\.\/)+/, ''))
  }
  return {
    route,
    modules: [...modules],
    assets: assets.sort((a, b) => b.gzip - a.gzip),
    js: sum(assets.filter((a) => a.kind === 'js')),
    total: sum(assets),
    forbidden: [...forbidden],
  }
}

/** The bare React + react-router page (bench/bare): the same React, router and Vite as the app, nothing else. */
export async function buildBare(root: string, outDir: string): Promise<void> {
  await build({
    root: resolve(root, 'bench', 'bare'),
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, manifest: true, emptyOutDir: true, sourcemap: false },
  })
}

export async function benchFirstLoad(root: string, log: (line: string) => void): Promise<FirstLoadResult> {
  let t = performance.now()
  // The real build, as `npm run build` / `npm start` make it (vite.config.ts has build.manifest on).
  await run('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root })
  const appBuildSeconds = round((performance.now() - t) / 1000, 1)
  const dist = join(root, 'dist')
  const manifestPath = join(dist, '.vite', 'manifest.json')
  if (!existsSync(manifestPath))
    throw new Error('dist/.vite/manifest.json missing: vite.config.ts needs build.manifest: true')
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest
  const routes = Object.entries(routeModules).map(([route, patterns]) => {
    const keys = Object.keys(manifest).filter((k) => patterns.some((re) => re.test(k)))
    if (keys.length === 0)
      log(`  first load: no chunk for ${route} in the manifest (route screen not built yet?)`)
    return loadSet(dist, manifest, route, keys)
  })

  t = performance.now()
  const bareOut = mkdtempSync(join(tmpdir(), 'bench-bare-'))
  try {
    await buildBare(root, bareOut)
    const bareBuildSeconds = round((performance.now() - t) / 1000, 1)
    const bareManifest = JSON.parse(readFileSync(join(bareOut, '.vite', 'manifest.json'), 'utf8')) as Manifest
    const bareLogin = Object.keys(bareManifest).filter((k) => /Login\.tsx$/.test(k))
    const bare = loadSet(bareOut, bareManifest, 'bare React + react-router', bareLogin)
    const largestChunks = Object.values(manifest)
      .filter((c) => c.file.endsWith('.js'))
      .map((c) => ({ file: c.file, gzip: gzipSync(readFileSync(join(dist, c.file)), { level: 9 }).length }))
      .sort((a, b) => b.gzip - a.gzip)
      .slice(0, 8)
    return { appBuildSeconds, bareBuildSeconds, bare, routes, largestChunks }
  } finally {
    rmSync(bareOut, { recursive: true, force: true })
  }
}

export function firstLoadFigures(r: FirstLoadResult): Figure[] {
  const s = 'First load'
  const figures: Figure[] = [
    info(
      s,
      'bare React + router JS (gzip / brotli)',
      `${kb(r.bare.js.gzip)} / ${kb(r.bare.js.brotli)} KB`,
      '',
      `${r.bare.assets.length} files`,
    ),
  ]
  for (const set of r.routes) {
    const ratio = round(set.js.gzip / r.bare.js.gzip, 2)
    figures.push(
      info(
        s,
        `${set.route}: all bytes (gzip / brotli)`,
        `${kb(set.total.gzip)} / ${kb(set.total.brotli)} KB`,
        '',
        `${set.assets.length} files incl. HTML + font`,
      ),
      budgeted(
        s,
        `${set.route}: JS gzip`,
        kb(set.js.gzip),
        'KB',
        '< 170 KB',
        (v) => v < 170,
        `brotli ${kb(set.js.brotli)} KB`,
      ),
      budgeted(s, `${set.route}: JS / bare JS (gzip)`, ratio, '×', '≤ 1.6×', (v) => v <= 1.6),
      {
        section: s,
        name: `${set.route}: lazy-only code absent`,
        value: set.forbidden.length === 0 ? 'none loaded' : set.forbidden.slice(0, 3).join(', '),
        budget: 'back-office, map, maps loader, @mdi/js',
        ok: set.forbidden.length === 0,
      },
    )
  }
  return figures
}
