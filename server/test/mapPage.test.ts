import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PAGE_MESSAGE_ATTRIBUTE, type PrerenderIndex } from '@/contract/prerender.ts'
import { startServer, type TestServer } from './helpers.ts'

/*
 * The map's page as the build writes it (scripts/prerender.ts): map.html, its skeleton with the scripts announced,
 * and map-sans-cle.html, the same with the no-key message outside #root and its scripts after the first paint.
 * The server picks one from its configuration.
 */
const staticDir = mkdtempSync(join(tmpdir(), 'partenaires-map-page-'))
mkdirSync(join(staticDir, 'prerendered'), { recursive: true })
writeFileSync(join(staticDir, 'index.html'), '<!doctype html><div id="root"></div>')
const skeleton = '<div id="root" data-prerendered="/map"><main aria-busy="true"></main></div>'
const message = `<div ${PAGE_MESSAGE_ATTRIBUTE}><div><p>La carte ne peut pas s'afficher pour le moment.</p></div></div>`
writeFileSync(join(staticDir, 'prerendered', 'map.html'), skeleton)
writeFileSync(
  join(staticDir, 'prerendered', 'map-sans-cle.html'),
  `${skeleton}${message}<script>loader</script>`,
)
const index: PrerenderIndex = {
  routes: [
    {
      pattern: '/map',
      file: 'prerendered/map.html',
      preload: ['/assets/index-1.js', '/assets/MapScreen-2.js'],
      withoutMapsKey: { file: 'prerendered/map-sans-cle.html', preload: [] },
    },
  ],
  fallback: { preload: ['/assets/index-1.js'] },
}
writeFileSync(join(staticDir, 'prerendered', 'routes.json'), JSON.stringify(index))

let withKey: TestServer
let withoutKey: TestServer
beforeAll(async () => {
  ;[withKey, withoutKey] = await Promise.all([
    startServer({ staticDir, config: { googleMapsApiKey: 'cle-de-test' } }),
    startServer({ staticDir, config: { googleMapsApiKey: null } }),
  ])
})
afterAll(async () => {
  await Promise.all([withKey?.close(), withoutKey?.close()])
  rmSync(staticDir, { recursive: true, force: true })
})

/** The page as a browser asks for it. */
async function page(server: TestServer, path: string) {
  const res = await fetch(server.url + path, { headers: { accept: 'text/html' } })
  return { status: res.status, link: res.headers.get('link'), html: await res.text() }
}

describe('the map page', () => {
  it('without a Maps key carries the no-key message in its HTML, and announces no scripts', async () => {
    for (const path of ['/map', '/map/']) {
      const map = await page(withoutKey, path)
      expect(map.status, path).toBe(200)
      expect(map.html, path).toContain(`${skeleton}${message}`)
      // Its scripts start after the message's first paint (the inline loader): none announced with the HTML.
      expect(map.link, path).toBeNull()
    }
    const config = await fetch(withoutKey.url + '/api/config')
    expect(((await config.json()) as { googleMapsApiKey: string | null }).googleMapsApiKey).toBeNull()
  })

  it('with a key is the skeleton alone, its scripts announced, as before', async () => {
    const map = await page(withKey, '/map')
    expect(map.status).toBe(200)
    expect(map.html).toBe(skeleton)
    expect(map.html).not.toContain(PAGE_MESSAGE_ATTRIBUTE)
    expect(map.link).toBe(
      '</assets/index-1.js>; rel=modulepreload, </assets/MapScreen-2.js>; rel=modulepreload',
    )
  })

  it('other pages are the same either way', async () => {
    for (const server of [withKey, withoutKey]) {
      const other = await page(server, '/rechercher')
      expect(other.status).toBe(200)
      expect(other.html).toBe('<!doctype html><div id="root"></div>')
      expect(other.link).toBe('</assets/index-1.js>; rel=modulepreload')
    }
  })
})
