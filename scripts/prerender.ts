import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { build, type Manifest, type Plugin } from 'vite'
import { PRERENDERED_ATTRIBUTE } from '../app/prerender/hydration.ts'
import { prerenderedRoutes, type PrerenderedRoute } from '../app/prerender/routes.ts'
import { mdiMap } from '../src/design-system/icons/paths.ts'
import { theme } from '../src/design-system/theme/theme.ts'
import { NO_KEY_MESSAGE } from '../src/screens/public/map/messages.ts'
import { fullPageTitle } from '../src/pageTitle/titles.ts'
import {
  PAGE_MESSAGE_ATTRIBUTE,
  PAGE_PICTURE_ATTRIBUTE,
  PAGE_PICTURE_SLOT,
  PRERENDERED_DIR,
  PRERENDERED_INDEX,
  PRERENDERED_STYLES_ATTRIBUTE,
  PRELOAD_LATER_ATTRIBUTE,
  SCRIPT_LOADER,
  type PrerenderIndex,
} from '../contract/prerender.ts'
import { EARLY_SEARCH_SCRIPT } from '../contract/earlySearch.ts'
import {
  PAGE_ROWS_ATTRIBUTE,
  PAGE_ROWS_CLASS_PREFIX,
  PAGE_ROWS_SCRIPT,
  PAGE_ROWS_TEMPLATE_ATTRIBUTE,
} from '../contract/pageRows.ts'
import type { PrerenderedPage } from '../app/prerender/render.tsx'
import { compressFile } from './precompress.ts'

const run = promisify(execFile)

/** A manifest entry's own chunk and, transitively, the chunks it imports statically. */
export function chunksOf(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key]
  if (!chunk) throw new Error(`Module absent du manifeste Vite : ${key}`)
  if (into.has(`/${chunk.file}`)) return into
  into.add(`/${chunk.file}`)
  for (const imported of chunk.imports ?? []) chunksOf(manifest, imported, into)
  return into
}

/**
 * The chunks of the parts a route's screen loads apart (idleComponent: Find's category sheet, the coupon dialog),
 * not among `loaded` (the entry's and the screen's): the app fetches them once its first render is committed and
 * evaluates them at the first press (PRELOAD_LATER_ATTRIBUTE). Only the screen's own dynamic imports, not the
 * entry's (every other screen), and no screen code loaded apart (src/screens/…: the map, with a key only).
 */
export function laterChunksOf(manifest: Manifest, key: string, loaded: Set<string>): string[] {
  const seen = new Set<string>()
  const later = new Set<string>()
  const visit = (visited: string) => {
    const chunk = manifest[visited]
    if (!chunk) throw new Error(`Module absent du manifeste Vite : ${visited}`)
    // The entry's dynamic imports are the other screens (and what the app loads apart on every page).
    if (seen.has(visited) || chunk.isEntry) return
    seen.add(visited)
    for (const imported of chunk.imports ?? []) visit(imported)
    for (const dynamic of chunk.dynamicImports ?? [])
      if (!dynamic.startsWith('src/screens/')) chunksOf(manifest, dynamic, later)
  }
  visit(key)
  return [...later].filter((chunk) => !loaded.has(chunk))
}

/**
 * The page picture's slot (filled by the server) and its box: over the skeleton, where the screen will draw the
 * picture, on phones (from the theme's lg breakpoint, 1,280 px, laptops lay the page out otherwise).
 */
function pictureSlot(box: string): { style: string; html: string } {
  const slot = `[${PAGE_PICTURE_ATTRIBUTE}]`
  return {
    style: `<style>${slot}{position:absolute;left:0;right:0;overflow:hidden;pointer-events:none;${box}}${slot} img{display:block;width:100%;height:100%;object-fit:cover}@media (min-width:1280px){${slot}{display:none}}</style>`,
    html: `<div ${PAGE_PICTURE_ATTRIBUTE} aria-hidden="true">${PAGE_PICTURE_SLOT}</div>`,
  }
}

