import { sql, type RawBuilder, type Selectable, type SqlBool, type Transaction } from 'kysely'
import type {
  Category,
  CategoryInput,
  DiscountOffer,
  Image,
  Partner,
  PartnerBody,
  PartnerSearchQuery,
  PartnerSearchResult,
} from '../../contract/schemas.ts'
import type { Db } from '../db/index.ts'
import type { Database, PartnersTable } from '../db/types.ts'
import { badRequest } from '../errors.ts'
import {
  email,
  escapeLike,
  normalizeForSearch,
  numberInRange,
  optionalText,
  requiredText,
} from '../validation.ts'
import { mdiIconPath } from './icons.ts'
import { imageUrl } from './images.ts'

type Executor = Db | Transaction<Database>

/** Offers filter: every offer (admin), or only those a user can still use (ENABLED, not expired). */
export type OfferScope = 'all' | 'usable'

export const usableOffer = sql<boolean>`(o.status = 'ENABLED' and (o.expiration_date is null or o.expiration_date >= current_date))`

export const ICON_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/

export interface CleanPartner {
  name: string
  description: string
  siren: string | null
  address: string
  city: string
  lat: number
  lng: number
  email: string
  phone: string
  representativeFirstName: string | null
  representativeLastName: string | null
  categories: CategoryInput[]
  status: Partner['status']
  rating: number | null
  userRatingsTotal: number | null
}

/**
 * Coordinates nearer 0 than 1e-9 degree (0.1 mm) are 0. geo_point's trigonometry on a denormal such as 5e-324
 * gives a product that underflows to zero, which PostgreSQL refuses (22003 "value out of range: underflow").
 */
export function coordinate(value: number): number {
  return Math.abs(value) < 1e-9 ? 0 : value
}

/** Field-level checks beyond the schema's types, with messages naming the field. */
export function cleanPartnerBody(body: PartnerBody): CleanPartner {
  const phone = requiredText(body.phone, 'phone', 'Tél', { max: 30 })
  if (!/^[0-9+().\s-]{4,30}$/.test(phone))
    throw badRequest('Le numéro de téléphone n’est pas valide.', 'phone')
  const siren = optionalText(body.siren, 'siren', 'Siren', { max: 20 })
  if (siren !== null && !/^\d{9}$/.test(siren.replace(/\s/g, '')))
    throw badRequest('Le SIREN doit comporter 9 chiffres.', 'siren')
  if (body.categories.length === 0) throw badRequest('Choisissez au moins une catégorie.', 'categories')
  if (body.categories.length > 20) throw badRequest('Vingt catégories au plus par partenaire.', 'categories')
  const categories = body.categories.map((c, i) => {
    const label = requiredText(c.label, `categories[${i}].label`, 'Catégorie', { max: 60 })
    const icon = c.icon === undefined || c.icon.trim() === '' ? undefined : c.icon.trim()
    if (icon !== undefined && (icon.length > 64 || !ICON_PATTERN.test(icon))) {
      throw badRequest(
        'Le nom d’icône doit être un nom Material Design Icons (minuscules, chiffres et tirets), ex. « silverware-fork-knife ».',
        `categories[${i}].icon`,
      )
    }
    if (c.id !== undefined && (c.id < 1 || c.id > 2_147_483_647))
      throw badRequest('Catégorie inconnue.', `categories[${i}].id`)
    return { id: c.id, label, icon }
  })
  const rating = body.rating ?? null
  const total = body.userRatingsTotal ?? null
  return {
    name: requiredText(body.name, 'name', 'Dénomination', { max: 200 }),
    description: requiredText(body.description, 'description', 'Description', { max: 5000, multiline: true }),
    siren: siren === null ? null : siren.replace(/\s/g, ''),
    address: requiredText(body.location.address, 'location.address', 'Adresse', { max: 300 }),
    city: requiredText(body.location.city, 'location.city', 'Ville', { max: 100 }),
    lat: coordinate(numberInRange(body.location.position.lat, 'location.position.lat', 'Latitude', -90, 90)),
    lng: coordinate(
      numberInRange(body.location.position.lng, 'location.position.lng', 'Longitude', -180, 180),
    ),
    email: email(body.email),
    phone,
    representativeFirstName: optionalText(
      body.representativeFirstName,
      'representativeFirstName',
      'Prénom Gérant',
      { max: 100 },
    ),
    representativeLastName: optionalText(
      body.representativeLastName,
      'representativeLastName',
      'Nom Gérant',
      { max: 100 },
    ),
    categories,
    status: body.status,
    rating: rating === null ? null : numberInRange(rating, 'rating', 'Note', 0, 5),
    userRatingsTotal:
      total === null ? null : numberInRange(total, 'userRatingsTotal', 'Nombre d’avis', 0, 100_000_000),
  }
}

