/**
 * `npm run bench`: the project's benchmark suite, on this machine. Prints a table (figure, value, budget, ✓/✗)
 * and writes bench/results/<ISO date>.json and bench/results/latest.json (with the searches' EXPLAIN ANALYZE
 * plans beside it, <ISO date>-plans.md, when the api or growth section ran). BENCHMARKS.md reports the figures.
 *
 * BENCH_ONLY picks the sections, comma-separated (default: all but ab):
 *   api              search (8 queries) and its bare-Fastify ceiling, and the reads, on each store
 *   growth           the searches at BENCH_GROWTH_SIZES partners (default 10000,100000 and, on PostgreSQL only,
 *                    1000000)
 *   memory           the load test's mix for BENCH_MEMORY_SECONDS (default 60), the server's memory sampled after
 *                    a full GC, on each store
 *   cluster          search on one instance and on two behind nginx, with a PostgreSQL and nginx of its own
 *   firstload        the production build's first-load JS per route, against the bare React + router page
 *   lighthouse       the phone pages (Lighthouse mobile), ratios to the bare page measured in the same run
 *   lighthouse-busy  the same with one core kept busy throughout
 *   interactions     interaction latency (INP-like, Event Timing) at 4× CPU slowdown
 *   lists            the long lists (virtualised rows, the 10,000-row table of bench/datatable)
 *   backoffice       the back-office pages (Lighthouse desktop) with 5,000 more partners imported
 *   ab               the Lighthouse A/B: the phone pages on each checkout of BENCH_AB_ROOTS (comma-separated
 *                    paths, each built with `npm run build`; default: this checkout), interleaved run by run,
 *                    with the bare page and each side's ratios to it and to the first side
 *
 * Other settings: DATABASE_URL adds PostgreSQL to the api, growth and memory sections (BENCH_STORES=pglite,postgres
 * narrows the stores); BENCH_SECONDS (default 10) sets each load phase; BENCH_PARTNERS (default 100000);
 * BENCH_LIGHTHOUSE_RUNS (default 5, the median kept); BENCH_PAGES (the phone pages to measure, by label, e.g.
 * '/login,Find', for lighthouse, lighthouse-busy and ab); BENCH_RECORD_MAIN_THREAD=1 records the pages'
 * main-thread work (ratio to the bare page) in bench/main-thread.json, the figures later runs are held to (+10 %).
 * Read further down: BENCH_API_REUSE_DIR (api, PGlite: an already seeded store reused and kept, for profiling),
 * BENCH_LOG_LEVEL (api: the server's log level, default info), DATABASE_POOL_MAX (cluster: pool per instance,
 * default 10), CHROME_PATH (scripts/chromium.ts) and NGINX_BIN (scripts/cluster).
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { apiPaths } from '../contract/paths.ts'
import type { AuthUser, PartnerSearchResult } from '../contract/schemas.ts'
import { findChromium, missingChromiumHelp } from '../scripts/chromium.ts'
import { writeFileSync } from 'node:fs'
import { format } from 'prettier'
import {
  apiFigures,
  benchApi,
  benchGrowth,
  growthFigures,
  plansMarkdown,
  type ApiResult,
  type GrowthResult,
} from './api/index.ts'
import {
  benchCluster,
  clusterBenchUnavailable,
  clusterFigures,
  type ClusterBenchResult,
} from './cluster/index.ts'
import {
  BARE_PAGE,
  benchLighthouse,
  lighthouseFigures,
  recordMainThread,
  type LighthousePage,
  type LighthouseRun,
} from './browser/lighthouse.ts'
import { abFigures, benchLighthouseAb, unbuiltRoot, type AbResult } from './browser/abLighthouse.ts'
import { serveBare } from './browser/bareServer.ts'
import { benchInteractions, interactionFigures, type InteractionRun } from './browser/interactions.ts'
import { benchLists, listFigures, type ListRun } from './browser/lists.ts'
import { startServer } from './browser/server.ts'
import { benchFirstLoad, buildBare, firstLoadFigures, type FirstLoadResult } from './firstload/index.ts'
import { describeMachine } from './lib/machine.ts'
import { benchMemory, memoryFigures, type MemoryResult } from './memory/index.ts'
import { info, printTable, writeResults, type Figure } from './lib/report.ts'
import { round } from './lib/stats.ts'

const root = resolve(import.meta.dirname, '..')
const startedAt = new Date()
const t0 = performance.now()
const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const partners = Number(process.env.BENCH_PARTNERS ?? 100_000)
const SECTIONS = [
  'api',
  'growth',
  'memory',
  'cluster',
  'firstload',
  'lighthouse',
  'lighthouse-busy',
  'backoffice',
  'lists',
  'interactions',
  'ab',
]
const only = new Set(
  (process.env.BENCH_ONLY ?? SECTIONS.filter((name) => name !== 'ab').join(','))
    .split(',')
    .map((s) => s.trim()),
)
const lighthouseRuns = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5)

/** The phone pages of the lighthouse, lighthouse-busy and ab sections, by label ('/partenaire/:id': the first found). */
const PHONE_PAGES = [
  { page: '/login', path: '/login', signedIn: false },
  { page: '/inscription', path: '/inscription', signedIn: false },
  { page: '/forgot-password', path: '/forgot-password', signedIn: false },
  { page: 'Home (signed in)', path: '/', signedIn: true },
  { page: 'Find', path: '/rechercher', signedIn: true },
  { page: 'Partner details', path: '/partenaire/:id', signedIn: true },
  { page: 'Map (no key)', path: '/map', signedIn: true },
  { page: 'Favoris', path: '/favoris', signedIn: true },
  { page: 'Mes coupons', path: '/mes-coupons', signedIn: true },
]
// BENCH_PAGES='Favoris,Mes coupons': those phone pages only, beside the bare page.
const onlyPages = process.env.BENCH_PAGES
  ? new Set(process.env.BENCH_PAGES.split(',').map((s) => s.trim()))
  : null
