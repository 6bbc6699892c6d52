import Type from 'typebox'
import type { App, AppContext } from '../context.ts'
import { notFound } from '../errors.ts'
import { readServedImage } from '../services/images.ts'

const IMMUTABLE = 'public, max-age=31536000, immutable'

/**
 * Uploaded and demo images, read from the database so every instance serves every image. Names are random
 * and an image never changes under its name: cached for good, the name is the ETag. Served with nosniff
 * and a sandboxing CSP so bytes can never run as a page of this origin.
 */
export function imageRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/uploads/:name',
    {
      // A file route, not part of the JSON API: left out of the OpenAPI document.
      schema: { hide: true, params: Type.Object({ name: Type.String() }) },
    },
    async (request, reply) => {
      const image = await readServedImage(ctx.db, request.params.name)
      if (!image) throw notFound('Image introuvable.')
      const etag = `"${image.cacheKey}"`
      reply
        .header('cache-control', IMMUTABLE)
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
      if (request.headers['if-none-match']?.split(/\s*,\s*/).includes(etag)) return reply.code(304).send()
      return reply.type(image.type).send(image.bytes)
    },
  )
}
