import { sql } from 'kysely'
import type { DisabledCoupon, User } from '../../contract/schemas.ts'
import { rolesOf } from '../auth.ts'
import type { Db } from '../db/index.ts'
import type { UserRow } from '../db/types.ts'
import { newOneTimeToken } from './tokens.ts'

export type OneTimePurpose = 'reset' | 'invite'

export const ONE_TIME_TTL_MS: Record<OneTimePurpose, number> = {
  reset: 3600_000,
  invite: 7 * 24 * 3600_000,
}

/** Creates a single-use token for the user and returns the clear value (to mail); only its hash is kept. */
export async function issueOneTimeToken(db: Db, userId: number, purpose: OneTimePurpose): Promise<string> {
  const { token, hash } = newOneTimeToken()
  await db
    .insertInto('password_tokens')
    .values({
      user_id: userId,
      token_hash: hash,
      purpose,
      expires_at: new Date(Date.now() + ONE_TIME_TTL_MS[purpose]),
    })
    .execute()
  return token
}

export async function disabledCouponsOf(db: Db, userIds: number[]): Promise<Map<number, DisabledCoupon[]>> {
  const map = new Map<number, DisabledCoupon[]>()
  if (userIds.length === 0) return map
  const rows = await db
    .selectFrom('used_coupons as u')
    .innerJoin('offers as o', 'o.id', 'u.offer_id')
    .innerJoin('partners as p', 'p.id', 'o.partner_id')
    .select([
      'u.user_id',
      'u.used_at',
      'o.id as offer_id',
      'o.libelle',
      'o.status',
      sql<string | null>`to_char(o.expiration_date, 'YYYY-MM-DD')`.as('expiration_date'),
      'p.id as partner_id',
      'p.name as partner_name',
    ])
    .where('u.user_id', 'in', userIds)
    .orderBy('u.used_at', 'desc')
    .orderBy('o.id')
    .execute()
  for (const row of rows) {
    const list = map.get(row.user_id) ?? []
    list.push({
      id: { id: row.offer_id },
      libelle: row.libelle,
      // As seen by this user: a used coupon is disabled for them whatever its global status.
      status: 'DISABLED',
      expirationDate: row.expiration_date,
      partnerId: { id: row.partner_id },
      partnerName: row.partner_name,
      usedAt: new Date(row.used_at).toISOString(),
    })
    map.set(row.user_id, list)
  }
  return map
}

export function toUser(row: UserRow, coupons: DisabledCoupon[]): User {
  return {
    userId: { id: row.id },
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    status: row.status as User['status'],
    roles: rolesOf(row.is_admin),
    disabledCoupons: coupons,
  }
}

export async function loadUser(db: Db, id: number): Promise<User | null> {
  const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()
  if (!row) return null
  const coupons = await disabledCouponsOf(db, [id])
  return toUser(row, coupons.get(id) ?? [])
}
