/**
 * How long the main thread must go without a long task before work deferred past start-up runs: Time to
 * Interactive is the start of the first 5 s window without one, and Total Blocking Time counts every long task
 * before it, so work done sooner (after a shorter lull) can still be a long task inside that window.
 */
export const STARTUP_QUIET_MS = 5_000

/** The longest the deferred work waits: a page that keeps busy (a carousel on a slow phone) still gets it. */
export const STARTUP_QUIET_CEILING_MS = 20_000

/**
 * Resolves once `ms` have passed without a long task (over 50 ms) on the main thread, or after `ceiling` at
 * most; where the browser does not report long tasks, after `ms`.
 */
export function afterQuiet(ms = STARTUP_QUIET_MS, ceiling = STARTUP_QUIET_CEILING_MS): Promise<void> {
  return new Promise((resolve) => {
    let timer = setTimeout(done, ms)
    const latest = setTimeout(done, ceiling)
    const observer = PerformanceObserver.supportedEntryTypes?.includes('longtask')
      ? new PerformanceObserver(() => {
          clearTimeout(timer)
          timer = setTimeout(done, ms)
        })
      : null
    observer?.observe({ type: 'longtask' })
    function done() {
      clearTimeout(timer)
      clearTimeout(latest)
      observer?.disconnect()
      resolve()
    }
  })
}
