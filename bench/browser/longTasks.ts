/**
 * Start-up long tasks of the built app, from a Chromium trace at 4× CPU throttling (Lighthouse mobile's
 * factor), phone viewport, cold cache: each main-thread task over 50 ms after the navigation, with what ran
 * in it (scripts evaluated or called, by chunk; layout, style, GC). CPU time in a trace moves with the
 * machine's load far less than Lighthouse's simulated TBT, so before/after comparisons use this.
 *
 *   node --import tsx bench/browser/longTasks.ts [root …]   (each root: a checkout with its dist/ built)
 *
 * Several roots are measured interleaved, page by page, so they share the same minutes of load.
 * LONGTASK_RUNS (default 3) runs per page and root; LONGTASK_PAGES a comma-separated subset of the pages.
 */
import { writeFileSync } from 'node:fs'
import puppeteer, { type Browser } from 'puppeteer-core'
import type { PartnerSearchResult } from '@/contract/schemas.ts'
import { chromiumArgs, findChromium } from '@/scripts/chromium.ts'
import { startServer, type RunningServer } from './server.ts'

interface TraceEvent {
  name: string
  ph: string
  ts: number
  dur?: number
  /** The event's thread time (µs): the time it ran on a core. */
  tdur?: number
  pid: number
  tid: number
  args?: { name?: string; data?: { url?: string; functionName?: string; frame?: string } }
}

export interface LongTask {
  startMs: number
  durationMs: number
  /** What ran inside, by label, in ms (nested events counted once, at their outermost level). */
  parts: Record<string, number>
}

const chunkName = (url: string | undefined) =>
  url ? url.replace(/^https?:\/\/[^/]+/, '').replace(/^\/assets\//, '') || 'document' : 'inline'

function label(event: TraceEvent): string | undefined {
  const data = event.args?.data
  switch (event.name) {
    case 'EvaluateScript':
    case 'v8.evaluateModule':
      return `evaluate ${chunkName(data?.url)}`
    case 'FunctionCall':
      return `call ${chunkName(data?.url)}${data?.functionName ? ` ${data.functionName}` : ''}`
    case 'v8.compile':
    case 'v8.compileModule':
      return 'compile'
    case 'Layout':
    case 'UpdateLayoutTree':
    case 'RecalculateStyles':
    case 'ParseAuthorStyleSheet':
      return 'style and layout'
    case 'ParseHTML':
      return 'parse HTML'
    case 'MajorGC':
    case 'MinorGC':
    case 'V8.GC_SCAVENGER':
      return 'GC'
    case 'Paint':
    case 'PrePaint':
    case 'Layerize':
      return 'paint'
    default:
      return undefined
  }
}

/** Tasks over 50 ms on the page's main thread, from `from` (µs, trace clock) on. */
export function longTasksOf(events: TraceEvent[], main: TraceEvent): LongTask[] {
  const from = main.ts
  const onMain = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.ts >= from)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))
  const tasks = onMain.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > 50_000)
  return tasks.map((task) => {
    const end = task.ts + (task.dur ?? 0)
    const parts: Record<string, number> = {}
    let coveredUntil = task.ts
    for (const e of onMain) {
      if (e.ts < task.ts || e.ts >= end || e === task) continue
      const name = label(e)
      if (!name || e.ts < coveredUntil) continue
      parts[name] = (parts[name] ?? 0) + (e.dur ?? 0) / 1000
      coveredUntil = e.ts + (e.dur ?? 0)
    }
    return { startMs: (task.ts - from) / 1000, durationMs: (task.dur ?? 0) / 1000, parts }
  })
}

/**
 * The main thread's thread time summed over its tasks from the navigation to the trace's end (4 s after the
 * first render): the time its tasks ran on a core, without the waits for one that a busy machine adds to their
 * wall time (unlabelled tasks in the list). Under the 4× throttle it still counts the throttle's share.
 */
export function mainThreadCpuOf(events: TraceEvent[], main: TraceEvent): number {
  return events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.ts >= main.ts)
    .filter((e) => e.name === 'RunTask' && e.tdur !== undefined)
    .reduce((sum, task) => sum + task.tdur! / 1000, 0)
}

