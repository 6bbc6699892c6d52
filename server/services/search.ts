import { CompiledQuery, sql, type RawBuilder, type SqlBool } from 'kysely'
import type {
  Category,
  DiscountOffer,
  Partner,
  PartnerSearchQuery,
  PartnerSearchResult,
} from '@/contract/schemas.ts'
import { prepared, PREPARED, PREPARED_GENERIC } from '../db/index.ts'
import { badRequest } from '../errors.ts'
import { escapeLike, normalizeForSearch } from '../validation.ts'
import { expiringOffer, newsSince, notUsedBy } from './home.ts'
import { mdiIconPath } from './icons.ts'
import { toListImage, toWireImage, type ImageRow } from './images.ts'
import { coordinate } from './partnerInput.ts'
import { asWire, searchPageStatement, type SearchPageWire, type WireResult } from './partnerWire.ts'
import {
  partnerColumns,
  usableOffer,
  type Executor,
  type LoadOptions,
  type PartnerRow,
} from './partnerRows.ts'

/** A partner's columns and its category ids, which relationColumns reads its categories from. */
export const rowColumns = [...partnerColumns, 'p.category_ids'] as const
const EARTH_RADIUS_KM = 6371

/** The partner's relations as the single statement returns them: JSON arrays, decoded once by the driver. */
interface RelationColumns {
  categories: Omit<Category, 'iconPath'>[]
  images: ImageRow[]
  offers: { id: number; libelle: string; status: DiscountOffer['status']; expirationDate: string | null }[]
}

/**
 * Correlated subqueries aggregating a partner's categories (their order), images (oldest first) and offers
 * (soonest expiry first, then id) as JSON, for the rows of `pg` (selected with rowColumns). They run once per row of the page only: the
 * page is a subquery with its own LIMIT, which PostgreSQL never flattens into the outer query.
 */
export function relationColumns(options: LoadOptions & { images: 'all' | 'first' }) {
  const viewerId = options.viewerId ?? null
  // A used coupon is reported DISABLED to its user: the status as they see it.
  const offerStatus =
    viewerId === null
      ? sql`o.status`
      : sql`case when exists (select 1 from used_coupons u where u.offer_id = o.id and u.user_id = ${viewerId}::int)
              then 'DISABLED' else o.status end`
  const offerScope = options.offers === 'usable' ? usableOffer : sql<boolean>`true`
  return [
    // From the row's own category_ids (kept in partner_categories' order by the triggers of migration 0004)
    // against the small categories table: no partner_categories probe per row.
    sql<Category[]>`coalesce((
      select json_agg(json_build_object('id', c.id, 'label', c.label, 'icon', c.icon)
                      order by array_position(pg.category_ids, c.id))
      from categories c where c.id = any(pg.category_ids)), '[]'::json)`.as('categories'),
    options.images === 'all'
      ? sql<RelationColumns['images']>`coalesce((
      select json_agg(json_build_object('id', i.id, 'type', i.type, 'file_name', i.file_name,
                        'width', i.width, 'height', i.height, 'variant_widths', i.variant_widths)
                      order by i.created_at, i.id)
      from images i where i.partner_id = pg.id), '[]'::json)`.as('images')
      : // A list shows one photo per partner: the oldest, without building the others' JSON.
        sql<RelationColumns['images']>`coalesce((
      select json_build_array(json_build_object('id', i.id, 'type', i.type, 'file_name', i.file_name,
                        'width', i.width, 'height', i.height, 'variant_widths', i.variant_widths))
      from images i where i.partner_id = pg.id order by i.created_at, i.id limit 1), '[]'::json)`.as(
          'images',
        ),
    sql<RelationColumns['offers']>`coalesce((
      select json_agg(json_build_object('id', o.id, 'libelle', o.libelle, 'status', ${offerStatus},
                        'expirationDate', to_char(o.expiration_date, 'YYYY-MM-DD'))
                      order by o.expiration_date asc nulls last, o.id)
      from offers o where o.partner_id = pg.id and ${offerScope}), '[]'::json)`.as('offers'),
  ]
}

