/*
 * Service worker of the installed app: keeps the app shell (index.html, every script and style chunk reachable
 * from it, icons, the offline page) so the app opens without network, on any page. Navigations try the network first and fall back to the
 * cached shell (the app then shows its 'hors ligne' banner), or to offline.html when no shell was cached.
 * Fingerprinted files under /assets/ are cached as they are used. The API is never cached: user data stays live.
 */
const VERSION = 'v1'
const SHELL_CACHE = `shell-${VERSION}`
const ASSETS_CACHE = `assets-${VERSION}`
const OFFLINE_URL = '/offline.html'
const SHELL_URL = '/'
const STATIC_FILES = [
  OFFLINE_URL,
  '/manifest.webmanifest',
  '/icons/icon.svg',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
  '/fonts/inter-latin-wght-normal.woff2',
]

/** The shell's own scripts, styles and preloads, read from index.html (Vite fingerprints their names). */
function shellAssets(html) {
  const urls = new Set()
  for (const match of html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)) urls.add(match[1])
  return [...urls]
}

/** Chunks a built chunk refers to: Vite writes them as 'assets/x-hash.js' (preload lists) or './x-hash.js'. */
function referencedChunks(code) {
  const urls = new Set()
  for (const match of code.matchAll(/["'`](?:\/?assets\/|\.\/)([\w.-]+\.(?:js|css))["'`]/g))
    urls.add(`/assets/${match[1]}`)
  return urls
}

/** Caches the shell's chunks and, transitively, every lazily loaded route chunk, so any page opens offline. */
async function precacheChunks(entries) {
  const assets = await caches.open(ASSETS_CACHE)
  const seen = new Set(entries)
  const queue = [...entries]
  while (queue.length > 0 && seen.size < 300) {
    const url = queue.shift()
    const response = await fetch(url)
    if (!response.ok) continue
    await assets.put(url, response.clone())
    if (!url.endsWith('.js')) continue
    for (const next of referencedChunks(await response.text())) {
      // The back-office (chunks named bo-*, see vite.config.ts) is for administrators on laptops: never
      // downloaded in the background on an ordinary user's phone.
      if (next.startsWith('/assets/bo-')) continue
      if (!seen.has(next)) {
        seen.add(next)
        queue.push(next)
      }
    }
  }
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const shell = await caches.open(SHELL_CACHE)
      await shell.addAll(STATIC_FILES.map((url) => new Request(url, { cache: 'reload' })))
      const response = await fetch(SHELL_URL, { cache: 'reload', headers: { Accept: 'text/html' } })
      if (response.ok) {
        const html = await response.clone().text()
        await shell.put(SHELL_URL, response)
        await precacheChunks(shellAssets(html))
      }
      await self.skipWaiting()
    })(),
  )
})

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const keep = new Set([SHELL_CACHE, ASSETS_CACHE])
      for (const name of await caches.keys()) if (!keep.has(name)) await caches.delete(name)
      await self.clients.claim()
    })(),
  )
})

async function navigate(request) {
  try {
    const response = await fetch(request)
    // Every route is the same SPA shell: keep the freshest copy for offline starts.
    if (response.ok && (response.headers.get('content-type') || '').includes('text/html')) {
      const shell = await caches.open(SHELL_CACHE)
      await shell.put(SHELL_URL, response.clone())
    }
    return response
  } catch {
    const shell = await caches.open(SHELL_CACHE)
    return (await shell.match(SHELL_URL)) || (await shell.match(OFFLINE_URL)) || Response.error()
  }
}

async function cacheFirst(request) {
  const cached = await caches.match(request)
  if (cached) return cached
  const response = await fetch(request)
  if (response.ok) {
    const assets = await caches.open(ASSETS_CACHE)
    await assets.put(request, response.clone())
  }
  return response
}

self.addEventListener('fetch', (event) => {
  const { request } = event
  if (request.method !== 'GET') return
  const url = new URL(request.url)
  if (url.origin !== self.location.origin) return
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/uploads/')) return
  if (request.mode === 'navigate') {
    event.respondWith(navigate(request))
    return
  }
  if (url.pathname.startsWith('/assets/') || STATIC_FILES.includes(url.pathname)) {
    event.respondWith(cacheFirst(request))
  }
})
