/**
 * `npm test`: every suite, in order, on a real Chromium: typecheck and lint, the API server suite (embedded
 * database, and PostgreSQL too when DATABASE_URL is set), the multi-instance suite (two servers on a throwaway
 * PostgreSQL behind nginx), unit tests, every story's play function in the browser, then the end-to-end
 * journeys against the server started as `npm start` starts it, and one journey through nginx in front of two
 * instances on PostgreSQL.
 * Prints one closing line with the totals.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { findChromium, missingChromiumHelp } from './chromium.ts'

const chromium = findChromium()
if (!chromium) {
  console.error(missingChromiumHelp)
  process.exit(1)
}

const reports = mkdtempSync(join(tmpdir(), 'partenaires-tests-'))
let passed = 0
let failed = 0
const failures: string[] = []

function run(
  name: string,
  command: string,
  args: readonly string[],
  countFrom?: { file: string; kind: 'vitest' | 'playwright' },
) {
  console.log(`\n━━━ ${name} ━━━`)
  const started = Date.now()
  const result = spawnSync(command, [...args], { stdio: 'inherit', env: process.env })
  const seconds = ((Date.now() - started) / 1000).toFixed(0)
  const ok = result.status === 0
  if (countFrom && existsSync(countFrom.file)) {
    const counts =
      countFrom.kind === 'vitest' ? vitestCounts(countFrom.file) : playwrightCounts(countFrom.file)
    passed += counts.passed
    failed += counts.failed
  } else if (!countFrom) {
    if (ok) passed += 1
    else failed += 1
  }
  if (!ok) {
    failures.push(name)
    // A runner that crashed before reporting still counts as a failure.
    if (countFrom && !existsSync(countFrom.file)) failed += 1
  }
  console.log(`━━━ ${name}: ${ok ? 'OK' : 'ÉCHEC'} (${seconds} s)`)
}

function vitestCounts(file: string) {
  const report = JSON.parse(readFileSync(file, 'utf8')) as { numPassedTests: number; numFailedTests: number }
  return { passed: report.numPassedTests, failed: report.numFailedTests }
}

function playwrightCounts(file: string) {
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number }
  }
  return { passed: report.stats.expected + report.stats.flaky, failed: report.stats.unexpected }
}

const vitest = (project: string, label: string) => {
  const out = join(reports, `${project}-${label}.json`)
  return [
    'npx',
    [
      'vitest',
      'run',
      '--project',
      project,
      '--passWithNoTests',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}`,
    ],
    { file: out, kind: 'vitest' as const },
  ] as const
}

run('Vérification des types', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json'])
run('Lint et format', 'npm', ['run', '--silent', 'lint'])
{
  // The API suite on the embedded database, whatever DATABASE_URL says; then on PostgreSQL when it is set.
  const databaseUrl = process.env.DATABASE_URL
  delete process.env.DATABASE_URL
  run('API (PGlite)', ...vitest('server', 'pglite'))
  if (databaseUrl) {
    process.env.DATABASE_URL = databaseUrl
    run('API (PostgreSQL)', ...vitest('server', 'postgres'))
    delete process.env.DATABASE_URL
  }
}
// Its own PostgreSQL, two servers and nginx (scripts/cluster), once: DATABASE_URL plays no part in it.
run('Plusieurs instances (PostgreSQL + nginx)', ...vitest('multi', 'multi'))
run('Tests unitaires', ...vitest('unit', 'unit'))
run('Stories (Chromium)', ...vitest('storybook', 'stories'))
{
  // Visual regression: writes {numPassedTests, numFailedTests}, the shape vitestCounts reads.
  const out = join(reports, 'visual.json')
  process.env.VISUAL_JSON_OUTPUT = out
  run('Régression visuelle (Chromium)', 'npm', ['run', '--silent', 'test:visual'], {
    file: out,
    kind: 'vitest',
  })
}
{
  const out = join(reports, 'e2e.json')
  process.env.PLAYWRIGHT_JSON_OUTPUT_NAME = out
  run('Parcours de bout en bout (Chromium)', 'npx', ['playwright', 'test', '--reporter=list,json'], {
    file: out,
    kind: 'playwright',
  })
}
{
  // Its own PostgreSQL, two servers and nginx (scripts/cluster): after the single-server journeys.
  const out = join(reports, 'e2e-cluster.json')
  process.env.PLAYWRIGHT_JSON_OUTPUT_NAME = out
  run(
    'Parcours via nginx (2 instances)',
    'npx',
    ['playwright', 'test', '-c', 'playwright.cluster.config.ts', '--reporter=list,json'],
    { file: out, kind: 'playwright' },
  )
}

console.log('')
if (failures.length) console.log(`Suites en échec : ${failures.join(', ')}`)
console.log(`Tests: ${passed} passed, ${failed} failed`)
process.exit(failures.length ? 1 : 0)
