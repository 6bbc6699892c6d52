import { sql } from 'kysely'
import type { Db } from '@/server/db/index.ts'

/**
 * Tables a rejected request may legitimately change, left out of the digest:
 * - rate_limits: every request to a rate-limited route counts, accepted or not (that is what a limit is),
 *   and a failed sign-in (401) records its failure there for the lockout.
 */
const EXCLUDED = new Set(['rate_limits'])

/**
 * Columns the outbox worker updates in the background while it delivers (attempts, lease, sent time, last
 * error): a mail queued by an earlier accepted request may be sent during a later rejected one. The mail
 * itself (who, what, when queued) stays in the digest.
 */
const PROJECTIONS: Record<string, string> = {
  mail_outbox: 'select id, recipient, subject, text_body, html_body, created_at from mail_outbox',
}

export type Digest = Record<string, string>

/**
 * One query computing, for every table of the current schema (migrations' bookkeeping included), its row count
 * and the md5 of its rows' text in a stable order. Tables are listed once, at creation: a table added later by
 * a migration is picked up by the next run.
 */
export async function digester(db: Db): Promise<() => Promise<Digest>> {
  const { rows } = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'
    order by table_name`.execute(db)
  const tables = rows.map((r) => r.table_name).filter((t) => !EXCLUDED.has(t))
  if (tables.length < 5) throw new Error(`digest: too few tables found (${tables.join(', ')})`)
  const selects = tables.map((t) => {
    const source = PROJECTIONS[t] ? `(${PROJECTIONS[t]})` : `"${t}"`
    return `select '${t}' as t, count(*)::text || ':' || coalesce(md5(string_agg(x::text, ',' order by x::text)), '-') as d from ${source} x`
  })
  const query = sql.raw<{ t: string; d: string }>(selects.join(' union all '))
  return async () => {
    const result = await query.execute(db)
    return Object.fromEntries(result.rows.map((r) => [r.t, r.d]))
  }
}

/** Names of the tables whose digest differs. */
export function changedTables(before: Digest, after: Digest): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)])
  return [...names].filter((t) => before[t] !== after[t]).sort()
}