async function tracePage(
  browser: Browser,
  server: RunningServer,
  path: string,
  signedIn: boolean,
): Promise<{ tasks: LongTask[]; cpuMs: number }> {
  const context = await browser.createBrowserContext()
  const page = await context.newPage()
  await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true })
  if (signedIn) {
    await page.goto(`${server.base}/api/health`)
    await page.evaluate((value) => localStorage.setItem('user', value), JSON.stringify(server.user))
  }
  const cdp = await page.createCDPSession()
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  await page.tracing.start({
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'v8.execute',
      'v8',
      'toplevel',
      '__metadata',
      'blink.user_timing',
      'loading',
      'disabled-by-default-v8.cpu_profiler',
    ],
  })
  await page.goto(server.base + path, { waitUntil: 'load' })
  // Start-up is done when the entry marked the document and the main thread stayed quiet a while.
  await page.waitForFunction(() => document.documentElement.dataset.appStart, { timeout: 60_000 })
  await new Promise((resolve) => setTimeout(resolve, 4_000))
  const buffer = await page.tracing.stop()
  await context.close()
  const { traceEvents } = JSON.parse(new TextDecoder().decode(buffer)) as { traceEvents: TraceEvent[] }
  if (process.env.LONGTASK_DUMP) writeFileSync(process.env.LONGTASK_DUMP, JSON.stringify(traceEvents))
  const url = server.base + path
  const navigation = traceEvents.find(
    (e) =>
      e.name === 'navigationStart' &&
      (e.args?.data as { documentLoaderURL?: string } | undefined)?.documentLoaderURL === url,
  )
  // Rarely the trace misses the event (a renderer swap): that run is measured again.
  if (!navigation) return tracePage(browser, server, path, signedIn)
  return {
    tasks: longTasksOf(traceEvents, navigation),
    cpuMs: mainThreadCpuOf(traceEvents, navigation),
  }
}

async function main() {
  const roots = process.argv.slice(2).length ? process.argv.slice(2) : [process.cwd()]
  const runs = Number(process.env.LONGTASK_RUNS ?? 3)
  const chromium = findChromium()
  if (!chromium) throw new Error('Chromium introuvable (CHROME_PATH)')
  const servers: RunningServer[] = []
  for (const root of roots) servers.push(await startServer(root))
  const browser = await puppeteer.launch({ executablePath: chromium, args: chromiumArgs, headless: true })
  try {
    const partnerId = await firstPartnerId(servers[0])
    const pages: [string, string, boolean][] = [
      ['/inscription', '/inscription', false],
      ['/login', '/login', false],
      ['Home', '/', true],
      ['Find', '/rechercher', true],
      ['Partner details', `/partenaire/${partnerId}`, true],
      ['Map (no key)', '/map', true],
    ]
    const only = process.env.LONGTASK_PAGES?.split(',')
    for (const [name, path, signedIn] of pages) {
      if (only && !only.includes(name)) continue
      for (let run = 0; run < runs; run++) {
        for (const [i, server] of servers.entries()) {
          const { tasks, cpuMs } = await tracePage(browser, server, path, signedIn)
          const total = tasks.reduce((sum, t) => sum + Math.max(0, t.durationMs - 50), 0)
          console.log(
            `${name} [${roots[i]}] run ${run + 1}: ${tasks.length} long tasks, ${Math.round(total)} ms over 50 ms, main-thread CPU ${Math.round(cpuMs)} ms`,
          )
          for (const t of tasks) {
            const parts = Object.entries(t.parts)
              .sort((a, b) => b[1] - a[1])
              .filter(([, ms]) => ms >= 3)
              .map(([k, ms]) => `${k} ${Math.round(ms)}`)
              .join('; ')
            console.log(`   at ${Math.round(t.startMs)} ms: ${Math.round(t.durationMs)} ms — ${parts}`)
          }
        }
      }
    }
  } finally {
    await browser.close()
    for (const server of servers) await server.stop()
  }
}

async function firstPartnerId(server: RunningServer): Promise<string> {
  const res = await fetch(`${server.base}/api/partners/search?pageSize=1`, {
    headers: { authorization: `Bearer ${server.user.access_token}` },
  })
  const [first] = (await res.json()) as PartnerSearchResult[]
  return String(first.partnerId.id)
}

void main()
