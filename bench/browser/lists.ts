import { mdiStar } from '@mdi/js'
import { chromium, type Page } from 'playwright'
import type { AuthUser, PartnerSearchResult } from '@/contract/schemas.ts'
import { chromiumArgs } from '@/scripts/chromium.ts'
import { budgeted, info, type Figure } from '../lib/report.ts'
import { percentile, round } from '../lib/stats.ts'

export interface ListRun {
  list: string
  available: boolean
  note?: string
  rows?: number
  scrolledRows?: number
  timeToFirstRowMs?: number
  frames?: number
  rafP95Ms?: number
  rafP99Ms?: number
  workP95Ms?: number
  droppedPct?: number
  maxDomNodes?: number
  domNodesAtStart?: number
  heapMb?: number
  seconds?: number
}

const TOTAL = 10_000

function fakePartner(i: number): PartnerSearchResult {
  return {
    partnerId: { id: i + 1 },
    name: `Partenaire ${i + 1} du Marché`,
    description: 'Accueil chaleureux, produits locaux et offres réservées aux adhérents.',
    siren: String(100_000_000 + i),
    location: {
      address: `${1 + (i % 120)} rue de la République`,
      city: ['Paris', 'Lyon', 'Marseille', 'Nantes'][i % 4],
      position: { lat: 48.85 + (i % 100) / 1000, lng: 2.35 + (i % 70) / 1000 },
    },
    email: `contact${i + 1}@partenaire.exemple.fr`,
    phone: '01 23 45 67 89',
    representativeFirstName: null,
    representativeLastName: null,
    categories: [
      {
        id: 1 + (i % 9),
        label: [
          'Restaurants',
          'Boulangeries',
          'Bars',
          'Shopping',
          'Bien-être',
          'Sport',
          'Garages',
          'Hôtels',
          'Loisirs',
        ][i % 9],
        icon: 'star',
        iconPath: mdiStar,
      },
    ],
    status: 'ACTIF',
    discountOffers:
      i % 3 === 0
        ? []
        : [{ id: { id: i * 3 + 1 }, libelle: '-10 % sur la carte', status: 'ENABLED', expirationDate: null }],
    images: [],
    rating: i % 4 === 0 ? null : 3 + (i % 20) / 10,
    userRatingsTotal: i % 4 === 0 ? null : 10 + (i % 300),
    distanceToUser: round(0.05 + i * 0.01, 3),
  }
}

/**
 * Scrolls the page's virtualised list by `step` px a frame until it has shown `total` rows (or `maxSeconds`),
 * recording requestAnimationFrame deltas, each frame's main-thread work (rAF → a message posted from it, which
 * runs after style, layout and paint) and the DOM size.
 */
async function scrollAndMeasure(page: Page, step: number, total: number, maxSeconds: number) {
  return page.evaluate(
    async ({ step, total, maxSeconds }) => {
      const scroller = [
        ...document.querySelectorAll<HTMLElement>(
          '[data-testid="virtuoso-scroller"], [data-virtuoso-scroller="true"]',
        ),
      ].find(
        // A scroll container only: with useWindowScroll, Virtuoso's element overflows by a few px at times
        // without scrolling, and scrolling it would scroll nothing.
        (el) => /auto|scroll/.test(getComputedStyle(el).overflowY) && el.scrollHeight > el.clientHeight + 10,
      )
      const target: { scrollBy(x: number, y: number): void } = scroller ?? window
      const deltas: number[] = []
      const work: number[] = []
      let maxNodes = 0
      let maxIndex = -1
      const channel = new MessageChannel()
      let frameStart = 0
      channel.port1.onmessage = () => work.push(performance.now() - frameStart)
      const started = performance.now()
      let last = 0
      let frame = 0
      await new Promise<void>((resolve) => {
        const tick = (now: number) => {
          if (last) deltas.push(now - last)
          last = now
          frameStart = performance.now()
          channel.port2.postMessage(0)
          target.scrollBy(0, step)
          if (frame++ % 20 === 0) {
            maxNodes = Math.max(maxNodes, document.getElementsByTagName('*').length)
            for (const el of document.querySelectorAll('[data-item-index]'))
              maxIndex = Math.max(maxIndex, Number(el.getAttribute('data-item-index')))
          }
          if (maxIndex >= total - 1 || now - started > maxSeconds * 1000) resolve()
          else requestAnimationFrame(tick)
        }
        requestAnimationFrame(tick)
      })
      return { deltas, work, maxNodes, maxIndex, seconds: (performance.now() - started) / 1000 }
    },
    { step, total, maxSeconds },
  )
}

/**
 * `showAll`: for a paginated table, the first row of its first page is awaited, then 'Tous' is chosen in
 * 'Lignes par page' (the 10,000-row case to measure); its time is included in the time to first row.
 */
