/**
 * Interaction latency A/B (bench/browser/interactions.ts) on several built checkouts, one after the other in the
 * same minutes: each root's server, then the four interactions `AB_ROUNDS` times (default 3).
 *
 *   node --import tsx bench/browser/abInteractions.ts [root …]   (each root: a checkout with its dist/ built)
 *
 * The interactions measured are this checkout's (its bench code), on each root's app.
 */
import { findChromium } from '@/scripts/chromium.ts'
import { benchInteractions } from './interactions.ts'
import { startServer } from './server.ts'

async function main() {
  const roots = process.argv.slice(2).length ? process.argv.slice(2) : [process.cwd()]
  const rounds = Number(process.env.AB_ROUNDS ?? 3)
  const chromium = findChromium()
  if (!chromium) throw new Error('Chromium introuvable (CHROME_PATH)')
  for (const root of roots) {
    const server = await startServer(root)
    try {
      for (const run of await benchInteractions(server.base, server.user, chromium, rounds))
        console.log(`${run.interaction} [${root}]: ${run.latenciesMs.map(Math.round).join(', ')} ms`)
    } finally {
      await server.stop()
    }
  }
}

void main()
