import type { FastifyReply, FastifyRequest } from 'fastify'
import { CompiledQuery } from 'kysely'
import type { AppContext, CurrentUser } from './context.ts'
import { prepared, PREPARED_ANY, type Db } from './db/index.ts'
import { HttpError } from './errors.ts'
import { verifyAccessToken } from './services/tokens.ts'

const unauthenticated = () =>
  new HttpError(401, 'Authentification requise : connectez-vous pour continuer.', undefined, {
    'www-authenticate': 'Bearer',
  })

/**
 * Who a token's user id is, for a few seconds, on the embedded store only: it saves the users lookup on
 * every request (one query on PGlite's single connection), and it is exact there because one process owns
 * the store and every write to token_version, status, roles or the row calls forgetUser after it commits.
 * On PostgreSQL other instances write too and no cache can be kept exact without a round trip, so every
 * request reads the row (a primary-key lookup): logout or deactivation on one instance holds on all of them
 * at the next request.
 */
const USER_CACHE_TTL_MS = 5000
const USER_CACHE_MAX = 10_000

interface UserRow {
  id: number
  email: string
  is_admin: boolean
  token_version: number
  status: string
}

interface UserCache {
  entries: Map<number, { row: UserRow | null; expires: number }>
  /** Bumped by every forgetUser: a lookup that started before it must not store what it read. */
  epoch: number
}

// Per database: tests run several servers, each with its own store, in one process.
const userCaches = new WeakMap<Db, UserCache>()

function userCache(db: Db): UserCache {
  let cache = userCaches.get(db)
  if (!cache) {
    cache = { entries: new Map(), epoch: 0 }
    userCaches.set(db, cache)
  }
  return cache
}

/** Call after committing any change to a user's token_version, status, roles or email, or their deletion. */
export function forgetUser(db: Db, userId: number): void {
  const cache = userCache(db)
  cache.epoch++
  cache.entries.delete(userId)
}

/**
 * Every signed-in request reads the user: named, so PostgreSQL parses it once per connection, and compiled
 * once per process rather than built by Kysely for each request (its building showed in the search's profile).
 * Under whichever plan mode the connection is in (a primary-key lookup is cheap either way), so that it does
 * not switch the mode before the request's own statement switches it back.
 */
let userQuery: CompiledQuery<UserRow> | null = null

async function readUser(db: Db, id: number): Promise<UserRow | null> {
  userQuery ??= prepared(
    db
      .selectFrom('users')
      .select(['id', 'email', 'is_admin', 'token_version', 'status'])
      .where('id', '=', 0)
      .compile(),
    PREPARED_ANY,
  )
  const query = CompiledQuery.raw(userQuery.sql, [id]) as CompiledQuery<UserRow>
  return (await db.executeQuery(query)).rows[0] ?? null
}

async function lookupUser(db: Db, id: number, cacheable: boolean): Promise<UserRow | null> {
  if (!cacheable) return readUser(db, id)
  const cache = userCache(db)
  const now = Date.now()
  const hit = cache.entries.get(id)
  if (hit && hit.expires > now) return hit.row
  const epoch = cache.epoch
  const row = await readUser(db, id)
  if (cache.epoch === epoch) {
    if (cache.entries.size >= USER_CACHE_MAX) cache.entries.clear()
    cache.entries.set(id, { row, expires: now + USER_CACHE_TTL_MS })
  }
  return row
}

async function resolveUser(ctx: AppContext, request: FastifyRequest): Promise<CurrentUser | null> {
  const header = request.headers.authorization
  if (!header) return null
  // The scheme name is case-insensitive (RFC 9110 §11.1).
  const match = /^bearer +([A-Za-z0-9_.-]+)$/i.exec(header)
  if (!match) return null
  const claims = await verifyAccessToken(match[1], ctx.jwtSecret)
  if (!claims) return null
  const row = await lookupUser(ctx.db, claims.sub, !ctx.config.databaseUrl)
  // Deleted, deactivated, or token issued before the last logout / password or role change.
  if (!row || row.status === 'DESACTIVE' || row.token_version !== claims.ver) return null
  return { id: row.id, email: row.email, isAdmin: row.is_admin, tokenVersion: row.token_version }
}

export function authGuards(ctx: AppContext) {
  async function user(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    request.currentUser = await resolveUser(ctx, request)
    if (!request.currentUser) throw unauthenticated()
  }
  async function admin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await user(request, reply)
    if (!request.currentUser?.isAdmin) throw new HttpError(403, 'Accès réservé aux administrateurs.')
  }
  return { user, admin }
}

export type AuthGuards = ReturnType<typeof authGuards>

export function currentUser(request: FastifyRequest): CurrentUser {
  if (!request.currentUser) throw unauthenticated()
  return request.currentUser
}

export function rolesOf(isAdmin: boolean): ('ROLE_USER' | 'ROLE_ADMIN')[] {
  // Admins also browse the public area, which requires ROLE_USER.
  return isAdmin ? ['ROLE_USER', 'ROLE_ADMIN'] : ['ROLE_USER']
}
