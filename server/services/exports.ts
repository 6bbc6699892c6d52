/**
 * The back-office CSV exports: partners, users and every coupon use. The partner and user files hold what
 * their list shows for the same search, filters and sort (the list's own WHERE and ORDER BY); every export is
 * recorded in the Journal, with its filters and its number of lines, before its first line is sent. Rows are
 * read in batches of 500, so a large export streams without holding the table in memory (the partner and
 * user exports hold only the matching ids, in the list's order). `ids` narrows either to a selection of the
 * list (« Exporter la sélection »).
 */
import { sql } from 'kysely'
import { MAX_ID } from '@/contract/api.ts'
import { EXPORT_IDS_MAX } from '@/contract/backoffice.ts'
import type { PartnerListQuery, UserListQuery } from '@/contract/schemas.ts'
import type { Db } from '../db/index.ts'
import { badRequest } from '../errors.ts'
import { auditedExport, type Actor } from './audit.ts'
import { frenchCsv, inBatches, isoDay, type CsvColumn } from './frenchCsv.ts'
import { partnerListFilter } from './partnerList.ts'
import { partnerFieldColumns } from './partnerRows.ts'
import { statusOptions } from './partners.ts'
import { userListFilter } from './users.ts'

const BATCH = 500

/** Who asks for an export, and in which time zone its dates are written. */
export interface ExportRequest {
  db: Db
  actor: Actor
  timeZone: string
}

export type PartnerExportQuery = Pick<PartnerListQuery, 'q' | 'status' | 'sort'> & { ids?: string }
export type UserExportQuery = Pick<UserListQuery, 'q' | 'status' | 'role' | 'sort'> & { ids?: string }

const number = new Intl.NumberFormat('fr-FR')

/** `ids` (« 12,40,41 »), distinct, or a French 400; undefined when not given. */
export function selectedIds(text: string | undefined): number[] | undefined {
  if (text === undefined) return undefined
  const ids = text.split(',').map((part) => part.trim())
  if (!ids.every((id) => /^\d{1,10}$/.test(id) && Number(id) >= 1 && Number(id) <= MAX_ID))
    throw badRequest(
      'Le paramètre « ids » doit être une liste d’identifiants (entiers positifs) séparés par des virgules, par exemple 12,40,41.',
      'ids',
    )
  const distinct = [...new Set(ids.map(Number))]
  if (distinct.length > EXPORT_IDS_MAX)
    throw badRequest(
      `Au plus ${number.format(EXPORT_IDS_MAX)} identifiants par export (« ids » en donne ${number.format(distinct.length)}) : exportez plutôt la liste filtrée.`,
      'ids',
    )
  return distinct
}

/** The separator between a partner's category labels in one cell (labels may hold commas, never a bar). */
export const CATEGORY_SEPARATOR = ' | '

const statusLabel = (code: string) => statusOptions.find((option) => option.code === code)?.label ?? code

/** `ids`' rows, `load`ed 500 at a time, in the order of `ids` (the list's order, which a keyset cannot follow). */
async function* inIdOrder<Row extends { id: number }>(
  ids: number[],
  load: (batch: number[]) => Promise<Row[]>,
): AsyncIterable<Row> {
  for (let start = 0; start < ids.length; start += BATCH) {
    const batch = ids.slice(start, start + BATCH)
    const byId = new Map((await load(batch)).map((row) => [row.id, row]))
    // A row deleted since the ids were read is left out.
    for (const id of batch) {
      const row = byId.get(id)
      if (row) yield row
    }
  }
}

function partnerRows(db: Db, ids: number[]) {
  return db
    .selectFrom('partners as p')
    .select([
      ...partnerFieldColumns,
      'p.created_at',
      'p.updated_at',
      'p.version',
      sql<string | null>`(select string_agg(c.label, ${CATEGORY_SEPARATOR} order by pc.position)
        from partner_categories pc join categories c on c.id = pc.category_id where pc.partner_id = p.id)`.as(
        'categories',
      ),
    ])
    .where('p.id', 'in', ids)
    .execute()
}
type PartnerLine = Awaited<ReturnType<typeof partnerRows>>[number]

/** The import (partnerImport.ts) reads these same headers back. */
const partnerColumns: CsvColumn<PartnerLine>[] = [
  { header: 'Id', value: (p) => p.id },
  { header: 'Dénomination', value: (p) => p.name },
  { header: 'Description', value: (p) => p.description },
  { header: 'SIREN', value: (p) => p.siren },
  { header: 'Adresse', value: (p) => p.address },
  { header: 'Ville', value: (p) => p.city },
  { header: 'Latitude', value: (p) => p.lat },
  { header: 'Longitude', value: (p) => p.lng },
  { header: 'Email', value: (p) => p.email },
  { header: 'Téléphone', value: (p) => p.phone },
  { header: 'Prénom gérant', value: (p) => p.representative_first_name },
  { header: 'Nom gérant', value: (p) => p.representative_last_name },
  { header: 'Catégories', value: (p) => p.categories },
  { header: 'Statut', value: (p) => statusLabel(p.status) },
  { header: 'Créé le', value: (p) => p.created_at, format: 'date' },
  { header: 'Modifié le', value: (p) => p.updated_at, format: 'date' },
  // The import compares it with the partner's version: a file edited from an older export cannot overwrite a
  // later change unseen.
  { header: 'Version', value: (p) => p.version },
]