const text = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/**
 * The map's no-key message, as MapScreen's Fallback draws it (the same surface, the info box with its map icon
 * and paragraph, the theme's colours), over the skeleton in `box`; phones only, as the picture slot. Readable
 * (not aria-hidden): it is the page's content until the screen renders the same message.
 */
export function noMapsKeyMessage(box: string): { style: string; html: string } {
  const slot = `[${PAGE_MESSAGE_ATTRIBUTE}]`
  const { colors } = theme
  return {
    style: `<style>${slot}{position:absolute;left:0;right:0;overflow:hidden;background:${colors.surface};${box}}${slot}>div{display:flex;align-items:flex-start;gap:12px;padding:16px;background:${colors.infoBg};color:${colors.text}}${slot} svg{flex:none;color:${colors.info}}${slot} p{margin:0}@media (min-width:1280px){${slot}{display:none}}</style>`,
    html: `<div ${PAGE_MESSAGE_ATTRIBUTE}><div><svg viewBox="0 0 24 24" width="24" height="24" fill="currentColor" focusable="false" aria-hidden="true"><path d="${mdiMap}"></path></svg><p>${text(NO_KEY_MESSAGE)}</p></div></div>`,
  }
}

const STYLE_TAG = /<style[^>]*>([\s\S]*?)<\/style>/g
const CLASS_ATTRIBUTE = /class="([^"]*)"/g
const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * Find's rows template (contract/pageRows.ts) from the rows PartnerRow drew at build time: every class name
 * prefixed with PAGE_ROWS_CLASS_PREFIX, in the markup and in the CSS, and only the rules that style those
 * classes, in a plain <style> (styled-components' own sheet must neither pick these rules up as its own nor
 * share a name with them); the test ids dropped (the app's rows are the ones tests count). Then the slot over
 * the skeleton in `box` (phones only, as the picture slot), the template, and the script that fills it.
 */
export function pageRowsSlot(rows: PrerenderedPage, box: string): { style: string; html: string } {
  const classes = new Set<string>()
  const html = rows.html
    .replace(CLASS_ATTRIBUTE, (_, names: string) => {
      const renamed = names
        .split(/\s+/)
        .filter(Boolean)
        .map((name) => {
          classes.add(name)
          return PAGE_ROWS_CLASS_PREFIX + name
        })
      return `class="${renamed.join(' ')}"`
    })
    .replace(/ data-testid="[^"]*"/g, '')
  if (classes.size === 0) throw new Error('Modèle de lignes sans classes')
  const selector = new RegExp(`\\.(${[...classes].map(escapeRegExp).join('|')})(?![\\w-])`, 'g')
  const css = [...rows.styles.matchAll(STYLE_TAG)]
    .flatMap(([, text]) => text.split('/*!sc*/'))
    .map((rule) => rule.trim())
    .filter((rule) => rule !== '' && new RegExp(selector.source).test(rule))
    .map((rule) => rule.replace(selector, `.${PAGE_ROWS_CLASS_PREFIX}$1`))
    .join('')
  const slot = `[${PAGE_ROWS_ATTRIBUTE}]`
  return {
    style: `<style>${css}${slot}{position:absolute;left:0;right:0;${box}}@media (min-width:1280px){${slot}{display:none}}</style>`,
    html: `<div ${PAGE_ROWS_ATTRIBUTE}></div><template ${PAGE_ROWS_TEMPLATE_ATTRIBUTE}>${html}</template><script>${PAGE_ROWS_SCRIPT}</script>`,
  }
}

const TITLE = /<title>[^<]*<\/title>/

/** styled-components' server sheet tag (ServerStyleSheet.getStyleTags), whatever its version. */
const STYLED_SHEET_TAG = /<style data-styled="true" data-styled-version="[^"]*">/g

/** The page's styled-components sheets, marked as the prerender's own (PRERENDERED_STYLES_ATTRIBUTE). */
export function prerenderedStyles(styles: string): string {
  return styles.replace(STYLED_SHEET_TAG, `<style ${PRERENDERED_STYLES_ATTRIBUTE}>`)
}

