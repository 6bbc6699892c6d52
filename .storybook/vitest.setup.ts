/**
 * Visual regression in the story tests' own browser pass: once a story's play function and the accessibility
 * check have passed, its picture is compared with the baseline in visual/baselines/ by Vitest's
 * `toMatchScreenshot` (update: `npx vitest run --project storybook --update`). Stories tagged `no-visual` are
 * only tested, not photographed.
 */
import { afterEach, expect } from 'vitest'
import { page } from 'vitest/browser'
import type { ComposedStoryFn } from 'storybook/internal/types'
import {
  holdIntervals,
  holdTimers,
  installVisualClock,
  releaseIntervals,
  releaseTimers,
  settling,
} from './visual-clock.ts'

installVisualClock()

/** The sizes of the preview's viewports (preview.tsx); 'component' is a story's natural size. */
const viewportSizes = {
  phone: { width: 390, height: 844 },
  tablet: { width: 820, height: 1180 },
  desktop: { width: 1366, height: 900 },
} as const
type ViewportName = keyof typeof viewportSizes
type Capture = ViewportName | 'component'

/**
 * Screens ('Écrans/...', ids 'écrans-...') are photographed at the phone size, back-office screens at the
 * desktop size too; everything else at its natural size ('component'). A story that asks for a viewport in its
 * own globals is photographed at that size as well.
 */
function capturesFor(storyId: string, declared: string | undefined): Capture[] {
  const captures = new Set<Capture>(storyId.startsWith('écrans-') ? ['phone'] : ['component'])
  if (storyId.startsWith('écrans-back-office')) captures.add('desktop')
  if (declared && declared in viewportSizes) captures.add(declared as ViewportName)
  return [...captures]
}

/** visual/baselines/<story id>--<capture>.png, in ASCII (Vitest drops other letters from file names). */
const baselineName = (storyId: string, capture: Capture) =>
  `${storyId.normalize('NFD').replace(/[\u0300-\u036f]/g, '')}--${capture}`

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve))
const requestPatience = 1500

/**
 * Waits until the story has settled: no short timer and no request pending twice in a row (a request left
 * pending on purpose, as in a 'submitting' story, gets 1.5 s from when it started, once, not once per
 * capture), fonts and images ready, finite animations over; at most 4 s each.
 */
async function settle() {
  for (const image of Array.from(document.images)) if (image.loading === 'lazy') image.loading = 'eager'
  await Promise.race([
    Promise.all([
      document.fonts.ready,
      ...Array.from(document.images).map((image) => image.decode().catch(() => undefined)),
    ]),
    delay(2000),
  ])
  // Finite animations (a tooltip's or a dialog's exit) end first: until then the closing part is still in the
  // page, and the choice of what to photograph (hasPortals) would depend on the machine's speed. Endless ones
  // (spinners) are left running.
  const finite = document
    .getAnimations()
    .filter(
      (animation) =>
        animation.playState === 'running' &&
        Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity),
    )
  await Promise.race([
    Promise.all(finite.map((animation) => animation.finished.catch(() => undefined))),
    delay(4000),
  ])
  const started = performance.now()
  let quietRounds = 0
  while (quietRounds < 2 && performance.now() - started < 4000) {
    const { timers, requests } = settling(requestPatience)
    const requestsDone = requests === 0 || performance.now() - started >= requestPatience
    quietRounds = timers === 0 && requestsDone ? quietRounds + 1 : 0
    await nextFrame()
  }
}

/** What the story rendered outside its own root (dialogs, toasts, tooltips portalled to <body>). */
function hasPortals(root: Element) {
  return Array.from(document.body.children).some((child) => {
    if (child === root || isStorybookElement(child)) return false
    const box = child.getBoundingClientRect()
    return box.width > 1 && box.height > 1 && getComputedStyle(child).visibility !== 'hidden'
  })
}

/**
 * Parts placed against the viewport (a tab bar, a toast) lie outside the root's own box; an empty fixed region
 * (the toast region with no toast) does not count.
 */
function hasFixedParts(root: Element) {
  const rootBox = root.getBoundingClientRect()
  return Array.from(root.querySelectorAll('*')).some((element) => {
    if (getComputedStyle(element).position !== 'fixed' || !element.textContent?.trim()) return false
    const box = element.getBoundingClientRect()
    if (box.width <= 1 || box.height <= 1) return false
    return (
      box.top < rootBox.top ||
      box.bottom > rootBox.bottom ||
      box.left < rootBox.left ||
      box.right > rootBox.right
    )
  })
}

/** Storybook's own wrappers (preparing, error display), its SVG filters, scripts and styles. */
const isStorybookElement = (element: Element) =>
  /^(SCRIPT|STYLE|LINK|TEMPLATE)$/.test(element.tagName) ||
  element.id.startsWith('storybook-') ||
  element.classList.contains('sb-wrapper')

/** The story's root: the container Storybook's portable stories append to <body> for each story. */
function storyRoot() {
  return Array.from(document.body.children).find(
    (child) => child.tagName === 'DIV' && !child.className && !child.id && !isStorybookElement(child),
  )
}

/**
 * Applied only while the screenshot is taken: no caret, no scrollbars, no transition half-way, no textarea
 * resize grip (the browser's own drawing: Debian's Chromium 150.0.7871.100 drew it 20 pixels apart from the
 * build the baselines were taken with, failing every story with a textarea).
 */
const screenshotStyle =
  '*,*::before,*::after{transition:none!important;caret-color:transparent!important;scrollbar-width:none!important}' +
  '::-webkit-scrollbar{display:none!important}textarea{resize:none!important}html,body{min-height:100%}'
/**
 * Screens only: whether a button keeps focus after its loading state ends depends on timing, and so does
 * whether a toast is still up when the second viewport is photographed (its own stories photograph it).
 */
const screenStyle =
  ':focus,:focus-visible{outline:none!important}li[data-swipe-direction]{visibility:hidden!important}'

afterEach(async (context) => {
  const story = (context as { story?: ComposedStoryFn }).story
  if (!story || context.task.result?.state === 'fail' || story.tags.includes('no-visual')) return
  const declared = (story.globals as { viewport?: { value?: string } }).viewport?.value
  holdIntervals()
  try {
    await settle()
    for (const capture of capturesFor(story.id, declared)) {
      releaseTimers()
      let target: Element = document.body
      let style = screenshotStyle
      if (capture === 'component') {
        // The story test already runs at the size the story asks for (or Storybook's default).
        const root = storyRoot()
        if (root && !hasPortals(root) && !hasFixedParts(root)) target = root
        // A long list (hundreds of rows) is photographed down to three screen heights, always at the same place.
        const maxHeight = 3 * window.innerHeight
        if (target.getBoundingClientRect().height > maxHeight) {
          target = document.body
          style += `html,body{height:${maxHeight}px!important;min-height:0!important;overflow:hidden!important}`
        }
      } else {
        await page.viewport(viewportSizes[capture].width, viewportSizes[capture].height)
        await settle()
        style += screenStyle
      }
      holdTimers()
      await expect.element(target).toMatchScreenshot(baselineName(story.id, capture), {
        screenshotOptions: { animations: 'disabled', caret: 'hide', scale: 'css', style },
      })
    }
  } finally {
    releaseTimers()
    releaseIntervals()
  }
})