/** GET /api/exports/partners.csv: the partners the list shows for `q`, in its order. */
export async function partnersCsv({ db, actor, timeZone }: ExportRequest, q: PartnerExportQuery) {
  const selected = selectedIds(q.ids)
  const { matching, order } = partnerListFilter(q)
  const ids = (
    await db
      .selectFrom('partners as p')
      .select('p.id')
      .where(matching)
      .$if(selected !== undefined, (query) => query.where('p.id', 'in', selected!))
      .orderBy(order)
      .execute()
  ).map((row) => row.id)
  await auditedExport(db, actor, {
    label: 'Partenaires',
    filters: { q: q.q?.trim(), status: q.status, sort: q.sort, ids: selected },
    rows: ids.length,
  })
  return frenchCsv(
    partnerColumns,
    inIdOrder(ids, (batch) => partnerRows(db, batch)),
    { timeZone },
  )
}

function userRows(db: Db, ids: number[]) {
  return db
    .selectFrom('users as u')
    .select([
      'u.id',
      'u.firstname',
      'u.lastname',
      'u.email',
      'u.status',
      'u.is_admin',
      'u.created_at',
      sql<number>`(select count(*) from offer_uses ou where ou.user_id = u.id)::int`.as('uses'),
    ])
    .where('u.id', 'in', ids)
    .execute()
}
type UserLine = Awaited<ReturnType<typeof userRows>>[number]

const userColumns: CsvColumn<UserLine>[] = [
  { header: 'Id', value: (u) => u.id },
  { header: 'Prénom', value: (u) => u.firstname },
  { header: 'Nom', value: (u) => u.lastname },
  { header: 'Email', value: (u) => u.email },
  { header: 'Statut', value: (u) => statusLabel(u.status) },
  { header: 'Rôle', value: (u) => (u.is_admin ? 'Administrateur' : 'Utilisateur') },
  { header: 'Inscrit le', value: (u) => u.created_at, format: 'date' },
  { header: 'Coupons utilisés', value: (u) => u.uses },
]

/** GET /api/exports/users.csv: the users the list shows for `q`, in its order (their e-mail addresses too). */
export async function usersCsv({ db, actor, timeZone }: ExportRequest, q: UserExportQuery) {
  const selected = selectedIds(q.ids)
  const { matching, order } = userListFilter(q)
  const ids = (
    await db
      .selectFrom('users')
      .select('id')
      .where(matching)
      .$if(selected !== undefined, (query) => query.where('id', 'in', selected!))
      .orderBy(order)
      .execute()
  ).map((row) => row.id)
  await auditedExport(db, actor, {
    label: 'Utilisateurs',
    filters: { q: q.q?.trim(), status: q.status, role: q.role, sort: q.sort, ids: selected },
    rows: ids.length,
  })
  return frenchCsv(
    userColumns,
    inIdOrder(ids, (batch) => userRows(db, batch)),
    { timeZone },
  )
}

function usePage(db: Db, last: string, after: string | undefined) {
  return db
    .selectFrom('offer_uses as ou')
    .innerJoin('users as u', 'u.id', 'ou.user_id')
    .innerJoin('offers as o', 'o.id', 'ou.offer_id')
    .innerJoin('partners as p', 'p.id', 'o.partner_id')
    .select([
      // bigserial: text on both drivers, compared as a number below.
      sql<string>`ou.id::text`.as('id'),
      'ou.used_at',
      'ou.reactivated_at',
      'u.id as user_id',
      'u.firstname',
      'u.lastname',
      'u.email',
      'p.id as partner_id',
      'p.name as partner_name',
      'o.id as offer_id',
      'o.libelle',
    ])
    .where('ou.id', '<=', sql<string>`${last}::bigint`)
    .$if(after !== undefined, (q) => q.where('ou.id', '>', sql<string>`${after!}::bigint`))
    .orderBy('ou.id')
    .limit(BATCH)
    .execute()
}
type UseLine = Awaited<ReturnType<typeof usePage>>[number]

const useColumns: CsvColumn<UseLine>[] = [
  { header: 'Utilisé le', value: (u) => u.used_at, format: 'dateTime' },
  { header: 'Utilisateur', value: (u) => `${u.firstname} ${u.lastname}` },
  { header: 'Email', value: (u) => u.email },
  { header: 'Partenaire', value: (u) => u.partner_name },
  { header: 'Id partenaire', value: (u) => u.partner_id },
  { header: 'Coupon', value: (u) => u.libelle },
  { header: 'Id coupon', value: (u) => u.offer_id },
  { header: 'Réactivé', value: (u) => u.reactivated_at !== null },
  { header: 'Réactivé le', value: (u) => u.reactivated_at, format: 'dateTime' },
]

/** GET /api/exports/coupon-uses.csv: every use made until the request, oldest first. */
export async function couponUsesCsv({ db, actor, timeZone }: ExportRequest) {
  // The uses there are now: the file holds as many lines as the Journal says, however many follow meanwhile.
  const { n, last } = await db
    .selectFrom('offer_uses as ou')
    .innerJoin('users as u', 'u.id', 'ou.user_id')
    .innerJoin('offers as o', 'o.id', 'ou.offer_id')
    .innerJoin('partners as p', 'p.id', 'o.partner_id')
    .select([sql<string>`count(*)`.as('n'), sql<string | null>`max(ou.id)::text`.as('last')])
    .executeTakeFirstOrThrow()
  await auditedExport(db, actor, { label: 'Utilisations de coupons', filters: {}, rows: Number(n) })
  return frenchCsv(
    useColumns,
    inBatches(
      async (after: string | undefined) => (last === null ? [] : usePage(db, last, after)),
      (row) => row.id,
    ),
    { timeZone },
  )
}

/** The download's name: `<what>-AAAA-MM-JJ.csv`, today in the operators' time zone. */
export const csvFileName = (what: string, timeZone: string) => `${what}-${isoDay(timeZone)}.csv`
