/**
 * `npm run test:visual`: builds Storybook, photographs every story in Chromium and compares each picture with
 * its baseline in visual/baselines/. `-- --update` accepts the changes (writes new and changed baselines,
 * deletes the ones whose story is gone). Every run writes visual/report/index.html.
 *
 * Options: --update, --no-build (reuse storybook-static/), --grep <text> (only stories whose id or title
 * contains it; stale baselines are then not looked for). Environment: VISUAL_JSON_OUTPUT (a file that
 * receives the counts), VISUAL_WORKERS (pages in parallel, default 2), VISUAL_MAX_DIFF_RATIO,
 * VISUAL_MAX_DIFF_PIXELS (see compare.ts).
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { chromium } from 'playwright'
import { chromiumArgs, findChromium, missingChromiumHelp } from '../chromium.ts'
import { captureStory, prepareContext, trackNetwork } from './capture.ts'
import { compare } from './compare.ts'
import { type ReportItem, writeReport } from './report.ts'
import { serveStatic } from './server.ts'
import {
  type Capture,
  captureKey,
  readStories,
  viewports,
  viewportsFor,
  type ViewportName,
} from './stories.ts'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const staticDir = join(root, 'storybook-static')
const baselineDir = join(root, 'visual/baselines')
const reportDir = join(root, 'visual/report')

const { values: options } = parseArgs({
  options: {
    update: { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    grep: { type: 'string' },
  },
})
const workers = Math.max(1, Number(process.env.VISUAL_WORKERS ?? 2))
const started = Date.now()
const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1)

const executablePath = findChromium()
if (!executablePath) {
  console.error(missingChromiumHelp)
  process.exit(1)
}

if (!options['no-build']) {
  const buildStarted = Date.now()
  const build = spawnSync('npm', ['run', '--silent', 'build-storybook'], { cwd: root, stdio: 'inherit' })
  if (build.status !== 0) {
    console.error('La construction de Storybook a échoué.')
    finish({ passed: 0, failed: 1 })
  }
  console.log(`Storybook construit en ${seconds(buildStarted)} s`)
}
if (!existsSync(join(staticDir, 'index.json'))) {
  console.error(`${relative(root, staticDir)}/index.json introuvable : lancez sans --no-build.`)
  finish({ passed: 0, failed: 1 })
}

const grep = options.grep?.toLowerCase()
const stories = readStories(join(staticDir, 'index.json')).filter(
  (story) => !grep || story.id.includes(grep) || story.title.toLowerCase().includes(grep),
)
const queue: Capture[] = stories.flatMap((story) =>
  viewportsFor(story).map((viewport) => ({ story, viewport, key: captureKey(story.id, viewport) })),
)
const scheduled = new Set(queue.map((capture) => capture.key))
console.log(`${stories.length} stories, ${queue.length} captures, ${workers} pages en parallèle`)

mkdirSync(baselineDir, { recursive: true })
const items: ReportItem[] = []
let passed = 0
let failed = 0
let captured = 0

const server = await serveStatic(staticDir)
const browser = await chromium.launch({ executablePath, args: [...chromiumArgs, '--hide-scrollbars'] })
const captureStarted = Date.now()

async function worker() {
  const context = await browser.newContext({
    reducedMotion: 'reduce',
    colorScheme: 'light',
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    deviceScaleFactor: 1,
    serviceWorkers: 'allow',
  })
  await prepareContext(context)
  const page = await context.newPage()
  const network = trackNetwork(page)
  for (let capture = queue.shift(); capture; capture = queue.shift()) {
    // A navigation that times out on a saturated machine says nothing about pixels: one more try before failing.
    await check(capture, page, network)
      .catch(() => check(capture, page, network))
      .catch((error: unknown) => {
        record(capture, 'error', `capture impossible : ${error instanceof Error ? error.message : error}`)
      })
    captured += 1
  }
  await context.close()
}

async function check(
  capture: Capture,
  page: Parameters<typeof captureStory>[0],
  network: ReturnType<typeof trackNetwork>,
) {
  const shoot = async () => {
    await page.context().clearCookies()
    return captureStory(page, network, server.url, capture)
  }
  let shot = await shoot()
  if (process.env.VISUAL_DEBUG) console.log(`  ${capture.key} ${JSON.stringify(shot.timings)}`)
  // A story that asks for another viewport in its own globals (e.g. a tablet variant) is captured there too.
  const declared = shot.declaredViewport
  if (declared && declared in viewports && declared !== 'component') {
    const key = captureKey(capture.story.id, declared as ViewportName)
    if (!scheduled.has(key)) {
      scheduled.add(key)
      queue.push({ story: capture.story, viewport: declared as ViewportName, key })
    }
  }
  if (shot.error) {
    // One more try: a story that times out under load may just have been slow.
    shot = await shoot()
    if (shot.error) return record(capture, 'error', shot.error, { after: shot.png })
  }
  const baselineFile = join(baselineDir, `${capture.key}.png`)
  if (!existsSync(baselineFile)) {
    if (options.update) writeFileSync(baselineFile, shot.png)
    return record(capture, 'new', 'aucune référence (lancez `npm run test:visual -- --update`)', {
      after: shot.png,
    })
  }
  const before = readFileSync(baselineFile)
  let result = compare(before, shot.png)
  if (result.status === 'changed' && !options.update) {
    // Recapture once before failing, and say so if the second picture matches: the story is unstable.
    const again = await shoot()
    const second = compare(before, again.png)
    if (second.status === 'same') {
      console.log(`  ~ ${capture.key} : instable (1re capture différente, 2e identique)`)
      result = second
    } else shot = again
  }
  if (result.status === 'same') {
    passed += 1
    return
  }
  if (options.update) writeFileSync(baselineFile, shot.png)
  record(capture, 'changed', result.reason, { before, after: shot.png, diff: result.diff })
}

function record(
  capture: Capture,
  kind: ReportItem['kind'],
  message: string,
  images: Pick<ReportItem, 'before' | 'after' | 'diff'> = {},
) {
  const accepted = options.update && kind !== 'error'
  if (accepted) passed += 1
  else {
    failed += 1
    console.log(
      `✗ ${capture.key} (${capture.story.title} › ${capture.story.name}, ${capture.viewport}) : ${message}`,
    )
  }
  items.push({
    key: capture.key,
    title: `${capture.story.title} › ${capture.story.name}`,
    viewport: capture.viewport,
    kind,
    message,
    accepted,
    ...images,
  })
}

const progress = setInterval(
  () => console.log(`  … ${captured} captures (${seconds(captureStarted)} s)`),
  30_000,
)
try {
  await Promise.all(Array.from({ length: workers }, () => worker()))
} finally {
  clearInterval(progress)
  await browser.close()
  await server.close()
}
console.log(`${captured} captures en ${seconds(captureStarted)} s`)

// Baselines whose story (or viewport) no longer exists: reported, deleted by --update.
if (!grep) {
  for (const file of readdirSync(baselineDir).filter((name) => name.endsWith('.png'))) {
    const key = file.slice(0, -'.png'.length)
    if (scheduled.has(key)) continue
    const before = readFileSync(join(baselineDir, file))
    if (options.update) rmSync(join(baselineDir, file))
    const viewport = key.slice(key.lastIndexOf('--') + 2)
    const story = {
      id: key.slice(0, key.lastIndexOf('--')),
      title: key,
      name: 'story supprimée',
      importPath: '',
    }
    record({ story, viewport: viewport as ViewportName, key }, 'stale', 'référence sans story', { before })
  }
}

const order = { error: 0, changed: 1, new: 2, stale: 3 }
items.sort((a, b) => order[a.kind] - order[b.kind] || a.key.localeCompare(b.key))
const report = writeReport(reportDir, items, {
  passed,
  failed,
  seconds: Math.round((Date.now() - started) / 1000),
  update: options.update,
})
if (options.update) {
  const accepted = items.filter((item) => item.accepted)
  if (accepted.length)
    console.log(`${accepted.length} références mises à jour dans ${relative(root, baselineDir)}/`)
}
console.log(`Rapport : ${report}`)
console.log(`Durée totale : ${seconds(started)} s`)
finish({ passed, failed })

function finish(counts: { passed: number; failed: number }): never {
  console.log(`Visual: ${counts.passed} passed, ${counts.failed} failed`)
  const output = process.env.VISUAL_JSON_OUTPUT
  if (output) {
    mkdirSync(dirname(output), { recursive: true })
    // numPassedTests/numFailedTests: the shape scripts/test.ts already reads from vitest's JSON report.
    writeFileSync(
      output,
      JSON.stringify({ ...counts, numPassedTests: counts.passed, numFailedTests: counts.failed }, null, 2),
    )
  }
  process.exit(counts.failed ? 1 : 0)
}
