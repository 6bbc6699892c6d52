import type { PartnerSearchResult } from '@/contract/schemas.ts'
import { notFound } from '../errors.ts'
import type { Executor } from './partnerRows.ts'
import { relationColumns, rowColumns, toResult } from './search.ts'

const UNKNOWN_PARTNER = 'Partenaire introuvable : il ne peut pas être ajouté aux favoris.'

/**
 * The user's favourite partners, most recently added first, as Find's rows are (usable offers, the ones this
 * user used DISABLED). Only active partners: a deactivated one drops out, and comes back if reactivated.
 * distanceToUser is null: the app knows the user's position and computes it.
 */
export async function listFavorites(db: Executor, userId: number): Promise<PartnerSearchResult[]> {
  const page = db
    .selectFrom('favorites as f')
    .innerJoin('partners as p', 'p.id', 'f.partner_id')
    .select(rowColumns)
    .select('f.created_at as favorite_since')
    .where('f.user_id', '=', userId)
    .where('p.status', '=', 'ACTIF')
  const rows = await db
    .selectFrom(page.as('pg'))
    .selectAll('pg')
    .select(relationColumns({ offers: 'usable', viewerId: userId, images: 'first' }))
    .orderBy('pg.favorite_since', 'desc')
    .orderBy('pg.id', 'desc')
    .execute()
  return rows.map(({ favorite_since: _since, ...row }) => toResult({ ...row, distance: null }))
}

/** A partner the user may mark: an active one (what they can see). Anything else is a 404. */
async function checkPartner(db: Executor, partnerId: number): Promise<void> {
  const partner = await db
    .selectFrom('partners')
    .select('id')
    .where('id', '=', partnerId)
    .where('status', '=', 'ACTIF')
    .executeTakeFirst()
  if (!partner) throw notFound(UNKNOWN_PARTNER)
}

/** PUT: idempotent, a second call changes nothing (not even the date it was added). */
export async function addFavorite(db: Executor, userId: number, partnerId: number): Promise<void> {
  await checkPartner(db, partnerId)
  await db
    .insertInto('favorites')
    .values({ user_id: userId, partner_id: partnerId })
    .onConflict((oc) => oc.columns(['user_id', 'partner_id']).doNothing())
    .execute()
}

/**
 * DELETE: idempotent for a partner that exists (whatever its status: a user can drop a partner that was
 * deactivated since); 404 for an id no partner has.
 */
export async function removeFavorite(db: Executor, userId: number, partnerId: number): Promise<void> {
  const partner = await db.selectFrom('partners').select('id').where('id', '=', partnerId).executeTakeFirst()
  if (!partner) throw notFound('Partenaire introuvable.')
  await db.deleteFrom('favorites').where('user_id', '=', userId).where('partner_id', '=', partnerId).execute()
}