// BENCH_AB_ROOTS=/path/a,/path/b: the checkouts the ab section compares, the first one the reference.
const abRoots = (process.env.BENCH_AB_ROOTS ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean)
  .map((path) => resolve(path))
if (abRoots.length === 0) abRoots.push(root)

// Settings a typo would silently ignore are refused before anything is measured.
const refused = [
  ...[...only].filter((name) => !SECTIONS.includes(name)).map((name) => `BENCH_ONLY: no section ${name}`),
  ...[...(onlyPages ?? [])]
    .filter((page) => !PHONE_PAGES.some((p) => p.page === page))
    .map((page) => `BENCH_PAGES: no page ${page}`),
  ...(only.has('ab')
    ? abRoots
        .filter((path) => path !== root)
        .map(unbuiltRoot)
        .filter((message) => message !== null)
        .map((message) => `BENCH_AB_ROOTS: ${message}`)
    : []),
]
if (refused.length > 0) {
  console.error(
    `${refused.join('\n')}\nsections: ${SECTIONS.join(', ')}\npages: ${PHONE_PAGES.map((p) => p.page).join(', ')}`,
  )
  process.exit(2)
}
// BENCH_STORES=pglite,postgres (default: both when DATABASE_URL is set) for the api and growth sections.
const stores = (process.env.BENCH_STORES ?? (process.env.DATABASE_URL ? 'pglite,postgres' : 'pglite'))
  .split(',')
  .map((s) => s.trim())
  .filter(
    (s): s is 'pglite' | 'postgres' => s === 'pglite' || (s === 'postgres' && !!process.env.DATABASE_URL),
  )
const log = (line: string) => console.log(line)
const since = () => `${round((performance.now() - t0) / 1000, 0)} s`

const chromePath = findChromium()
const machine = describeMachine(chromePath)
log(
  `bench: ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGiB} GiB, Node ${machine.node}, load ${machine.loadAverage}`,
)
if (machine.loadAverage > machine.cpus)
  log(
    `warning: load average ${machine.loadAverage} on ${machine.cpus} cores: other work will skew the figures`,
  )