/**
 * A LIKE pattern for the trigram index that every name containing `name` matches, cheaper to look up than the
 * name itself, or null when the name is its own best pattern. A word of one or two letters (de, la, du, l…)
 * gives the index only trigrams at word boundaries (`  d`, ` du`, `du `), which most names hold: their posting
 * lists were two thirds of the index pages `pizzeria du port` read (411 against 143 for `%pizzeria%port%`, at
 * 100,000 partners; issue 16's measurements, in BENCHMARKS.md's git history). So the words holding 3 letters or digits in a row
 * (pg_trgm's words are runs of them) are asked for, in order, with anything between them. Not when a word
 * left out holds a digit: numbers are rarer than the words around them, and between wildcards a word under 3
 * characters gives no trigram at all.
 */
export function trigramLookup(name: string): string | null {
  const words = name.split(' ')
  const long = words.filter((w) => /[\p{L}\p{N}]{3}/u.test(w))
  if (long.length === 0 || long.length === words.length) return null
  if (words.some((w) => !long.includes(w) && /\p{N}/u.test(w))) return null
  return '%' + long.map(escapeLike).join('%') + '%'
}

/**
 * The least string greater than every string starting with `prefix` in code-point order (collate "C"), or null
 * when there is none (the prefix is only U+10FFFF characters): the prefix's last character below U+10FFFF
 * moved one up, past the surrogates, and what followed it dropped.
 */
export function prefixSuccessor(prefix: string): string | null {
  const points = [...prefix].map((c) => c.codePointAt(0)!)
  for (let i = points.length - 1; i >= 0; i--) {
    if (points[i] < 0x10ffff) {
      const next = points[i] + 1 === 0xd800 ? 0xe000 : points[i] + 1
      return String.fromCodePoint(...points.slice(0, i), next)
    }
  }
  return null
}

/** Partners looked at nearest first, per row wanted, before a short name's matches are found by the names' index. */
const SHORT_NAME_CAP = 20

/**
 * A search row's columns: its kept texts (the partner's fields and categories, first photo, ENABLED offers)
 * and what the rest of its text is written from; no per-row subquery.
 */
const searchColumns = [
  'p.id',
  'p.list_head',
  'p.rating',
  'p.user_ratings_total',
  'p.list_image_wire',
  'p.list_offers',
  'p.list_offers_wire',
  'p.list_offers_until',
  'p.list_offer_ids',
] as const

export function toPartner(r: PartnerRow & RelationColumns): Partner {
  return {
    partnerId: { id: r.id },
    name: r.name,
    description: r.description,
    siren: r.siren,
    location: { address: r.address, city: r.city, position: { lat: r.lat, lng: r.lng } },
    email: r.email,
    phone: r.phone,
    representativeFirstName: r.representative_first_name,
    representativeLastName: r.representative_last_name,
    categories: r.categories.map((c) => ({ ...c, iconPath: mdiIconPath(c.icon) })),
    status: r.status as Partner['status'],
    discountOffers: r.offers.map((o) => ({
      id: { id: o.id },
      libelle: o.libelle,
      status: o.status,
      expirationDate: o.expirationDate,
    })),
    images: r.images.map(toWireImage),
    rating: r.rating,
    userRatingsTotal: r.user_ratings_total,
  }
}

/** One partner with its categories, images and offers, in one statement (details, discounts view, admin). */
export async function loadPartner(db: Executor, id: number, options: LoadOptions): Promise<Partner | null> {
  // Built and compiled once per kind of view (offers in scope, viewer or not), the id and the viewer as
  // parameters: Kysely's building of its three relation subqueries was 30-200 µs of Node a request. Named on
  // PostgreSQL under the plan cached for any id (a primary-key lookup and its relations: planning it was
  // half its database CPU).
  const viewer = options.viewerId ?? null
  const query = bound<PartnerRow & RelationColumns>(
    db,
    `partner,${options.offers},${viewer === null ? 'anyone' : 'viewer'}`,
    () => {
      const statement = partnerStatement(db, slot<number>('id'), {
        offers: options.offers,
        viewerId: viewer === null ? null : slot<number>('viewer'),
      })
      return { compile: () => prepared(statement.compile(), PREPARED_GENERIC) }
    },
    { id, viewer },
  )
  const [row] = (await db.executeQuery(query)).rows
  return row ? toPartner(row) : null
}

