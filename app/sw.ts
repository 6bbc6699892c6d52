/// <reference lib="webworker" />
/**
 * Service worker of the installed app, built by vite-plugin-pwa (injectManifest) into dist/sw.js. The
 * precache list is the build's own (scripts/pwa.ts): every release has a different list, so the worker's bytes
 * change and installed apps find the update, which waits until the user accepts it ('Mettre à jour').
 *
 * Custom code, hence injectManifest: navigations go to the network first (the server always has the newest
 * shell) and fall back to the precached shell offline. The API is not cached, except the offline wallet: the
 * signed-in user's favourites, used coupons and partner pages, kept per token (see OFFLINE_WALLET_PATHS).
 */
import { clientsClaim } from 'workbox-core'
import { ExpirationPlugin } from 'workbox-expiration'
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { CacheFirst, NetworkFirst } from 'workbox-strategies'
import type { WorkboxPlugin } from 'workbox-core/types.js'
import {
  OFFLINE_WALLET_CACHE,
  OFFLINE_WALLET_HEADER,
  OFFLINE_WALLET_PATHS,
  WALLET_SIGNED_OUT,
  type WalletSignedOut,
} from '../contract/offlineWallet.ts'

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

/** SHA-256 of an Authorization header, in hex. */
async function holderFor(authorization: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(authorization))
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('')
}

/** The holder of the request's Authorization header; null without one. */
async function holderOf(request: Request): Promise<string | null> {
  const authorization = request.headers.get('Authorization')
  return authorization ? holderFor(authorization) : null
}

/**
 * Holders whose user signed out while this worker ran (the app says so, WALLET_SIGNED_OUT): their answers
 * still on their way when the app emptied the wallet are not stored. In memory: the worker stays alive while
 * those fetches are pending, which is all this has to cover.
 */
const signedOut = new Set<string>()

/**
 * Each entry belongs to the token that fetched it: the Cache API ignores headers, so the token's hash is part
 * of the key. Another account signed in on this device (another token) never reads it, and the bare URL
 * matches nothing. The app empties the cache at sign-out; entries also expire after 30 days.
 */
const perToken: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => {
    const url = new URL(request.url)
    url.searchParams.set('wallet-holder', (await holderOf(request)) ?? 'anonymous')
    return url.href
  },
  cacheWillUpdate: async ({ request, response }) => {
    const holder = response.status === 200 ? await holderOf(request) : null
    return holder !== null && !signedOut.has(holder) ? response : null
  },
  // Signed out between that check and the write: the entry goes again, and the wallet with it once empty.
  cacheDidUpdate: async ({ cacheName, request }) => {
    const holder = new URL(request.url).searchParams.get('wallet-holder')
    if (holder === null || !signedOut.has(holder)) return
    const cache = await caches.open(cacheName)
    await cache.delete(request)
    if ((await cache.keys()).length === 0) await caches.delete(cacheName)
  },
  // Read from the wallet: say so, so the app shows it is offline even where the browser thinks it is online.
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    if (!cachedResponse) return null
    const headers = new Headers(cachedResponse.headers)
    headers.set(OFFLINE_WALLET_HEADER, '1')
    return new Response(await cachedResponse.blob(), { status: cachedResponse.status, headers })
  },
}

// The server stays the judge: the network first, the wallet only when it cannot be reached. Writes are never
// cached nor queued (using a coupon offline is refused by the app).
registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin && request.method === 'GET' && OFFLINE_WALLET_PATHS.some((path) => path.test(url.pathname)),
  new NetworkFirst({
    cacheName: OFFLINE_WALLET_CACHE,
    plugins: [perToken, new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600 })],
  }),
)

// A release that takes over has reloaded every tab: the chunks kept for older releases are not needed any more
// (the server's modulepreload hints can put a release's chunks in this cache besides the precache).
self.addEventListener('activate', (event) => {
  event.waitUntil(Promise.all([...HAND_WRITTEN_CACHES, RUNTIME_ASSETS].map((name) => caches.delete(name))))
})

// workbox-window's messageSkipWaiting(), sent when the user presses 'Mettre à jour'; the app's sign-out.
self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting()
  const data = event.data as Partial<WalletSignedOut> | null
  if (data?.type === WALLET_SIGNED_OUT && typeof data.authorization === 'string') {
    const authorization = data.authorization
    event.waitUntil(
      (async () => {
        signedOut.add(await holderFor(authorization))
        await caches.delete(OFFLINE_WALLET_CACHE)
      })(),
    )
  }
})

// The first install activates at once (there is no older version to wait for) and takes the open page, so that
// page's later chunks come from the precache from then on, offline too. A later release still installs beside
// the running one and waits for the user's 'Mettre à jour' (SKIP_WAITING above): skipWaiting only when no
// version is active.
self.addEventListener('install', () => {
  if (!self.registration.active) void self.skipWaiting()
})
clientsClaim()
