/**
 * The back-office CSV exports: partners, users and every coupon use. Each reads its table in keyset batches
 * (`inBatches`, by id), so an export of a large table streams without holding it in memory.
 */
import { sql } from 'kysely'
import type { Db } from '../db/index.ts'
import { csvDate, csvDateTime, frenchCsv, inBatches, type CsvColumn } from './frenchCsv.ts'
import { partnerFieldColumns } from './partnerRows.ts'
import { statusOptions } from './partners.ts'

const BATCH = 500

/** The separator between a partner's category labels in one cell (labels may hold commas, never a bar). */
export const CATEGORY_SEPARATOR = ' | '

const statusLabel = (code: string) => statusOptions.find((option) => option.code === code)?.label ?? code

/** Decimal comma, as French spreadsheets read numbers. */
const frenchNumber = (value: number | null) => (value === null ? '' : String(value).replace('.', ','))

function partnerPage(db: Db, after: number | undefined) {
  return db
    .selectFrom('partners as p')
    .select([
      ...partnerFieldColumns,
      'p.created_at',
      'p.updated_at',
      sql<string | null>`(select string_agg(c.label, ${CATEGORY_SEPARATOR} order by pc.position)
        from partner_categories pc join categories c on c.id = pc.category_id where pc.partner_id = p.id)`.as(
        'categories',
      ),
    ])
    .$if(after !== undefined, (q) => q.where('p.id', '>', after!))
    .orderBy('p.id')
    .limit(BATCH)
    .execute()
}
type PartnerLine = Awaited<ReturnType<typeof partnerPage>>[number]

/** The import (partnerImport.ts) reads these same headers back. */
const partnerColumns: CsvColumn<PartnerLine>[] = [
  { header: 'Id', value: (p) => p.id },
  { header: 'Dénomination', value: (p) => p.name },
  { header: 'Description', value: (p) => p.description },
  { header: 'SIREN', value: (p) => p.siren },
  { header: 'Adresse', value: (p) => p.address },
  { header: 'Ville', value: (p) => p.city },
  { header: 'Latitude', value: (p) => frenchNumber(p.lat) },
  { header: 'Longitude', value: (p) => frenchNumber(p.lng) },
  { header: 'Email', value: (p) => p.email },
  { header: 'Téléphone', value: (p) => p.phone },
  { header: 'Prénom gérant', value: (p) => p.representative_first_name },
  { header: 'Nom gérant', value: (p) => p.representative_last_name },
  { header: 'Catégories', value: (p) => p.categories },
  { header: 'Statut', value: (p) => statusLabel(p.status) },
  { header: 'Créé le', value: (p) => csvDate(p.created_at) },
  { header: 'Modifié le', value: (p) => csvDate(p.updated_at) },
]

export function partnersCsv(db: Db) {
  return frenchCsv(
    partnerColumns,
    inBatches(
      (after: number | undefined) => partnerPage(db, after),
      (row) => row.id,
    ),
  )
}

function userPage(db: Db, after: number | undefined) {
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
    .$if(after !== undefined, (q) => q.where('u.id', '>', after!))
    .orderBy('u.id')
    .limit(BATCH)
    .execute()
}
type UserLine = Awaited<ReturnType<typeof userPage>>[number]

const userColumns: CsvColumn<UserLine>[] = [
  { header: 'Id', value: (u) => u.id },
  { header: 'Prénom', value: (u) => u.firstname },
  { header: 'Nom', value: (u) => u.lastname },
  { header: 'Email', value: (u) => u.email },
  { header: 'Statut', value: (u) => statusLabel(u.status) },
  { header: 'Rôle', value: (u) => (u.is_admin ? 'Administrateur' : 'Utilisateur') },
  { header: 'Inscrit le', value: (u) => csvDate(u.created_at) },
  { header: 'Coupons utilisés', value: (u) => u.uses },
]

export function usersCsv(db: Db) {
  return frenchCsv(
    userColumns,
    inBatches(
      (after: number | undefined) => userPage(db, after),
      (row) => row.id,
    ),
  )
}

function usePage(db: Db, after: string | undefined) {
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
    .$if(after !== undefined, (q) => q.where('ou.id', '>', sql<string>`${after!}::bigint`))
    .orderBy('ou.id')
    .limit(BATCH)
    .execute()
}
type UseLine = Awaited<ReturnType<typeof usePage>>[number]

const useColumns: CsvColumn<UseLine>[] = [
  { header: 'Utilisé le', value: (u) => csvDateTime(u.used_at) },
  { header: 'Utilisateur', value: (u) => `${u.firstname} ${u.lastname}` },
  { header: 'Email', value: (u) => u.email },
  { header: 'Partenaire', value: (u) => u.partner_name },
  { header: 'Id partenaire', value: (u) => u.partner_id },
  { header: 'Coupon', value: (u) => u.libelle },
  { header: 'Id coupon', value: (u) => u.offer_id },
  { header: 'Réactivé', value: (u) => u.reactivated_at !== null },
  { header: 'Réactivé le', value: (u) => csvDateTime(u.reactivated_at) },
]

export function couponUsesCsv(db: Db) {
  return frenchCsv(
    useColumns,
    inBatches(
      (after: string | undefined) => usePage(db, after),
      (row) => row.id,
    ),
  )
}

/** The download's name: `<what>-AAAA-MM-JJ.csv`. */
export const csvFileName = (what: string, now = new Date()) => `${what}-${now.toISOString().slice(0, 10)}.csv`
