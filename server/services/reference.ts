import { createHash } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Db } from '../db/index.ts'
import type { ReferenceVersionsTable } from '../db/types.ts'

export type ReferenceSource = ReferenceVersionsTable['name']

interface Entry<T> {
  version: string
  body: T
  etag: string
}

/**
 * Reference data (categories, cities, statuses, published articles) answered from memory while its source is
 * unchanged: each request reads the source's version (one primary-key row, bumped by triggers on every write
 * to the source, migration 0004), so a change made through any instance is seen by the next request. The ETag
 * is a hash of the body, so a new server version with another body shape never matches an old one.
 */
export function referenceCache(db: Db) {
  const entries = new Map<string, Entry<unknown>>()
  return async function cached<T>(
    key: string,
    source: ReferenceSource | null,
    load: () => Promise<T>,
  ): Promise<Entry<T>> {
    const version =
      source === null
        ? 'fixed'
        : (
            await db
              .selectFrom('reference_versions')
              .select('version')
              .where('name', '=', source)
              .executeTakeFirstOrThrow()
          ).version
    const hit = entries.get(key) as Entry<T> | undefined
    if (hit && hit.version === version) return hit
    // Loaded after the version was read: a write in between makes the next request reload, never the reverse.
    const body = await load()
    const etag = `"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 27)}"`
    const entry = { version, body, etag }
    entries.set(key, entry)
    return entry
  }
}

/**
 * The body, or 304 without one when the client already has it (If-None-Match). `no-cache`: a client may keep
 * it but asks each time, which costs it an empty 304 while nothing changed (SWR's revalidation); `private`:
 * the answers need a signed-in user.
 */
export function revalidated<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  entry: Entry<T>,
): T | FastifyReply {
  reply.header('cache-control', 'private, no-cache')
  reply.header('etag', entry.etag)
  const tags = request.headers['if-none-match']
  if (
    tags !== undefined &&
    (tags.trim() === '*' || tags.split(/\s*,\s*/).some((t) => t.replace(/^W\//, '') === entry.etag))
  )
    return reply.code(304).send()
  return entry.body
}
