import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { chromium, type Page } from 'playwright'
import { build } from 'vite'
import type { AuthUser } from '@/contract/schemas.ts'
import { chromiumArgs } from '@/scripts/chromium.ts'
import { budgeted, info, type Figure } from '../lib/report.ts'
import { serveBare } from './bareServer.ts'
import { fakeSearchResult } from '../lib/fakePartner.ts'
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
        // The back-office table's scroll container (react-virtuoso's); Find's list scrolls the window.
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
            for (const el of document.querySelectorAll('[data-index]'))
              maxIndex = Math.max(maxIndex, Number(el.getAttribute('data-index')))
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

async function measureList(page: Page, list: string, url: string, step: number): Promise<ListRun> {
  const t0 = Date.now()
  await page.goto(url, { waitUntil: 'domcontentloaded' })
  try {
    await page.waitForSelector('[data-index]', { timeout: 15_000 })
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
      for (const el of document.querySelectorAll('[data-index]'))
        maxIndex = Math.max(maxIndex, Number(el.getAttribute('data-index')))
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

/** Builds bench/datatable with the app's React plugin and `@/` alias, minified as a release is. */
async function buildDataTablePage(outDir: string): Promise<void> {
  const root = fileURLToPath(new URL('../../', import.meta.url))
  await build({
    root: join(root, 'bench', 'datatable'),
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    resolve: { alias: [{ find: /^@\//, replacement: root }] },
    build: { outDir, emptyOutDir: true, sourcemap: false },
  })
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
        fakeSearchResult(start + k),
      )
      await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) })
    })
    runs.push(await measureList(await phone.newPage(), 'Find list (phone)', `${base}/rechercher`, 300))
    await phone.close()

    // Back-office partner table: a desktop, the DataTable with the partner list's columns and 10,000 rows all
    // shown (bench/datatable: the app's list now pages by the server, 100 rows at most).
    const desktop = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'fr-FR' })
    await desktop.addInitScript('globalThis.__name = (f) => f')
    const outDir = mkdtempSync(join(tmpdir(), 'bench-datatable-'))
    try {
      await buildDataTablePage(outDir)
      const page = await serveBare(outDir)
      try {
        runs.push(
          await measureList(
            await desktop.newPage(),
            'Back-office partner table (10,000 rows)',
            page.base,
            300,
          ),
        )
      } finally {
        await page.close()
      }
    } finally {
      rmSync(outDir, { recursive: true, force: true })
    }
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
      // rAF deltas follow the display's 60 Hz clock: a frame that fits its slot reads 16.67 ms (16.6-16.8 with
      // Chromium's timestamp jitter), one that misses it 33.3 ms. So "under 16.7 ms at p95" is read as "the p95
      // frame is not a missed one" (the same 1.5-slot line as the dropped count); the work p95 below is the
      // figure that shows how much of the 16.7 ms a frame uses.
      budgeted(
        s,
        `${r.list}: frame time p95 (rAF)`,
        r.rafP95Ms ?? null,
        'ms',
        'one 16.7 ms slot (< 25 ms: no missed frame)',
        (v) => v < 16.7 * 1.5,
        `p99 ${r.rafP99Ms} ms, ${rows}`,
      ),
      budgeted(
        s,
        `${r.list}: frames dropped`,
        r.droppedPct ?? null,
        '%',
        '< 5 % (p95 frame on time)',
        (v) => v < 5,
        'rAF delta over 1.5 slots',
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
