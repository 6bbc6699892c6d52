import { sql, type Selectable, type Transaction } from 'kysely'
import type {
  Category,
  CategoryInput,
  DiscountOffer,
  Image,
  Partner,
  PartnerBody,
} from '../../contract/schemas.ts'
import type { Db } from '../db/index.ts'
import type { Database, PartnersTable } from '../db/types.ts'
import { badRequest } from '../errors.ts'
import { email, normalizeForSearch, numberInRange, optionalText, requiredText } from '../validation.ts'
import { mdiIconPath } from './icons.ts'
import { toWireImage } from './images.ts'

export type Executor = Db | Transaction<Database>

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
export type PartnerRow = Omit<
  Selectable<PartnersTable>,
  'search_name' | 'category_ids' | 'created_at' | 'updated_at'
>

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
      .select(['id', 'type', 'file_name', 'width', 'height', 'variant_widths', 'partner_id'])
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
    list.push(toWireImage(img))
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
