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
 * Computes, for every table of the current schema (migrations' bookkeeping included), its row count and the
 * md5 of its rows' text in a stable order. Tables are listed once, at creation: a table added later by a
 * migration is picked up by the next run.
 *
 * The fuzz takes a digest before and after every write request (~11,000 a run): hashing every table each time
 * was half the fuzz's time. So each table gets a statement-level trigger that bumps a sequence of its own on
 * any insert, update, delete or truncate, and a table's md5 is recomputed only when its sequence moved since
 * the last digest. Sequences are outside transactions (no lock, no deadlock with the server's own writes;
 * a rolled-back write still bumps them, which only costs a recomputation), so the comparison stays the same:
 * row count and md5 of the content, before and after.
 */
export async function digester(db: Db): Promise<() => Promise<Digest>> {
  const { rows } = await sql<{ table_name: string; schema: string }>`
    select table_name, current_schema() as schema from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'
    order by table_name`.execute(db)
  const tables = rows.map((r) => r.table_name).filter((t) => !EXCLUDED.has(t))
  if (tables.length < 5) throw new Error(`digest: too few tables found (${tables.join(', ')})`)
  const schema = rows[0].schema
  const sequenceOf = (t: string) => `"${schema}"."fuzz_changes_${t}"`
  await sql
    .raw(
      `create or replace function "${schema}".fuzz_bump() returns trigger language plpgsql as ` +
        `$$ begin perform nextval(tg_argv[0]::regclass); return null; end $$`,
    )
    .execute(db)
  for (const t of tables) {
    await sql.raw(`create sequence ${sequenceOf(t)}`).execute(db)
    // is_called turns true at the first nextval: from then on every bump moves last_value.
    await sql.raw(`select nextval('${sequenceOf(t)}')`).execute(db)
    await sql
      .raw(
        `create trigger fuzz_bump after insert or update or delete or truncate on "${schema}"."${t}" ` +
          `for each statement execute function "${schema}".fuzz_bump('${sequenceOf(t)}')`,
      )
      .execute(db)
  }
  const counters = sql.raw<{ t: string; n: string }>(
    tables.map((t) => `select '${t}' as t, last_value::text as n from ${sequenceOf(t)}`).join(' union all '),
  )
  const md5Of = (names: string[]) =>
    sql.raw<{ t: string; d: string }>(
      names
        .map((t) => {
          const source = PROJECTIONS[t] ? `(${PROJECTIONS[t]})` : `"${t}"`
          return `select '${t}' as t, count(*)::text || ':' || coalesce(md5(string_agg(x::text, ',' order by x::text)), '-') as d from ${source} x`
        })
        .join(' union all '),
    )
  const known = new Map<string, { n: string; d: string }>()
  return async () => {
    const now = (await counters.execute(db)).rows
    const stale = now.filter((r) => known.get(r.t)?.n !== r.n).map((r) => r.t)
    if (stale.length > 0) {
      const fresh = (await md5Of(stale).execute(db)).rows
      const counted = new Map(now.map((r) => [r.t, r.n]))
      for (const r of fresh) known.set(r.t, { n: counted.get(r.t)!, d: r.d })
    }
    return Object.fromEntries(tables.map((t) => [t, known.get(t)!.d]))
  }
}

/** Names of the tables whose digest differs. */
export function changedTables(before: Digest, after: Digest): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)])
  return [...names].filter((t) => before[t] !== after[t]).sort()
}
