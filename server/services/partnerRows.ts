import { sql, type Selectable, type Transaction } from 'kysely'
import type { Category, DiscountOffer, Image, Partner } from '../../contract/schemas.ts'
import type { Db } from '../db/index.ts'
import type { Database, PartnersTable } from '../db/types.ts'
import { mdiIconPath } from './icons.ts'
import { imageUrl } from './images.ts'

export type Executor = Db | Transaction<Database>

/** Offers filter: every offer (admin), or only those a user can still use (ENABLED, not expired). */
export type OfferScope = 'all' | 'usable'

export const usableOffer = sql<boolean>`(o.status = 'ENABLED' and (o.expiration_date is null or o.expiration_date >= current_date))`

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
