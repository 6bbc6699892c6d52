/**
 * `npm run test:storybook-static`: what a designer sees. Builds the static Storybook (unless --no-build),
 * serves it, and opens every story in Chromium the way the Storybook UI does (one preview page, the manager's
 * "set current story" message; --reload: a fresh page for each), N times with --repeat N (flaky stories). Fails on any story whose
 * render or play function threw, or whose accessibility check failed: the FAIL state of the sidebar.
 * Prints one line per failure and `Storybook statique : N passed, N failed`.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import fastifyStatic from '@fastify/static'
import Fastify from 'fastify'
import { chromium, type Page } from 'playwright'
import { chromiumArgs, findChromium, missingChromiumHelp } from './chromium.ts'

const root = resolve(import.meta.dirname, '..')
const staticDir = join(root, 'storybook-static')
const { values: options } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    repeat: { type: 'string', default: '1' },
    grep: { type: 'string' },
    reload: { type: 'boolean', default: false },
  },
})

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

interface IndexEntry {
  id: string
  title: string
  name: string
  type: 'story' | 'docs'
}
const index = JSON.parse(readFileSync(join(staticDir, 'index.json'), 'utf8')) as {
  entries: Record<string, IndexEntry>
}
const grep = options.grep?.toLowerCase()
const stories = Object.values(index.entries).filter(
  (entry) =>
    entry.type === 'story' &&
    (!grep || entry.id.includes(grep) || `${entry.title}/${entry.name}`.toLowerCase().includes(grep)),
)

/** What the preview reports when a story has finished (Storybook's STORY_FINISHED event). */
interface Finished {
  storyId: string
  status: 'success' | 'error'
  reporters: { type: string; status: string }[]
}

/**
 * Runs in the preview page before its scripts: records every STORY_FINISHED and the exceptions shown, keyed by
 * story id, once the preview's channel exists.
 */
const recordFinishedStories = `(() => {
  window.__storyResults = {}
  const attach = () => {
    const channel = window.__STORYBOOK_ADDONS_CHANNEL__
    if (!channel) return setTimeout(attach, 5)
    channel.on('storyFinished', (payload) => { window.__storyResults[payload.storyId] = payload })
    const failWith = (storyId, error) => {
      window.__storyErrors = window.__storyErrors || {}
      window.__storyErrors[storyId] = String(error && (error.message || error.description || error)).split('\\n')[0]
    }
    channel.on('playFunctionThrewException', (error) => failWith(window.__currentStory, error))
    channel.on('storyThrewException', (error) => failWith(window.__currentStory, error))
    channel.on('storyErrored', (error) => failWith(window.__currentStory, error))
  }
  attach()
})()`

async function check(page: Page, story: IndexEntry): Promise<string | undefined> {
  const finished = await page
    .evaluate(
      async ({ id }) => {
        const w = window as unknown as {
          __storyResults: Record<string, Finished>
          __storyErrors?: Record<string, string>
          __currentStory?: string
          __STORYBOOK_ADDONS_CHANNEL__: { emit(event: string, payload: unknown): void }
        }
        delete w.__storyResults[id]
        w.__currentStory = id
        w.__STORYBOOK_ADDONS_CHANNEL__.emit('setCurrentStory', { storyId: id, viewMode: 'story' })
        const started = performance.now()
        while (!w.__storyResults[id] && performance.now() - started < 30_000)
          await new Promise((r) => setTimeout(r, 25))
        return { result: w.__storyResults[id], error: w.__storyErrors?.[id] }
      },
      { id: story.id },
    )
    .catch((error: unknown) => ({ result: undefined, error: String(error) }))
  if (!finished.result) return finished.error ?? "la story n'a pas fini en 30 s"
  if (finished.result.status === 'error') return finished.error ?? 'erreur de rendu ou de fonction play'
  const failedReport = finished.result.reporters.find((report) => report.status === 'failed')
  if (failedReport) return `contrôle ${failedReport.type} en échec`
  return undefined
}

const app = Fastify()
await app.register(fastifyStatic, { root: staticDir })
const address = await app.listen({ port: 0, host: '127.0.0.1' })
const browser = await chromium.launch({ executablePath, args: chromiumArgs })
const failures = new Map<string, string>()
let passed = 0
try {
  const queue = Array.from({ length: Math.max(1, Number(options.repeat)) }, () => stories).flat()
  // Two previews in parallel, as two designers clicking through the stories.
  await Promise.all(
    [0, 1].map(async () => {
      const context = await browser.newContext({ locale: 'fr-FR', timezoneId: 'Europe/Paris' })
      await context.addInitScript({ content: recordFinishedStories })
      const page = await context.newPage()
      await page.goto(`${address}/iframe.html?id=${stories[0]!.id}&viewMode=story`)
      for (let story = queue.shift(); story; story = queue.shift()) {
        // --reload: each story in a fresh page, as when a designer opens a story's link.
        if (options.reload) await page.goto(`${address}/iframe.html?id=${stories[0]!.id}&viewMode=story`)
        const error = await check(page, story)
        const label = `${story.title} › ${story.name}`
        if (error) failures.set(label, error)
        else passed += 1
      }
      await context.close()
    }),
  )
} finally {
  await browser.close()
  await app.close()
}
for (const [label, error] of failures) console.log(`✗ ${label} : ${error}`)
console.log(`Storybook statique : ${passed} passed, ${failures.size} failed`)
process.exit(failures.size ? 1 : 0)
