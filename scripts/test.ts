/**
 * `npm test`: every suite on a real Chromium: typecheck and lint, the API server suite (embedded database, and
 * PostgreSQL too when DATABASE_URL is set), the multi-instance suite (two servers on a throwaway PostgreSQL
 * behind nginx), unit tests, every story's play function, accessibility check and picture in the browser, the
 * end-to-end journeys against the server started as `npm start` starts it, and one journey through nginx in
 * front of two instances on PostgreSQL.
 *
 * The suites run in four lanes at once: each lane runs its suites one after the other. On the 2-core CI
 * machine the run is bound by CPU (busy ~97 % of it, as the closing lines print): the lanes keep both cores
 * busy and end close together. They are balanced by the suites' measured wall and CPU times: the
 * end-to-end journeys alone;
 * the stories, the nginx journey and the multi-instance suite; the typecheck, the API suite on PGlite (about a
 * fifth less work since the tests that do not depend on the store run in the PostgreSQL pass only) and the unit
 * tests; lint, then the API suite on PostgreSQL.
 * A suite's output is printed whole when it ends, so the lanes never interleave.
 * Prints each suite's wall and CPU time, each lane's, how busy the machine was, and one closing line with the
 * totals.
 */
import { spawn } from 'node:child_process'
import {
  accessSync,
  chmodSync,
  constants,
  createWriteStream,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from 'node:fs'
import { cpus, tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { findChromium, missingChromiumHelp } from './chromium.ts'
import { machineCpu, suiteCgroups } from './cpuAccounting.ts'
import { playwrightOutcome, vitestOutcome, type PlaywrightReport, type VitestReport } from './testReports.ts'

if (!findChromium()) {
  console.error(missingChromiumHelp)
  process.exit(1)
}

const reports = mkdtempSync(join(tmpdir(), 'partenaires-tests-'))

/**
 * The suites' temporary files (test servers' data folders and PGlite stores, PostgreSQL clusters, builds) go
 * to memory when the machine has a tmpfs at /dev/shm: the stores' writes and fsyncs then wait for no disk
 * (three PGlite API files on the CI machine: 156 s → 115 s, system time 20 s → 9 s). One folder for the run,
 * open to every user as /tmp is (the PostgreSQL clusters run as postgres), removed at the end with whatever
 * a failed test left behind. The reports stay in the usual temporary folder.
 */
function memoryTmpdir(): string | null {
  try {
    accessSync('/dev/shm', constants.W_OK)
    const dir = mkdtempSync('/dev/shm/partenaires-tests-')
    chmodSync(dir, 0o1777)
    // tsx keeps its compile cache in the temporary folder: the usual one stays warm from run to run.
    const tsxCache = join(tmpdir(), `tsx-${process.getuid?.() ?? ''}`)
    if (existsSync(tsxCache)) symlinkSync(tsxCache, join(dir, basename(tsxCache)))
    return dir
  } catch {
    return null
  }
}
const runTmpdir = memoryTmpdir()
if (runTmpdir) process.env.TMPDIR = runTmpdir
const started = Date.now()
let passed = 0
let failed = 0
const failures: string[] = []
/** Each failed test's name and the start of its message, printed last: CI keeps only the end of the output. */
const failedTests: string[] = []
const unstableTests: string[] = []
const timings: string[] = []

interface Suite {
  name: string
  command: string
  args: readonly string[]
  /** A JSON report to count tests from; without one the suite counts as one test. */
  countFrom?: { file: string; kind: 'vitest' | 'playwright' }
  env?: Record<string, string | undefined>
}

/** A suite's wall time and the CPU time (user + system) of its processes, in seconds. */
interface SuiteTime {
  wall: number
  cpu: number | null
}

/**
 * The command run by bash. It first moves itself into its suite's cgroup when there is one
 * (scripts/cpuAccounting.ts: every process the suite starts is counted, daemons included). Its `times` then
 * prints (on fd 3) the user and system CPU time of every process the command waited for, their own children
 * included: vitest's workers, the browsers, the test servers; daemons that outlive their starter (a PostgreSQL
 * cluster started by pg_ctl, nginx) are not counted there. The cgroup's figure is used when there is one.
 */
const timedCommand =
  'if [ -n "$SUITE_CGROUP_PROCS" ]; then echo $$ > "$SUITE_CGROUP_PROCS"; fi; ' +
  'command "$@"; status=$?; times >&3; exit $status'
const cgroups = suiteCgroups()
const machineAtStart = machineCpu()

/** `times`'s second line (the children's): « 1m2.345s 0m10.000s » → 72.345. */
function childrenCpuSeconds(times: string): number | null {
  const line = times.trim().split('\n')[1]
  const parts = line?.match(/(\d+)m([\d.]+)s\s+(\d+)m([\d.]+)s/)
  if (!parts) return null
  return Number(parts[1]) * 60 + Number(parts[2]) + Number(parts[3]) * 60 + Number(parts[4])
}

function runSuite(suite: Suite): Promise<SuiteTime> {
  const logFile = join(reports, `${suite.name.replace(/\W+/g, '-')}.log`)
  const log = createWriteStream(logFile)
  const suiteStarted = Date.now()
  const cgroup = cgroups?.forSuite(suite.name)
  const child = spawn('bash', ['-c', timedCommand, 'bash', suite.command, ...suite.args], {
    env: {
      ...process.env,
      ...suite.env,
      FORCE_COLOR: process.stdout.isTTY ? '1' : '0',
      SUITE_CGROUP_PROCS: cgroup?.procs ?? '',
    },
    stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
  })
  child.stdout!.pipe(log, { end: false })
  child.stderr!.pipe(log, { end: false })
  let times = ''
  child.stdio[3]!.on('data', (chunk: Buffer) => (times += chunk.toString()))
  return new Promise((resolve) => {
    child.on('close', (code) => {
      log.end(() => {
        const wall = Math.round((Date.now() - suiteStarted) / 1000)
        const cpu = cgroup?.cpuSeconds() ?? childrenCpuSeconds(times)
        const cpuText = cpu === null ? '' : `, CPU ${Math.round(cpu)} s`
        const ok = code === 0
        count(suite, ok)
        console.log(`\n━━━ ${suite.name} ━━━`)
        process.stdout.write(readFileSync(logFile))
        console.log(`━━━ ${suite.name}: ${ok ? 'OK' : 'ÉCHEC'} (${wall} s${cpuText})`)
        timings.push(`${suite.name} ${wall} s${cpuText}`)
        resolve({ wall, cpu })
      })
    })
  })
}

function count(suite: Suite, ok: boolean) {
  const { countFrom } = suite
  if (countFrom && existsSync(countFrom.file)) {
    const report = JSON.parse(readFileSync(countFrom.file, 'utf8')) as unknown
    const counts =
      countFrom.kind === 'vitest'
        ? vitestOutcome(report as VitestReport, process.cwd())
        : playwrightOutcome(report as PlaywrightReport)
    passed += counts.passed
    failed += counts.failed
    failedTests.push(...counts.failedTests)
    unstableTests.push(...counts.unstableTests)
  } else if (!countFrom) {
    if (ok) passed += 1
    else failed += 1
  }
  if (!ok) {
    failures.push(suite.name)
    // A runner that crashed before reporting still counts as a failure.
    if (countFrom && !existsSync(countFrom.file)) failed += 1
  }
}

function vitest(name: string, project: string, env?: Suite['env']): Suite {
  const out = join(reports, `${project}-${name.replace(/\W+/g, '-')}.json`)
  return {
    name,
    command: 'npx',
    args: [
      'vitest',
      'run',
      '--project',
      project,
      '--passWithNoTests',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}`,
    ],
    countFrom: { file: out, kind: 'vitest' },
    env,
  }
}

/**
 * Both Playwright configurations serve one build of the app (e2e/build.ts): whichever starts first builds it
 * into the run's own folder, the other serves it as is (a build is ~12 CPU-seconds).
 */
const e2eBuildDir = join(runTmpdir ?? reports, 'e2e-build')

function playwright(name: string, args: readonly string[]): Suite {
  const out = join(reports, `${name.replace(/\W+/g, '-')}.json`)
  return {
    name,
    command: 'npx',
    args: ['playwright', 'test', ...args, '--reporter=list,json'],
    countFrom: { file: out, kind: 'playwright' },
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: out, E2E_BUILD_DIR: e2eBuildDir },
  }
}

// The API suite on the embedded database whatever DATABASE_URL says; on PostgreSQL too when it is set, and then
// the tests that do not depend on the store run in the PostgreSQL pass only (oneStoreTests in vite.config.ts).
const databaseUrl = process.env.DATABASE_URL
delete process.env.DATABASE_URL
const apiOnPostgres = databaseUrl ? [vitest('API (PostgreSQL)', 'server', { DATABASE_URL: databaseUrl })] : []
const apiOnPglite = vitest('API (PGlite)', 'server', databaseUrl ? { API_ALSO_ON_POSTGRES: '1' } : undefined)

const lanes: Suite[][] = [
  // Its own server, build folder and port (E2E_PORT): independent of the other lanes.
  [playwright('Parcours de bout en bout (Chromium)', [])],
  [
    // Play functions, accessibility and pictures (visual/baselines) in one browser pass, several pages at once.
    vitest('Stories et régression visuelle (Chromium)', 'storybook'),
    // Its own PostgreSQL, two instances, nginx and port: independent of the other lanes.
    playwright('Parcours via nginx (2 instances)', ['-c', 'playwright.cluster.config.ts']),
    // Its own PostgreSQL, two servers and nginx (scripts/cluster), once: DATABASE_URL plays no part in it.
    vitest('Plusieurs instances (PostgreSQL + nginx)', 'multi'),
  ],
  [
    // TypeScript 7 (the native compiler: 19 CPU-s against 41 for TypeScript 6 here); typescript-eslint still needs 6.
    {
      name: 'Vérification des types',
      command: process.execPath,
      args: ['node_modules/typescript-7/bin/tsc', '--noEmit', '-p', 'tsconfig.json'],
    },
    apiOnPglite,
    vitest('Tests unitaires', 'unit'),
  ],
  [{ name: 'Lint et format', command: 'npm', args: ['run', '--silent', 'lint'] }, ...apiOnPostgres],
]

const laneTimes = await Promise.all(
  lanes.map(async (lane) => {
    const times: SuiteTime[] = []
    for (const suite of lane) times.push(await runSuite(suite))
    return times
  }),
)

console.log('')
console.log(`Durées : ${timings.join(', ')} ; total ${Math.round((Date.now() - started) / 1000)} s`)
const totalCpu = laneTimes.flat().reduce((sum, time) => sum + (time.cpu ?? 0), 0)
console.log(
  `Couloirs (temps écoulé, temps CPU) : ${laneTimes
    .map((times, i) => {
      const wall = times.reduce((sum, time) => sum + time.wall, 0)
      const cpu = times.reduce((sum, time) => sum + (time.cpu ?? 0), 0)
      return `${i + 1}. ${lanes[i].map((suite) => suite.name).join(' + ')} : ${wall} s, CPU ${Math.round(cpu)} s`
    })
    .join(' ; ')} ; CPU en tout ${Math.round(totalCpu)} s`,
)
const machineAtEnd = machineCpu()
if (machineAtStart && machineAtEnd) {
  const busy = machineAtEnd.busy - machineAtStart.busy
  const available = machineAtEnd.total - machineAtStart.total
  console.log(
    `Machine pendant le run : ${Math.round(busy)} CPU-s occupés sur ${Math.round(available)} (${cpus().length} cœurs), ` +
      `${Math.round((100 * busy) / available)} % ; ${cgroups ? 'CPU par suite : ses processus, démons compris (cgroup)' : 'CPU par suite : bash times, sans les démons'}`,
  )
}
cgroups?.remove()
if (failures.length) console.log(`Suites en échec : ${failures.join(', ')}`)
if (unstableTests.length)
  console.log(
    `Tests instables (échec puis réussite au second essai) :\n${unstableTests.map((line) => `  - ${line}`).join('\n')}`,
  )
if (failedTests.length)
  console.log(`Tests en échec :\n${failedTests.map((line) => `  - ${line}`).join('\n')}`)
console.log(`Tests: ${passed} passed, ${failed} failed`)
if (runTmpdir) {
  try {
    rmSync(runTmpdir, { recursive: true, force: true })
  } catch (error) {
    console.log(`Dossier temporaire ${runTmpdir} non supprimé : ${String(error)}`)
  }
}
process.exit(failures.length ? 1 : 0)
