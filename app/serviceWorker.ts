import { useCallback, useState, useSyncExternalStore } from 'react'
import { afterQuiet } from '../src/design-system/lazy/afterQuiet.ts'
import { listenForInstallPrompt } from '../src/screens/public/home/installPrompt.ts'

/** Switches to the version that is waiting; null while none is. */
let activateWaitingVersion: (() => void) | null = null
const listeners = new Set<() => void>()
const emit = () => listeners.forEach((listener) => listener())

/**
 * Makes the app installable: keeps the browser's install offer for Home's banner, and (in production builds)
 * registers the service worker (app/sw.ts, built into /sw.js) through workbox-window. A new release installs
 * in the background and waits; the app then shows 'Nouvelle version disponible' (useAppUpdate). Call once, with
 * the promise of the app's first render (committed).
 */
export function setUpInstallableApp(firstRender: Promise<void>): void {
  listenForInstallPrompt()
  // The dev server serves unbundled modules that change at every edit: no caching there.
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  // workbox-window is loaded when the worker is registered: it is not part of the entry every page evaluates
  // before its first render.
  const register = () => {
    import('workbox-window')
      .then(({ Workbox }) => {
        const workbox = new Workbox('/sw.js', { scope: '/' })
        workbox.addEventListener('waiting', () => {
          activateWaitingVersion = () => workbox.messageSkipWaiting()
          emit()
        })
        // The new version took over (here or from another tab): this page's code is the old release's, reload it.
        workbox.addEventListener('controlling', (event) => {
          if (event.isUpdate) window.location.reload()
        })
        return workbox.register().then(() => {
          // An installed app can stay open for days: look for a release whenever it comes back to the foreground.
          document.addEventListener('visibilitychange', () => {
            if (document.visibilityState === 'visible') void workbox.update()
          })
        })
      })
      .catch((error: unknown) => {
        console.warn("Le mode hors ligne n'a pas pu être activé", error)
      })
  }
  // Once the page has loaded, its first render is committed and its main thread has then been quiet for 5 s
  // (afterQuiet, 20 s at most): the worker's precache does not compete with the page or its first taps, and workbox-window's
  // evaluation and the registration are not a task of the start-up (on a phone, one counts in Total Blocking Time).
  const loaded =
    document.readyState === 'complete'
      ? Promise.resolve()
      : new Promise<void>((resolve) => window.addEventListener('load', () => resolve(), { once: true }))
  void Promise.all([loaded, firstRender])
    .then(() => afterQuiet())
    .then(register)
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

/** Whether a new version waits, and the action that installs it (the page then reloads). */
export function useAppUpdate(): { available: boolean; updating: boolean; update: () => void } {
  const activate = useSyncExternalStore(
    subscribe,
    () => activateWaitingVersion,
    () => null,
  )
  const [updating, setUpdating] = useState(false)
  const update = useCallback(() => {
    setUpdating(true)
    activate?.()
  }, [activate])
  return { available: activate !== null, updating, update }
}
