/**
 * `npm run test:storybook-static`: what a designer sees. Builds the static Storybook (unless --no-build),
 * serves it, and opens every story in Chromium the way the Storybook UI does (one preview page, the manager's
 * "set current story" message, the interactions instrumenter on; --reload: a fresh page for each), N times with
 * --repeat N (flaky stories), then every docs page (--no-docs: not them; --dir: another build). Fails on any story the sidebar or the
 * Interactions panel would show as FAIL and on any docs page with an empty or covered preview
 * (scripts/storybookCheck.ts says exactly what). Prints one line per failure and
 * `Storybook statique : N passed, N failed`.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
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
    // A Storybook built elsewhere (with --no-build), e.g. `storybook build -o /tmp/x-storybook-static`.
    dir: { type: 'string' },
  },
})
const staticDir = resolve(options.dir ?? join(root, 'storybook-static'))

const executablePath = findChromium()
if (!executablePath) {
  console.error(missingChromiumHelp)
  process.exit(1)
}
if (!options['no-build']) {
  const build = spawnSync('npm', ['run', '--silent', 'build-storybook'], { cwd: root, stdio: 'inherit' })
  if (build.status !== 0) process.exit(1)
}
if (!existsSync(join(staticDir, 'index.json'))) {
  console.error('storybook-static/index.json introuvable : lancez sans --no-build.')
  process.exit(1)
}

const { passed, failures } = await checkStaticStorybook(staticDir, {
  executablePath,
  grep: options.grep,
  repeat: Number(options.repeat),
  reload: options.reload,
  docs: !options['no-docs'],
})
for (const [label, error] of failures) console.log(`✗ ${label} : ${error}`)
console.log(`Storybook statique : ${passed} passed, ${failures.size} failed`)
process.exit(failures.size ? 1 : 0)
