/**
 * What `npm run test:storybook-static` checks in a built Storybook, as a designer meets it (scripts/storybook-check.ts
 * is the command; scripts/storybook-check.test.ts runs it on stories made to fail).
 *
 * Stories: each one opened in one preview page the way the Storybook UI does (the manager's "set current story"
 * message), with the interactions instrumenter on, as inside the UI (Storybook leaves it off in a page that is not
 * in a frame, and play functions then behave differently: a call made after the play function ended goes
 * unnoticed). A story fails on what turns its Interactions panel or sidebar entry to FAIL: its render or play
 * function threw, errors went unhandled while it played, an accessibility check failed, or any interaction ended
 * in error, even one the play function caught or one made once it had ended ('storyFinished' says 'success' for
 * those two).
 *
 * Docs pages: each one rendered (the frames of framed stories are not loaded: their stories are checked above).
 * A page fails when a story shown inline has an empty preview (all it draws is fixed to the viewport, outside
 * its box), when something covers a preview or the props table (an open dialog's overlay), or when a screen's
 * story ('Écrans/…') is inline: a screen belongs in a frame of its own, where its msw answers are its own.
 */
import fastifyStatic from '@fastify/static'
import Fastify from 'fastify'
import { chromium, type Browser, type Page } from 'playwright'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { chromiumArgs } from './chromium.ts'

export interface IndexEntry {
  id: string
  title: string
  name: string
  type: 'story' | 'docs'
  importPath: string
}

export interface CheckOptions {
  executablePath: string
  /** Only the entries whose id or 'title/name' contains it (case-insensitive). */
  grep?: string
  /** Each story N times (flaky stories). */
  repeat?: number
  /** Each story in a fresh page, as when a designer opens a story's link. */
  reload?: boolean
  /** false: stories only. */
  docs?: boolean
}

export interface CheckResult {
  passed: number
  /** 'Title › Name' → what went wrong, in French. */
  failures: Map<string, string>
}

/** The label printed for an entry: its place in the sidebar. */
export const entryLabel = (entry: IndexEntry) => `${entry.title} › ${entry.name}`

/** The screens' stories, which render in their own frames on docs pages (.storybook/docsFrames.tsx). */
const isScreen = (entry: { title: string }) => entry.title.startsWith('Écrans/')

/** What the preview reports when a story has finished (Storybook's STORY_FINISHED event). */
interface Finished {
  storyId: string
  status: 'success' | 'error'
  reporters: { type: string; status: string }[]
}

/** An entry of the instrumenter's log ('storybook/instrumenter/sync'): what the Interactions panel lists. */
interface LogItem {
  callId: string
  status: 'done' | 'error' | 'active' | 'waiting'
  ancestors: string[]
}

/**
 * Runs in the preview page before its scripts, once its channel exists: records, by story id, every
 * STORY_FINISHED, the first exception shown, the instrumenter's calls (with their errors) and its last log.
 */
const recordStories = `(() => {
  // tsx compiles this file with esbuild's keepNames: the functions passed to page.evaluate call its __name.
  window.__name = window.__name || ((target) => target)
  window.__storyResults = {}
  window.__storyErrors = {}
  window.__storyCalls = {}
  window.__storyLogs = {}
  window.__docsRendered = {}
  const attach = () => {
    const channel = window.__STORYBOOK_ADDONS_CHANNEL__
    if (!channel) return setTimeout(attach, 5)
    // The error's first lines without terminal colours: a matcher's name, then what was expected and received.
    const summary = (error) =>
      String(error && (error.message || error.description || error))
        .replace(/\\u001b\\[[0-9;]*m/g, '')
        .split('\\n')
        .map((line) => line.trim())
        .filter(Boolean)
        .slice(0, 4)
        .join(' / ')
        .slice(0, 300)
    // The exceptions and the instrumenter's log name no story: they belong to the story whose render is under
    // way (a story left behind can still be rendering when the next one is asked for).
    let rendering
    channel.on('storyRenderPhaseChanged', (event) => { rendering = event.storyId })
    const failWith = (error) => {
      if (rendering && !window.__storyErrors[rendering]) window.__storyErrors[rendering] = summary(error)
    }
    channel.on('storyFinished', (payload) => { window.__storyResults[payload.storyId] = payload })
    channel.on('playFunctionThrewException', failWith)
    channel.on('storyThrewException', failWith)
    channel.on('storyErrored', failWith)
    channel.on('unhandledErrorsWhilePlaying', (errors) => failWith('erreur non gérée pendant la fonction play : ' + summary(errors && errors[0])))
    channel.on('storybook/instrumenter/call', (call) => {
      const calls = (window.__storyCalls[call.storyId] = window.__storyCalls[call.storyId] || {})
      calls[call.id] = { method: call.method, message: call.exception ? summary(call.exception) : undefined }
    })
    channel.on('storybook/instrumenter/sync', (payload) => {
      if (rendering) window.__storyLogs[rendering] = payload.logItems
    })
    channel.on('docsRendered', (id) => { window.__docsRendered[id] = true })
  }
  attach()
})()`

