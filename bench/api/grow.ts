import { sql } from 'kysely'
import type { Db } from '@/server/db/index.ts'
import { normalizeForSearch } from '@/server/validation.ts'
import { categoryLabels, cities, partnerNameSuffixes } from './seed.ts'

export interface GrowStats {
  partners: number
  offers: number
  ms: number
}

/**
 * Grows the directory to `to` partners in one statement run by the database (generate_series), for the growth
 * measurement up to 1,000,000 partners: the same shape as seedPartners (weighted cities, 15 % rural, 90 %
 * active, 1-2 categories, 0-3 offers) without a round trip per 1,000 rows. Random draws are hashes of the
 * partner's number (hashint4), so a size always holds the same partners whatever the steps taken to reach it.
 * Links go through partner_categories, so its triggers (migration 0004) run as for any write.
 */
export async function growPartners(db: Db, to: number): Promise<GrowStats> {
  const started = performance.now()
  const from = Number(
    (await sql<{ n: number }>`select count(*)::int as n from partners`.execute(db)).rows[0].n,
  )
  if (to <= from) return { partners: from, offers: 0, ms: 0 }
  const categoryIds: number[] = []
  for (const [label, icon] of categoryLabels) {
    const { rows } = await sql<{ id: number }>`
      insert into categories (label, icon) values (${label}, ${icon})
      on conflict (lower(label)) do update set label = categories.label returning id`.execute(db)
    categoryIds.push(rows[0].id)
  }
  // Kinds of business flattened, with where each category's kinds start and how many it has (1-based).
  const kinds = categoryLabels.flatMap(([, , k]) => [...k])
  const kindStart: number[] = []
  const kindCount: number[] = []
  for (const [, , k] of categoryLabels) {
    kindStart.push(
      kindStart.length === 0 ? 1 : kindStart[kindStart.length - 1] + kindCount[kindCount.length - 1],
    )
    kindCount.push(k.length)
  }
  const totalWeight = cities.reduce((s, c) => s + c.weight, 0)
  let cumulative = 0
  const cityUpTo = cities.map((c) => (cumulative += c.weight / totalWeight))
  cityUpTo[cityUpTo.length - 1] = 1
  // Draw k of partner number `of`, uniform in [0, 1): the same partner always gets the same draws.
  const draw = (of: string, k: number) =>
    sql.raw(`((hashint4(${of} * 32 + ${k})::float8 + 2147483648) / 4294967296)`)
  const r = (k: number) => draw('g.i', k)
  const ro = (k: number) => draw('-x.id', k)
  const n = categoryLabels.length
  const suffixes = partnerNameSuffixes.length
  const { rows } = await sql<{ partners: number; offers: number }>`
    with drawn as (
      select g.i,
             floor(${r(1)} * ${n})::int + 1 as cat,
             ${r(2)} as kind_draw,
             ${r(3)} < 0.15 as rural,
             (select min(ord) from unnest(${cityUpTo}::float8[]) with ordinality u(up, ord) where ${r(4)} < up)
               as city,
             1 + floor(${r(5)} * ${suffixes})::int as suffix,
             ${r(6)} as d6, ${r(7)} as d7, ${r(8)} as d8, ${r(9)} as d9, ${r(10)} as d10,
             ${r(11)} as d11, ${r(12)} as d12, ${r(13)} < 0.3 as two_categories, ${r(14)} as d14
      from generate_series(${from + 1}::int, ${to}::int) g(i)
    ), shaped as (
      select d.*,
             (${kindStart}::int[])[d.cat] + floor(d.kind_draw * (${kindCount}::int[])[d.cat])::int as kind,
             case when d.two_categories
                  then array[d.cat, (d.cat + floor(d.d14 * ${n - 1})::int) % ${n} + 1]
                  else array[d.cat] end as cats
      from drawn d
    ), inserted as (
      -- category_ids written here as the links below make them: the triggers then find nothing to rewrite.
      insert into partners (name, search_name, description, siren, address, city, lat, lng, email, phone,
                            representative_first_name, representative_last_name, status, rating,
                            user_ratings_total, category_ids)
      select (${kinds}::text[])[s.kind] || ' ' || (${partnerNameSuffixes}::text[])[s.suffix] || ' ' || s.i,
             (${kinds.map(normalizeForSearch)}::text[])[s.kind] || ' '
               || (${partnerNameSuffixes.map(normalizeForSearch)}::text[])[s.suffix] || ' ' || s.i,
             (${kinds}::text[])[s.kind] || ' à ' || (${cities.map((c) => c.name)}::text[])[s.city]
               || '. Accueil chaleureux, produits locaux et offres réservées aux adhérents.',
             (100000000 + s.i)::text,
             (1 + floor(s.d6 * 120))::int || ' rue de la République',
             case when s.rural then 'Commune ' || floor(s.d6 * 2000)::int
                  else (${cities.map((c) => c.name)}::text[])[s.city] end,
             case when s.rural then 42.5 + s.d7 * 8.5
                  else (${cities.map((c) => c.lat)}::float8[])[s.city] + (s.d7 - 0.5) * 0.35 end,
             case when s.rural then -4.5 + s.d8 * 12.5
                  else (${cities.map((c) => c.lng)}::float8[])[s.city] + (s.d8 - 0.5) * 0.5 end,
             'contact' || s.i || '@partenaire.exemple.fr',
             '01 ' || (10 + s.i % 90) || ' ' || (10 + (s.i / 8) % 90) || ' ' || (10 + (s.i / 64) % 90) || ' 10',
             case when s.d9 < 0.5 then 'Camille' end,
             case when s.d9 < 0.5 then 'Martin' end,
             case when s.d10 < 0.9 then 'ACTIF' when s.d10 < 0.95 then 'PROSPECT' else 'DESACTIVE' end,
             case when s.d11 < 0.7 then round((2.5 + s.d12 * 2.5)::numeric, 1)::float8 end,
             case when s.d11 < 0.7 then floor(s.d12 * 900)::int end,
             array(select (${categoryIds}::int[])[c] from unnest(s.cats) with ordinality u(c, o) order by o)
      from shaped s
      returning id, category_ids
    ), links as (
      insert into partner_categories (partner_id, category_id, position)
      select x.id, u.category_id, u.ord - 1
      from inserted x, unnest(x.category_ids) with ordinality u(category_id, ord)
      returning 1
    ), offered as (
      insert into offers (partner_id, libelle, status, expiration_date)
      select x.id,
             '-' || 5 * (1 + (floor(${ro(1)} * 6)::int + j) % 6) || ' % sur '
               || (array['la carte', 'le menu du midi', 'tout le magasin', 'la première visite'])[1 + (j - 1) % 4],
             case when ${ro(2)} < 0.85 then 'ENABLED' else 'DISABLED' end,
             case when ${ro(3)} < 0.5 then null else current_date + floor(${ro(4)} * 400 - 60)::int + j end
      from inserted x, generate_series(1, floor(${ro(5)} * 4)::int) j
      returning 1
    )
    select (select count(*)::int from inserted) as partners, (select count(*)::int from offered) as offers,
           (select count(*)::int from links) as links
  `.execute(db)
  await sql`analyze`.execute(db)
  return { partners: to, offers: rows[0].offers, ms: Math.round(performance.now() - started) }
}
