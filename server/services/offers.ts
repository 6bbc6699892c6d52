/**
 * A partner's coupons (offers): the admin adds and changes them; a user uses one once (spec: "deactivate"),
 * an admin gives a used one back (spec: "reactivate").
 */
import { sql } from 'kysely'
import { MAX_ID } from '@/contract/api.ts'
import type { DisabledCouponsBody, DiscountOffer, OfferBody, OfferUpdateBody } from '@/contract/schemas.ts'
import type { CurrentUser } from '../context.ts'
import type { Db } from '../db/index.ts'
import { conflict, forbidden, notFound } from '../errors.ts'
import { cleanOffer } from './partnerInput.ts'
import { toOffer, usableOffer } from './partnerRows.ts'
import { existingPartnerId } from './partners.ts'
import { disabledCouponsOf } from './users.ts'

const offerColumns = [
  'id',
  'libelle',
  'status',
  sql<string | null>`to_char(expiration_date, 'YYYY-MM-DD')`.as('expiration_date'),
] as const

const offerNotFound = () => notFound('Coupon introuvable pour ce partenaire.')

export async function createOffer(db: Db, partnerId: number, body: OfferBody): Promise<DiscountOffer> {
  const values = cleanOffer(body)
  const row = await db
    .insertInto('offers')
    .values({ ...values, partner_id: await existingPartnerId(db, partnerId) })
    .returning(offerColumns)
    .executeTakeFirstOrThrow()
  return toOffer(row)
}

/** Changes the offer the body names, if it belongs to the partner. */
export async function updateOffer(db: Db, partnerId: number, body: OfferUpdateBody): Promise<DiscountOffer> {
  const values = cleanOffer(body)
  if (body.id.id > MAX_ID) throw offerNotFound()
  const row = await db
    .updateTable('offers')
    .set(values)
    .where('id', '=', body.id.id)
    .where('partner_id', '=', partnerId)
    .returning(offerColumns)
    .executeTakeFirst()
  if (!row) throw offerNotFound()
  return toOffer(row)
}

/**
 * The viewer uses one coupon for themselves, once, while it is enabled, not expired and its partner active.
 * Answers the offer as they now see it (DISABLED).
 */
export async function redeemCoupon(
  db: Db,
  viewer: CurrentUser,
  { userId, partnerId, offerId }: { userId: number; partnerId: number; offerId: number },
): Promise<DiscountOffer> {
  if (userId !== viewer.id) throw forbidden('Vous ne pouvez utiliser un coupon que pour vous-même.')
  const offer = await db
    .selectFrom('offers as o')
    .innerJoin('partners as p', 'p.id', 'o.partner_id')
    .select([
      'o.id',
      'o.libelle',
      'p.status as partner_status',
      usableOffer.as('usable'),
      sql<string | null>`to_char(o.expiration_date, 'YYYY-MM-DD')`.as('expiration_date'),
    ])
    .where('o.id', '=', offerId)
    .where('o.partner_id', '=', partnerId)
    .executeTakeFirst()
  if (!offer || offer.partner_status !== 'ACTIF') throw offerNotFound()
  if (!offer.usable) throw conflict('Ce coupon n’est plus disponible (désactivé ou expiré).')
  // The (user_id, offer_id) primary key makes concurrent attempts race safely: exactly one insert wins.
  const inserted = await db
    .insertInto('used_coupons')
    .values({ user_id: userId, offer_id: offerId })
    .onConflict((oc) => oc.columns(['user_id', 'offer_id']).doNothing())
    .returning('offer_id')
    .executeTakeFirst()
  if (!inserted) throw conflict('Vous avez déjà utilisé ce coupon.')
  return {
    id: { id: offer.id },
    libelle: offer.libelle,
    status: 'DISABLED',
    expirationDate: offer.expiration_date,
  }
}

/** Gives a used coupon back to its user; answers the coupons they still have used. */
export async function reactivateCoupon(
  db: Db,
  userId: number,
  offerId: number,
): Promise<DisabledCouponsBody> {
  const user = await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()
  if (!user) throw notFound('Utilisateur introuvable.')
  const removed = await db
    .deleteFrom('used_coupons')
    .where('user_id', '=', userId)
    .where('offer_id', '=', offerId)
    .returning('offer_id')
    .executeTakeFirst()
  if (!removed) throw notFound('Ce coupon n’a pas été utilisé par cet utilisateur.')
  return { disabledCoupons: (await disabledCouponsOf(db, [userId])).get(userId) ?? [] }
}
