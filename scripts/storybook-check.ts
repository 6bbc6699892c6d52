/**
 * `npm run test:storybook-static`: what a designer sees. Builds the static Storybook (unless --no-build) into a
 * fresh temporary folder whose name does not say "storybook" (partenaires-sb-…, removed at the end), so each run
 * also proves Storybook builds to any folder (--dir: into that folder, kept; with --no-build: checks that folder,
 * or storybook-static from `npm run build-storybook`). Serves it, and opens every story in Chromium the way the
 * Storybook UI does (one preview page, the manager's "set current story" message, the interactions instrumenter
 * on; --reload: a fresh page for each), N times with --repeat N (flaky stories), then every docs page
 * (--no-docs: not them). Fails on any story the sidebar or the Interactions panel would show as FAIL and on any
 * docs page with an empty or covered preview (scripts/storybookCheck.ts says exactly what). Prints one line per
 * failure and `Storybook statique : N passed, N failed`.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { findChromium, missingChromiumHelp } from './chromium.ts'
import { checkStaticStorybook } from './storybookCheck.ts'

const root = resolve(import.meta.dirname, '..')
const { values: options } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    'no-docs': { type: 'boolean', default: false },
    repeat: { type: 'string', default: '1' },
    grep: { type: 'string' },
    reload: { type: 'boolean', default: false },
    // The folder to build into, or with --no-build a Storybook built elsewhere (`storybook build -o /tmp/x`).
    dir: { type: 'string' },
  },
})
const build = !options['no-build']
// Built here: a temporary folder of its own unless --dir. Not built: --dir, or `npm run build-storybook`'s.
const temporaryDir = build && !options.dir ? mkdtempSync(join(tmpdir(), 'partenaires-sb-')) : undefined
const staticDir = resolve(temporaryDir ?? options.dir ?? join(root, 'storybook-static'))
const removeTemporaryDir = () => {
  if (temporaryDir) rmSync(temporaryDir, { recursive: true, force: true })
}

const executablePath = findChromium()
if (!executablePath) {
  console.error(missingChromiumHelp)
  removeTemporaryDir()
  process.exit(1)
}
if (build) {
  const storybook = spawnSync('npx', ['storybook', 'build', '--quiet', '-o', staticDir], {
    cwd: root,
    stdio: 'inherit',
  })
  if (storybook.status !== 0) {
    removeTemporaryDir()
    process.exit(1)
  }
}
if (!existsSync(join(staticDir, 'index.json'))) {
  console.error(`${join(staticDir, 'index.json')} introuvable : lancez sans --no-build.`)
  removeTemporaryDir()
  process.exit(1)
}

let result: Awaited<ReturnType<typeof checkStaticStorybook>>
try {
  result = await checkStaticStorybook(staticDir, {
    executablePath,
    grep: options.grep,
    repeat: Number(options.repeat),
    reload: options.reload,
    docs: !options['no-docs'],
  })
} finally {
  removeTemporaryDir()
}
const { passed, failures } = result
for (const [label, error] of failures) console.log(`✗ ${label} : ${error}`)
console.log(`Storybook statique : ${passed} passed, ${failures.size} failed`)
process.exit(failures.size ? 1 : 0)