interface PreviewWindow {
  __storyResults: Record<string, Finished>
  __storyErrors: Record<string, string>
  __storyCalls: Record<string, Record<string, { method: string; message?: string }>>
  __storyLogs: Record<string, LogItem[]>
  __docsRendered: Record<string, boolean>
  __currentStory?: string
  __STORYBOOK_ADDONS_CHANNEL__: { emit(event: string, payload: unknown): void }
}

/**
 * The calls the Interactions panel shows in error once the story has finished: an error under a call still
 * running (a waitFor's retry) counts as running, as the panel counts it.
 */
export function failedCalls(log: LogItem[]): LogItem[] {
  const statusById = new Map<string, LogItem['status']>()
  const failed: LogItem[] = []
  for (const item of log) {
    const parent = item.ancestors.at(-1)
    const status =
      item.status === 'error' && parent && statusById.get(parent) === 'active' ? 'active' : item.status
    statusById.set(item.callId, status)
    if (status === 'error') failed.push(item)
  }
  return failed
}

/** Time left after 'storyFinished' for a call the play function did not await (it fails once the play has ended). */
const lateCallGrace = 150

/** The page's size for a story that asks for no viewport (Playwright's default). */
const defaultViewport = { width: 1280, height: 720 }

/** The story's preview loaded from the page's own Storybook (its globals and parameters). */
interface PreviewStore {
  __STORYBOOK_PREVIEW__: {
    storyStoreValue: {
      loadStory(options: { storyId: string }): Promise<{
        storyGlobals: { viewport?: { value?: string } }
        parameters: {
          viewport?: { options?: Record<string, { styles?: { width: string; height: string } }> }
        }
      }>
    }
  }
}

/**
 * The size the Storybook UI gives the story's frame: the viewport its globals ask for ('phone': 390×844), as the
 * toolbar's viewport does; a story measuring itself against the window (a toast across a phone's width) is
 * measured as designers see it.
 */
async function viewportOf(page: Page, storyId: string) {
  const size = await page
    .evaluate(async (id) => {
      const story = await (window as unknown as PreviewStore).__STORYBOOK_PREVIEW__.storyStoreValue.loadStory(
        {
          storyId: id,
        },
      )
      const name = story.storyGlobals.viewport?.value
      const styles = name ? story.parameters.viewport?.options?.[name]?.styles : undefined
      return styles ? { width: parseInt(styles.width, 10), height: parseInt(styles.height, 10) } : null
    }, storyId)
    .catch(() => null)
  return size ?? defaultViewport
}

async function checkStory(page: Page, story: IndexEntry): Promise<string | undefined> {
  await page.setViewportSize(await viewportOf(page, story.id))
  const outcome = await page
    .evaluate(
      async ({ id, lateCallGrace }) => {
        const w = window as unknown as PreviewWindow
        delete w.__storyResults[id]
        delete w.__storyErrors[id]
        delete w.__storyCalls[id]
        delete w.__storyLogs[id]
        // The story shown already (the preview's first, or --repeat): rendered again, as the panel's 'rerun' does.
        if (w.__currentStory === id) w.__STORYBOOK_ADDONS_CHANNEL__.emit('forceRemount', { storyId: id })
        else w.__STORYBOOK_ADDONS_CHANNEL__.emit('setCurrentStory', { storyId: id, viewMode: 'story' })
        w.__currentStory = id
        const started = performance.now()
        while (!w.__storyResults[id] && performance.now() - started < 30_000)
          await new Promise((r) => setTimeout(r, 25))
        if (w.__storyResults[id]) await new Promise((r) => setTimeout(r, lateCallGrace))
        return {
          result: w.__storyResults[id],
          error: w.__storyErrors[id],
          log: w.__storyLogs[id] ?? [],
          calls: w.__storyCalls[id] ?? {},
        }
      },
      { id: story.id, lateCallGrace },
    )
    .catch((error: unknown) => ({ result: undefined, error: String(error), log: [], calls: {} }))
  if (!outcome.result) return outcome.error ?? "la story n'a pas fini en 30 s"
  if (outcome.result.status === 'error') return outcome.error ?? 'erreur de rendu ou de fonction play'
  if (outcome.error) return outcome.error
  const failedReport = outcome.result.reporters.find((report) => report.status === 'failed')
  if (failedReport) return `contrôle ${failedReport.type} en échec`
  const [failed] = failedCalls(outcome.log)
  if (failed) {
    const call = outcome.calls[failed.callId]
    return `interaction en échec (${call?.method ?? failed.callId}) : ${call?.message ?? 'erreur'}`
  }
  if (await endsOnBareAddress(page)) return 'la story finit sur une page vide (seulement « Page : … »)'
  return undefined
}

