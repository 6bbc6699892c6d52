import type { BrowserContext, Page } from 'playwright'
import { type Capture, viewports, type ViewportName } from './stories.ts'

/** 'Today' for every story: 15 June 2026, 10:00 in Paris. */
export const frozenTime = new Date('2026-06-15T10:00:00+02:00').getTime()

/**
 * Runs in every document before any script of the page: fixed clock, seeded randomness, empty storage,
 * no animations, and a switch that stops every timer once the story is ready to be photographed.
 * Plain JavaScript on purpose (it is sent to the browser as text).
 */
const initScript = (time: number) => `(() => {
  try { localStorage.clear(); sessionStorage.clear() } catch {}

  // Date starts at the frozen instant in every document and moves with real time (so durations still work).
  const RealDate = Date
  const realNow = performance.now.bind(performance)
  const start = realNow()
  const now = () => ${time} + Math.floor(realNow() - start)
  function FakeDate(...args) {
    if (!new.target) return new RealDate(now()).toString()
    return Reflect.construct(RealDate, args.length ? args : [now()], new.target)
  }
  FakeDate.prototype = RealDate.prototype
  Object.setPrototypeOf(FakeDate, RealDate)
  FakeDate.now = now
  FakeDate.parse = RealDate.parse
  FakeDate.UTC = RealDate.UTC
  globalThis.Date = FakeDate

  // Math.random and crypto.randomUUID: the same sequence in every document (mulberry32).
  let seed = 0x2f6b3a1d
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  Math.random = random
  if (globalThis.crypto && crypto.randomUUID) {
    crypto.randomUUID = () => {
      const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16))
      hex[12] = '4'
      hex[16] = ((parseInt(hex[16], 16) & 3) | 8).toString(16)
      const s = hex.join('')
      return s.slice(0, 8) + '-' + s.slice(8, 12) + '-' + s.slice(12, 16) + '-' + s.slice(16, 20) + '-' + s.slice(20)
    }
  }

  // Timers run normally while the story renders and plays; the harness waits until no short timer is
  // pending (a focus moved in a setTimeout, a tooltip's delay), then freezes them all: once frozen no
  // callback runs any more (a carousel cannot move, a toast cannot leave while the screenshot is taken).
  let frozen = false
  const pending = new Set()
  globalThis.__visualFreeze = () => { frozen = true }
  globalThis.__visualPendingTimers = () => pending.size
  const wrap = (name, oneShot, clearName) => {
    const real = globalThis[name]
    const clear = globalThis[clearName]
    globalThis[name] = function (callback, delay, ...rest) {
      if (typeof callback !== 'function') return real.call(this, callback, delay, ...rest)
      const token = {}
      const tracked = oneShot && (name === 'requestAnimationFrame' || !(delay >= 1000))
      const id = real.call(this, function (...args) {
        pending.delete(token)
        if (!frozen) return callback.apply(this, args)
      }, delay, ...rest)
      if (tracked) { token.id = id; pending.add(token) }
      return id
    }
    if (clear) globalThis[clearName] = function (id) {
      for (const token of pending) if (token.id === id) pending.delete(token)
      return clear.call(this, id)
    }
  }
  wrap('setTimeout', true, 'clearTimeout')
  wrap('setInterval', false, 'clearInterval')
  wrap('requestAnimationFrame', true, 'cancelAnimationFrame')

  const css = '*,*::before,*::after{animation:none!important;transition:none!important;caret-color:transparent!important}' +
    '*{scrollbar-width:none!important}::-webkit-scrollbar{display:none!important}'
  const addStyle = () => {
    const style = document.createElement('style')
    style.setAttribute('data-visual-test', '')
    style.textContent = css
    ;(document.head || document.documentElement).appendChild(style)
  }
  if (document.documentElement) addStyle()
  else document.addEventListener('DOMContentLoaded', addStyle)
})()`

export async function prepareContext(context: BrowserContext) {
  await context.addInitScript({ content: initScript(frozenTime) })
}

/** Counts the page's requests in flight, so a capture can wait until the network is quiet. */
export function trackNetwork(page: Page) {
  const inFlight = new Set<unknown>()
  let lastChange = Date.now()
  const done = (request: unknown) => {
    inFlight.delete(request)
    lastChange = Date.now()
  }
  page.on('request', (request) => {
    inFlight.add(request)
    lastChange = Date.now()
  })
  page.on('requestfinished', done)
  page.on('requestfailed', done)
  return {
    reset: () => inFlight.clear(),
    quiet: () => inFlight.size === 0,
    /** Resolves once nothing is in flight for `quietMs` (or after `timeoutMs`, whatever happens). */
    async idle(quietMs: number, timeoutMs: number) {
      const started = Date.now()
      while (Date.now() - started < timeoutMs) {
        if (inFlight.size === 0 && Date.now() - lastChange >= quietMs) return
        await new Promise((resolve) => setTimeout(resolve, 25))
      }
    },
  }
}

