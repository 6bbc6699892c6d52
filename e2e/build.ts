import { spawnSync } from 'node:child_process'
import { existsSync, renameSync, rmSync } from 'node:fs'
import { join } from 'node:path'

/**
 * The variable through which a caller that runs both e2e configurations (`npm test`) names one folder for the
 * app's build: the first global setup builds it there, the second finds it and builds nothing (one `vite
 * build` with its prerender and maximum compression is ~12 CPU-seconds). A folder that exists is served as it
 * is: name a new one for each run (a run's temporary folder), never one kept from an older checkout. Unset,
 * each run builds its own.
 */
export const e2eBuildKey = 'E2E_BUILD_DIR'

/** `vite build` into `outDir`, as `npm run build` does; throws with Vite's output when it fails. */
function viteBuild(outDir: string, cwd: string) {
  const build = spawnSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir'], {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  if (build.status !== 0)
    throw new Error(`vite build a échoué (${build.status}) :\n${build.stdout}\n${build.stderr}`)
}

/**
 * The folder holding the app's build for this run: `fallbackDir`, freshly built, or the shared E2E_BUILD_DIR,
 * built once. A shared build appears only complete (built beside it, then renamed into place), so a
 * configuration starting while the other one builds builds too rather than serving half a build.
 */
export function appBuild(fallbackDir: string, cwd = process.cwd()): string {
  const shared = process.env[e2eBuildKey]
  if (!shared) {
    viteBuild(fallbackDir, cwd)
    return fallbackDir
  }
  if (existsSync(shared)) return shared
  const pending = `${shared}.${process.pid}`
  viteBuild(pending, cwd)
  try {
    renameSync(pending, shared)
  } catch (error) {
    // The other configuration finished first: its build is the same code.
    rmSync(pending, { recursive: true, force: true })
    if (!existsSync(join(shared, 'index.html'))) throw error
  }
  return shared
}