/** loadPartner's statement, also compiled by the bench for EXPLAIN. */
export function partnerStatement(db: Executor, id: number, options: LoadOptions) {
  return db
    .selectFrom(db.selectFrom('partners as p').select(rowColumns).where('p.id', '=', id).as('pg'))
    .selectAll('pg')
    .select(relationColumns({ ...options, images: 'all' }))
}

/** The search as its statements are built from: the query's values, checked and normalised. */
interface SearchRequest {
  page: number
  pageSize: number
  /** Normalised for search_name (normalizeForSearch); null when not asked for or blank. */
  name: string | null
  /** Trimmed, lower case; null when not asked for or blank. */
  city: string | null
  categoryId: number | null
  box: { south: number; north: number; west: number; east: number } | null
  position: { lat: number; lng: number } | null
  expiring: boolean
  new: boolean
  /** The user whose used coupons are shown DISABLED (the query's userId). */
  viewer: number | null
  /** The person whose used offers `expiring` leaves out: userId, else the signed-in person. */
  person: number | null
}

/**
 * Numbers of a coordinates parameter, whose form the route's schema checked (PartnerSearchQuery's patterns,
 * with their French messages); a direct caller's malformed value gets the same message.
 */
function parseNumbers(value: string, count: number, field: string, format: string): number[] {
  const parts = value.split(',').map((p) => p.trim())
  const numbers = parts.map((p) => (/^-?\d+(\.\d+)?$/.test(p) ? Number(p) : NaN))
  if (parts.length !== count || numbers.some((n) => !Number.isFinite(n))) {
    throw badRequest(
      `Le paramètre « ${field} » doit être au format ${format} (nombres décimaux avec un point).`,
      field,
    )
  }
  return numbers.map(coordinate)
}

function checkLat(value: number, field: string) {
  if (value < -90 || value > 90)
    throw badRequest(`Le paramètre « ${field} » contient une latitude hors de [-90, 90].`, field)
}
function checkLng(value: number, field: string) {
  if (value < -180 || value > 180)
    throw badRequest(`Le paramètre « ${field} » contient une longitude hors de [-180, 180].`, field)
}

/**
 * The query as a SearchRequest. Its limits (lengths, ids, page, the coordinates' form) are the route's schema's
 * (PartnerSearchQuery); what a schema cannot say is checked here, with a 400 naming the parameter: the
 * coordinates' ranges and a box's south below its north.
 */
function searchRequest(q: PartnerSearchQuery, options: SearchOptions): SearchRequest {
  let box: SearchRequest['box'] = null
  if (q.bounds !== undefined) {
    const [east, north, south, west] = parseNumbers(q.bounds, 4, 'bounds', 'est,nord,sud,ouest')
    checkLat(north, 'bounds')
    checkLat(south, 'bounds')
    checkLng(east, 'bounds')
    checkLng(west, 'bounds')
    if (south > north)
      throw badRequest('Le paramètre « bounds » a une latitude sud supérieure à la latitude nord.', 'bounds')
    box = { south, north, west, east }
  }
  let position: SearchRequest['position'] = null
  if (q.userPosition !== undefined) {
    const [lat, lng] = parseNumbers(q.userPosition, 2, 'userPosition', 'lat,lng')
    checkLat(lat, 'userPosition')
    checkLng(lng, 'userPosition')
    position = { lat, lng }
  }
  return {
    page: q.page ?? 0,
    pageSize: q.pageSize ?? 50,
    name: q.name !== undefined && q.name.trim() !== '' ? normalizeForSearch(q.name) : null,
    city: q.city !== undefined && q.city.trim() !== '' ? q.city.trim().toLowerCase() : null,
    categoryId: q.categoryId ?? null,
    box,
    position,
    expiring: q.expiring === true,
    new: q.new === true,
    viewer: q.userId ?? null,
    person: q.userId ?? options.personId ?? null,
  }
}