/**
 * Fills index.html's empty root with a route's markup and its styles (before the app's own head content ends),
 * and puts the route's slot after #root: its picture slot, or in the page without a Maps key, the no-key message.
 * The `<title>` becomes the page's own, the one its screen sets: a busy phone shows it before any script runs.
 */
export function pageHtml(
  template: string,
  route: PrerenderedRoute,
  page: PrerenderedPage,
  variant: 'with-maps-key' | 'without-maps-key' = 'with-maps-key',
  rows?: PrerenderedPage,
): string {
  const root = '<div id="root"></div>'
  if (!template.includes(root)) throw new Error('index.html sans <div id="root"></div>')
  if (!TITLE.test(template)) throw new Error('index.html sans <title>')
  const slot =
    variant === 'without-maps-key' && route.withoutMapsKey
      ? noMapsKeyMessage(route.withoutMapsKey.messageBox)
      : route.pictureBox
        ? pictureSlot(route.pictureBox)
        : route.pageRowsBox
          ? pageRowsSlot(required(rows, 'Modèle de lignes manquant'), route.pageRowsBox)
          : { style: '', html: '' }
  return template
    .replace(TITLE, `<title>${text(fullPageTitle(route.title))}</title>`)
    .replace('</head>', `${prerenderedStyles(page.styles)}${slot.style}\n  </head>`)
    .replace(
      root,
      `<div id="root" ${PRERENDERED_ATTRIBUTE}="${route.pattern}">${page.html}</div>${slot.html}`,
    )
}

function required<T>(value: T | undefined, message: string): T {
  if (value === undefined) throw new Error(message)
  return value
}

const CHARSET = '<meta charset="UTF-8" />'

/**
 * Puts Find's early search (contract/earlySearch.ts) first in the head, right after the charset: its request then
 * leaves as the HTML is parsed, before the scripts and styles are fetched.
 */
export function withEarlySearch(html: string): string {
  if (!html.includes(CHARSET)) throw new Error(`index.html sans ${CHARSET}`)
  return html.replace(CHARSET, `${CHARSET}\n    <script>${EARLY_SEARCH_SCRIPT}</script>`)
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="[^"]+">\s*/g

/**
 * Replaces Vite's entry `<script type="module">` and its module preloads (in the head, where the browser
 * fetches them before the first paint) with the inline loader (SCRIPT_LOADER), which starts the entry and
 * `chunks` (the route's, the entry's imports included) after the first frame.
 */
