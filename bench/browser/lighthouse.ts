import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import puppeteer from 'puppeteer-core'
import type { AuthUser } from '@/contract/schemas.ts'
import { chromiumArgs } from '@/scripts/chromium.ts'
import { budgeted, info, type Figure } from '../lib/report.ts'
import { round } from '../lib/stats.ts'

/**
 * Each page's main-thread work as a ratio to the bare page's, as recorded on purpose (BENCH_RECORD_MAIN_THREAD=1
 * on an idle machine): a page whose ratio grows by more than 10 % over it misses its budget.
 */
export const MAIN_THREAD_RECORD = 'bench/main-thread.json'
const MAIN_THREAD_GROWTH_ALLOWED = 1.1
const recordPath = resolve(import.meta.dirname, '..', 'main-thread.json')
const recordedMainThread = (): Record<string, number> =>
  existsSync(recordPath) ? (JSON.parse(readFileSync(recordPath, 'utf8')) as Record<string, number>) : {}

/** Writes the runs' main-thread ratios to the bare page into the record (pages not measured keep theirs). */
export function recordMainThread(runs: LighthouseRun[]) {
  const bare = runs.find((r) => r.page.startsWith(BARE_PAGE))
  if (!bare?.mainThreadMs) return
  const ratios = Object.fromEntries(
    runs
      .filter((r) => r !== bare && r.mainThreadMs !== null)
      .map((r) => [r.page, round(r.mainThreadMs! / bare.mainThreadMs!, 2)]),
  )
  writeFileSync(recordPath, `${JSON.stringify({ ...recordedMainThread(), ...ratios }, null, 2)}\n`)
}

export interface LighthouseRun {
  page: string
  url: string
  finalUrl: string
  performance: number | null
  accessibility: number | null
  bestPractices: number | null
  lcpMs: number | null
  cls: number | null
  tbtMs: number | null
  fcpMs: number | null
  transferKB: number | null
  requests: { url: string; transferKB: number }[]
  failing: { id: string; title: string; score: number | null; display?: string }[]
  error: string | null
  /** Every run's performance score, when this is the median of several. */
  runs?: (number | null)[]
  /**
   * Lighthouse's own attribution of the main thread's work: its `long-tasks` audit (each task over 50 ms, with
   * the script it is charged to, in the simulated timeline) and `bootup-time` (CPU per script).
   */
  longTasks: { url: string; startMs: number; durationMs: number }[]
  bootup: { url: string; totalMs: number; scriptingMs: number }[]
  /**
   * Lighthouse's `mainthread-work-breakdown`: the main thread's work during the load (as simulated: the
   * observed work × the CPU slowdown), in all and by kind (script evaluation, parse/compile, style and layout,
   * garbage collection, other).
   */
  mainThreadMs: number | null
  mainThreadByKind: Record<string, number>
  /** Every run's main-thread work, when this is the median of several (the figure is their median). */
  mainThreadRuns?: (number | null)[]
}

type Lhr = {
  finalDisplayedUrl: string
  runtimeError?: { code: string; message: string }
  categories: Record<
    string,
    { score: number | null; auditRefs: { id: string; weight: number }[] } | undefined
  >
  audits: Record<
    string,
    {
      id: string
      title: string
      score: number | null
      scoreDisplayMode: string
      numericValue?: number
      displayValue?: string
      errorMessage?: string
      details?: { items?: unknown[] }
    }
  >
}

function summarize(page: string, url: string, lhr: Lhr): LighthouseRun {
  const score = (id: string) => {
    const s = lhr.categories[id]?.score
    return s === null || s === undefined ? null : Math.round(s * 100)
  }
  const num = (id: string) => lhr.audits[id]?.numericValue ?? null
  const items = (lhr.audits['network-requests']?.details?.items ?? []) as {
    url: string
    transferSize?: number
  }[]
  const failing = Object.values(lhr.audits)
    .filter(
      (a) =>
        a.score !== null &&
        a.score < 0.9 &&
        (a.scoreDisplayMode === 'binary' ||
          a.scoreDisplayMode === 'numeric' ||
          a.scoreDisplayMode === 'metricSavings'),
    )
    .map((a) => ({
      id: a.id,
      title: a.title,
      score: a.score,
      ...(a.displayValue ? { display: a.displayValue } : {}),
    }))
  return {
    page,
    url,
    finalUrl: lhr.finalDisplayedUrl,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    lcpMs: num('largest-contentful-paint'),
    cls: num('cumulative-layout-shift'),
    tbtMs: num('total-blocking-time'),
    fcpMs: num('first-contentful-paint'),
    transferKB: items.length ? round(items.reduce((s, i) => s + (i.transferSize ?? 0), 0) / 1024, 1) : null,
    requests: items.map((i) => ({
      url: i.url.replace(/^https?:\/\/[^/]+/, ''),
      transferKB: round((i.transferSize ?? 0) / 1024, 1),
    })),
    failing,
    error:
      lhr.runtimeError?.message ??
      PERFORMANCE_METRICS.map((id) => lhr.audits[id]?.errorMessage).find(Boolean) ??
      null,
    longTasks: ((lhr.audits['long-tasks']?.details?.items ?? []) as LhrLongTask[]).map((task) => ({
      url: shortUrl(task.url),
      startMs: Math.round(task.startTime),
      durationMs: Math.round(task.duration),
    })),
    bootup: ((lhr.audits['bootup-time']?.details?.items ?? []) as LhrBootup[]).map((script) => ({
      url: shortUrl(script.url),
      totalMs: Math.round(script.total),
      scriptingMs: Math.round(script.scripting),
    })),
    mainThreadMs:
      num('mainthread-work-breakdown') === null ? null : Math.round(num('mainthread-work-breakdown')!),
    mainThreadByKind: Object.fromEntries(
      ((lhr.audits['mainthread-work-breakdown']?.details?.items ?? []) as LhrWorkGroup[]).map((item) => [
        item.group,
        Math.round(item.duration),
      ]),
    ),
  }
}

