import { sql, type Selectable, type Transaction } from 'kysely'
import type { DiscountOffer } from '@/contract/schemas.ts'
import type { Db } from '../db/index.ts'
import type { Database, PartnersTable } from '../db/types.ts'

export type Executor = Db | Transaction<Database>

/** Offers filter: every offer (admin), or only those a user can still use (ENABLED, not expired). */
export type OfferScope = 'all' | 'usable'

export const usableOffer = sql<boolean>`(o.status = 'ENABLED' and (o.expiration_date is null or o.expiration_date >= current_date))`

export interface LoadOptions {
  offers: OfferScope
  /** When set, offers this user already used are reported DISABLED (their status as seen by them). */
  viewerId?: number | null
}

/** A partner as selected from its table, without the search copies (name, categories, list) and the timestamps. */
export type PartnerRow = Omit<
  Selectable<PartnersTable>,
  | 'search_name'
  | 'category_ids'
  | 'list_image'
  | 'list_image_wire'
  | 'list_offers'
  | 'list_offers_wire'
  | 'list_offers_until'
  | 'list_offer_ids'
  | 'list_head'
  | 'created_at'
  | 'updated_at'
  | 'version'
  | 'updated_by'
>

/** A partner's own fields, as an administrator enters them (the CSV export writes these). */
export const partnerFieldColumns = [
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
] as const

export const partnerColumns = [...partnerFieldColumns, 'p.rating', 'p.user_ratings_total'] as const

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
    list.push(toOffer({ ...row, status: row.used ? 'DISABLED' : row.status }))
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
