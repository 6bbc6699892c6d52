/**
 * The usage dashboard: coupon uses over the last 30 days, counted in SQL (the same statements on PGlite and
 * PostgreSQL). Days are calendar days of the operators' time zone (APP_TIME_ZONE, Europe/Paris by default),
 * whatever the database's own; a use later reactivated still counts.
 */
import { sql } from 'kysely'
import type { Dashboard } from '@/contract/backoffice.ts'
import type { Db } from '../db/index.ts'

export const DASHBOARD_DAYS = 30
const TOP_PARTNERS = 10

export async function dashboard(db: Db, zone: string, days = DASHBOARD_DAYS): Promise<Dashboard> {
  // The first local day of the period, as an instant: every statement filters offer_uses.used_at on it, so
  // the (user_id, used_at) index and a plain range serve them.
  const since = sql`((now() at time zone ${zone})::date - ${days - 1}::int)::timestamp at time zone ${zone}`

  const perDay = await sql<{ date: string; uses: number }>`
    with span as (
      select generate_series(0, ${days - 1}::int) as n
    ), counted as (
      select (used_at at time zone ${zone})::date as day, count(*)::int as uses
      from offer_uses where used_at >= ${since} group by 1
    )
    select to_char((now() at time zone ${zone})::date - (${days - 1}::int - span.n), 'YYYY-MM-DD') as date,
      coalesce(counted.uses, 0)::int as uses
    from span left join counted on counted.day = (now() at time zone ${zone})::date - (${days - 1}::int - span.n)
    order by span.n`.execute(db)

  const topPartners = await sql<{ partnerId: number; name: string; uses: number }>`
    select p.id as "partnerId", p.name, count(*)::int as uses
    from offer_uses ou join offers o on o.id = ou.offer_id join partners p on p.id = o.partner_id
    where ou.used_at >= ${since}
    group by p.id, p.name order by uses desc, p.name limit ${TOP_PARTNERS}`.execute(db)

  const byCategory = await sql<{ categoryId: number; label: string; uses: number }>`
    select c.id as "categoryId", c.label, count(*)::int as uses
    from offer_uses ou join offers o on o.id = ou.offer_id
      join partner_categories pc on pc.partner_id = o.partner_id join categories c on c.id = pc.category_id
    where ou.used_at >= ${since}
    group by c.id, c.label order by uses desc, c.label`.execute(db)

  const users = await sql<{ active: number; total: number; uses: number }>`
    select (select count(distinct user_id) from offer_uses where used_at >= ${since})::int as active,
      (select count(*) from users)::int as total,
      (select count(*) from offer_uses where used_at >= ${since})::int as uses`.execute(db)
  const totals = users.rows[0]!

  return {
    days,
    totalUses: totals.uses,
    usesPerDay: perDay.rows,
    topPartners: topPartners.rows,
    usesByCategory: byCategory.rows,
    activeUsers: totals.active,
    totalUsers: totals.total,
  }
}
