/**
 * A partner's coupons (offers): the admin adds and changes them; a user uses one once (spec: "deactivate"),
 * an admin gives a used one back (spec: "reactivate").
 */
import { sql, type Transaction } from 'kysely'
import { MAX_ID } from '@/contract/api.ts'
import type { RedeemedOffer } from '@/contract/offerUses.ts'
import type { DisabledCouponsBody, DiscountOffer, OfferBody, OfferUpdateBody } from '@/contract/schemas.ts'
import type { CurrentUser } from '../context.ts'
import type { Db } from '../db/index.ts'
import type { Database } from '../db/types.ts'
import { conflict, forbidden, notFound } from '../errors.ts'
import { optionalText } from '../validation.ts'
import { audited, type Actor } from './audit.ts'
import { cleanOffer } from './partnerInput.ts'
import { toOffer, usableOffer, type Executor } from './partnerRows.ts'
import { existingPartnerId } from './partners.ts'
import { bumpVersion, lockVersion, type Precondition } from './versions.ts'
import { disabledCouponsOf } from './users.ts'

const offerColumns = [
  'id',
  'libelle',
  'status',
  sql<string | null>`to_char(expiration_date, 'YYYY-MM-DD')`.as('expiration_date'),
] as const

const offerNotFound = () => notFound('Coupon introuvable pour ce partenaire.')

const offerLabel = async (trx: Executor, partnerId: number, libelle: string) => {
  const partner = await trx
    .selectFrom('partners')
    .select('name')
    .where('id', '=', partnerId)
    .executeTakeFirst()
  return partner ? `${libelle} — ${partner.name}` : libelle
}

type OfferRow = Parameters<typeof toOffer>[0]

/** Records an offer's creation (no `previous`) or change, named « libellé — partenaire » in the journal. */
async function auditOfferWrite(
  trx: Transaction<Database>,
  actor: Actor,
  partnerId: number,
  row: OfferRow,
  previous?: OfferRow,
): Promise<DiscountOffer> {
  const after = toOffer(row)
  await audited(trx, actor, {
    action: previous ? 'offer.update' : 'offer.create',
    targetId: row.id,
    targetLabel: await offerLabel(trx, partnerId, row.libelle),
    before: previous && { ...toOffer(previous), partnerId },
    after: { ...after, partnerId },
  })
  return after
}

export async function createOffer(
  db: Db,
  actor: Actor,
  partnerId: number,
  body: OfferBody,
): Promise<DiscountOffer> {
  const values = cleanOffer(body)
  const partner = await existingPartnerId(db, partnerId)
  return db.transaction().execute(async (trx) => {
    // Coupons share their partner's version (versions.ts): a new one is a change of the partner too.
    await bumpVersion(trx, 'partner', partner, actor)
    const row = await trx
      .insertInto('offers')
      .values({ ...values, partner_id: partner })
      .returning(offerColumns)
      .executeTakeFirstOrThrow()
    return auditOfferWrite(trx, actor, partner, row)
  })
}

/**
 * Changes the offer the body names, if it belongs to the partner and `precondition`'s If-Match still names the
 * partner's version (its coupons share it).
 */
export async function updateOffer(
  db: Db,
  actor: Actor,
  partnerId: number,
  body: OfferUpdateBody,
  precondition?: Precondition,
): Promise<DiscountOffer> {
  const values = cleanOffer(body)
  if (body.id.id > MAX_ID) throw offerNotFound()
  return db.transaction().execute(async (trx) => {
    if (!(await lockVersion(trx, 'partner', partnerId, precondition))) throw offerNotFound()
    const previous = await trx
      .selectFrom('offers')
      .select(offerColumns)
      .where('id', '=', body.id.id)
      .where('partner_id', '=', partnerId)
      .executeTakeFirst()
    if (!previous) throw offerNotFound()
    const row = await trx
      .updateTable('offers')
      .set(values)
      .where('id', '=', body.id.id)
      .returning(offerColumns)
      .executeTakeFirstOrThrow()
    await bumpVersion(trx, 'partner', partnerId, actor)
    return auditOfferWrite(trx, actor, partnerId, row, previous)
  })
}

