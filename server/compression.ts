import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { FastifyReply, FastifyRequest } from 'fastify'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** Smaller answers gain less than the encoding costs (and a compressed 1 KiB still takes one packet). */
export const COMPRESS_FROM_BYTES = 1024

type Encoding = 'br' | 'gzip'

/** The client's preferred encoding among br and gzip (RFC 9110 § 12.5.3: q=0 refuses one), or none. */
export function chooseEncoding(header: string | undefined): Encoding | null {
  if (!header) return null
  let best: { encoding: Encoding; q: number } | null = null
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    const q = qParam === undefined ? 1 : Number(qParam.slice(2))
    if (!(q > 0)) continue
    const candidates: Encoding[] =
      name === '*' ? ['br', 'gzip'] : name === 'br' || name === 'gzip' ? [name] : []
    for (const encoding of candidates)
      // Equal weights: br, smaller for the same CPU at the quality used here.
      if (!best || q > best.q || (q === best.q && encoding === 'br' && best.encoding !== 'br'))
        best = { encoding, q }
  }
  return best?.encoding ?? null
}

/**
 * onSend hook: API JSON answers of COMPRESS_FROM_BYTES or more, compressed as the client accepts. Brotli at
 * quality 4 and gzip at level 6: a 50-partner search page costs about a millisecond, on libuv's thread pool
 * rather than the event loop. Static files are served pre-compressed by @fastify/static and are not touched.
 */
export async function compressJson(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload
  if (!request.url.startsWith('/api/') || reply.hasHeader('content-encoding')) return payload
  if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload
  reply.header('vary', 'accept-encoding')
  if (Buffer.byteLength(payload) < COMPRESS_FROM_BYTES) return payload
  const encoding = chooseEncoding(request.headers['accept-encoding'])
  if (encoding === null) return payload
  const compressed =
    encoding === 'br'
      ? await brotli(payload, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 4,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(payload),
          },
        })
      : await gzipAsync(payload, { level: 6 })
  reply.header('content-encoding', encoding)
  reply.removeHeader('content-length')
  return compressed
}