const figures: Figure[] = []
const errors: { section: string; error: string }[] = []
const results: {
  api: ApiResult[]
  growth: GrowthResult[]
  memory: MemoryResult[]
  cluster: ClusterBenchResult | null
  firstLoad: FirstLoadResult | null
  lighthouse: LighthouseRun[]
  lighthouseBusyCore: LighthouseRun[]
  backOffice: LighthouseRun[]
  lists: ListRun[]
  interactions: InteractionRun[]
  ab: AbResult | null
} = {
  api: [],
  growth: [],
  memory: [],
  cluster: null,
  firstLoad: null,
  lighthouse: [],
  lighthouseBusyCore: [],
  backOffice: [],
  lists: [],
  interactions: [],
  ab: null,
}

async function section<T>(name: string, fn: () => Promise<T>): Promise<T | null> {
  const started = performance.now()
  log(`\n[${since()}] ${name}…`)
  try {
    const value = await fn()
    log(`[${since()}] ${name} done in ${round((performance.now() - started) / 1000, 1)} s`)
    return value
  } catch (error) {
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error)
    log(`[${since()}] ${name} FAILED: ${message}`)
    errors.push({ section: name, error: message.split('\n')[0] })
    figures.push(info(name, 'error', 'failed', '', message.split('\n')[0].slice(0, 120)))
    return null
  }
}

/**
 * The public screens (the app on its own server, the map without a Google key) and, in the same session, the
 * bare React + router page served gzipped: its score and main-thread work are the yardstick each page's ratios
 * are taken against. With `busyCore`, a loop keeps one of the machine's cores busy throughout (a phone doing
 * other things).
 */
async function lighthouseAgainstBare(base: string, user: AuthUser, chrome: string, busyCore: boolean) {
  const suffix = busyCore ? ' (one core busy)' : ''
  const phone = await phonePages(base, user)
  return withBarePage(async (bareBase) => {
    const pages: LighthousePage[] = [
      { page: BARE_PAGE, url: `${bareBase}/login`, signedIn: false },
      ...phone,
    ].map((page) => ({ ...page, page: page.page + suffix }))
    const loop = busyCore ? spinOneCore() : undefined
    try {
      return await benchLighthouse(pages, user, chrome, lighthouseRuns, log)
    } finally {
      loop?.kill('SIGKILL')
    }
  }, suffix)
}

/** The phone pages (BENCH_PAGES' ones) on a server of the app with the demo seed. */
async function phonePages(base: string, user: AuthUser): Promise<LighthousePage[]> {
  const search = await fetch(base + apiPaths.partnerSearch(), {
    headers: { authorization: `Bearer ${user.access_token}` },
  })
  const partner = ((await search.json()) as PartnerSearchResult[])[0]
  if (!partner) throw new Error('no partner in the demo seed')
  return PHONE_PAGES.filter((page) => !onlyPages || onlyPages.has(page.page)).map(
    ({ page, path, signedIn }) => ({
      page,
      url: base + path.replace(':id', String(partner.partnerId.id)),
      signedIn,
    }),
  )
}

/**
 * The back-office on a laptop (Lighthouse's desktop preset) with 5,000 more partners imported, against the bare
 * page measured with the same preset in the same run.
 */
async function backOfficeAgainstBare(base: string, admin: AuthUser, chrome: string) {
  await importPartners(base, admin, BACK_OFFICE_PARTNERS)
  return withBarePage(async (bareBase) => {
    const pages: LighthousePage[] = [
      { page: `${BARE_PAGE} (desktop)`, url: `${bareBase}/login`, signedIn: false },
      {
        page: `/bo/partenaires (${BACK_OFFICE_PARTNERS} more partners)`,
        url: `${base}/bo/partenaires`,
        signedIn: true,
      },
      { page: '/bo/tableau-de-bord', url: `${base}/bo/tableau-de-bord`, signedIn: true },
      { page: '/bo/journal', url: `${base}/bo/journal`, signedIn: true },
    ]
    return benchLighthouse(pages, admin, chrome, lighthouseRuns, log, 'desktop')
  }, ' (desktop)')
}

const BACK_OFFICE_PARTNERS = 5_000