/**
 * What one filter adds to the statement: its conditions (ANDed after the others', in the order the filters
 * come), the values of their Slots, and its part of the statement's shape (statements are built and compiled
 * once per shape: see bound).
 */
interface Filter {
  shape: string
  conditions: RawBuilder<unknown>[]
  values: Record<string, unknown>
}

/** The first `(page + 1) * pageSize` matches hold the page. */
const through = (request: SearchRequest) => (request.page + 1) * request.pageSize

/**
 * A name contained in search_name. A name of 3 characters or more can be looked up in a trigram index (nearest
 * first or by name); shorter ones cannot, and are frequent enough that walking the name index in order finds a
 * page soon.
 */
function nameFilter(request: SearchRequest): Filter | null {
  const { name } = request
  if (name === null) return null
  const byTrigrams = name.length >= 3
  // Nearest first, the name is tested on lower(search_name), the expression of partners_geo_name_knn (migration
  // 0008), so the KNN walk tests it in the index. search_name is already lower case: same rows. Without a
  // position, plain search_name, which no trigram index holds: given the GiST one, the planner took it for a
  // name alone and read all of it (1,829 pages, 16 ms against 2 ms).
  const column = request.position !== null ? sql`lower(p.search_name)` : sql`p.search_name`
  const like = '%' + escapeLike(name) + '%'
  const conditions = [sql`${column} like ${slot('like')}`]
  if (request.position !== null || !byTrigrams)
    return { shape: byTrigrams ? 'trigrams' : 'name', conditions, values: { like } }
  // Sorted by name: the two sets of the by-name statement (byNameStatement).
  const prefixEnd = prefixSuccessor(name)
  return {
    shape: prefixEnd === null ? 'prefix, infix, open range' : 'prefix, infix',
    conditions,
    values: { like, prefix: name, prefixEnd, infix: trigramLookup(name) ?? like, through: through(request) },
  }
}

function cityFilter(request: SearchRequest): Filter | null {
  if (request.city === null) return null
  return { shape: 'city', conditions: [sql`lower(p.city) = ${slot('city')}`], values: { city: request.city } }
}

/**
 * The row's own copy of its category ids (migration 0004) instead of one partner_categories probe per
 * candidate. Nearest first, as the tsvector of partners_geo_filter_knn (migration 0009), tested during the KNN
 * walk (same rows: exact lexemes); otherwise found through partners_category_ids_gin or checked in
 * partners_active_name_cover.
 */
function categoryFilter(request: SearchRequest): Filter | null {
  if (request.categoryId === null) return null
  const near = request.position !== null
  return {
    shape: 'category',
    conditions: [
      near
        ? sql`array_to_tsvector(p.category_ids::text[]) @@ ${slot('category')}::tsquery`
        : sql`p.category_ids @> array[${slot('category')}::int]`,
    ],
    values: { category: near ? String(request.categoryId) : request.categoryId },
  }
}

/** A map's box; one crossing the antimeridian has west > east. */
function boxFilter(request: SearchRequest): Filter | null {
  if (request.box === null) return null
  const { west, east } = request.box
  const lat = sql`p.lat >= ${slot('south')}::float8 and p.lat <= ${slot('north')}::float8`
  const lng =
    west <= east
      ? sql`p.lng >= ${slot('west')}::float8 and p.lng <= ${slot('east')}::float8`
      : sql`(p.lng >= ${slot('west')}::float8 or p.lng <= ${slot('east')}::float8)`
  return {
    shape: west <= east ? 'box' : 'box across the antimeridian',
    conditions: [lat, lng],
    values: { ...request.box },
  }
}

/** Home's 'Expire bientôt' as a filter (issue 41), with Home's own definition (home.ts). */
function expiringFilter(request: SearchRequest): Filter | null {
  if (!request.expiring) return null
  return {
    shape: 'expiring',
    conditions: [
      sql`exists (select 1 from offers o where o.partner_id = p.id and ${usableOffer} and ${expiringOffer}
            and ${notUsedBy(slot('person'))})`,
    ],
    values: { person: request.person },
  }
}

