import { sql } from 'kysely'
import type { PartnerSearchQuery } from '../../contract/schemas.ts'
import type { Db } from '../../server/db/index.ts'
import * as partnerService from '../../server/services/partners.ts'
import { hydratePartners, partnerColumns } from '../../server/services/partners.ts'
import { escapeLike, normalizeForSearch } from '../../server/validation.ts'

/** The fixed, rotating set of realistic searches: Find list (position, name, city, category) and map boxes. */
export const searchQueries: PartnerSearchQuery[] = [
  { userPosition: '48.8566,2.3522', pageSize: 50, page: 0 },
  { userPosition: '45.764,4.8357', name: 'boul', pageSize: 50, page: 0 },
  { userPosition: '43.2965,5.3698', city: 'Marseille', pageSize: 50, page: 0 },
  { userPosition: '48.8566,2.3522', categoryId: 3, pageSize: 50, page: 1 },
  { bounds: '2.85,49.35,48.35,1.85', categoryId: 1, pageSize: 50, page: 0 },
  { bounds: '5.9,43.8,42.8,4.9', pageSize: 50, page: 0 },
  { name: 'pizzeria du port', pageSize: 50, page: 0 },
  { userPosition: '44.8378,-0.5792', city: 'Bordeaux', categoryId: 2, pageSize: 50, page: 0 },
]

export function toQueryString(q: PartnerSearchQuery): string {
  const params = new URLSearchParams()
  for (const [k, v] of Object.entries(q)) if (v !== undefined) params.set(k, String(v))
  return params.toString()
}

export type SearchFn = (db: Db, q: PartnerSearchQuery) => Promise<unknown[]>

const EARTH_RADIUS_KM = 6371

/**
 * The route's search (server/routes/partners.ts, GET /api/partners/search) minus parameter validation: the
 * same Kysely query, the same hydration. Kept in step with the route by hand while the route has the query
 * inline; `resolveSearch` prefers the service's own function when the server exports one.
 */
export const mirroredSearch: SearchFn = async (db, q) => {
  const page = q.page ?? 0
  const pageSize = q.pageSize ?? 50
  let query = db.selectFrom('partners as p').select(partnerColumns).where('p.status', '=', 'ACTIF')
  if (q.name !== undefined && q.name.trim() !== '') {
    query = query.where(
      sql<boolean>`p.search_name like ${'%' + escapeLike(normalizeForSearch(q.name)) + '%'}`,
    )
  }
  if (q.city !== undefined && q.city.trim() !== '') {
    query = query.where(sql<string>`lower(p.city)`, '=', q.city.trim().toLowerCase())
  }
  if (q.categoryId !== undefined) {
    const categoryId = q.categoryId
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('partner_categories as pc')
          .select('pc.partner_id')
          .whereRef('pc.partner_id', '=', 'p.id')
          .where('pc.category_id', '=', categoryId),
      ),
    )
  }
  if (q.bounds !== undefined) {
    const [east, north, south, west] = q.bounds.split(',').map(Number)
    query = query.where('p.lat', '>=', south).where('p.lat', '<=', north)
    query =
      west <= east
        ? query.where('p.lng', '>=', west).where('p.lng', '<=', east)
        : query.where((eb) => eb.or([eb('p.lng', '>=', west), eb('p.lng', '<=', east)]))
  }
  let withDistance
  if (q.userPosition !== undefined) {
    const [lat, lng] = q.userPosition.split(',').map(Number)
    const distance = sql<number>`(2 * ${EARTH_RADIUS_KM} * asin(least(1, sqrt(
        power(sin(radians(p.lat - ${lat}::float8) / 2), 2)
        + cos(radians(${lat}::float8)) * cos(radians(p.lat)) * power(sin(radians(p.lng - ${lng}::float8) / 2), 2)))))`
    withDistance = query.select(distance.as('distance')).orderBy('distance').orderBy('p.id')
  } else {
    withDistance = query
      .select(sql<number | null>`null::float8`.as('distance'))
      .orderBy('p.search_name')
      .orderBy('p.id')
  }
  const rows = await withDistance
    .limit(pageSize)
    .offset(page * pageSize)
    .execute()
  const partners = await hydratePartners(db, rows, { offers: 'usable', viewerId: q.userId ?? null })
  return partners.map(({ row, ...partner }) => ({
    ...partner,
    distanceToUser: row.distance === null ? null : Math.round(Number(row.distance) * 1000) / 1000,
  }))
}

/**
 * The search function the route uses when server/services/partners.ts exports one (searchPartners(db, query)),
 * checked against the mirror on the first query; otherwise the mirror.
 */
export async function resolveSearch(db: Db): Promise<{ fn: SearchFn; source: string }> {
  const exported = (partnerService as Record<string, unknown>).searchPartners
  if (typeof exported === 'function') {
    try {
      const fn = exported as SearchFn
      const [a, b] = await Promise.all([fn(db, searchQueries[0]), mirroredSearch(db, searchQueries[0])])
      if (Array.isArray(a) && a.length === b.length)
        return { fn, source: 'server/services/partners.ts searchPartners' }
    } catch {
      // different signature: fall back to the mirror
    }
  }
  return { fn: mirroredSearch, source: 'bench mirror of the route query (server/routes/partners.ts)' }
}
