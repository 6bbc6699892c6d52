/**
 * A search page written by PostgreSQL as the wire's JSON text, sent by the route as it comes: no JSON.parse of
 * the row, no objects built, no re-serialisation. Node's CPU per search page was as large as the database's
 * (~1.4 ms), and 10 connections on 2 cores queue on it (issue 16's measurements, in BENCHMARKS.md's git history). A partner's details and the
 * discounts view stay objects: as text they cost the database more than they saved Node.
 *
 * The text is what fast-json-stringify wrote from the contract's schemas: the same keys in the same order,
 * compact, strings escaped by to_json (the same escapes as JSON.stringify). Numbers are PostgreSQL's shortest
 * exact text of the same double, so they parse to the same values; only an exponent is spelled differently
 * (1e-05 where JavaScript writes 0.00001), which no coordinate or distance in practice has.
 */
import { sql, type RawBuilder } from 'kysely'
import type { PartnerSearchResult } from '@/contract/schemas.ts'
import { PREPARED } from '../db/index.ts'

/** JSON text of a T, made by the database: the route sends it as is (see sendWire in server/routes/wire.ts). */
export type WireJson<T> = string & { readonly wireOf: T }

type Sql = RawBuilder<unknown>

/*
 * The wire's SQL is plain text built once at load (column names and keys are ours, no value is interpolated):
 * a Kysely template of a few hundred nodes was built and compiled again for every statement.
 */

/**
 * `{"k1":v1,"k2":v2}` from SQL expressions that each give the text of their value (never null); after `opened`,
 * an expression giving an object's text up to its last value (without its closing brace), the fields continue
 * it. One concat() call rather than a chain of ||, which copies the growing text once per field.
 */
function object(fields: [key: string, value: string][], opened?: string): string {
  const parts = fields.flatMap(([key, value], i) => [
    `'${i === 0 && opened === undefined ? '{' : ','}${JSON.stringify(key)}:'`,
    value,
  ])
  return `concat(${opened === undefined ? '' : `${opened}, `}${parts.join(', ')}, '}')`
}
const text = (e: string) => `to_json(${e})::text`
const nullableText = (e: string) => `coalesce(to_json(${e})::text, 'null')`
const nullableNumber = (e: string) => `coalesce((${e})::text, 'null')`
/** `[a,b]` from a string_agg of the elements' texts (null when there are none). */
const array = (elements: string) => `('[' || coalesce(${elements}, '') || ']')`

/** The viewer's used offers, once per statement (a CTE named `used`). */
function usedCte(viewerId: unknown): Sql {
  return viewerId === null
    ? sql`used as (select '{}'::int[] as ids)`
    : sql`used as materialized (select coalesce(array_agg(u.offer_id), '{}') as ids from used_coupons u
        where u.user_id = ${viewerId}::int)`
}
/** An offer's status as the viewer sees it: DISABLED once they used it. */
const statusSeen = (status: string) =>
  `case when o.id = any((select ids from used)::int[]) then 'DISABLED' else ${status} end`

function offerWire(status: string, expirationDate: string): string {
  return object([
    ['id', `'{"id":' || o.id || '}'`],
    ['libelle', text('o.libelle')],
    ['status', text(status)],
    ['expirationDate', nullableText(expirationDate)],
  ])
}

/**
 * A search result: its row's kept text of the partner's fields and categories in Partner's schema order, up to
 * "status" (list_head, migration 0013), then the rest of PartnerSearchResult's fields.
 */
function resultWire(relations: { offers: string; images: string; distance: string }): string {
  return object(
    [
      ['discountOffers', relations.offers],
      ['images', relations.images],
      ['rating', nullableNumber('pg.rating')],
      ['userRatingsTotal', nullableNumber('pg.user_ratings_total')],
      ['distanceToUser', relations.distance],
    ],
    'pg.list_head',
  )
}

/**
 * A search row (`pg`, selected with search.ts's searchColumns) as PartnerSearchResult: its list copies
 * (migrations 0009, 0010) give the first photo and the ENABLED offers; expired ones are left out against the
 * database's current_date, and the viewer's used ones are DISABLED. The distance in km, or null (no position).
 */
function searchResultWire(viewer: boolean, distance: boolean): string {
  const status = viewer ? statusSeen(`'ENABLED'`) : `'ENABLED'::text`
  const built = array(`(select string_agg(${offerWire(status, 'o.expiration')}, ',' order by o.n)
    from rows from (json_to_recordset(pg.list_offers) as (id int, libelle text, "expirationDate" text))
      with ordinality o(id, libelle, expiration, n)
    where o.expiration is null or o.expiration >= to_char(current_date, 'YYYY-MM-DD'))`)
  // The row's own text (migration 0011) when it is the page's: none expired, none used by the viewer.
  const kept = [
    'pg.list_offers_wire is not null',
    '(pg.list_offers_until is null or pg.list_offers_until >= current_date)',
    ...(viewer ? ['not (pg.list_offer_ids && (select ids from used)::int[])'] : []),
  ].join(' and ')
  const offers = `(case when ${kept} then pg.list_offers_wire else ${built} end)`
  // The list photo's text as the row keeps it (migration 0010: toWireImage's text).
  const images = `coalesce('[' || pg.list_image_wire || ']', '[]')`
  return resultWire({
    offers,
    images,
    // toResult's Math.round(km * 1000) / 1000: half up, on the same doubles.
    distance: distance ? '(floor(pg.distance * 1000 + 0.5) / 1000)::text' : `'null'`,
  })
}
const searchWires = {
  anyone: { near: searchResultWire(false, true), byName: searchResultWire(false, false) },
  viewer: { near: searchResultWire(true, true), byName: searchResultWire(true, false) },
}

export interface WireResult {
  body: string
}

/**
 * A search page's statement from its page rows (a subquery giving searchColumns, plus `distance` nearest
 * first), aggregated in `order` into the page's text; `extra` columns aggregated beside it (the KNN walk's
 * completeness figures). `order` null: the page rows are a subquery with its own ORDER BY (any join inside it)
 * and nothing joined around it, whose order the aggregate reads them in (PostgreSQL's manual, "Aggregate
 * Expressions": input from a sorted subquery, which only a join at the outer level could reorder). PostgreSQL 15
 * sorts an aggregate's ORDER BY input itself even when it arrives sorted: 0.1 ms of a nearest-first page's 1 ms
 * (issue 16's measurements, in BENCHMARKS.md's git history).
 */
export function searchPageStatement<Extra extends object>(
  pageRows: { toOperationNode(): unknown },
  order: Sql | null,
  viewerId: unknown,
  near: boolean,
  extra: Sql = sql``,
  marker = PREPARED,
): RawBuilder<WireResult & Extra> {
  const wire = searchWires[viewerId === null ? 'anyone' : 'viewer'][near ? 'near' : 'byName']
  // Named on PostgreSQL: its text takes one form per combination of filters, its values are parameters.
  return sql<WireResult & Extra>`${sql.raw(marker)}with ${usedCte(viewerId)}
    select ('[' || coalesce(string_agg(${sql.raw(wire)}, ',' ${order === null ? sql`` : sql`order by ${order}`}), '') || ']') as body ${extra}
    from ${pageRows} as pg`
}

export const asWire = <T>(body: string) => body as WireJson<T>
export type SearchPageWire = WireJson<PartnerSearchResult[]>
