import { readFileSync, readdirSync, statSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join } from 'node:path'
import { gzipSync } from 'node:zlib'

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
}

function* files(dir: string, prefix = ''): Generator<[string, string]> {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry)
    if (statSync(path).isDirectory()) yield* files(path, `${prefix}/${entry}`)
    else yield [`${prefix}/${entry}`, path]
  }
}

/**
 * Serves the bare React + router build (bench/bare) the way the app's server serves its own: gzipped, hashed
 * assets immutable, index.html for every other address. Lighthouse's reference page.
 */
export async function serveBare(dir: string): Promise<{ base: string; close(): Promise<void> }> {
  const served = new Map<string, { body: Buffer; type: string; immutable: boolean }>()
  for (const [url, path] of files(dir)) {
    served.set(url, {
      body: gzipSync(readFileSync(path), { level: 9 }),
      type: types[extname(path)] ?? 'application/octet-stream',
      immutable: url.startsWith('/assets/'),
    })
  }
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://bare').pathname
    const file = served.get(path) ?? served.get('/index.html')!
    response.writeHead(200, {
      'content-type': file.type,
      'content-encoding': 'gzip',
      'cache-control': file.immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    })
    response.end(file.body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    base: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
