/**
 * The audit log: every administrator write is recorded by its service in the write's own transaction
 * (`audited(trx, …)`), so a write without its entry, or an entry without its write, cannot exist. The table is
 * append-only (migration 0007's trigger refuses UPDATE, DELETE and TRUNCATE); the API only reads it. Each entry
 * keeps the id of the request that made it (server/requestId.ts), for the operators.
 */
import { sql, type Selectable, type Transaction } from 'kysely'
import { auditActions, auditActionTargets, targetText, type AuditAction } from '@/contract/audit.ts'
import type { AuditActor, AuditEntry, AuditPage, AuditQuery } from '@/contract/schemas.ts'
import type { CurrentUser } from '../context.ts'
import { currentRequestId } from '../requestId.ts'
import type { Db } from '../db/index.ts'
import type { AuditLogTable, Database } from '../db/types.ts'
import { badRequest } from '../errors.ts'
import { frenchCsv, inBatches, type CsvColumn } from './frenchCsv.ts'
import { paging } from './listQuery.ts'

/** The target's kind follows from the action (`auditActionTargets`). */
export interface AuditRecord {
  action: AuditAction
  targetId: number | string | null
  targetLabel?: string | null
  motif?: string | null
  before?: unknown
  after?: unknown
}

/** The administrator who acts; only the id and e-mail come with the token, the name is read in the same insert. */
export type Actor = Pick<CurrentUser, 'id' | 'email'>

/** A snapshot: the entry keeps the name the administrator had, even once renamed or deleted. */
const actorName = (actor: Actor) =>
  sql<string>`coalesce((select trim(firstname || ' ' || lastname) from users where id = ${actor.id}), '')`

/** Records one administrator write; call it with the transaction of the write itself. */
export async function audited(trx: Transaction<Database>, actor: Actor, record: AuditRecord): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({
      actor_id: actor.id,
      actor_name: actorName(actor),
      actor_email: actor.email,
      action: record.action,
      target_type: auditActionTargets[record.action],
      target_id: record.targetId === null ? null : String(record.targetId),
      target_label: record.targetLabel ?? null,
      motif: record.motif ?? null,
      before: json(record.before),
      after: json(record.after),
      request_id: currentRequestId(),
    })
    .execute()
}

/**
 * Records writes made together (an import's 10,000 partners) in their transaction, as audited() would one by
 * one: each batch is one JSON parameter, which binds several times faster than ten parameters a row.
 */
export async function auditedMany(
  trx: Transaction<Database>,
  actor: Actor,
  records: AuditRecord[],
): Promise<void> {
  for (let start = 0; start < records.length; start += 1000) {
    const batch = records.slice(start, start + 1000).map((record) => ({
      action: record.action,
      targetType: auditActionTargets[record.action],
      targetId: record.targetId === null ? null : String(record.targetId),
      targetLabel: record.targetLabel ?? null,
      motif: record.motif ?? null,
      // Left out rather than JSON null, so the column is SQL NULL as audited() writes it.
      before: record.before ?? undefined,
      after: record.after ?? undefined,
    }))
    await sql`
      insert into audit_log (actor_id, actor_name, actor_email, action, target_type, target_id, target_label,
                             motif, before, after, request_id)
      select ${actor.id}::int, ${actorName(actor)}, ${actor.email}, e->>'action', e->>'targetType',
             e->>'targetId', e->>'targetLabel', e->>'motif', e->'before', e->'after', ${currentRequestId()}::text
      from jsonb_array_elements(${JSON.stringify(batch)}::jsonb) with ordinality as r(e, n)
      order by n`.execute(trx)
  }
}

/**
 * An export of personal or business data, recorded on its own before its first line leaves: which export, its
 * filters (those given) and its number of lines.
 */
export async function auditedExport(
  db: Db,
  actor: Actor,
  what: { label: string; filters: Record<string, unknown>; rows: number },
): Promise<void> {
  const filters = Object.fromEntries(
    Object.entries(what.filters).filter(([, value]) => value !== undefined && value !== ''),
  )
  await db.transaction().execute((trx) =>
    audited(trx, actor, {
      action: 'data.export',
      targetId: null,
      targetLabel: `${what.label}, ${what.rows.toLocaleString('fr-FR')} ligne${what.rows > 1 ? 's' : ''}`,
      after: { export: what.label, filters, rows: what.rows },
    }),
  )
}

function json(value: unknown) {
  return value === undefined || value === null ? null : sql`${JSON.stringify(value)}::jsonb`
}

function isoDate(value: string | undefined, field: 'from' | 'to'): string | undefined {
  if (value === undefined || value === '') return undefined
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null
  if (!match || !date || date.toISOString().slice(0, 10) !== value)
    throw badRequest(`Le paramètre « ${field} » doit être une date réelle au format AAAA-MM-JJ.`, field)
  return value
}

