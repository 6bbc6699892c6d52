import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { AuthUser } from '@/contract/schemas.ts'
import { info, type Figure } from '../lib/report.ts'
import { round } from '../lib/stats.ts'
import {
  benchLighthouse,
  lighthouseFigures,
  medianRun,
  type LighthousePage,
  type LighthouseRun,
} from './lighthouse.ts'
import { startServer, type RunningServer } from './server.ts'

/**
 * The Lighthouse A/B between checkouts (`BENCH_ONLY=ab`): the same phone pages served by several built
 * checkouts, one server each, measured interleaved run by run (page 1 on A, on B, on A, on B…), so that every
 * side shares the same minutes of machine load. The bare page is measured first, as in the lighthouse section,
 * and each side's ratios to it are given; the sides after the first are also given as ratios to the first.
 */
export interface AbRun extends LighthouseRun {
  /** The checkout that served the page, as given in BENCH_AB_ROOTS. */
  root: string
}

export interface AbResult {
  roots: string[]
  bare: LighthouseRun | null
  runs: AbRun[]
}

/** A root the A/B can serve: a checkout whose client is built (`npm run build`: dist/index.html). */
export function unbuiltRoot(root: string): string | null {
  return existsSync(join(root, 'dist', 'index.html'))
    ? null
    : `${root}: no dist/index.html (build it first: npm run build)`
}

export async function benchLighthouseAb(options: {
  roots: string[]
  /** The phone pages on one side's server, labelled as in the lighthouse section. */
  pagesOf: (base: string, user: AuthUser) => Promise<LighthousePage[]>
  bare: LighthousePage | null
  chromePath: string
  runs: number
  log: (line: string) => void
}): Promise<AbResult> {
  const { roots, pagesOf, bare, chromePath, runs, log } = options
  const servers: RunningServer[] = []
  try {
    for (const root of roots) {
      servers.push(await startServer(root))
      log(`  ${root}: ${servers.at(-1)!.base}`)
    }
    const bareRun = bare ? (await benchLighthouse([bare], servers[0].user, chromePath, runs, log))[0] : null
    const sides = await Promise.all(servers.map((server) => pagesOf(server.base, server.user)))
    const results: AbRun[] = []
    for (const [p, { page }] of sides[0].entries()) {
      const byRoot: LighthouseRun[][] = roots.map(() => [])
      for (let i = 0; i < runs; i++) {
        for (const [r, server] of servers.entries()) {
          const [run] = await benchLighthouse([sides[r][p]], server.user, chromePath, 1, (line) =>
            log(line.replace(' #1:', ` [${roots[r]}] #${i + 1}:`)),
          )
          byRoot[r].push(run)
        }
      }
      for (const [r, root] of roots.entries()) results.push({ ...medianRun(byRoot[r]), page, root })
    }
    return { roots, bare: bareRun, runs: results }
  } finally {
    for (const server of servers) await server.stop()
  }
}

/**
 * Per page and side: the median performance score and main-thread work, with the ratios to the bare page held
 * to the goals as in the lighthouse section; for each side after the first, both as a ratio to the
 * first side's.
 */
export function abFigures(result: AbResult): Figure[] {
  const s = 'Lighthouse A/B'
  const [first] = result.roots
  const figures: Figure[] = result.bare
    ? lighthouseFigures([result.bare]).map((f) => ({ ...f, section: s }))
    : []
  const pages = [...new Set(result.runs.map((r) => r.page))]
  for (const page of pages) {
    const runs = result.runs.filter((r) => r.page === page)
    const base = runs.find((r) => r.root === first)
    for (const r of runs) {
      const label = `${page} [${r.root}]`
      const bareRatios = result.bare
        ? lighthouseFigures([result.bare, { ...r, page: label }])
            .filter((f) => f.name.endsWith('/ bare page'))
            .map((f) => ({ ...f, section: s }))
        : []
      figures.push(
        info(
          s,
          `${label}: performance`,
          r.performance,
          '',
          `runs ${r.runs?.join(', ') ?? '1'}; LCP ${r.lcpMs === null ? '?' : round(r.lcpMs / 1000, 2)} s, TBT ${Math.round(r.tbtMs ?? 0)} ms`,
        ),
        info(s, `${label}: main-thread work`, r.mainThreadMs, 'ms', `runs ${r.mainThreadRuns?.join(', ')}`),
        ...bareRatios,
      )
      if (base && r !== base) {
        const ratio = (a: number | null, b: number | null) => (a !== null && b ? round(a / b, 2) : null)
        figures.push(
          info(s, `${label}: performance / [${first}]`, ratio(r.performance, base.performance), '×'),
          info(
            s,
            `${label}: main-thread work / [${first}]`,
            ratio(r.mainThreadMs, base.mainThreadMs),
            '×',
            `${r.mainThreadMs} ms vs ${base.mainThreadMs} ms`,
          ),
        )
      }
    }
  }
  return figures
}
