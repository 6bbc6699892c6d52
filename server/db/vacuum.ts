import { sql } from 'kysely'
import type { DatabaseHandle, DbLog } from './index.ts'

/** Tables under this many pages are read whole anyway: nothing for a VACUUM to save. */
const MIN_PAGES = 8

/**
 * PGlite runs no autovacuum (one process, no background workers), so a store filled by inserts keeps an empty
 * visibility map: every index-only scan of the search (partners_active_name_cover, the KNN walks) reads the heap
 * page of each candidate as well. Measured on 100,000 partners (issue 16's measurements, in BENCHMARKS.md's git history): the map
 * search for a category touched 6,208 pages before a VACUUM and 461 after, and the 8 bench searches cost half the
 * CPU. This does what autovacuum does on PostgreSQL: VACUUM ANALYZE of each table whose pages are mostly not
 * marked all-visible (its real size against pg_class.relallvisible, so inserts since the last VACUUM count).
 * PGlite has one connection and a VACUUM holds it for seconds on a large table: it runs before the server listens
 * (server/main.ts), not while it serves, so a large partner import on PGlite is vacuumed at the next start.
 * On PostgreSQL it does nothing (autovacuum's job). Answers the tables it vacuumed.
 */
export async function vacuumEmbeddedStore(
  handle: Pick<DatabaseHandle, 'db' | 'kind'>,
  log: Pick<DbLog, 'info'>,
): Promise<string[]> {
  if (handle.kind !== 'pglite') return []
  const started = performance.now()
  const { rows } = await sql<{ name: string }>`
    select c.relname as name
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    cross join lateral (select pg_relation_size(c.oid) / current_setting('block_size')::int as pages) s
    where n.nspname = current_schema() and c.relkind = 'r'
      and s.pages >= ${MIN_PAGES} and c.relallvisible < 0.9 * s.pages
    order by c.relname`.execute(handle.db)
  const tables = rows.map((r) => r.name)
  for (const table of tables) await sql`vacuum (analyze) ${sql.id(table)}`.execute(handle.db)
  if (tables.length > 0)
    log.info(
      { tables, ms: Math.round(performance.now() - started) },
      'base embarquée : VACUUM ANALYZE des tables écrites depuis le dernier (PGlite n’a pas d’autovacuum)',
    )
  return tables
}