/** The audits the performance score is made of: one that failed leaves the score null. */
const PERFORMANCE_METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
]

type LhrLongTask = { url: string; startTime: number; duration: number }
type LhrBootup = { url: string; total: number; scripting: number }
type LhrWorkGroup = { group: string; duration: number }

const shortUrl = (url: string) => url.replace(/^https?:\/\/[^/]+/, '').replace(/^\/assets\//, '') || url

/** A page Lighthouse measures: the app's (anonymous or with the signed-in session) or the bare reference. */
export interface LighthousePage {
  page: string
  url: string
  signedIn: boolean
}

export const BARE_PAGE = 'bare React + router'

const medianOf = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : null
}

/**
 * The run whose performance score is the median of the runs (Lighthouse's own advice for repeated runs), with
 * the median of the runs' main-thread work: the two medians need not come from the same run.
 */
export function medianRun(runs: LighthouseRun[]): LighthouseRun {
  const sorted = [...runs].sort((a, b) => (a.performance ?? -1) - (b.performance ?? -1))
  const work = runs.map((r) => r.mainThreadMs).filter((ms): ms is number => ms !== null)
  return {
    ...sorted[Math.floor((sorted.length - 1) / 2)],
    runs: runs.map((r) => r.performance),
    mainThreadMs: medianOf(work),
    mainThreadRuns: runs.map((r) => r.mainThreadMs),
  }
}

/** Lighthouse's presets: a phone (its default) or a laptop (its desktop configuration). */
export type FormFactor = 'mobile' | 'desktop'

/**
 * Lighthouse (default mobile config: Moto G-class emulation, simulated slow 4G), `runs` times per page, the
 * median run kept. Every run is cold: no HTTP cache, no service worker, no Cache Storage. Anonymous pages get
 * Lighthouse's own storage reset; signed-in pages get the session written to localStorage first (from an
 * API address, which registers no service worker), then the caches cleared by hand, storage reset off.
 */
export async function benchLighthouse(
  pages: LighthousePage[],
  user: AuthUser,
  chromePath: string,
  runs: number,
  log: (line: string) => void,
  formFactor: FormFactor = 'mobile',
): Promise<LighthouseRun[]> {
  const config =
    formFactor === 'desktop' ? (await import('lighthouse/core/config/desktop-config.js')).default : undefined
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [...chromiumArgs, '--headless=new'],
    logLevel: 'silent',
  })
  try {
    const browser = await puppeteer.connect({
      browserURL: `http://127.0.0.1:${chrome.port}`,
      defaultViewport: null,
    })
    const categories = ['performance', 'accessibility', 'best-practices']
    const results: LighthouseRun[] = []
    for (const target of pages) {
      const pageRuns: LighthouseRun[] = []
      for (let i = 0; i < runs; i++) {
        let page: Awaited<ReturnType<typeof browser.newPage>> | undefined
        if (target.signedIn) {
          page = await browser.newPage()
          await page.goto(new URL('/api/health', target.url).href, { waitUntil: 'load' })
          await page.evaluate(async (value) => {
            localStorage.setItem('user', value)
            for (const registration of await navigator.serviceWorker.getRegistrations())
              await registration.unregister()
            for (const key of await caches.keys()) await caches.delete(key)
          }, JSON.stringify(user))
          const cdp = await page.createCDPSession()
          await cdp.send('Network.clearBrowserCache')
          await cdp.detach()
        }
        const result = await lighthouse(
          target.url,
          {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: categories,
            disableStorageReset: target.signedIn,
          },
          config,
          page,
        )
        if (!result) throw new Error(`Lighthouse returned no result for ${target.page}`)
        const run = summarize(target.page, target.url, result.lhr as unknown as Lhr)
        const failed = run.performance === null ? ` (${run.error ?? 'Lighthouse gave no reason'})` : ''
        log(
          `  ${target.page} #${i + 1}: performance ${run.performance}${failed}, TBT ${Math.round(run.tbtMs ?? 0)} ms, main thread ${run.mainThreadMs} ms`,
        )
        pageRuns.push(run)
        await page?.close()
      }
      results.push(medianRun(pageRuns))
    }
    await browser.disconnect()
    return results
  } finally {
    chrome.kill()
  }
}

