import { fileURLToPath } from 'node:url'
import type { Page } from '@playwright/test'
import { build } from 'vite'
import type { GoogleMapsDoubleState } from '../mocks/googleMapsDouble/install.ts'

const entry = fileURLToPath(new URL('../mocks/googleMapsDouble/script.ts', import.meta.url))

let bundle: Promise<string> | null = null

/** The double as one classic script (Vite's library build, IIFE), built once per test worker. */
export function googleMapsDoubleScript() {
  bundle ??= build({
    configFile: false,
    logLevel: 'silent',
    // The repository's '@/' alias (vite.config.ts is not read here).
    resolve: { alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('../', import.meta.url)) }] },
    build: {
      write: false,
      minify: false,
      lib: { entry, formats: ['iife'], name: 'googleMapsDouble', fileName: 'google-maps-double' },
    },
  }).then((result) => {
    const outputs = Array.isArray(result) ? result : [result]
    for (const output of outputs)
      if ('output' in output) for (const chunk of output.output) if (chunk.type === 'chunk') return chunk.code
    throw new Error('Le double de Google Maps n’a pas été construit')
  })
  return bundle
}

/**
 * Serves the double where @googlemaps/js-api-loader's bootstrap loads Google's script from, and refuses any other
 * request to Google (nothing may reach the real service from a test).
 */
export async function routeGoogleMapsDouble(page: Page) {
  const script = await googleMapsDoubleScript()
  await page.route(/^https:\/\/[^/]*\.(googleapis|gstatic|google)\.com\//, (route) => {
    const url = new URL(route.request().url())
    if (url.hostname === 'maps.googleapis.com' && url.pathname === '/maps/api/js')
      return route.fulfill({ status: 200, contentType: 'text/javascript; charset=utf-8', body: script })
    return route.abort('blockedbyclient')
  })
}

/** The loader's script parameters and the Places/Geocoding calls the double answered. */
export const googleMapsDoubleState = (page: Page) =>
  page.evaluate(() => window.__googleMapsDouble ?? null) as Promise<GoogleMapsDoubleState | null>