/** Home's 'Nouveautés' as a filter (issue 41), with Home's own definition (home.ts). */
function newFilter(request: SearchRequest): Filter | null {
  if (!request.new) return null
  return {
    shape: 'new',
    conditions: [
      sql`(p.created_at >= ${newsSince} or exists (select 1 from offers o where o.partner_id = p.id
            and ${usableOffer} and o.created_at >= ${newsSince}))`,
    ],
    values: {},
  }
}

/** The filters after the name's, in the order their conditions are ANDed. */
const otherFilters = [cityFilter, categoryFilter, boxFilter, expiringFilter, newFilter]

/** A literal status, so PostgreSQL proves the partial GiST index applies even under a generic plan. */
const active = sql<SqlBool>`p.status = 'ACTIF'`

/** What both orders' statements are built from. */
interface SearchParts {
  request: SearchRequest
  name: Filter | null
  others: Filter[]
  /** Every filter's conditions after `active`, ANDed. */
  matching: RawBuilder<SqlBool>
  values: Record<string, unknown>
  shape: string[]
  viewerId: unknown
}

/**
 * GET /api/partners/search minus authorization (the route checks who may pass userId): active partners, usable
 * offers, filters combined with AND. With userPosition, nearest first then by id, through the partners_geo_knn
 * GiST index (migration 0002); otherwise by name then id. The route's schema checks the query's limits; the
 * coordinates' ranges are checked here (400 naming the field). One statement per page, which writes the page's
 * JSON text itself (partnerWire.ts).
 */
export async function searchPartners(
  db: Executor,
  q: PartnerSearchQuery,
  options: SearchOptions = {},
): Promise<SearchPageWire> {
  return searchStatement(db, q, options).execute()
}

export interface SearchOptions {
  /**
   * The signed-in person, whose used offers `expiring` leaves out when the query names no userId (with one,
   * that user's).
   */
  personId?: number
}

/** The search's one statement, validated and built: compiled for EXPLAIN, or executed. */
export interface SearchStatement {
  compile(): CompiledQuery
  execute(): Promise<SearchPageWire>
}

/** A value's place in a statement built once per shape (see bound). */
class Slot {
  readonly key: string
  constructor(key: string) {
    this.key = key
  }
}
const slot = <T = unknown>(key: string) => new Slot(key) as unknown as T

/** Compiled search statements by shape; their parameters hold Slots. Both stores compile as PostgreSQL. */
const compiledShapes = new Map<string, CompiledQuery>()

/**
 * The statement of `shape` with `values` in its Slots' places, built and compiled with Slots the first time
 * the shape is seen.
 */
function bound<Row>(
  db: Executor,
  shape: string,
  build: () => { compile(executor: Executor): CompiledQuery },
  values: Record<string, unknown>,
): CompiledQuery<Row> {
  let compiled = compiledShapes.get(shape)
  if (!compiled) {
    compiled = build().compile(db)
    compiledShapes.set(shape, compiled)
  }
  const parameters = compiled.parameters.map((p) => {
    if (!(p instanceof Slot)) return p
    if (!(p.key in values)) throw new Error(`search: no value for ${p.key}`)
    return values[p.key]
  })
  return CompiledQuery.raw(compiled.sql, parameters) as CompiledQuery<Row>
}

export function searchStatement(
  db: Executor,
  q: PartnerSearchQuery,
  options: SearchOptions = {},
): SearchStatement {
  const request = searchRequest(q, options)
  // The statement's text depends only on which filters are given (its shape); the values are parameters,
  // held by Slots while it is built, once per shape (Kysely's building and compiling cost 0.1-0.4 ms of Node a
  // search).
  const name = nameFilter(request)
  const others = otherFilters.map((filter) => filter(request)).filter((filter) => filter !== null)
  const filters = name === null ? others : [name, ...others]
  const values: Record<string, unknown> = {
    pageSize: request.pageSize,
    offset: request.page * request.pageSize,
    ...Object.assign({}, ...filters.map((filter) => filter.values)),
    viewer: request.viewer,
  }
  const shape = filters.map((filter) => filter.shape)
  const viewerId = request.viewer === null ? null : slot('viewer')
  if (viewerId !== null) shape.push('viewer')
  const conditions = [active, ...filters.flatMap((filter) => filter.conditions)]
  const parts: SearchParts = {
    request,
    name,
    others,
    matching: sql<SqlBool>`${sql.join(conditions, sql` and `)}`,
    values,
    shape,
    viewerId,
  }
  return request.position === null
    ? byNameStatement(db, parts)
    : nearestStatement(db, parts, request.position)
}