/** Resolves category inputs to ids: known ids are checked, labels without id are found or created. */
async function resolveCategories(trx: Executor, inputs: CategoryInput[]): Promise<number[]> {
  const ids: number[] = []
  for (const [i, input] of inputs.entries()) {
    let id: number
    if (input.id !== undefined) {
      const row = await trx
        .selectFrom('categories')
        .select('id')
        .where('id', '=', input.id)
        .executeTakeFirst()
      if (!row) throw badRequest(`Catégorie inconnue (id ${input.id}).`, `categories[${i}].id`)
      id = row.id
    } else {
      const existing = await trx
        .selectFrom('categories')
        .select('id')
        .where(sql<string>`lower(label)`, '=', input.label.toLowerCase())
        .executeTakeFirst()
      id =
        existing?.id ??
        (
          await trx
            .insertInto('categories')
            .values({ label: input.label, icon: input.icon ?? 'star' })
            .onConflict((oc) =>
              oc.expression(sql`lower(label)`).doUpdateSet({ label: sql`categories.label` }),
            )
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id
    }
    if (!ids.includes(id)) ids.push(id)
  }
  return ids
}

/** Inserts or updates a partner with its categories; the caller provides the transaction. */
export async function savePartner(trx: Executor, data: CleanPartner, id?: number): Promise<number> {
  const values = {
    name: data.name,
    search_name: normalizeForSearch(data.name),
    description: data.description,
    siren: data.siren,
    address: data.address,
    city: data.city,
    lat: data.lat,
    lng: data.lng,
    email: data.email,
    phone: data.phone,
    representative_first_name: data.representativeFirstName,
    representative_last_name: data.representativeLastName,
    status: data.status,
    rating: data.rating,
    user_ratings_total: data.userRatingsTotal,
  }
  let partnerId: number
  if (id === undefined) {
    partnerId = (await trx.insertInto('partners').values(values).returning('id').executeTakeFirstOrThrow()).id
  } else {
    await trx
      .updateTable('partners')
      .set({ ...values, updated_at: sql`now()` })
      .where('id', '=', id)
      .execute()
    partnerId = id
  }
  const categoryIds = await resolveCategories(trx, data.categories)
  await trx.deleteFrom('partner_categories').where('partner_id', '=', partnerId).execute()
  if (categoryIds.length > 0) {
    await trx
      .insertInto('partner_categories')
      .values(
        categoryIds.map((categoryId, position) => ({
          partner_id: partnerId,
          category_id: categoryId,
          position,
        })),
      )
      .execute()
  }
  return partnerId
}

export interface LoadOptions {
  offers: OfferScope
  /** When set, offers this user already used are reported DISABLED (their status as seen by them). */
  viewerId?: number | null
}

/** A partner as selected from its table, without the search copy of its name and the timestamps. */
type PartnerRow = Omit<Selectable<PartnersTable>, 'search_name' | 'created_at' | 'updated_at'>

export const partnerColumns = [
  'p.id',
  'p.name',
  'p.description',
  'p.siren',
  'p.address',
  'p.city',
  'p.lat',
  'p.lng',
  'p.email',
  'p.phone',
  'p.representative_first_name',
  'p.representative_last_name',
  'p.status',
  'p.rating',
  'p.user_ratings_total',
] as const

export async function offersFor(
  db: Executor,
  partnerIds: number[],
  options: LoadOptions,
): Promise<Map<number, DiscountOffer[]>> {
  const map = new Map<number, DiscountOffer[]>()
  if (partnerIds.length === 0) return map
  let query = db
    .selectFrom('offers as o')
    .select([
      'o.id',
      'o.partner_id',
      'o.libelle',
      'o.status',
      sql<string | null>`to_char(o.expiration_date, 'YYYY-MM-DD')`.as('expiration_date'),
    ])
    .where('o.partner_id', 'in', partnerIds)
  if (options.offers === 'usable') query = query.where(usableOffer)
  const viewerId = options.viewerId ?? null
  const rows = await (
    viewerId !== null
      ? query.select(
          sql<boolean>`exists (select 1 from used_coupons u where u.offer_id = o.id and u.user_id = ${viewerId})`.as(
            'used',
          ),
        )
      : query.select(sql<boolean>`false`.as('used'))
  )
    .orderBy('o.expiration_date', (ob) => ob.asc().nullsLast())
    .orderBy('o.id')
    .execute()
  for (const row of rows) {
    const list = map.get(row.partner_id) ?? []
    list.push({
      id: { id: row.id },
      libelle: row.libelle,
      status: row.used ? 'DISABLED' : (row.status as DiscountOffer['status']),
      expirationDate: row.expiration_date,
    })
    map.set(row.partner_id, list)
  }
  return map
}

export function toOffer(row: {
  id: number
  libelle: string
  status: string
  expiration_date: string | null
}): DiscountOffer {
  return {
    id: { id: row.id },
    libelle: row.libelle,
    status: row.status as DiscountOffer['status'],
    expirationDate: row.expiration_date,
  }
}

/** Loads full partners (categories, offers, images) for the given rows, keeping their order. */
export async function hydratePartners<R extends PartnerRow>(
  db: Executor,
  rows: R[],
  options: LoadOptions,
): Promise<(Partner & { row: R })[]> {
  const ids = rows.map((r) => r.id)
  if (ids.length === 0) return []
  const [categoryRows, offers, imageRows] = await Promise.all([
    db
      .selectFrom('partner_categories as pc')
      .innerJoin('categories as c', 'c.id', 'pc.category_id')
      .select(['pc.partner_id', 'c.id', 'c.label', 'c.icon'])
      .where('pc.partner_id', 'in', ids)
      .orderBy('pc.partner_id')
      .orderBy('pc.position')
      .execute(),
    offersFor(db, ids, options),
    db
      .selectFrom('images')
      .select(['id', 'type', 'file_name', 'partner_id'])
      .where('partner_id', 'in', ids)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
  ])
  const categories = new Map<number, Category[]>()
  for (const c of categoryRows) {
    const list = categories.get(c.partner_id) ?? []
    list.push({ id: c.id, label: c.label, icon: c.icon, iconPath: mdiIconPath(c.icon) })
    categories.set(c.partner_id, list)
  }
  const images = new Map<number, Image[]>()
  for (const img of imageRows) {
    const list = images.get(img.partner_id!) ?? []
    list.push({ id: img.id, type: img.type, url: imageUrl(img.file_name) })
    images.set(img.partner_id!, list)
  }
  return rows.map((r) => ({
    row: r,
    partnerId: { id: r.id },
    name: r.name,
    description: r.description,
    siren: r.siren,
    location: { address: r.address, city: r.city, position: { lat: r.lat, lng: r.lng } },
    email: r.email,
    phone: r.phone,
    representativeFirstName: r.representative_first_name,
    representativeLastName: r.representative_last_name,
    categories: categories.get(r.id) ?? [],
    status: r.status as Partner['status'],
    discountOffers: offers.get(r.id) ?? [],
    images: images.get(r.id) ?? [],
    rating: r.rating,
    userRatingsTotal: r.user_ratings_total,
  }))
}

export function stripRow<T extends { row: unknown }>(value: T): Omit<T, 'row'> {
  const { row: _row, ...rest } = value
  return rest
}

export async function loadPartner(db: Executor, id: number, options: LoadOptions): Promise<Partner | null> {
  const rows = await db.selectFrom('partners as p').select(partnerColumns).where('p.id', '=', id).execute()
  const [partner] = await hydratePartners(db, rows, options)
  return partner ? stripRow(partner) : null
}

const MAX_ID = 2_147_483_647
const EARTH_RADIUS_KM = 6371

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
 * GET /api/partners/search minus authorization (the route checks who may pass userId): active partners, usable
 * offers, filters combined with AND. With userPosition, nearest first then by id, through the partners_geo_knn
 * GiST index (migration 0002); otherwise by name then id. Parameters are validated here (400 naming the field).
 */
export async function searchPartners(db: Executor, q: PartnerSearchQuery): Promise<PartnerSearchResult[]> {
  if (q.userId !== undefined && (q.userId < 1 || q.userId > MAX_ID)) {
    throw badRequest('Le paramètre « userId » doit être un identifiant positif.', 'userId')
  }
  const page = q.page ?? 0
  if (page > 10_000) throw badRequest('Le paramètre « page » doit être au plus 10000.', 'page')
  const pageSize = q.pageSize ?? 50

  // A literal status, so PostgreSQL proves the partial GiST index applies even under a generic plan.
  const conditions: RawBuilder<unknown>[] = [sql`p.status = 'ACTIF'`]
  if (q.name !== undefined && q.name.trim() !== '') {
    if (q.name.length > 200)
      throw badRequest('Le paramètre « name » ne doit pas dépasser 200 caractères.', 'name')
    conditions.push(sql`p.search_name like ${'%' + escapeLike(normalizeForSearch(q.name)) + '%'}`)
  }
  if (q.city !== undefined && q.city.trim() !== '') {
    if (q.city.length > 100)
      throw badRequest('Le paramètre « city » ne doit pas dépasser 100 caractères.', 'city')
    conditions.push(sql`lower(p.city) = ${q.city.trim().toLowerCase()}`)
  }
  if (q.categoryId !== undefined) {
    if (q.categoryId < 1 || q.categoryId > MAX_ID) {
      throw badRequest('Le paramètre « categoryId » doit être un identifiant positif.', 'categoryId')
    }
    conditions.push(
      sql`exists (select 1 from partner_categories pc where pc.partner_id = p.id and pc.category_id = ${q.categoryId})`,
    )
  }
  if (q.bounds !== undefined) {
    const [east, north, south, west] = parseNumbers(q.bounds, 4, 'bounds', 'est,nord,sud,ouest')
    checkLat(north, 'bounds')
    checkLat(south, 'bounds')
    checkLng(east, 'bounds')
    checkLng(west, 'bounds')
    if (south > north)
      throw badRequest('Le paramètre « bounds » a une latitude sud supérieure à la latitude nord.', 'bounds')
    conditions.push(sql`p.lat >= ${south}::float8 and p.lat <= ${north}::float8`)
    // A box crossing the antimeridian has west > east.
    conditions.push(
      west <= east
        ? sql`p.lng >= ${west}::float8 and p.lng <= ${east}::float8`
        : sql`(p.lng >= ${west}::float8 or p.lng <= ${east}::float8)`,
    )
  }
  const matching = sql<SqlBool>`${sql.join(conditions, sql` and `)}`

  let rows
  if (q.userPosition !== undefined) {
    const [lat, lng] = parseNumbers(q.userPosition, 2, 'userPosition', 'lat,lng')
    checkLat(lat, 'userPosition')
    checkLng(lng, 'userPosition')
    const here = sql`geo_point(${lat}::float8, ${lng}::float8)`
    // Exactly the indexed expression (unit-sphere chord), so the planner walks partners_geo_knn nearest first.
    const chord = sql<number>`(geo_point(p.lat, p.lng) operator(public.<->) ${here})`
    // PostgreSQL 15 only uses the index for ORDER BY chord alone, not (chord, id). So: the chord of the last row
    // of this page in chord order (KNN scan), then every match at most that far, found through the index by
    // its bounding box and sorted by (chord, id). Rows tied at that distance are all there: pages stay exact.
    const last = db
      .selectFrom('partners as p')
      .select(chord.as('chord'))
      .where(matching)
      .orderBy(chord)
      .offset(page * pageSize + pageSize - 1)
      .limit(1)
    // Fewer matches than that: the whole sphere (chords are at most 2). The margin covers rounding in the box.
    const reach = sql<number>`coalesce((${last}), 2) * (1 + 1e-9)`
    rows = await db
      .with(
        (cte) => cte('reach').materialized(),
        (qc) => qc.selectNoFrom(reach.as('d')),
      )
      .selectFrom(['reach as r', 'partners as p'])
      .select(partnerColumns)
      // Great-circle km from the chord: the order of the index, the haversine's value.
      .select(
        sql<number | null>`2 * ${EARTH_RADIUS_KM}::float8 * asin(least(1, ${chord} / 2))`.as('distance'),
      )
      .where(matching)
      .where(sql<SqlBool>`geo_point(p.lat, p.lng) operator(public.<@) public.cube_enlarge(${here}, r.d, 3)`)
      .where(sql<SqlBool>`${chord} <= r.d`)
      .orderBy(chord)
      .orderBy('p.id')
      .limit(pageSize)
      .offset(page * pageSize)
      .execute()
  } else {
    rows = await db
      .selectFrom('partners as p')
      .select(partnerColumns)
      .select(sql<number | null>`null::float8`.as('distance'))
      .where(matching)
      .orderBy('p.search_name')
      .orderBy('p.id')
      .limit(pageSize)
      .offset(page * pageSize)
      .execute()
  }
  const partners = await hydratePartners(db, rows, { offers: 'usable', viewerId: q.userId ?? null })
  return partners.map(({ row, ...partner }) => ({
    ...partner,
    distanceToUser: row.distance === null ? null : Math.round(Number(row.distance) * 1000) / 1000,
  }))
}
