import type { OfferUseCheck } from '@/contract/offerUses.ts'
import { OFFER_USE_CODE_PATTERN, normalizeOfferUseCode } from '@/contract/offerUseCode.ts'
import type { UsedOffer } from '@/contract/schemas.ts'
import { badRequest, notFound } from '../errors.ts'
import type { Executor } from './partnerRows.ts'

/**
 * Every coupon the user used, newest first, reactivated ones included and marked (offer_uses, written by
 * migration 0005's trigger on used_coupons), each with its code (migration 0020). Partners and offers are shown
 * whatever their status now: it is a history; partnerActive says whether the partner's page can still be opened.
 */
export async function listUsedOffers(db: Executor, userId: number): Promise<UsedOffer[]> {
  const rows = await db
    .selectFrom('offer_uses as u')
    .innerJoin('offers as o', 'o.id', 'u.offer_id')
    .innerJoin('partners as p', 'p.id', 'o.partner_id')
    .select([
      'u.id',
      'u.used_at',
      'u.reactivated_at',
      'u.code',
      'o.id as offer_id',
      'o.libelle',
      'p.id as partner_id',
      'p.name as partner_name',
      'p.status as partner_status',
    ])
    .where('u.user_id', '=', userId)
    .orderBy('u.used_at', 'desc')
    .orderBy('u.id', 'desc')
    .execute()
  return rows.map((row) => ({
    useId: String(row.id),
    offerId: { id: row.offer_id },
    libelle: row.libelle,
    partnerId: { id: row.partner_id },
    partnerName: row.partner_name,
    partnerActive: row.partner_status === 'ACTIF',
    usedAt: new Date(row.used_at).toISOString(),
    reactivatedAt: row.reactivated_at === null ? null : new Date(row.reactivated_at).toISOString(),
    code: row.code,
  }))
}

const codePattern = new RegExp(OFFER_USE_CODE_PATTERN)

/**
 * The use a code names (the back-office's 'Vérifier un code'): who, which offer of which partner, when, and
 * whether it was given back since. The code is read as people type it (lower case, spaces, dashes).
 */
export async function checkOfferUse(db: Executor, typed: string): Promise<OfferUseCheck> {
  const code = normalizeOfferUseCode(typed)
  if (!codePattern.test(code))
    throw badRequest(
      'Code invalide : 6 caractères, chiffres de 2 à 9 et lettres sauf I, L et O.',
      'code',
      'Code invalide',
    )
  const row = await db
    .selectFrom('offer_uses as u')
    .innerJoin('users as us', 'us.id', 'u.user_id')
    .innerJoin('offers as o', 'o.id', 'u.offer_id')
    .innerJoin('partners as p', 'p.id', 'o.partner_id')
    .select([
      'u.code',
      'u.used_at',
      'u.reactivated_at',
      'us.id as user_id',
      'us.firstname',
      'us.lastname',
      'us.email',
      'o.id as offer_id',
      'o.libelle',
      'p.id as partner_id',
      'p.name as partner_name',
    ])
    .where('u.code', '=', code)
    .executeTakeFirst()
  if (!row) throw notFound('Code inconnu')
  return {
    code: row.code,
    usedAt: new Date(row.used_at).toISOString(),
    reactivatedAt: row.reactivated_at === null ? null : new Date(row.reactivated_at).toISOString(),
    userId: { id: row.user_id },
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    offerId: { id: row.offer_id },
    libelle: row.libelle,
    partnerId: { id: row.partner_id },
    partnerName: row.partner_name,
  }
}