function filtered(db: Db, q: AuditQuery, timeZone: string) {
  const from = isoDate(q.from, 'from')
  const to = isoDate(q.to, 'to')
  if (from && to && from > to) throw badRequest('La date de début doit précéder la date de fin.', 'from')
  let query = db.selectFrom('audit_log as a')
  if (q.actorId !== undefined) query = query.where('a.actor_id', '=', q.actorId)
  if (q.action !== undefined) query = query.where('a.action', '=', q.action)
  // An identifier alone could name a partner as well as a user: it only means something with its type.
  if (q.targetId !== undefined && q.targetType === undefined)
    throw badRequest('Le paramètre « targetId » demande aussi « targetType ».', 'targetType')
  if (q.targetType !== undefined) query = query.where('a.target_type', '=', q.targetType)
  if (q.targetId !== undefined) query = query.where('a.target_id', '=', q.targetId)
  // Whole days of the operators' time zone (APP_TIME_ZONE), both ends included, whatever the database's own.
  if (from)
    query = query.where('a.created_at', '>=', sql<Date>`${from}::date::timestamp at time zone ${timeZone}`)
  if (to)
    query = query.where('a.created_at', '<', sql<Date>`(${to}::date + 1)::timestamp at time zone ${timeZone}`)
  return query
}

const entryColumns = [
  'a.id',
  'a.created_at',
  'a.actor_id',
  'a.actor_name',
  'a.actor_email',
  'a.action',
  'a.target_type',
  'a.target_id',
  'a.target_label',
  'a.motif',
  'a.before',
  'a.after',
] as const

// The request id stays in the table for operators (server/requestId.ts); the Journal's API does not show it.
type EntryRow = Omit<Selectable<AuditLogTable>, 'request_id'>

function toEntry(row: EntryRow): AuditEntry {
  return {
    id: String(row.id),
    at: new Date(row.created_at).toISOString(),
    actor: { id: row.actor_id, name: row.actor_name, email: row.actor_email },
    action: row.action as AuditEntry['action'],
    targetType: row.target_type,
    targetId: row.target_id,
    targetLabel: row.target_label,
    motif: row.motif,
    before: row.before ?? null,
    after: row.after ?? null,
  }
}

/** GET /api/audit: newest first (id breaks ties), filtered, one page and the total. */
export async function listAudit(db: Db, q: AuditQuery, timeZone: string): Promise<AuditPage> {
  const { page, pageSize, offset } = paging(q)
  const base = filtered(db, q, timeZone)
  const [rows, count] = await Promise.all([
    base
      .select(entryColumns)
      .orderBy('a.created_at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(pageSize)
      .offset(offset)
      .execute(),
    base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ])
  return { items: rows.map(toEntry), total: Number(count.n), page, pageSize }
}

/** The administrators to filter by: today's, and any other who appears in the log (their latest snapshot). */
export async function listAuditActors(db: Db): Promise<AuditActor[]> {
  const admins = await db
    .selectFrom('users')
    .select(['id', sql<string>`trim(firstname || ' ' || lastname)`.as('name'), 'email'])
    .where('is_admin', '=', true)
    .execute()
  const past = await db
    .selectFrom('audit_log')
    .select(['actor_id', 'actor_name', 'actor_email'])
    .distinctOn('actor_id')
    .where('actor_id', 'is not', null)
    .orderBy('actor_id')
    .orderBy('created_at', 'desc')
    .execute()
  const byId = new Map<number, AuditActor>(admins.map((a) => [a.id, a]))
  for (const p of past)
    if (p.actor_id !== null && !byId.has(p.actor_id))
      byId.set(p.actor_id, { id: p.actor_id, name: p.actor_name, email: p.actor_email })
  const collator = new Intl.Collator('fr', { sensitivity: 'base' })
  return [...byId.values()].sort(
    (a, b) => collator.compare(a.name || a.email, b.name || b.email) || a.id - b.id,
  )
}

const csvColumns: CsvColumn<AuditEntry>[] = [
  { header: 'Date', value: (e) => e.at, format: 'dateTime' },
  { header: 'Administrateur', value: (e) => e.actor.name },
  { header: 'E-mail', value: (e) => e.actor.email },
  { header: 'Action', value: (e) => auditActions[e.action] ?? e.action },
  { header: 'Cible', value: (e) => targetText(e) },
  { header: 'Motif', value: (e) => e.motif },
  { header: 'Avant', value: (e) => (e.before === null ? '' : JSON.stringify(e.before)) },
  { header: 'Après', value: (e) => (e.after === null ? '' : JSON.stringify(e.after)) },
]

/**
 * GET /api/audit/export.csv: every filtered entry, read 500 at a time by id (newest first; ids follow the
 * order of the writes, and a keyset on them is exact where a millisecond timestamp is not). The export is
 * recorded first, as any other (it carries administrators' e-mail addresses); the file holds the entries
 * that were there when it was asked for, so its size is the one recorded.
 */
export async function exportAudit(db: Db, actor: Actor, q: AuditQuery, timeZone: string) {
  // A bad filter is a 400 here, before anything is recorded or sent.
  const { n, last } = await filtered(db, q, timeZone)
    .select([sql<string>`count(*)`.as('n'), sql<string | null>`max(a.id)::text`.as('last')])
    .executeTakeFirstOrThrow()
  const { actorId, action, from, to, targetType, targetId } = q
  await auditedExport(db, actor, {
    label: 'Journal',
    filters: { actorId, action, from, to, targetType, targetId },
    rows: Number(n),
  })
  const rows = inBatches<AuditEntry, string>(
    async (after) =>
      last === null
        ? []
        : (
            await filtered(db, q, timeZone)
              .select(entryColumns)
              .where('a.id', '<=', last)
              .$if(after !== undefined, (query) => query.where('a.id', '<', after!))
              .orderBy('a.id', 'desc')
              .limit(500)
              .execute()
          ).map(toEntry),
    (e) => e.id,
  )
  return frenchCsv(csvColumns, rows, { timeZone })
}
