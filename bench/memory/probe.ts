/**
 * Preloaded into the server child of the memory bench (bench/memory, with --expose-gc): answers "memory" over
 * the IPC channel with process.memoryUsage() taken right after a full collection, so samples show what is
 * retained rather than garbage waiting for the collector.
 */
const collect = (globalThis as { gc?: () => void }).gc

if (process.send) {
  process.on('message', (message) => {
    if (message !== 'memory') return
    collect?.()
    const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage()
    process.send?.({ rss, heapUsed, external, arrayBuffers, gc: Boolean(collect) })
  })
}

export {}