async function measureList(
  page: Page,
  list: string,
  url: string,
  step: number,
  showAll = false,
): Promise<ListRun> {
  const t0 = Date.now()
  await page.goto(url, { waitUntil: 'domcontentloaded' })
  try {
    if (showAll) {
      await page
        .getByRole('row', { name: /^Consulter/ })
        .first()
        .waitFor({ timeout: 15_000 })
      await page.getByRole('combobox', { name: 'Lignes par page' }).click()
      await page.getByRole('option', { name: 'Tous' }).click()
    }
    await page.waitForSelector('[data-item-index]', { timeout: 15_000 })
  } catch {
    return {
      list,
      available: false,
      note: `screen not available yet (no virtualised rows at ${new URL(url).pathname})`,
    }
  }
  const timeToFirstRowMs = Date.now() - t0
  await page.waitForTimeout(500)
  const domNodesAtStart = await page.evaluate(() => document.getElementsByTagName('*').length)
  // Measured: 20 s of steady fast scrolling. Then, unmeasured, jump to the end until all 10,000 rows have loaded.
  const r = await scrollAndMeasure(page, step, TOTAL, 20)
  const loaded = await page.evaluate(async (total) => {
    const scroller = [
      ...document.querySelectorAll<HTMLElement>(
        '[data-testid="virtuoso-scroller"], [data-virtuoso-scroller="true"]',
      ),
    ].find(
      (el) => /auto|scroll/.test(getComputedStyle(el).overflowY) && el.scrollHeight > el.clientHeight + 10,
    )
    const deadline = performance.now() + 45_000
    let maxIndex = -1
    while (maxIndex < total - 1 && performance.now() < deadline) {
      if (scroller) scroller.scrollTop = scroller.scrollHeight
      else window.scrollTo(0, document.documentElement.scrollHeight)
      await new Promise((resolve) => setTimeout(resolve, 60))
      for (const el of document.querySelectorAll('[data-item-index]'))
        maxIndex = Math.max(maxIndex, Number(el.getAttribute('data-item-index')))
    }
    return { maxIndex, nodes: document.getElementsByTagName('*').length }
  }, TOTAL)
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('HeapProfiler.collectGarbage')
  const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number }
  const deltas = r.deltas.slice(2)
  return {
    list,
    available: true,
    rows: Math.max(r.maxIndex, loaded.maxIndex) + 1,
    scrolledRows: r.maxIndex + 1,
    timeToFirstRowMs,
    frames: deltas.length,
    rafP95Ms: round(percentile(deltas, 95), 1),
    rafP99Ms: round(percentile(deltas, 99), 1),
    workP95Ms: round(percentile(r.work, 95), 1),
    droppedPct: round((100 * deltas.filter((d) => d > 16.7 * 1.5).length) / Math.max(1, deltas.length), 1),
    maxDomNodes: Math.max(r.maxNodes, loaded.nodes),
    domNodesAtStart,
    heapMb: round(heap.usedSize / 2 ** 20, 1),
    seconds: round(r.seconds, 1),
  }
}

export async function benchLists(base: string, user: AuthUser, chromePath: string): Promise<ListRun[]> {
  const browser = await chromium.launch({ executablePath: chromePath, args: chromiumArgs })
  try {
    const runs: ListRun[] = []
    // Find: a phone, the search API answering 10,000 results page by page.
    const phone = await browser.newContext({
      viewport: { width: 412, height: 915 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      locale: 'fr-FR',
      geolocation: { latitude: 48.8566, longitude: 2.3522 },
      permissions: ['geolocation'],
    })
    // tsx compiles the in-page functions with esbuild's keepNames, which calls a __name helper.
    await phone.addInitScript('globalThis.__name = (f) => f')
    await phone.addInitScript((value) => localStorage.setItem('user', value), JSON.stringify(user))
    await phone.route('**/api/partners/search?**', async (route) => {
      const q = new URL(route.request().url()).searchParams
      const page = Number(q.get('page') ?? 0)
      const size = Number(q.get('pageSize') ?? 50)
      const start = page * size
      const body = Array.from({ length: Math.max(0, Math.min(size, TOTAL - start)) }, (_, k) =>
        fakePartner(start + k),
      )
      await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) })
    })
    runs.push(await measureList(await phone.newPage(), 'Find list (phone)', `${base}/rechercher`, 300))
    await phone.close()

    // Back-office partner table: a desktop, GET /api/partners answering 10,000 partners at once.
    const desktop = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'fr-FR' })
    await desktop.addInitScript('globalThis.__name = (f) => f')
    await desktop.addInitScript((value) => localStorage.setItem('user', value), JSON.stringify(user))
    const all = JSON.stringify(
      Array.from({ length: TOTAL }, (_, i) => ({ ...fakePartner(i), distanceToUser: undefined })),
    )
    await desktop.route(/\/api\/partners(\?.*)?$/, (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: all }),
    )
    let table: ListRun | null = null
    for (const path of ['/bo/partenaires', '/bo/partners', '/bo']) {
      table = await measureList(
        await desktop.newPage(),
        'Back-office partner table',
        `${base}${path}`,
        300,
        true,
      )
      if (table.available) break
    }
    runs.push(table!)
    await desktop.close()
    return runs
  } finally {
    await browser.close()
  }
}

export function listFigures(runs: ListRun[]): Figure[] {
  return runs.flatMap((r): Figure[] => {
    const s = 'Long lists'
    if (!r.available) return [info(s, `${r.list}`, 'not measured', '', r.note)]
    const rows = `${r.scrolledRows} rows scrolled in ${r.seconds} s`
    return [
      info(s, `${r.list}: time to first row`, r.timeToFirstRowMs ?? null, 'ms'),
      budgeted(
        s,
        `${r.list}: frame time p95 (rAF)`,
        r.rafP95Ms ?? null,
        'ms',
        '< 16.7 ms',
        (v) => v < 16.7,
        `p99 ${r.rafP99Ms} ms, ${r.droppedPct} % dropped, ${rows}`,
      ),
      budgeted(
        s,
        `${r.list}: frame work p95`,
        r.workP95Ms ?? null,
        'ms',
        '< 16.7 ms',
        (v) => v < 16.7,
        'script+style+layout per frame',
      ),
      budgeted(
        s,
        `${r.list}: max DOM nodes`,
        r.maxDomNodes ?? null,
        '',
        '< 3000 (virtualised)',
        (v) => v < 3000,
        `${r.domNodesAtStart} at start`,
      ),
      info(
        'Memory',
        `browser JS heap after scrolling ${r.list}`,
        r.heapMb ?? null,
        'MB',
        `${r.rows} rows loaded`,
      ),
    ]
  })
}
