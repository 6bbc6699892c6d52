/**
 * Lighthouse A/B: the same pages on several built checkouts, interleaved run by run, so every side shares the
 * same minutes of machine load (the bench's runner, bench/browser/lighthouse.ts, one run per call).
 *
 *   node --import tsx bench/browser/abLighthouse.ts [root …]   (each root: a checkout with its dist/ built)
 *
 * AB_PAGES: a comma-separated subset of /login, /inscription, Home, Find, Partner, Map (default Find);
 * AB_ROUNDS (default 3). Prints each run and, per page and root, the medians of LCP, TBT and the score.
 * AB_ATTRIBUTION=1 also prints each run's long tasks and the scripts' CPU as Lighthouse attributes them.
 * AB_TASKS=1 prints, from each run's own trace, the tasks its simulation slows over 50 ms (4× their observed
 * length, 2× with a layout) with what ran in them, from the navigation on (the ones before the first paint
 * included, which TBT does not count).
 */
import type { PartnerSearchResult } from '@/contract/schemas.ts'
import { findChromium } from '@/scripts/chromium.ts'
import { benchLighthouse, type LighthouseRun } from './lighthouse.ts'
import { startServer, type RunningServer } from './server.ts'
import { describeTask, longTasksOf, navigationTo, simulatedMs, type TraceEvent } from './traceTasks.ts'

/** The tasks of a Lighthouse run's trace that its simulation makes long, one line each. */
function printSimulatedLongTasks(url: string, traceEvents: unknown[]) {
  const events = traceEvents as TraceEvent[]
  const navigation = navigationTo(events, url)
  if (!navigation) return console.log('  tasks: no navigation in the trace')
  const tasks = longTasksOf(events, navigation, 10).filter((task) => simulatedMs(task) > 50)
  const blocking = tasks.reduce((sum, task) => sum + simulatedMs(task) - 50, 0)
  console.log(`  tasks simulated over 50 ms: ${tasks.length}, ${Math.round(blocking)} ms over 50 ms`)
  for (const task of tasks) console.log(`    ${describeTask(task, 1, true)}`)
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : NaN
}

async function pathOf(page: string, server: RunningServer): Promise<[string, boolean]> {
  switch (page) {
    case '/login':
    case '/inscription':
      return [page, false]
    case 'Home':
      return ['/', true]
    case 'Find':
      return ['/rechercher', true]
    case 'Map':
      return ['/map', true]
    case 'Partner': {
      const res = await fetch(`${server.base}/api/partners/search?pageSize=1`, {
        headers: { authorization: `Bearer ${server.user.access_token}` },
      })
      const [first] = (await res.json()) as PartnerSearchResult[]
      return [`/partenaire/${first.partnerId.id}`, true]
    }
    default:
      throw new Error(`Page inconnue : ${page}`)
  }
}

async function main() {
  const roots = process.argv.slice(2).length ? process.argv.slice(2) : [process.cwd()]
  const pages = (process.env.AB_PAGES ?? 'Find').split(',')
  const rounds = Number(process.env.AB_ROUNDS ?? 3)
  const chromium = findChromium()
  if (!chromium) throw new Error('Chromium introuvable (CHROME_PATH)')
  const servers: RunningServer[] = []
  for (const root of roots) servers.push(await startServer(root))
  try {
    const results = new Map<string, LighthouseRun[]>()
    for (const page of pages) {
      for (let round = 0; round < rounds; round++) {
        for (const [i, server] of servers.entries()) {
          const [path, signedIn] = await pathOf(page, server)
          const [run] = await benchLighthouse(
            [{ page, url: server.base + path, signedIn }],
            server.user,
            chromium,
            1,
            () => {},
            process.env.AB_TASKS === '1'
              ? (_, traceEvents) => printSimulatedLongTasks(server.base + path, traceEvents)
              : undefined,
          )
          const key = `${page} [${roots[i]}]`
          results.set(key, [...(results.get(key) ?? []), run])
          console.log(
            `${key} round ${round + 1}: perf ${run.performance}, LCP ${Math.round(run.lcpMs ?? 0)} ms, FCP ${Math.round(run.fcpMs ?? 0)} ms, TBT ${Math.round(run.tbtMs ?? 0)} ms, CLS ${run.cls}${run.error ? ` (${run.error})` : ''}`,
          )
          if (process.env.AB_ATTRIBUTION === '1') {
            const tasks = run.longTasks.map((task) => `${task.url}@${task.startMs}=${task.durationMs}`)
            const cpu = run.bootup
              .slice(0, 6)
              .map((script) => `${script.url}=${script.totalMs}/${script.scriptingMs}`)
            console.log(`  long tasks: ${tasks.join(', ')}`)
            console.log(`  CPU total/scripting ms: ${cpu.join(', ')}`)
          }
        }
      }
    }
    for (const [key, runs] of results) {
      const of = (pick: (run: LighthouseRun) => number | null) =>
        Math.round(median(runs.map(pick).filter((v): v is number => v !== null)))
      console.log(
        `${key}: median perf ${of((r) => r.performance)}, LCP ${of((r) => r.lcpMs)} ms, TBT ${of((r) => r.tbtMs)} ms, main thread ${of((r) => r.mainThreadMs)} ms`,
      )
    }
  } finally {
    for (const server of servers) await server.stop()
  }
}

void main()