type NearestMode = 'walk' | 'capped walk' | 'scan'

/** Nearest first, then by id. */
function nearestStatement(
  db: Executor,
  { request, name, others, matching, values, shape, viewerId }: SearchParts,
  position: { lat: number; lng: number },
): SearchStatement {
  Object.assign(values, position)
  const here = sql`geo_point(${slot('lat')}::float8, ${slot('lng')}::float8)`
  // Exactly the indexed expression (unit-sphere chord), so the planner walks partners_geo_knn nearest first.
  const chord = sql<number>`(geo_point(p.lat, p.lng) operator(public.<->) ${here})`
  const wanted = through(request)
  values.through = wanted
  // Nearest first with no filter, a name, a category or a city, the plan for each search's values was the walk
  // every time, even for a name nobody has or the rarest city far away, at 100,000 and 1,000,000 partners
  // (partners_city_idx was never taken): the plan cached for any values serves, without planning (a third of
  // these searches' database CPU). A box's plan depends on its size (the cached plan was 23-60x dearer):
  // planned for its values, and so are deep pages.
  const generic = request.page < 10 && !shape.some((s) => s.startsWith('box'))
  // PostgreSQL 15 walks the index for ORDER BY chord alone, not (chord, id). So: the nearest `through + extra`
  // matches in chord order (the walk, or whatever plan the planner prefers for a rare filter), then sorted by
  // (chord, id) and cut to the page. Exact as long as every match tied with the page's last row is in:
  // true when the last one fetched is farther, otherwise fetched again with more (ties are rare).
  // Great-circle km from the chord: the order of the index, the haversine's value.
  const distance = sql<number>`2 * ${EARTH_RADIUS_KM}::float8 * asin(least(1, ${chord} / 2))`
  // A name under 3 characters gives the walk's trigram index nothing to test: the walk reads partners nearest
  // first until it has a page of matches, every active partner for a name nobody has (0.24 s at 100,000
  // partners, 1.2 s on a busy machine). So such a name is first looked for among the nearest `cap` partners
  // (SHORT_NAME_CAP per row wanted, enough for a name most partners' names contain); only when they hold too
  // few matches, every match is found by scanning the names' covering index (partners_active_name_cover, no
  // heap) and sorted by distance. Both give exactly the nearest matches.
  const nameCondition = name?.conditions[0] ?? null
  const walkConditions = [active, ...others.flatMap((filter) => filter.conditions)]
  const capped = name !== null && name.shape === 'name'
  const nearestRows = (mode: NearestMode) => {
    if (mode === 'walk') {
      return db
        .selectFrom('partners as p')
        .select(searchColumns)
        .select(chord.as('chord'))
        .select(distance.as('distance'))
        .where(matching)
        .orderBy(chord)
        .limit(slot<number>('fetch'))
    }
    if (mode === 'capped walk') {
      // The walk's own order carries through the subquery, so the outer limit stops it at the page's last match.
      const walked = db
        .selectFrom('partners as p')
        .select(searchColumns)
        .select(['p.search_name'])
        .select(chord.as('chord'))
        .select(distance.as('distance'))
        .where(sql<SqlBool>`${sql.join(walkConditions, sql` and `)}`)
        .orderBy(chord)
        .limit(slot<number>('cap'))
      return db
        .selectFrom(walked.as('p'))
        .select(['p.id', 'p.list_head', 'p.rating', 'p.user_ratings_total', 'p.list_image_wire'])
        .select(['p.list_offers', 'p.list_offers_wire', 'p.list_offers_until', 'p.list_offer_ids'])
        .select(['p.chord', 'p.distance'])
        .where(sql<SqlBool>`${nameCondition ?? sql`true`}`)
        .orderBy('p.chord')
        .limit(slot<number>('fetch'))
    }
    // Ordered by chord + 0, not the walk's expression: an index-only scan of the names, then the matches sorted.
    const ids = db
      .selectFrom('partners as p')
      .select(['p.id'])
      .select(chord.as('chord'))
      .where(matching)
      .orderBy(sql`${chord} + 0`)
      .limit(slot<number>('fetch'))
    return db
      .selectFrom(ids.as('ids'))
      .innerJoin('partners as p', 'p.id', 'ids.id')
      .select(searchColumns)
      .select(['ids.chord'])
      .select(sql<number>`2 * ${EARTH_RADIUS_KM}::float8 * asin(least(1, ids.chord / 2))`.as('distance'))
  }
  const build = (mode: NearestMode) => () => {
    const nearest = nearestRows(mode)
    const pageRows = db
      .selectFrom(nearest.as('w'))
      .selectAll('w')
      .select(sql<number>`count(*) over ()`.as('fetched'))
      .select(sql<number>`max(w.chord) over ()`.as('last_chord'))
      .select(
        sql<
          number | null
        >`nth_value(w.chord, ${slot('through')}) over (order by w.chord, w.id rows between unbounded preceding and unbounded following)`.as(
          'boundary',
        ),
      )
      .orderBy('w.chord')
      .orderBy('w.id')
      .limit(slot<number>('pageSize'))
      .offset(slot<number>('offset'))
    // Aggregated in the order pageRows' own ORDER BY gives (no join around it).
    return searchPageStatement<Nearest>(
      pageRows,
      null,
      viewerId,
      true,
      sql`, max(pg.fetched) as fetched, max(pg.last_chord) as last_chord, max(pg.boundary) as boundary`,
      // The scan's plan depends on how many names match; under the cached plan the capped walk sorted all of its
      // partners instead of stopping at the page's last match (4.8 against 1.6 ms): both planned for the values.
      generic && mode === 'walk' ? PREPARED_GENERIC : PREPARED,
    )
  }
  const key = ['near', ...shape, ...(generic ? ['generic'] : [])].join()
  const statement = (extra: number, mode: NearestMode) => {
    const fetch = wanted + extra
    return bound<WireResult & Nearest>(db, `${key},${mode}`, build(mode), {
      ...values,
      fetch,
      cap: fetch * SHORT_NAME_CAP,
    })
  }
  type Nearest = { fetched: string | null; last_chord: number | null; boundary: number | null }
  const firstMode = capped ? 'capped walk' : 'walk'
  return {
    compile: () => statement(1, firstMode),
    execute: async () => {
      let mode: NearestMode = firstMode
      for (let extra = 1; ; extra *= 16) {
        let [row] = (await db.executeQuery(statement(extra, mode))).rows
        if (!row) throw new Error('search: an aggregate gives one row')
        // The nearest partners held fewer matches than wanted (or were all of them: the scan is then cheap too):
        // every match, by the names' index.
        if (mode === 'capped walk' && Number(row.fetched ?? 0) < wanted + extra) {
          mode = 'scan'
          ;[row] = (await db.executeQuery(statement(extra, mode))).rows
          if (!row) throw new Error('search: an aggregate gives one row')
        }
        // The margin treats a chord a rounding away from the boundary as tied with it.
        const complete =
          row.fetched === null ||
          Number(row.fetched) < wanted + extra ||
          row.boundary === null ||
          Number(row.last_chord) > Number(row.boundary) * (1 + 1e-9)
        if (complete) return asWire<PartnerSearchResult[]>(row.body)
      }
    },
  }
}

