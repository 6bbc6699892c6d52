import { sql } from 'kysely'
import type { HomeQuery, HomeRows } from '@/contract/offerUses.ts'
import { badRequest } from '../errors.ts'
import { usableOffer, type Executor } from './partnerRows.ts'

/** How many tiles each Home row holds: a glance, 'Tout voir' opens Find for the rest. */
export const HOME_ROW_SIZE = 8
/** 'Expire bientôt': usable offers ending within this many days, today included (as the coupon card's badge). */
export const EXPIRING_DAYS = 7
/** 'Nouveautés': partners and offers that arrived within this many days. */
export const NEWS_DAYS = 14

/**
 * The offer `o` ends within EXPIRING_DAYS: 'Expire bientôt' here and the search's `expiring` filter
 * (services/search.ts), one definition for both (with usableOffer and notUsedBy).
 */
export const expiringOffer = sql<boolean>`o.expiration_date < current_date + ${EXPIRING_DAYS}::int`

/** The offer `o` has not been used by `userId` (a number, or a parameter the search binds later). */
export const notUsedBy = (userId: unknown) =>
  sql<boolean>`not exists (select 1 from used_coupons u where u.offer_id = o.id and u.user_id = ${userId})`

/** The start of 'Nouveautés' (and of the search's `new` filter): NEWS_DAYS ago. */
export const newsSince = sql<Date>`now() - make_interval(days => ${NEWS_DAYS})`

const EARTH_RADIUS_KM = 6371
const iso = (value: Date | string) => new Date(value).toISOString()

/**
 * The signed-in person's Home rows in one answer (issue 41): the nearest active partners when the position is
 * given, the offers they can still use that end within 7 days, their favourites with the date of the newest
 * usable offer (the app marks those newer than its last visit), and what arrived in the last 14 days. Four small
 * statements, each read through an index (partners_geo_knn, favorites_user_created_idx, offers' dates).
 */
export async function homeRows(db: Executor, userId: number, query: HomeQuery): Promise<HomeRows> {
  const { lat, lng } = query
  if ((lat === undefined) !== (lng === undefined))
    throw badRequest('Position incomplète : la latitude et la longitude vont ensemble.', 'lat')
  const notUsed = notUsedBy(userId)

  const nearRows = async () => {
    if (lat === undefined || lng === undefined) return []
    // Exactly the indexed expression (unit-sphere chord), so the planner walks partners_geo_knn nearest first.
    const chord = sql<number>`(geo_point(p.lat, p.lng) operator(public.<->) geo_point(${lat}::float8, ${lng}::float8))`
    const rows = await db
      .selectFrom('partners as p')
      .select(['p.id', 'p.name', 'p.city'])
      .select(sql<number>`2 * ${EARTH_RADIUS_KM}::float8 * asin(least(1, ${chord} / 2))`.as('distance'))
      .where('p.status', '=', 'ACTIF')
      .orderBy(chord)
      .limit(HOME_ROW_SIZE)
      .execute()
    return rows.map((r) => ({
      partnerId: { id: r.id },
      name: r.name,
      city: r.city,
      distance: Math.round(Number(r.distance) * 1000) / 1000,
    }))
  }

  const expiringRows = async () => {
    const rows = await db
      .selectFrom('offers as o')
      .innerJoin('partners as p', 'p.id', 'o.partner_id')
      .select(['o.id', 'o.libelle', 'p.id as partner_id', 'p.name as partner_name'])
      .select(sql<string>`to_char(o.expiration_date, 'YYYY-MM-DD')`.as('expiration_date'))
      .where('p.status', '=', 'ACTIF')
      .where(usableOffer)
      .where(expiringOffer)
      .where(notUsed)
      .orderBy('o.expiration_date')
      .orderBy('o.id')
      .limit(HOME_ROW_SIZE)
      .execute()
    return rows.map((r) => ({
      offerId: { id: r.id },
      libelle: r.libelle,
      expirationDate: r.expiration_date,
      partnerId: { id: r.partner_id },
      partnerName: r.partner_name,
    }))
  }

  const favoriteRows = async () => {
    const rows = await db
      .selectFrom('favorites as f')
      .innerJoin('partners as p', 'p.id', 'f.partner_id')
      .select(['p.id', 'p.name', 'p.city'])
      .select(
        sql<Date | string | null>`(select max(o.created_at) from offers o
          where o.partner_id = p.id and ${usableOffer} and ${notUsed})`.as('latest_offer_at'),
      )
      .where('f.user_id', '=', userId)
      .where('p.status', '=', 'ACTIF')
      .orderBy('f.created_at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(HOME_ROW_SIZE)
      .execute()
    return rows.map((r) => ({
      partnerId: { id: r.id },
      name: r.name,
      city: r.city,
      latestOfferAt: r.latest_offer_at === null ? null : iso(r.latest_offer_at),
    }))
  }

  const newsRows = async () => {
    const partners = db
      .selectFrom('partners as p')
      .select([
        sql<'partner' | 'offer'>`'partner'`.as('kind'),
        'p.id as partner_id',
        'p.name as partner_name',
        sql<string | null>`null::text`.as('libelle'),
        'p.created_at',
      ])
      .where('p.status', '=', 'ACTIF')
      .where('p.created_at', '>=', newsSince)
    const offers = db
      .selectFrom('offers as o')
      .innerJoin('partners as p', 'p.id', 'o.partner_id')
      .select([
        sql<'partner' | 'offer'>`'offer'`.as('kind'),
        'p.id as partner_id',
        'p.name as partner_name',
        'o.libelle',
        'o.created_at',
      ])
      .where('p.status', '=', 'ACTIF')
      .where(usableOffer)
      .where('o.created_at', '>=', newsSince)
    const rows = await db
      .selectFrom(partners.unionAll(offers).as('n'))
      .selectAll('n')
      .orderBy('n.created_at', 'desc')
      .orderBy('n.partner_id', 'desc')
      .limit(HOME_ROW_SIZE)
      .execute()
    return rows.map((r) => ({
      kind: r.kind,
      partnerId: { id: r.partner_id },
      partnerName: r.partner_name,
      libelle: r.libelle,
      createdAt: iso(r.created_at),
    }))
  }

  const [near, expiring, favorites, news] = await Promise.all([
    nearRows(),
    expiringRows(),
    favoriteRows(),
    newsRows(),
  ])
  return { near, expiring, favorites, news }
}