/**
 * The viewer uses one coupon for themselves, once, while it is enabled, not expired and its partner active.
 * Answers the offer as they now see it (DISABLED).
 */
export async function redeemCoupon(
  db: Db,
  viewer: CurrentUser,
  { userId, partnerId, offerId }: { userId: number; partnerId: number; offerId: number },
): Promise<RedeemedOffer> {
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
  const insert = (trx: Executor) =>
    trx
      .insertInto('used_coupons')
      .values({ user_id: userId, offer_id: offerId })
      .onConflict((oc) => oc.columns(['user_id', 'offer_id']).doNothing())
      .returning(['offer_id', 'used_at'])
      .executeTakeFirst()
  // The use's code, written by the database with the use (migration 0020): the one use not reactivated.
  const codeOf = (trx: Executor) =>
    trx
      .selectFrom('offer_uses')
      .select('code')
      .where('user_id', '=', userId)
      .where('offer_id', '=', offerId)
      .where('reactivated_at', 'is', null)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
  // One transaction: the code read is the one of this use. An administrator's own use is an administrator
  // write: it goes into the audit log with it, code included.
  const inserted = await db.transaction().execute(async (trx) => {
    const row = await insert(trx)
    if (!row) return undefined
    const { code } = await codeOf(trx)
    const usedAt = new Date(row.used_at).toISOString()
    if (viewer.isAdmin)
      await audited(trx, viewer, {
        action: 'coupon.deactivate',
        targetId: offerId,
        targetLabel: await offerLabel(trx, partnerId, offer.libelle),
        after: { userId, offerId, libelle: offer.libelle, usedAt, code },
      })
    return { code, usedAt }
  })
  if (!inserted) throw conflict('Vous avez déjà utilisé ce coupon.')
  return {
    id: { id: offer.id },
    libelle: offer.libelle,
    status: 'DISABLED',
    expirationDate: offer.expiration_date,
    ...inserted,
  }
}

/**
 * Gives a used coupon back to its user; the administrator's reason, when given, is kept in the audit log with
 * the use it undoes (the spec's call has none). Answers the coupons they still have used.
 */
export async function reactivateCoupon(
  db: Db,
  actor: Actor,
  userId: number,
  offerId: number,
  motif: string | undefined,
): Promise<DisabledCouponsBody> {
  const reason = optionalText(motif, 'motif', 'Motif', { max: 500, multiline: true })
  const user = await db
    .selectFrom('users')
    .select(['id', 'firstname', 'lastname', 'email'])
    .where('id', '=', userId)
    .where('erased_at', 'is', null)
    .executeTakeFirst()
  if (!user) throw notFound('Utilisateur introuvable.')
  await db.transaction().execute(async (trx) => {
    const used = (await disabledCouponsOf(trx, [userId])).get(userId)?.find((c) => c.id.id === offerId)
    // The use undone, by the code its person was shown (read before the delete marks it reactivated).
    const use = await trx
      .selectFrom('offer_uses')
      .select('code')
      .where('user_id', '=', userId)
      .where('offer_id', '=', offerId)
      .where('reactivated_at', 'is', null)
      .executeTakeFirst()
    const removed = await trx
      .deleteFrom('used_coupons')
      .where('user_id', '=', userId)
      .where('offer_id', '=', offerId)
      .returning('offer_id')
      .executeTakeFirst()
    if (!removed || !used) throw notFound('Ce coupon n’a pas été utilisé par cet utilisateur.')
    const coupon = { offerId, libelle: used.libelle, partnerName: used.partnerName, user: user.email }
    await audited(trx, actor, {
      action: 'coupon.reactivate',
      targetId: userId,
      // Whose coupon, and which: the Journal's target column says both.
      targetLabel: `${`${user.firstname} ${user.lastname}`.trim()} · ${used.libelle} (${used.partnerName})`,
      motif: reason,
      before: { ...coupon, usedAt: used.usedAt, ...(use ? { code: use.code } : {}) },
      after: { ...coupon, usedAt: null },
    })
  })
  return { disabledCoupons: (await disabledCouponsOf(db, [userId])).get(userId) ?? [] }
}