/**
 * By name, then id: names in code-point order (collate "C"), as partners_active_name_cover keeps them
 * (migration 0014): the same order on PostgreSQL whatever its locale and on PGlite, and the one where a prefix
 * is a range.
 */
function byNameStatement(db: Executor, { name, others, matching, values, shape, viewerId }: SearchParts) {
  const nameOrder = sql`p.search_name collate "C"`
  // The page's ids first, selecting only what partners_active_name_cover holds: the filters are tested in the
  // index during an index-only scan, not on one heap page per candidate; then the page's rows are read by id.
  const orderedIds = () =>
    db
      .selectFrom('partners as p')
      .select(['p.id'])
      .select(nameOrder.as('name_order'))
      .where(matching)
      .orderBy(nameOrder)
      .orderBy('p.id')
      .limit(slot<number>('pageSize'))
      .offset(slot<number>('offset'))
  const pageIds = (): ReturnType<typeof orderedIds> => {
    if (name === null || !('prefix' in name.values)) return orderedIds()
    // A name of 3 characters or more: its first `through` matches in name order are the first `through` of the
    // union of two sets:
    // - the names starting with it: a range of the name index, read in order and stopped at `through`, however
    //   many names start with it;
    // - the names holding it after their first character. The planner takes them from partners_name_infix_trgm
    //   (migration 0014) and sorts them when its statistics say they are few (a name typed from its beginning:
    //   few hold it further in, however many start with it), or walks the name index in order and stops at
    //   `through` when they are many.
    const otherConditions = others.flatMap((filter) => filter.conditions)
    const andOthers = otherConditions.length > 0 ? sql` and ${sql.join(otherConditions, sql` and `)}` : sql``
    const infix = db
      .selectFrom('partners as p')
      .select(['p.id'])
      .select(nameOrder.as('name_order'))
      .where(
        sql<SqlBool>`${active}${andOthers} and substr(p.search_name, 2) like ${slot('infix')}
          and p.search_name like ${slot('like')}`,
      )
      .orderBy(nameOrder)
      .orderBy('p.id')
      .limit(slot<number>('through'))
    const below = values.prefixEnd === null ? sql`` : sql` and ${nameOrder} < ${slot('prefixEnd')}`
    const prefixed = db
      .selectFrom('partners as p')
      .select(['p.id'])
      .select(nameOrder.as('name_order'))
      .where(sql<SqlBool>`${active}${andOthers} and ${nameOrder} >= ${slot('prefix')}${below}`)
      .orderBy(nameOrder)
      .orderBy('p.id')
      .limit(slot<number>('through'))
    return db
      .selectFrom(infix.as('i'))
      .select(['i.id', 'i.name_order'])
      .union(db.selectFrom(prefixed.as('s')).select(['s.id', 's.name_order']))
      .orderBy('name_order')
      .orderBy('id')
      .limit(slot<number>('pageSize'))
      .offset(slot<number>('offset')) as unknown as ReturnType<typeof orderedIds>
  }
  const build = () => {
    // Ordered as the ids came (the join by primary key keeps its outer side's order, so no sort is added):
    // the page rows are then a sorted subquery, which the aggregate reads in order (see searchPageStatement).
    const pageRows = db
      .selectFrom(pageIds().as('ids'))
      .innerJoin('partners as p', 'p.id', 'ids.id')
      .select(searchColumns)
      .orderBy('ids.name_order')
      .orderBy('ids.id')
    return searchPageStatement(pageRows, null, viewerId, false)
  }
  const statement = () => bound<WireResult>(db, ['by name', ...shape].join(), build, values)
  return {
    compile: () => statement(),
    execute: async () => {
      const [row] = (await db.executeQuery(statement())).rows
      if (!row) throw new Error('search: an aggregate gives one row')
      return asWire<PartnerSearchResult[]>(row.body)
    },
  }
}

export function toResult(r: PartnerRow & RelationColumns & { distance: number | null }): PartnerSearchResult {
  // Appended to the partner rather than copying it into a new object; categories and photo as the search
  // sends them (CategoryRef: no icon path; ListImage: the variants' widths, not their URLs).
  return Object.assign(toPartner(r), {
    categories: r.categories,
    images: r.images.map(toListImage),
    distanceToUser: r.distance === null ? null : Math.round(Number(r.distance) * 1000) / 1000,
  })
}
