import { listenForInstallPrompt } from '../src/screens/public/home/installPrompt.ts'

/**
 * Makes the app installable: keeps the browser's install offer for Home's banner, and (in production builds)
 * registers public/sw.js, which caches the app shell so the installed app opens offline. Call once at start.
 */
export function setUpInstallableApp(): void {
  listenForInstallPrompt()
  // The dev server serves unbundled modules that change at every edit: no caching there.
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      console.warn("Le mode hors ligne n'a pas pu être activé", error)
    })
  })
}