/**
 * A page taller than the viewport is captured up to this many viewport heights (a virtualised list grows with
 * the viewport: it stops there, always at the same place).
 */
const maxScreens = 3

export interface Shot {
  png: Buffer
  /** Set when the story failed to render or its play function threw. */
  error?: string
  /** The viewport the story asks for in its own `globals`, if any. */
  declaredViewport?: string
  /** Milliseconds spent loading, rendering (and playing), settling and taking the screenshot. */
  timings: Record<string, number>
}

interface PreviewWindow {
  __STORYBOOK_PREVIEW__?: {
    storyRenders?: {
      id: string
      phase?: string
      story?: { storyGlobals?: { viewport?: { value?: string } } }
    }[]
  }
  __visualFreeze?: () => void
}

export async function captureStory(
  page: Page,
  network: ReturnType<typeof trackNetwork>,
  baseUrl: string,
  capture: Capture,
): Promise<Shot> {
  const { story, viewport } = capture
  const size = viewports[viewport]
  await page.setViewportSize(size)
  network.reset()
  const timings: Record<string, number> = {}
  let mark = Date.now()
  const lap = (name: string) => {
    timings[name] = Date.now() - mark
    mark = Date.now()
  }
  // a11y.manual: the accessibility addon does not run axe after each story (the story tests do that).
  const globals = `a11y.manual:!true${viewport === 'component' ? '' : `;viewport:${viewport}`}`
  await page.goto(
    `${baseUrl}/iframe.html?id=${encodeURIComponent(story.id)}&viewMode=story&globals=${globals}`,
    {
      waitUntil: 'load',
    },
  )
  lap('load')

  // Storybook's render phases: ... -> playing -> played -> completing -> completed -> afterEach -> finished.
  // A failure shows Storybook's error display (a class on <body>).
  const state = await page
    .waitForFunction(
      (id) => {
        const body = document.body
        if (body.classList.contains('sb-show-errordisplay') || body.classList.contains('sb-show-nopreview'))
          return 'error'
        const preview = (window as unknown as PreviewWindow).__STORYBOOK_PREVIEW__
        const render = preview?.storyRenders?.find((candidate) => candidate.id === id)
        return render?.phase === 'finished' ? 'finished' : false
      },
      story.id,
      { polling: 50, timeout: 30_000 },
    )
    .then((handle) => handle.jsonValue())
    .catch(() => 'timeout')

  lap('render')
  let error: string | undefined
  if (state !== 'finished') {
    error =
      state === 'timeout'
        ? 'the story did not finish rendering within 30 s'
        : await page.evaluate(() => {
            const message = document.querySelector('#error-message')?.textContent?.trim()
            return message ? `the story failed: ${message.split('\n')[0]}` : 'the story failed to render'
          })
  }

  // Settle: no request in flight (one left pending on purpose, as in a 'Submitting' story, gets 1.5 s), no
  // short timer pending, fonts and images ready; twice in a row, or give up after 4 s. A page taller than the
  // viewport is captured whole (up to 3 screens): the viewport grows to the page's height first and the page settles again at
  // that size (Playwright's fullPage would resize after the timers are frozen, leaving tooltips misplaced).
  const settleStarted = Date.now()
  let quietRounds = 0
  let height: number = size.height
  let resizes = 0
  while (quietRounds < 2 && Date.now() - settleStarted < 4_000) {
    await network.idle(30, Math.max(0, 1_500 - (Date.now() - settleStarted)))
    const { timers, pageHeight } = await page.evaluate<{ timers: number; pageHeight: number }>(settleDocument)
    const networkDone = network.quiet() || Date.now() - settleStarted >= 1_500
    quietRounds = timers === 0 && networkDone ? quietRounds + 1 : 0
    // Grow at most twice, and only for a real difference: a page of 100vh plus a margin would grow forever.
    const wanted = Math.min(pageHeight, size.height * maxScreens)
    if (wanted > height + 8 && resizes < 2) {
      resizes += 1
      height = wanted
      await page.setViewportSize({ width: size.width, height })
      quietRounds = 0
    }
    if (quietRounds < 2) await new Promise((resolve) => setTimeout(resolve, 10))
  }
  lap('settle')
  const declaredViewport = await page.evaluate(
    ({ id, hideFocus }) => {
      const w = window as unknown as PreviewWindow
      // Screens: whether a button keeps focus after its loading state ends depends on timing (Chromium blurs a
      // disabled element at its next rendering update), so focus rings are not part of a screen's capture.
      // Components keep them: their focus stories are about exactly that.
      if (hideFocus) {
        const style = document.createElement('style')
        style.textContent = ':focus,:focus-visible{outline:none!important}'
        document.head.appendChild(style)
      }
      w.__visualFreeze?.()
      const render = w.__STORYBOOK_PREVIEW__?.storyRenders?.find((candidate) => candidate.id === id)
      return render?.story?.storyGlobals?.viewport?.value
    },
    { id: story.id, hideFocus: viewport !== 'component' },
  )

  const options = { animations: 'disabled', caret: 'hide', scale: 'css' } as const
  let png: Buffer
  if (viewport === 'component') {
    const clip = await page.evaluate<{ x: number; y: number; width: number; height: number } | undefined>(
      componentBox,
    )
    // Nothing visible: the whole viewport, so the baseline shows that.
    png = await page.screenshot(clip ? { ...options, clip } : options)
  } else {
    png = await page.screenshot(options)
  }
  lap('screenshot')
  return { png, error, declaredViewport, timings }
}