export function scriptsAfterFirstPaint(
  html: string,
  chunks: Iterable<string>,
  later: readonly string[] = [],
): string {
  const entry = ENTRY_SCRIPT.exec(html)?.[1]
  if (!entry) throw new Error('index.html sans <script type="module"> d’entrée')
  if (!html.includes('</body>')) throw new Error('index.html sans </body>')
  const modules = [...chunks].filter((chunk) => chunk !== entry).join(' ')
  const laterAttribute = later.length > 0 ? ` ${PRELOAD_LATER_ATTRIBUTE}="${later.join(' ')}"` : ''
  const loader = `<script data-entry="${entry}" data-modules="${modules}"${laterAttribute}>${SCRIPT_LOADER}</script>`
  return html
    .replace(ENTRY_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace('</body>', `  ${loader}\n  </body>`)
}

/**
 * After the client build: builds app/prerender/render.tsx for Node, renders each public route in its own Node
 * process (styled-components' class names depend on which modules were loaded before, see render.tsx), and
 * writes dist/prerendered/<route>.html (with .br and .gz) and routes.json for the server.
 */
export function prerenderPages(): Plugin {
  let outDir = 'dist'
  let configFile: string | undefined
  let mode = 'production'
  let root = process.cwd()
  let skip = false
  return {
    name: 'partenaires:prerender',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir)
      configFile = config.configFile
      root = config.root
      mode = config.mode
      // Not for the Node build made below (Storybook's configuration leaves this plugin out: .storybook/main.ts).
      skip = Boolean(config.build.ssr)
    },
    closeBundle: {
      // After precompress (declared before this plugin), so the pages written here are compressed here.
      sequential: true,
      async handler() {
        if (skip) return
        // Inside the project, so the Node build finds the project's node_modules.
        const serverDir = mkdtempSync(join(root, '.prerender-'))
        try {
          await build({
            configFile,
            mode,
            logLevel: 'warn',
            // styled-components' CommonJS build has no ESM default export for Node: bundled, Vite bridges it.
            ssr: { noExternal: ['styled-components'] },
            build: {
              ssr: resolve(import.meta.dirname, '../app/prerender/render.tsx'),
              outDir: serverDir,
              emptyOutDir: true,
              manifest: false,
              sourcemap: false,
              rolldownOptions: { output: { entryFileNames: 'render.js' } },
            },
          })
          const renderer = pathToFileURL(join(serverDir, 'render.js')).href
          const template = readFileSync(join(outDir, 'index.html'), 'utf8')
          const manifest = JSON.parse(
            readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8'),
          ) as Manifest
          const entryChunks = [...chunksOf(manifest, 'index.html')]
          mkdirSync(join(outDir, PRERENDERED_DIR), { recursive: true })
          const index: PrerenderIndex = { routes: [], fallback: { preload: entryChunks } }
          /** `call` (an export of render.tsx, with its argument) in a Node process of its own. */
          const renderApart = async (call: string) => {
            const script = `const render = await import(${JSON.stringify(renderer)});
process.stdout.write(JSON.stringify(await render.${call}))`
            const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
              maxBuffer: 16 * 1024 * 1024,
              // The React build the client bundle got (NODE_ENV=development vite build: React's dev checks).
              env: { NODE_ENV: mode === 'production' ? 'production' : 'development', ...process.env },
            })
            return JSON.parse(stdout) as PrerenderedPage
          }
          const rows = prerenderedRoutes.some((route) => route.pageRowsBox)
            ? await renderApart('renderPageRowsTemplate()')
            : undefined
          // One after the other: a build machine may have two cores, each render is a Node start (~0.5 s).
          for (const route of prerenderedRoutes) {
            const page = await renderApart(`renderRoute(${JSON.stringify(route.pattern)})`)
            const file = join(outDir, PRERENDERED_DIR, route.file)
            const chunks = [...chunksOf(manifest, route.screenModule, new Set(entryChunks))]
            const later = laterChunksOf(manifest, route.screenModule, new Set(chunks))
            const prerendered = pageHtml(template, route, page, 'with-maps-key', rows)
            const html = route.earlySearch ? withEarlySearch(prerendered) : prerendered
            const deferred = route.scripts === 'after-first-paint'
            writeFileSync(file, deferred ? scriptsAfterFirstPaint(html, chunks, later) : html)
            compressFile(file)
            let withoutMapsKey: PrerenderIndex['routes'][number]['withoutMapsKey']
            if (route.withoutMapsKey) {
              // Its HTML paints the message, the page's largest content: scripts after that paint, none announced.
              const variant = join(outDir, PRERENDERED_DIR, route.withoutMapsKey.file)
              writeFileSync(
                variant,
                scriptsAfterFirstPaint(pageHtml(template, route, page, 'without-maps-key'), chunks, later),
              )
              compressFile(variant)
              withoutMapsKey = { file: `${PRERENDERED_DIR}/${route.withoutMapsKey.file}`, preload: [] }
            }
            index.routes.push({
              pattern: route.pattern,
              file: `${PRERENDERED_DIR}/${route.file}`,
              // A page whose scripts start after its first paint announces none with its HTML.
              preload: deferred ? [] : chunks,
              ...(route.pictureBox ? { pictureSlot: true } : {}),
              ...(withoutMapsKey ? { withoutMapsKey } : {}),
            })
          }
          writeFileSync(join(outDir, PRERENDERED_DIR, PRERENDERED_INDEX), JSON.stringify(index, null, 2))
        } finally {
          rmSync(serverDir, { recursive: true, force: true })
        }
      },
    },
  }
}
