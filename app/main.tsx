import { startTransition, StrictMode, useEffect } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { createBrowserRouter } from 'react-router'
// First, as in the prerender: see App.tsx.
import { App, holdLazyScreensUntil, loadMatchedScreens, routes } from './App.tsx'
import { hydratableRoute, PRERENDERED_ATTRIBUTE } from './prerender/hydration.ts'
import { preloadClientConfig, preloadFindLists, preloadFirstScreenData } from './routes/preloadData.ts'
import {
  forgetTypedBeforeHydration,
  keepTypedBeforeHydration,
} from '../src/prerender/typedBeforeHydration.ts'
import { releasePageMessage } from '../src/prerender/pageMessage.ts'
import { releasePagePicture } from '../src/prerender/pagePicture.ts'
import { releasePageRows } from '../src/prerender/pageRows.ts'
import { adoptPrerenderedStyles } from '../src/prerender/prerenderedStyles.ts'
import { readStoredUser } from '../src/session/storage.ts'
import { forgetEarlySearch } from '../src/api/earlySearch.ts'
import { setUpInstallableApp } from './serviceWorker.ts'
import { PRELOAD_LATER_ATTRIBUTE } from '../contract/prerender.ts'

const container = document.getElementById('root')
if (!container) throw new Error('Élément #root introuvable')

let firstRenderDone = () => {}
const firstRender = new Promise<void>((resolve) => (firstRenderDone = resolve))

setUpInstallableApp(firstRender)

/**
 * Ends the current task: the page already shows its prerendered HTML, so start-up is cut into tasks a phone
 * runs without blocking a tap for long (each over 50 ms counts in Total Blocking Time).
 */
function nextTask(): Promise<void> {
  if ('scheduler' in window && typeof window.scheduler.yield === 'function') return window.scheduler.yield()
  return new Promise((resolve) => setTimeout(resolve, 0))
}

/**
 * Fetches the chunks of the parts the screen loads apart (a sheet, a dialog), as the prerendered page lists them,
 * without evaluating them (modulepreload): the first press evaluates one with no round trip, and its evaluation
 * is not a task of the start-up (idleComponent).
 */
async function preloadLaterChunks() {
  const later = document
    .querySelector(`script[${PRELOAD_LATER_ATTRIBUTE}]`)
    ?.getAttribute(PRELOAD_LATER_ATTRIBUTE)
  for (const url of later?.split(' ') ?? []) {
    if (!url || document.querySelector(`link[rel="modulepreload"][href="${url}"]`)) continue
    const link = document.createElement('link')
    link.rel = 'modulepreload'
    link.href = url
    document.head.appendChild(link)
    // One link per task: adding one starts its request at once (about 1 ms each on this machine), and Find
    // lists seven.
    await nextTask()
  }
}

/** Renders nothing; calls `onCommitted` once the first render is committed (hydrated or rendered). */
function FirstRenderDone({ onCommitted }: { onCommitted: () => void }) {
  useEffect(onCommitted, [onCommitted])
  return null
}

async function start(root: HTMLElement) {
  // The entry's module graph was just evaluated, in one task: what follows runs in tasks of its own.
  await nextTask()
  // The HTML's styles stay where they are; the first render finds their class names and inserts none again.
  adoptPrerenderedStyles()
  const user = readStoredUser()
  const route = hydratableRoute(root.getAttribute(PRERENDERED_ATTRIBUTE) ?? undefined, location, user)
  if (route) {
    keepTypedBeforeHydration(root)
    void firstRender.then(() => forgetTypedBeforeHydration(5_000))
  } else {
    // The HTML's main picture or message belongs to a page this visitor will not see (no session, another page).
    releasePagePicture()
    releasePageMessage()
    releasePageRows()
  }
  preloadClientConfig(firstRender)
  if (user) preloadFirstScreenData(location.pathname, user, firstRender)
  // Find's early search is the first search's or nobody's.
  forgetEarlySearch()
  // The requests are out; matching the routes and loading the screens is a task of its own.
  await nextTask()
  if (user) preloadFindLists(location.pathname, user, firstRender)
  // A signed-in screen's HTML is its skeleton, which the router shows (HydrateFallback) while the screen's code
  // loads; anywhere else the first render must be the screen itself, so its code is loaded before.
  if (route?.session !== 'signed-in') await loadMatchedScreens(routes, location.pathname)
  await nextTask()
  holdLazyScreensUntil(firstRender)
  // The router in a task of its own (its history, routes, matcher and first navigation: 6-9 ms on this machine).
  const router = createBrowserRouter(routes)
  // Another page before the screen's own picture took over: the HTML's picture is not that page's.
  const firstPath = location.pathname
  const stopWatching = router.subscribe((state) => {
    if (state.location.pathname === firstPath) return
    releasePagePicture()
    releasePageMessage()
    releasePageRows()
    stopWatching()
  })
  // The router's first state stays the HTML's: a lazy screen cannot arrive before the first render now.
  await nextTask()
  const app = (
    <StrictMode>
      <App router={router} />
      <FirstRenderDone onCommitted={firstRenderDone} />
    </StrictMode>
  )
  // As a transition, the first render is time-sliced: React yields to the browser every few milliseconds
  // instead of hydrating the whole page in one long task (a default-priority hydration is never sliced).
  startTransition(() => {
    if (route) {
      hydrateRoot(root, app, {
        onRecoverableError: (error) =>
          console.error('Hydratation : le rendu diffère du HTML prérendu', error),
      })
    } else {
      createRoot(root).render(app)
    }
  })
  void firstRender.then(() => setTimeout(() => void preloadLaterChunks(), 0))
  // Once the first render is committed: the inline loader (SCRIPT_LOADER) then replays a form submit it held.
  void firstRender.then(() => (document.documentElement.dataset.appStart = route ? 'hydrated' : 'rendered'))
}

void start(container)
