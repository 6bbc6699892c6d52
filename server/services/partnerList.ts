/**
 * GET /api/partners (back-office): one page of partners with all their offers, filtered by text (name, city or
 * a category label, case and accents ignored) and status, sorted by an allowed key with the id last, and the total that matches.
 */
import { sql, type SqlBool } from 'kysely'
import type { PartnerListQuery, PartnerPage } from '@/contract/schemas.ts'
import type { Db } from '../db/index.ts'
import { escapeLike, normalizeForSearch } from '../validation.ts'
import { orderBySql, paging, searchKeySql, sortTerms } from './listQuery.ts'
import { relationColumns, rowColumns, toPartner } from './search.ts'

// The city lower-cased without French accents, as migration 0007's partners_city_sort_idx indexes it: the order
// of the city column. The search compares searchKeySql's form (apostrophes and dashes as spaces too).
const citySortKey = sql`translate(lower(p.city), 'àâäéèêëîïôöùûüÿç', 'aaaeeeeiioouuuyc')`

const sortKeys = {
  name: [sql`p.search_name`],
  city: [citySortKey],
  email: [sql`lower(p.email)`],
  phone: [sql`p.phone`],
  status: [sql`p.status`],
  updatedAt: [sql`p.updated_at`],
  createdAt: [sql`p.created_at`],
}

/**
 * The list's WHERE (on `partners as p`) and ORDER BY for `q`'s search, status and sort: the CSV export
 * (exports.ts) selects the very rows the list shows, in its order.
 */
export function partnerListFilter(q: Pick<PartnerListQuery, 'q' | 'status' | 'sort'>) {
  const terms = sortTerms(q.sort, sortKeys, 'name', sql`p.id`)
  const conditions = []
  const text = q.q?.trim() ?? ''
  if (text !== '') {
    // search_name is the name in normalizeForSearch's form; the city and the category labels (the spec: the
    // search "also matches category labels") are compared in the same form, categories through category_ids.
    const like = `%${escapeLike(normalizeForSearch(text))}%`
    conditions.push(
      sql`(p.search_name like ${like} or ${searchKeySql(sql`p.city`)} like ${like} or p.category_ids && array(select c.id from categories c where ${searchKeySql(sql`c.label`)} like ${like}))`,
    )
  }
  if (q.status) conditions.push(sql`p.status = ${q.status}`)
  const matching = conditions.length ? sql<SqlBool>`${sql.join(conditions, sql` and `)}` : sql<SqlBool>`true`
  return { matching, order: orderBySql(terms) }
}

export async function listPartnersPage(db: Db, q: PartnerListQuery): Promise<PartnerPage> {
  const { matching, order } = partnerListFilter(q)
  const { page, pageSize, offset } = paging(q)
  const pageRows = db
    .selectFrom('partners as p')
    .select(rowColumns)
    .select(sql<number>`row_number() over (order by ${order})`.as('rank'))
    .where(matching)
    .orderBy(order)
    .limit(pageSize)
    .offset(offset)
  const [rows, count] = await Promise.all([
    db
      .selectFrom(pageRows.as('pg'))
      .selectAll('pg')
      .select(relationColumns({ offers: 'all', images: 'all' }))
      .orderBy('pg.rank')
      .execute(),
    db
      .selectFrom('partners as p')
      .select(sql<string>`count(*)`.as('n'))
      .where(matching)
      .executeTakeFirstOrThrow(),
  ])
  return { items: rows.map(toPartner), total: Number(count.n), page, pageSize }
}
