/**
 * The main thread's tasks in a Chromium trace, with what ran in each (scripts evaluated or called, by chunk;
 * style and layout, paint, GC): for longTasks.ts's own traces and Lighthouse's (abLighthouse.ts, AB_TASKS=1).
 */
export interface TraceEvent {
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
  /** Its thread time: the part of it that ran on a core (ms). */
  cpuMs: number
  /** A layout ran in it: Lighthouse's simulation multiplies such a task by 2 instead of 4. */
  didLayout: boolean
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

/** Tasks over `minMs` (50 ms by default) on the page's main thread, from `from` (µs, trace clock) on. */
export function longTasksOf(events: TraceEvent[], main: TraceEvent, minMs = 50): LongTask[] {
  const from = main.ts
  const onMain = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.ts >= from)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))
  const tasks = onMain.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > minMs * 1000)
  return tasks.map((task) => {
    const end = task.ts + (task.dur ?? 0)
    const parts: Record<string, number> = {}
    let coveredUntil = task.ts
    let didLayout = false
    for (const e of onMain) {
      if (e.ts < task.ts || e.ts >= end || e === task) continue
      if (e.name === 'Layout') didLayout = true
      const name = label(e)
      if (!name || e.ts < coveredUntil) continue
      parts[name] = (parts[name] ?? 0) + (e.dur ?? 0) / 1000
      coveredUntil = e.ts + (e.dur ?? 0)
    }
    return {
      startMs: (task.ts - from) / 1000,
      durationMs: (task.dur ?? 0) / 1000,
      cpuMs: (task.tdur ?? task.dur ?? 0) / 1000,
      didLayout,
      parts,
    }
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

/** What Lighthouse's simulation makes of a task observed unthrottled: 4× its length, 2× with a layout. */
export const simulatedMs = (task: LongTask) => task.durationMs * (task.didLayout ? 2 : 4)

/** One line for a task: when, how long, what ran in it (parts of `minPartMs` and more). */
export function describeTask(task: LongTask, minPartMs: number, withCpu: boolean): string {
  const parts = Object.entries(task.parts)
    .sort((a, b) => b[1] - a[1])
    .filter(([, ms]) => ms >= minPartMs)
    .map(([k, ms]) => `${k} ${Math.round(ms)}`)
    .join('; ')
  const cpu = withCpu ? `, CPU ${task.cpuMs.toFixed(1)} ms` : ''
  const layout = task.didLayout ? ' (layout)' : ''
  return `at ${Math.round(task.startMs)} ms: ${Math.round(task.durationMs)} ms${cpu}${layout} — ${parts}`
}

/** The trace's navigation to `url`, from which its tasks are counted. */
export function navigationTo(events: TraceEvent[], url: string): TraceEvent | undefined {
  return events.find(
    (e) =>
      e.name === 'navigationStart' &&
      (e.args?.data as { documentLoaderURL?: string } | undefined)?.documentLoaderURL === url,
  )
}
