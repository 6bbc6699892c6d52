import type { UsedOffer } from '@/contract/schemas.ts'
import type { Executor } from './partnerRows.ts'

/**
 * Every coupon the user used, newest first, reactivated ones included and marked (offer_uses, written by
 * migration 0005's trigger on used_coupons). Partners and offers are shown whatever their status now: it is
 * a history; partnerActive says whether the partner's page can still be opened.
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
  }))
}