/**
 * The story ended on nothing but the address line its router writes (`data-testid="location"`, 'Page : /…'):
 * no other element of the canvas, or of what it opened outside it, is drawn. A story that navigates ends on the
 * next screen's card (.storybook/NextScreen.tsx) instead.
 */
function endsOnBareAddress(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const address = document.querySelector('[data-testid="location"]')
    if (!address) return false
    const drawn = [...document.body.querySelectorAll('*')].filter((element) => {
      if (element === address || element.contains(address) || address.contains(element)) return false
      if (['SCRIPT', 'STYLE', 'LINK', 'META', 'TEMPLATE'].includes(element.tagName)) return false
      const box = element.getBoundingClientRect()
      return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden'
    })
    return drawn.length === 0
  })
}

/** What the docs page shows wrong, measured in the page once it has rendered. */
async function checkDocs(page: Page, docs: IndexEntry, screens: boolean): Promise<string | undefined> {
  const rendered = await page
    .evaluate(async (id) => {
      const w = window as unknown as PreviewWindow
      delete w.__docsRendered[id]
      w.__currentStory = id
      w.__STORYBOOK_ADDONS_CHANNEL__.emit('setCurrentStory', { storyId: id, viewMode: 'docs' })
      const started = performance.now()
      while (!w.__docsRendered[id] && performance.now() - started < 30_000)
        await new Promise((r) => setTimeout(r, 25))
      return !!w.__docsRendered[id]
    }, docs.id)
    .catch(() => false)
  if (!rendered) return "la page de docs n'a pas fini en 30 s"
  // Inline stories render after the page's blocks; their dialogs and toasts open with an animation.
  await page
    .waitForFunction(
      () =>
        Array.from(document.querySelectorAll('.sb-story[data-story-block]')).every(
          (block) =>
            block.querySelector('iframe') || block.querySelector('[id$="-inner"]')?.childElementCount,
        ),
      undefined,
      { timeout: 10_000 },
    )
    .catch(() => undefined)
  await page.waitForTimeout(400)
  return page.evaluate((screens) => {
    const problems: string[] = []
    const blocks = Array.from(document.querySelectorAll<HTMLElement>('.sb-story[data-story-block]'))
    const storyOf = (block: Element) => block.id.replace(/^story--/, '').replace(/--primary$/, '')
    const describe = (element: Element | null) => {
      const labelled = element?.closest('[role="dialog"], [role="alertdialog"], [id], [class]')
      return labelled
        ? `<${labelled.tagName.toLowerCase()}${labelled.getAttribute('role') ? ` role="${labelled.getAttribute('role')}"` : ''}>`
        : 'un autre élément'
    }
    /** Whether the middle of `target` (scrolled into view) is what a click there reaches. */
    const coveredBy = (target: HTMLElement) => {
      target.scrollIntoView({ block: 'center' })
      const box = target.getBoundingClientRect()
      if (box.width < 2 || box.height < 2) return undefined
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + Math.min(box.height / 2, 40))
      return hit && !target.contains(hit) ? hit : undefined
    }
    const drawsInside = (block: HTMLElement) => {
      const box = block.getBoundingClientRect()
      return Array.from(block.querySelectorAll('*')).some((element) => {
        const style = getComputedStyle(element)
        if (style.position === 'fixed' || style.visibility === 'hidden' || style.display === 'contents')
          return false
        for (let up = element.parentElement; up && up !== block; up = up.parentElement)
          if (getComputedStyle(up).position === 'fixed') return false
        const own = element.getBoundingClientRect()
        return (
          own.width > 1 &&
          own.height > 1 &&
          own.right > box.left &&
          own.left < box.right &&
          own.bottom > box.top &&
          own.top < box.bottom
        )
      })
    }
    for (const block of blocks) {
      const framed = !!block.querySelector('iframe')
      if (!framed && screens)
        problems.push(
          `écran « ${storyOf(block)} » inline : il doit avoir son cadre (docs.story.inline: false)`,
        )
      if (!framed && !drawsInside(block))
        problems.push(
          `aperçu vide pour « ${storyOf(block)} » (tout est fixé hors de son cadre : docs.story.inline: false)`,
        )
      const cover = coveredBy(block)
      if (cover) problems.push(`aperçu de « ${storyOf(block)} » recouvert par ${describe(cover)}`)
    }
    const table = document.querySelector<HTMLElement>('.docblock-argstable')
    const tableCover = table && coveredBy(table)
    if (tableCover) problems.push(`tableau des props recouvert par ${describe(tableCover)}`)
    return problems.length ? [...new Set(problems)].join(' ; ') : undefined
  }, screens)
}

