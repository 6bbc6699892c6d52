import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'

const compressible = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map)$/

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry)
    if (statSync(path).isDirectory()) yield* files(path)
    else yield path
  }
}

/** Writes `<path>.br` and `<path>.gz` at maximum compression (files under 1 KiB are left as they are). */
export function compressFile(path: string): void {
  const source = readFileSync(path)
  if (source.length < 1024) return
  writeFileSync(
    `${path}.br`,
    brotliCompressSync(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
  )
  writeFileSync(`${path}.gz`, gzipSync(source, { level: 9 }))
}

/**
 * Writes a .br and a .gz beside every text asset of the build, once, at maximum compression, so the server
 * sends compressed bytes without compressing on each request (@fastify/static `preCompressed`).
 */
export function precompress(): Plugin {
  let outDir = 'dist'
  let ssr = false
  return {
    name: 'partenaires:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir
      ssr = Boolean(config.build.ssr)
    },
    closeBundle() {
      // Only the app's client build is served by our server: not the prerender's Node build (Storybook's
      // configuration leaves this plugin out: .storybook/main.ts).
      if (ssr) return
      for (const path of files(outDir)) {
        if (compressible.test(path) && !path.endsWith('.map')) compressFile(path)
      }
    },
  }
}