/** Imports `count` made-up partners through the back-office's CSV import, as an administrator would. */
async function importPartners(base: string, admin: AuthUser, count: number) {
  const categories = ['Restaurants', 'Bars', 'Librairies', 'Sport', 'Beauté']
  const csv = [
    '\uFEFFDénomination;Description;SIREN;Adresse;Code postal;Ville;Latitude;Longitude;Email;Téléphone;Prénom gérant;Nom gérant;Catégories;Statut',
    ...Array.from(
      { length: count },
      (_, i) =>
        `Partenaire importé ${i};Description ${i};;${i} rue de la République;13001;Marseille;43,${2900 + (i % 100)};5,${3700 + (i % 100)};importe${i}@exemple.fr;04 91 00 00 00;Jean;Dupont;${categories[i % 5]};Actif`,
    ),
  ].join('\r\n')
  const form = new FormData()
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'partenaires.csv')
  const res = await fetch(`${base}/api/imports/partners?createCategories=true`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.access_token}` },
    body: form,
  })
  if (!res.ok) throw new Error(`partner import answered ${res.status}: ${await res.text()}`)
}

/** Builds and serves the bare page for the time of `measure`. */
async function withBarePage<T>(measure: (bareBase: string) => Promise<T>, label: string): Promise<T> {
  const bareDir = mkdtempSync(join(tmpdir(), 'bench-bare-lh-'))
  try {
    await buildBare(root, bareDir)
    const bare = await serveBare(bareDir)
    log(`  bare page${label}: ${bare.base}`)
    try {
      return await measure(bare.base)
    } finally {
      await bare.close()
    }
  } finally {
    rmSync(bareDir, { recursive: true, force: true })
  }
}

/** A process that keeps one core busy until killed. */
function spinOneCore() {
  return spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' })
}

if (only.has('api')) {
  for (const store of stores) {
    const r = await section(`API overhead (${store})`, () =>
      benchApi({ store, partners, seconds, connections: 10, log }),
    )
    if (r) {
      results.api.push(r)
      figures.push(...apiFigures(r))
    }
  }
  if (!process.env.DATABASE_URL) figures.push(info('API PostgreSQL', 'not measured', 'DATABASE_URL unset'))
}

if (only.has('growth')) {
  const given = process.env.BENCH_GROWTH_SIZES?.split(',').map(Number)
  for (const store of stores) {
    // A million partners on PGlite (one WASM process, ~7 kB a partner in memory) is not a deployment to measure.
    const sizes = given ?? (store === 'postgres' ? [10_000, 100_000, 1_000_000] : [10_000, 100_000])
    const r = await section(`Growth ${sizes.join(' → ')} (${store})`, () =>
      benchGrowth({ store, sizes, seconds, connections: 10, log }),
    )
    if (r) {
      results.growth.push(r)
      figures.push(...growthFigures(r))
    }
  }
}

if (only.has('memory')) {
  const memorySeconds = Number(process.env.BENCH_MEMORY_SECONDS ?? 60)
  for (const store of stores) {
    const r = await section(`Memory under load ${memorySeconds} s (${store})`, () =>
      benchMemory({ store, seconds: memorySeconds, log }),
    )
    if (r) {
      results.memory.push(r)
      figures.push(...memoryFigures(r))
    }
  }
}

if (only.has('cluster')) {
  const unavailable = clusterBenchUnavailable()
  if (unavailable) figures.push(info('Instances (search)', 'not measured', unavailable))
  else {
    const r = await section('Instances: 1 direct, 1 and 2 behind nginx (PostgreSQL)', () =>
      benchCluster({ partners, seconds, connections: 10, log }),
    )
    if (r) {
      results.cluster = r
      figures.push(...clusterFigures(r))
    }
  }
}

// The build is needed by every browser measurement: it always runs when one of them does.
const browserSections = ['lighthouse', 'lighthouse-busy', 'lists', 'interactions', 'backoffice'].filter(
  (name) => only.has(name),
)
// The ab section serves this checkout's build when it is one of its sides (the others are built beforehand).
const abBuildsHere = only.has('ab') && abRoots.includes(root)
if (only.has('firstload') || browserSections.length > 0 || abBuildsHere) {
  const r = await section('First load (vite build + bare page)', () => benchFirstLoad(root, log))
  if (r) {
    results.firstLoad = r
    if (only.has('firstload')) figures.push(...firstLoadFigures(r))
  }
}

if (browserSections.length > 0 && results.firstLoad) {
  if (!chromePath) {
    figures.push(info('Browser', 'not measured', 'no Chromium', '', missingChromiumHelp))
  } else {
    const server = await section('Server (npm start, demo seed)', () => startServer(root))
    if (server) {
      try {
        if (only.has('lighthouse')) {
          const runs = await section('Lighthouse', () =>
            lighthouseAgainstBare(server.base, server.user, chromePath, false),
          )
          if (runs) {
            results.lighthouse = runs
            if (process.env.BENCH_RECORD_MAIN_THREAD === '1') recordMainThread(runs)
            figures.push(...lighthouseFigures(runs))
          }
        }
        if (only.has('lighthouse-busy')) {
          const runs = await section('Lighthouse, one core kept busy', () =>
            lighthouseAgainstBare(server.base, server.user, chromePath, true),
          )
          if (runs) {
            results.lighthouseBusyCore = runs
            if (process.env.BENCH_RECORD_MAIN_THREAD === '1') recordMainThread(runs)
            figures.push(...lighthouseFigures(runs))
          }
        }
        if (only.has('interactions')) {
          const runs = await section('Interactions', () =>
            benchInteractions(server.base, server.user, chromePath),
          )
          if (runs) {
            results.interactions = runs
            figures.push(...interactionFigures(runs))
          }
        }
        if (only.has('lists')) {
          const runs = await section('Long lists', () => benchLists(server.base, server.user, chromePath))
          if (runs) {
            results.lists = runs
            figures.push(...listFigures(runs))
          }
        }
        // Last: it adds partners to the server the other sections measure.
        if (only.has('backoffice')) {
          const runs = await section('Back-office on a laptop (Lighthouse desktop)', () =>
            backOfficeAgainstBare(server.base, server.user, chromePath),
          )
          if (runs) {
            results.backOffice = runs
            if (process.env.BENCH_RECORD_MAIN_THREAD === '1') recordMainThread(runs)
            figures.push(...lighthouseFigures(runs))
          }
        }
      } finally {
        await server.stop()
      }
    }
  }
}

if (only.has('ab') && (results.firstLoad || !abBuildsHere)) {
  if (!chromePath) {
    figures.push(info('Lighthouse A/B', 'not measured', 'no Chromium', '', missingChromiumHelp))
  } else {
    const ab = await section(`Lighthouse A/B: ${abRoots.join(' vs ')}`, () =>
      withBarePage(
        (bareBase) =>
          benchLighthouseAb({
            roots: abRoots,
            pagesOf: phonePages,
            bare: { page: BARE_PAGE, url: `${bareBase}/login`, signedIn: false },
            chromePath,
            runs: lighthouseRuns,
            log,
          }),
        '',
      ),
    )
    if (ab) {
      results.ab = ab
      figures.push(...abFigures(ab))
    }
  }
}

const totalSeconds = round((performance.now() - t0) / 1000, 1)
figures.push(info('Run', 'total duration', totalSeconds, 's'))
figures.push(info('Run', 'load average at start (1 min)', machine.loadAverage, '', `${machine.cpus} cores`))
const table = printTable(figures)
log(`\n${table}\n`)
const met = figures.filter((f) => f.ok === true).length
const missed = figures.filter((f) => f.ok === false)
log(
  `${met} budgets met, ${missed.length} missed${missed.length ? `: ${missed.map((f) => `${f.section} / ${f.name}`).join('; ')}` : ''}`,
)
const file = await writeResults(
  resolve(root, 'bench', 'results'),
  {
    date: startedAt.toISOString(),
    command: 'npm run bench',
    machine,
    settings: { seconds, partners, connections: 10 },
    totalSeconds,
    figures,
    results,
    errors,
  },
  startedAt,
)
log(`results: ${file}`)
if (results.api.length > 0 || results.growth.length > 0) {
  const plansFile = file.replace(/\.json$/, '-plans.md')
  const markdown = `# EXPLAIN ANALYZE, ${startedAt.toISOString()}\n\n${plansMarkdown(results.api, results.growth)}`
  // Formatted as `npm run lint` (prettier --check .) expects.
  writeFileSync(plansFile, await format(markdown, { parser: 'markdown' }))
  log(`plans: ${plansFile}`)
}
// Budgets missed are reported, not failed on: the bench is a measurement, not a test.
process.exitCode = errors.length > 0 ? 1 : 0