/**
 * Waits (at most 2 s) for fonts and images (lazy ones made eager); returns the short timers still pending and
 * the height of the page.
 */
const settleDocument = `(async () => {
  for (const image of Array.from(document.images)) if (image.loading === 'lazy') image.loading = 'eager'
  const images = Array.from(document.images).map((image) =>
    image.complete
      ? image.decode().catch(() => undefined)
      : new Promise((resolve) => {
          image.addEventListener('load', () => resolve(image.decode().catch(() => undefined)), { once: true })
          image.addEventListener('error', () => resolve(), { once: true })
        }),
  )
  let timeout
  await Promise.race([
    Promise.all([...images, document.fonts.ready]),
    new Promise((resolve) => { timeout = setTimeout(resolve, 2000) }),
  ])
  clearTimeout(timeout)
  return {
    timers: globalThis.__visualPendingTimers ? globalThis.__visualPendingTimers() : 0,
    pageHeight: Math.ceil(Math.max(document.documentElement.scrollHeight, document.body ? document.body.scrollHeight : 0)),
  }
})()`

/**
 * The natural size of a component: the box of what #storybook-root renders, grown to include what the story
 * portals to <body> (dialogs, toasts, tooltips). Undefined when there is nothing visible. Plain JavaScript
 * (tsx would wrap named inner functions in a helper the page does not have).
 */
const componentBox = `(() => {
  let left = Infinity, top = Infinity, right = -Infinity, bottom = -Infinity
  const add = (element) => {
    const rect = element.getBoundingClientRect()
    if (rect.width <= 1 || rect.height <= 1) return
    const style = getComputedStyle(element)
    if (style.visibility === 'hidden' || style.display === 'none' || style.clip === 'rect(0px, 0px, 0px, 0px)') return
    left = Math.min(left, rect.left + scrollX)
    top = Math.min(top, rect.top + scrollY)
    right = Math.max(right, rect.right + scrollX)
    bottom = Math.max(bottom, rect.bottom + scrollY)
  }
  const root = document.querySelector('#storybook-root')
  if (root) {
    add(root)
    // Fixed or absolutely placed content can overflow the root's own box.
    for (const descendant of Array.from(root.querySelectorAll('*'))) add(descendant)
  }
  for (const child of Array.from(document.body.children)) {
    if (child === root || child.id.startsWith('storybook-') || /^(SCRIPT|STYLE|LINK|TEMPLATE)$/.test(child.tagName)) continue
    if (Array.from(child.classList).some((name) => name.startsWith('sb-'))) continue
    add(child)
    for (const descendant of Array.from(child.querySelectorAll('*'))) add(descendant)
  }
  const x = Math.max(0, Math.floor(left))
  const y = Math.max(0, Math.floor(top))
  const width = Math.min(Math.ceil(right), document.documentElement.scrollWidth) - x
  const height = Math.min(Math.ceil(bottom), document.documentElement.scrollHeight) - y
  return Number.isFinite(width) && Number.isFinite(height) && width > 0 && height > 0
    ? { x, y, width, height }
    : undefined
})()`

export type { ViewportName }
