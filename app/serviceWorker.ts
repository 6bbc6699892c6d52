import { useCallback, useState, useSyncExternalStore } from 'react'
import { listenForInstallPrompt } from '../src/screens/public/home/installPrompt.ts'

/** Switches to the version that is waiting; null while none is. */
let activateWaitingVersion: (() => void) | null = null
const listeners = new Set<() => void>()
const emit = () => listeners.forEach((listener) => listener())

/**
 * Makes the app installable: keeps the browser's install offer for Home's banner, and (in production builds)
 * registers the service worker (app/sw.ts, built into /sw.js) through workbox-window. A new release installs
 * in the background and waits; the app then shows 'Nouvelle version disponible' (useAppUpdate). Call once.
 */
export function setUpInstallableApp(): void {
  listenForInstallPrompt()
  // The dev server serves unbundled modules that change at every edit: no caching there.
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  // workbox-window is loaded when the worker is registered, after the page's load: it is not part of the
  // entry every page evaluates before its first render.
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
  // After the page's load, so the worker's precache does not compete with it. A prerendered page starts its
  // scripts after its first paint (SCRIPT_LOADER), often once the load event has passed: register then in a task
  // of its own, not inside the entry's evaluation (one long task on a phone).
  if (document.readyState === 'complete') setTimeout(register, 0)
  else window.addEventListener('load', register, { once: true })
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
