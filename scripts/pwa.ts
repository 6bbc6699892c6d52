import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Plugin } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import type { ManifestTransform } from 'workbox-build'
import { compressFile } from './precompress.ts'

interface ViteManifestChunk {
  file: string
  isEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
  css?: string[]
  assets?: string[]
}

/** True for the back-office's chunks (named bo-* by vite.config.ts): for administrators on laptops. */
const isBackOffice = (file: string) => file.startsWith('assets/bo-')

/**
 * The build's files the public app can load: the chunks reachable from index.html, statically or lazily,
 * without going through a back-office chunk, with their styles and assets. Read from Vite's build manifest,
 * so code shared only by back-office screens is left out too.
 */
export function publicAppFiles(viteManifest: Record<string, ViteManifestChunk>): Set<string> {
  const files = new Set<string>()
  const queue = Object.keys(viteManifest).filter((key) => viteManifest[key].isEntry)
  const seen = new Set<string>()
  while (queue.length > 0) {
    const key = queue.pop() as string
    const chunk = viteManifest[key]
    if (!chunk || seen.has(key) || isBackOffice(chunk.file)) continue
    seen.add(key)
    files.add(chunk.file)
    for (const file of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file)
    queue.push(...(chunk.imports ?? []), ...(chunk.dynamicImports ?? []))
  }
  return files
}

/**
 * The installed app's service worker (app/sw.ts), built with its precache list: the shell, the offline page,
 * icons, font and web manifest from public/, and the public app's chunks. Registration and the update prompt
 * are the app's own (app/serviceWorker.ts, through workbox-window), so nothing is injected in index.html.
 */
export function installableApp(): Plugin[] {
  let outDir = 'dist'
  const publicAppOnly: ManifestTransform = (entries) => {
    const viteManifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8'))
    const publicFiles = publicAppFiles(viteManifest)
    return {
      manifest: entries.filter((entry) => !entry.url.startsWith('assets/') || publicFiles.has(entry.url)),
      warnings: [],
    }
  }
  const pwa = VitePWA({
    strategies: 'injectManifest',
    srcDir: 'app',
    filename: 'sw.ts',
    injectRegister: false,
    // public/manifest.webmanifest is the app's manifest, already linked from index.html.
    manifest: false,
    injectManifest: {
      globPatterns: [
        'index.html',
        'offline.html',
        'manifest.webmanifest',
        'icons/*.{png,svg}',
        'fonts/*.woff2',
        'assets/*.{js,css,woff2,png,svg,webp}',
      ],
      // Vite fingerprints every file under assets/: its name is its revision.
      dontCacheBustURLsMatching: /^assets\//,
      manifestTransforms: [publicAppOnly],
    },
    integration: {
      configureOptions(viteConfig) {
        // Storybook's static build reuses vite.config.ts but is not the installable app: its configuration leaves
        // these plugins out (.storybook/main.ts).
        outDir = resolve(viteConfig.root, viteConfig.build.outDir)
      },
    },
  })
  return [...pwa, compressedServiceWorker(() => outDir)]
}

/**
 * sw.js is written by vite-plugin-pwa's own closeBundle, after precompress() has run over the build: this one
 * runs after it (sequential, order post) and gives sw.js its .br and .gz like the other assets.
 */
function compressedServiceWorker(outDir: () => string): Plugin {
  return {
    name: 'partenaires:compressed-service-worker',
    apply: 'build',
    closeBundle: {
      sequential: true,
      order: 'post',
      handler() {
        const serviceWorker = join(outDir(), 'sw.js')
        if (existsSync(serviceWorker)) compressFile(serviceWorker)
      },
    },
  }
}
