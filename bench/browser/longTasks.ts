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
 * LONGTASK_CPU_RATE=1 traces unthrottled, as Lighthouse's simulated runs load the page, and lists every task
 * of 10 ms and more (the ones its simulation keeps) with their thread time; the summary counts each thread time
 * as the simulation slows it (4×, 2× with a layout) over 50 ms: an estimate of TBT's tasks less moved by load.
 */
import { writeFileSync } from 'node:fs'
import puppeteer, { type Browser } from 'puppeteer-core'
import type { PartnerSearchResult } from '@/contract/schemas.ts'
import { chromiumArgs, findChromium } from '@/scripts/chromium.ts'
import { startServer, type RunningServer } from './server.ts'
import {
  describeTask,
  longTasksOf,
  mainThreadCpuOf,
  navigationTo,
  type LongTask,
  type TraceEvent,
} from './traceTasks.ts'

async function tracePage(
  browser: Browser,
  server: RunningServer,
  path: string,
  signedIn: boolean,
  rate: number,
  dumpTo?: string,
): Promise<{ tasks: LongTask[]; cpuMs: number }> {
  const context = await browser.createBrowserContext()
  const page = await context.newPage()
  await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true })
  if (signedIn) {
    await page.goto(`${server.base}/api/health`)
    await page.evaluate((value) => localStorage.setItem('user', value), JSON.stringify(server.user))
  }
  const cdp = await page.createCDPSession()
  await cdp.send('Emulation.setCPUThrottlingRate', { rate })
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
  if (dumpTo) writeFileSync(dumpTo, JSON.stringify(traceEvents))
  const url = server.base + path
  const navigation = navigationTo(traceEvents, url)
  // Rarely the trace misses the event (a renderer swap): that run is measured again.
  if (!navigation) return tracePage(browser, server, path, signedIn, rate, dumpTo)
  return {
    // Unthrottled, the tasks Lighthouse's simulation keeps (10 ms and over) and may count in TBT.
    tasks: longTasksOf(traceEvents, navigation, rate === 1 ? 10 : 50),
    cpuMs: mainThreadCpuOf(traceEvents, navigation),
  }
}

async function main() {
  const roots = process.argv.slice(2).length ? process.argv.slice(2) : [process.cwd()]
  const runs = Number(process.env.LONGTASK_RUNS ?? 3)
  const rate = Number(process.env.LONGTASK_CPU_RATE ?? 4)
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
          // LONGTASK_DUMP: a file name for the traces, `{run}` standing for the page, root and run.
          const dumpTo = process.env.LONGTASK_DUMP?.replace(
            '{run}',
            `${name.replace(/\W+/g, '')}-${i}-${run}`,
          )
          const { tasks, cpuMs } = await tracePage(browser, server, path, signedIn, rate, dumpTo)
          // At rate 1, each task's thread time as Lighthouse's simulation slows it (4×, a task with a layout 2×):
          // what an idle machine's run would count, without the waits for a core that a busy one adds.
          const slowed = (t: LongTask) => (rate === 1 ? t.cpuMs * (t.didLayout ? 2 : 4) : t.durationMs)
          const counted = tasks.filter((t) => slowed(t) > 50)
          const total = counted.reduce((sum, t) => sum + slowed(t) - 50, 0)
          console.log(
            `${name} [${roots[i]}] run ${run + 1}: ${counted.length} long tasks${rate === 1 ? ' as simulated' : ''}, ${Math.round(total)} ms over 50 ms, main-thread CPU ${Math.round(cpuMs)} ms`,
          )
          for (const t of tasks) console.log(`   ${describeTask(t, rate === 1 ? 1 : 3, rate === 1)}`)
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