export function lighthouseFigures(runs: LighthouseRun[]): Figure[] {
  const s = 'Lighthouse'
  const bare = runs.find((r) => r.page.startsWith(BARE_PAGE))
  return runs.flatMap((r) => {
    const p = r.page
    // The reference is not held to the app's budgets: its figures are the yardstick.
    if (r === bare)
      return [
        info(s, `${p}: performance (reference)`, r.performance, '', `runs ${r.runs?.join(', ') ?? '1'}`),
        info(
          s,
          `${p}: LCP / FCP`,
          r.lcpMs === null ? null : round(r.lcpMs / 1000, 2),
          's',
          `FCP ${r.fcpMs === null ? '?' : round(r.fcpMs / 1000, 2)} s`,
        ),
        info(s, `${p}: TBT`, r.tbtMs === null ? null : Math.round(r.tbtMs), 'ms'),
        info(s, `${p}: main-thread work`, r.mainThreadMs, 'ms', workNote(r)),
      ]
    const redirected = !r.finalUrl.endsWith(new URL(r.url).pathname)
      ? `ended on ${new URL(r.finalUrl).pathname}`
      : undefined
    return [
      budgeted(
        s,
        `${p}: performance`,
        r.performance,
        '',
        '≥ 95',
        (v) => v >= 95,
        r.error ? r.error.slice(0, 90) : redirected,
      ),
      budgeted(s, `${p}: accessibility`, r.accessibility, '', '100', (v) => v >= 100),
      budgeted(s, `${p}: best practices`, r.bestPractices, '', '≥ 95', (v) => v >= 95),
      budgeted(
        s,
        `${p}: LCP`,
        r.lcpMs === null ? null : round(r.lcpMs / 1000, 2),
        's',
        '< 2.0 s',
        (v) => v < 2,
        `FCP ${r.fcpMs === null ? '?' : round(r.fcpMs / 1000, 2)} s`,
      ),
      budgeted(s, `${p}: CLS`, r.cls === null ? null : round(r.cls, 3), '', '< 0.05', (v) => v < 0.05),
      budgeted(
        s,
        `${p}: TBT`,
        r.tbtMs === null ? null : Math.round(r.tbtMs),
        'ms',
        '< 150 ms',
        (v) => v < 150,
      ),
      info(s, `${p}: bytes transferred`, r.transferKB, 'KB', `${r.requests.length} requests`),
      ...ratioFigures(s, r, bare),
    ]
  })
}

/** What the main thread did, by kind (largest first) and by script (the three largest): the note of a figure. */
function workNote(r: LighthouseRun): string {
  const kinds = Object.entries(r.mainThreadByKind)
    .sort((a, b) => b[1] - a[1])
    .map(([kind, ms]) => `${kind} ${ms}`)
    .join(', ')
  const scripts = [...r.bootup]
    .sort((a, b) => b.totalMs - a.totalMs)
    .slice(0, 3)
    .map((script) => `${script.url} ${script.totalMs}`)
    .join(', ')
  return `${kinds}; by script: ${scripts}; runs ${r.mainThreadRuns?.join(', ') ?? '1'}`
}

/**
 * The goals, against the bare page measured in the same run: performance ≥ 0.97× the bare page's, and
 * main-thread work ≤ 2× the bare page's.
 */
function ratioFigures(s: string, r: LighthouseRun, bare: LighthouseRun | undefined): Figure[] {
  if (!bare || r === bare) return []
  const p = r.page
  const ratio =
    bare.mainThreadMs && r.mainThreadMs !== null ? round(r.mainThreadMs / bare.mainThreadMs, 2) : null
  const recorded = recordedMainThread()[p]
  return [
    ...(recorded === undefined
      ? []
      : [
          budgeted(
            s,
            `${p}: main-thread work / bare page, against the recorded ${recorded}×`,
            ratio,
            '×',
            `≤ ${round(recorded * MAIN_THREAD_GROWTH_ALLOWED, 2)}`,
            (v) => v <= recorded * MAIN_THREAD_GROWTH_ALLOWED,
            `${MAIN_THREAD_RECORD} holds it; BENCH_RECORD_MAIN_THREAD=1 records it again`,
          ),
        ]),
    budgeted(
      s,
      `${p}: performance / bare page`,
      bare.performance && r.performance !== null ? round(r.performance / bare.performance, 2) : null,
      '×',
      '≥ 0.97',
      (v) => v >= 0.97,
      `TBT ${Math.round(r.tbtMs ?? 0)} ms vs ${Math.round(bare.tbtMs ?? 0)} ms; runs ${r.runs?.join(', ') ?? '1'}`,
    ),
    budgeted(
      s,
      `${p}: main-thread work / bare page`,
      ratio,
      '×',
      '≤ 2',
      (v) => v <= 2,
      `${r.mainThreadMs} ms vs ${bare.mainThreadMs} ms; ${workNote(r)}`,
    ),
  ]
}
