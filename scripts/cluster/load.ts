/**
 * Bounded load over keep-alive connections (node:http, so every transport error keeps its code: ECONNRESET,
 * ECONNREFUSED, socket hang up…): `concurrency` loops each sending one request after the other until stop().
 */
import http from 'node:http'

export interface LoadResult {
  /** Date.now() when the request was sent and when it settled. */
  start: number
  end: number
  /** HTTP status, or 0 for a transport error. */
  status: number
  /** Transport error code or message when status is 0. */
  error: string | null
  /** Sent on a kept-alive connection that had already carried a request (not a fresh one). */
  reused: boolean
  retryAfter: string | null
  connection: string | null
  contentType: string | null
  /** The body of anything but a 2xx (first 500 characters). */
  body: string | null
}

export interface LoadOptions {
  /** Base URL (http://127.0.0.1:port). */
  url: string
  /** Path to request; a function gets the loop and iteration numbers. */
  path: string | ((worker: number, iteration: number) => string)
  method?: string
  headers?: Record<string, string>
  concurrency?: number
  /** Pause between one loop's requests. */
  pauseMs?: number
  timeoutMs?: number
}

export interface Load {
  readonly results: readonly LoadResult[]
  /** Lets every loop finish its current request, then resolves with every result. */
  stop(): Promise<LoadResult[]>
}

export function startLoad(options: LoadOptions): Load {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency ?? 10 })
  const results: LoadResult[] = []
  let stopping = false
  const target = new URL(options.url)

  const once = (path: string) =>
    new Promise<LoadResult>((done) => {
      const start = Date.now()
      const req = http.request(
        {
          host: target.hostname,
          port: target.port,
          path,
          method: options.method ?? 'GET',
          headers: { accept: 'application/json', ...options.headers },
          agent,
          timeout: options.timeoutMs ?? 15_000,
        },
        (res) => {
          const chunks: Buffer[] = []
          res.on('data', (c: Buffer) => chunks.push(c))
          res.on('end', () => {
            const status = res.statusCode ?? 0
            done({
              start,
              end: Date.now(),
              status,
              error: null,
              reused: req.reusedSocket,
              retryAfter: header(res.headers['retry-after']),
              connection: header(res.headers.connection),
              contentType: header(res.headers['content-type']),
              body:
                status >= 200 && status < 300 ? null : Buffer.concat(chunks).toString('utf8').slice(0, 500),
            })
          })
          res.on('error', (error: NodeJS.ErrnoException) => done(failure(start, error, req.reusedSocket)))
        },
      )
      req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })))
      req.on('error', (error: NodeJS.ErrnoException) => done(failure(start, error, req.reusedSocket)))
      req.end()
    })

  const loops = Array.from({ length: options.concurrency ?? 10 }, async (_, worker) => {
    for (let i = 0; !stopping; i++) {
      const path = typeof options.path === 'function' ? options.path(worker, i) : options.path
      results.push(await once(path))
      if (options.pauseMs) await new Promise((r) => setTimeout(r, options.pauseMs))
    }
  })

  return {
    results,
    async stop() {
      stopping = true
      await Promise.all(loops)
      agent.destroy()
      return results
    },
  }
}

function header(value: string | string[] | undefined): string | null {
  return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value
}

function failure(start: number, error: NodeJS.ErrnoException, reused: boolean): LoadResult {
  return {
    start,
    end: Date.now(),
    status: 0,
    error: error.code ?? error.message,
    reused,
    retryAfter: null,
    connection: null,
    contentType: null,
    body: null,
  }
}

/** Counts per status ('0:ECONNRESET' for transport errors), for assertion messages. */
export function summarize(results: readonly LoadResult[]): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const r of results) {
    const key = r.status === 0 ? `0:${r.error}` : String(r.status)
    counts[key] = (counts[key] ?? 0) + 1
  }
  return counts
}
