/**
 * Optimistic concurrency (RFC 9110 §13.1.1): a GET of one partner, user or article answers an `ETag` made
 * from the row's version; a PUT sending `If-Match` is applied only if that is still the current one, otherwise
 * 412 with who made the last change and when. A PUT without `If-Match` (the specification's clients) is applied
 * as before; `If-Match: *` asks only that the record exist.
 *
 * The check and the write are one: `lockVersion` reads the version with `for update` in the write's
 * transaction, so of two PUTs sending the same `If-Match` the second waits for the first to commit, then sees
 * the new version and gets its 412. Each write bumps the version with `versionBump` in that same transaction.
 *
 * A partner's coupons share its version (their PUT, /api/partners/{id}/offer-discount, has no GET of its own):
 * a coupon's `If-Match` is the partner's `ETag`. Photos (added or deleted, never replaced) and used coupons,
 * which no PUT can overwrite, leave versions alone.
 */
import { sql } from 'kysely'
import { zonedDate } from '@/contract/zonedDate.ts'
import { HttpError } from '../errors.ts'
import type { Actor } from './audit.ts'
import type { Executor } from './partnerRows.ts'

export type VersionedKind = 'partner' | 'user' | 'article'

const tables = { partner: 'partners', user: 'users', article: 'articles' } as const

/** What a write was asked to check: the `If-Match` tags (strong ones only), and the zone its 412 writes dates in. */
export interface Precondition {
  /** null: no `If-Match` (write whatever the version); '*': any current version; else the tags sent. */
  ifMatch: '*' | string[] | null
  timeZone: string
}

/** The strong ETag of version `version` of a record (the kind and id make it unique across the API). */
export const etagOf = (kind: VersionedKind, id: number, version: number) => `"${kind}-${id}-v${version}"`

/**
 * The `If-Match` field as RFC 9110 §13.1.1 reads it: `*`, or a list of entity tags compared strongly, so weak
 * ones (`W/"…"`) never match. A field with no tag in it matches nothing.
 */
export function preconditionOf(header: string | string[] | undefined, timeZone: string): Precondition {
  const value = Array.isArray(header) ? header.join(',') : header
  if (value === undefined) return { ifMatch: null, timeZone }
  if (value.trim() === '*') return { ifMatch: '*', timeZone }
  const tags = [...value.matchAll(/(W\/)?("[^"]*")/g)].filter((m) => !m[1]).map((m) => m[2])
  return { ifMatch: tags, timeZone }
}

/** `record`'s current ETag, or null when it does not exist. Read before the record itself: see `etagFirst`. */
export async function currentEtag(db: Executor, kind: VersionedKind, id: number): Promise<string | null> {
  const row = await db.selectFrom(tables[kind]).select('version').where('id', '=', id).executeTakeFirst()
  return row ? etagOf(kind, id, row.version) : null
}

/**
 * Reads the ETag, then the record: a write landing between the two makes the ETag older than the body (a later
 * PUT gets a needless 412), never newer (a PUT that would overwrite a change the body did not show).
 */
export async function etagFirst<T>(
  db: Executor,
  kind: VersionedKind,
  id: number,
  read: () => Promise<T>,
): Promise<{ body: T; etag: string | null }> {
  const etag = await currentEtag(db, kind, id)
  return { body: await read(), etag }
}

const subjects: Record<VersionedKind, string> = {
  partner: 'Ce partenaire a été modifié',
  user: 'Cet utilisateur a été modifié',
  article: 'Cet article a été modifié',
}

interface VersionRow {
  version: number
  updated_at: Date | string | null
  updated_by: string | null
}

/** « par Alice Martin le 28/11/2026 à 09:12 », or « entre-temps » when neither is known. */
export function byWhom(row: Pick<VersionRow, 'updated_at' | 'updated_by'>, timeZone: string): string {
  const by = row.updated_by ? ` par ${row.updated_by}` : ''
  const at = zonedDate(row.updated_at, timeZone, true)
  const when = at ? ` le ${at.replace(' ', ' à ')}` : ' entre-temps'
  return `${by}${when}`.trimStart()
}

/** « Ce partenaire a été modifié par Alice Martin le 28/11/2026 à 09:12 : rechargez-le avant d’enregistrer. » */
export function staleMessage(kind: VersionedKind, row: VersionRow, timeZone: string): string {
  return `${subjects[kind]} ${byWhom(row, timeZone)} : rechargez-le avant d’enregistrer.`
}

/** 412 Precondition Failed: the French sentence, and the current ETag, author and date for programs. */
function stale(kind: VersionedKind, id: number, row: VersionRow, timeZone: string): HttpError {
  const etag = etagOf(kind, id, row.version)
  const error = new HttpError(412, staleMessage(kind, row, timeZone), undefined, { etag })
  error.extra = {
    etag,
    modifiedBy: row.updated_by,
    modifiedAt: row.updated_at === null ? null : new Date(row.updated_at).toISOString(),
  }
  return error
}

/**
 * Locks the record's row for the rest of `trx` and checks `precondition` against its version: throws the 412
 * when `If-Match` names another version, answers false when the record does not exist (the caller's 404), true
 * otherwise. The partner import calls it for each partner it updates, with the ETag its preview read.
 */
export async function lockVersion(
  trx: Executor,
  kind: VersionedKind,
  id: number,
  precondition: Precondition | undefined,
): Promise<boolean> {
  const row = await trx
    .selectFrom(tables[kind])
    .select(['version', 'updated_at', 'updated_by'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst()
  if (!row) return false
  const ifMatch = precondition?.ifMatch ?? null
  if (Array.isArray(ifMatch) && !ifMatch.includes(etagOf(kind, id, row.version)))
    throw stale(kind, id, row, precondition!.timeZone)
  return true
}

/** The name the actor has now (their e-mail when they have none), kept with the version they write. */
const authorName = (actor: Actor) =>
  sql<string>`(select coalesce(nullif(trim(firstname || ' ' || lastname), ''), email) from users where id = ${actor.id})`

/**
 * The columns a write sets beside its own: the next version, now, and its author (none for a write no
 * administrator made, e.g. the demo seed).
 */
export function versionBump(actor: Actor | undefined) {
  return {
    version: sql<number>`version + 1`,
    updated_at: sql<Date>`now()`,
    updated_by: actor ? authorName(actor) : sql<null>`null`,
  }
}

/** Bumps the record's version on its own (a partner's coupon changed); the caller has locked it. */
export async function bumpVersion(
  trx: Executor,
  kind: VersionedKind,
  id: number,
  actor: Actor,
): Promise<void> {
  await trx.updateTable(tables[kind]).set(versionBump(actor)).where('id', '=', id).execute()
}