/**
 * Opens the preview on its first story and waits until that story has finished: until then the preview is still
 * starting (its story store, msw's worker) and a story asked for would not be the one shown.
 */
async function openPreview(page: Page, url: string) {
  await page.goto(url)
  const storyId = new URL(url).searchParams.get('id')
  await page.waitForFunction(
    (id) => {
      const w = window as unknown as PreviewWindow
      if (!id || !w.__storyResults[id]) return false
      w.__currentStory = id
      return true
    },
    storyId,
    { timeout: 60_000 },
  )
}

/** Serves `staticDir` (a built Storybook) and checks its stories, then its docs pages. */
export async function checkStaticStorybook(staticDir: string, options: CheckOptions): Promise<CheckResult> {
  const index = JSON.parse(readFileSync(join(staticDir, 'index.json'), 'utf8')) as {
    entries: Record<string, IndexEntry>
  }
  const grep = options.grep?.toLowerCase()
  const entries = Object.values(index.entries).filter(
    (entry) =>
      !grep || entry.id.includes(grep) || `${entry.title}/${entry.name}`.toLowerCase().includes(grep),
  )
  const stories = entries.filter((entry) => entry.type === 'story')
  const docsPages = options.docs === false ? [] : entries.filter((entry) => entry.type === 'docs')
  const firstStory = Object.values(index.entries).find((entry) => entry.type === 'story')
  if (!firstStory) throw new Error('index.json sans story')

  const app = Fastify()
  await app.register(fastifyStatic, { root: staticDir })
  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  // instrument=true: the instrumenter on, as inside the Storybook UI's frame.
  const previewUrl = `${address}/iframe.html?id=${firstStory.id}&viewMode=story&instrument=true`
  const browser: Browser = await chromium.launch({
    executablePath: options.executablePath,
    args: chromiumArgs,
  })
  const failures = new Map<string, string>()
  let passed = 0
  const record = (label: string, error: string | undefined) => {
    if (error) failures.set(label, error)
    else passed += 1
  }
  try {
    const storyQueue = Array.from({ length: Math.max(1, options.repeat ?? 1) }, () => stories).flat()
    const docsQueue = [...docsPages]
    // Two previews in parallel, as two designers clicking through the stories.
    await Promise.all(
      [0, 1].map(async () => {
        const context = await browser.newContext({ locale: 'fr-FR', timezoneId: 'Europe/Paris' })
        await context.addInitScript({ content: recordStories })
        const page = await context.newPage()
        if (storyQueue.length) await openPreview(page, previewUrl)
        for (let story = storyQueue.shift(); story; story = storyQueue.shift()) {
          if (options.reload) await openPreview(page, previewUrl)
          record(entryLabel(story), await checkStory(page, story))
        }
        // Docs pages in a fresh page; their framed stories' frames are not loaded (checked as stories above).
        const docsPage = await context.newPage()
        await docsPage.setViewportSize(defaultViewport)
        await docsPage.route('**/iframe.html?*', (route) =>
          route.request().frame() === docsPage.mainFrame() ? route.continue() : route.abort(),
        )
        if (docsQueue[0]) await docsPage.goto(`${address}/iframe.html?id=${docsQueue[0].id}&viewMode=docs`)
        for (let docs = docsQueue.shift(); docs; docs = docsQueue.shift())
          record(entryLabel(docs), await checkDocs(docsPage, docs, isScreen(docs)))
        await context.close()
      }),
    )
  } finally {
    await browser.close()
    await app.close()
  }
  return { passed, failures }
}
