/// <reference lib="webworker" />
/**
 * Service worker of the installed app, built by vite-plugin-pwa (injectManifest) into dist/sw.js. The
 * precache list is the build's own (scripts/pwa.ts): every release has a different list, so the worker's bytes
 * change and installed apps find the update, which waits until the user accepts it ('Mettre à jour').
 *
 * Custom code, hence injectManifest: navigations go to the network first (the server always has the newest
 * shell) and fall back to the precached shell offline; the API and uploads are never cached.
 */
import { clientsClaim } from 'workbox-core'
import { ExpirationPlugin } from 'workbox-expiration'
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { CacheFirst } from 'workbox-strategies'

declare const self: ServiceWorkerGlobalScope

/** Caches of the hand-written worker that came before (VERSION 'v1'): nothing reads them any more. */
const HAND_WRITTEN_CACHES = ['shell-v1', 'assets-v1']
const RUNTIME_ASSETS = 'assets-runtime'
const LIVE_PATHS = [/^\/api(\/|$)/, /^\/uploads\//]

// Registered before the precache route, which would otherwise answer '/' from the cache first.
registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      try {
        return await fetch(request)
      } catch {
        // The precached shell matches the precached chunks: the app opens and shows its 'hors ligne' banner.
        return (
          (await matchPrecache('/index.html')) ?? (await matchPrecache('/offline.html')) ?? Response.error()
        )
      }
    },
    { denylist: LIVE_PATHS },
  ),
)

precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()

// Back-office chunks and chunks of an older release still open in a tab: kept as they are used, bounded.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
  new CacheFirst({
    cacheName: RUNTIME_ASSETS,
    plugins: [new ExpirationPlugin({ maxEntries: 80, purgeOnQuotaError: true })],
  }),
)

// A release that takes over has reloaded every tab: the chunks kept for older releases are not needed any more
// (the server's modulepreload hints can put a release's chunks in this cache besides the precache).
self.addEventListener('activate', (event) => {
  event.waitUntil(Promise.all([...HAND_WRITTEN_CACHES, RUNTIME_ASSETS].map((name) => caches.delete(name))))
})

// workbox-window's messageSkipWaiting(), sent when the user presses 'Mettre à jour'.
self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting()
})

// The first install takes the open page at once (there is no older version to wait for).
clientsClaim()
