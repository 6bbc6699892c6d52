import type { FastifyBaseLogger } from 'fastify'
import { sql, type SqlBool, type Transaction } from 'kysely'
import type {
  DisabledCoupon,
  MessageBody,
  User,
  UserBody,
  UserListQuery,
  UserPage,
  UserUpdateBody,
} from '@/contract/schemas.ts'
import { forgetUser, rolesOf } from '../auth.ts'
import type { AppContext, CurrentUser } from '../context.ts'
import type { Db } from '../db/index.ts'
import { lockForTransaction, writeLocks } from '../db/locks.ts'
import type { Database, UserRow } from '../db/types.ts'
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../errors.ts'
import { escapeLike, normalizeForSearch, email as validEmail, requiredText } from '../validation.ts'
import { orderBySql, paging, searchKeySql, sortTerms } from './listQuery.ts'
import { audited, type Actor } from './audit.ts'
import { enqueueMail, passwordMail } from './mail.ts'
import { newOneTimeToken } from './tokens.ts'
import { etagOf, lockVersion, versionBump, type Precondition } from './versions.ts'

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
  const row = await db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .where('erased_at', 'is', null)
    .executeTakeFirst()
  if (!row) return null
  const coupons = await disabledCouponsOf(db, [id])
  return toUser(row, coupons.get(id) ?? [])
}

const userLabel = (row: { firstname: string; lastname: string }) => `${row.firstname} ${row.lastname}`.trim()

/** A user as the audit log keeps them: the profile and roles, without the used coupons. */
const userSnapshot = ({ disabledCoupons: _coupons, ...user }: User) => user

const userNotFound = () => notFound('Utilisateur introuvable.')
const emailTaken = () =>
  conflict(
    'Un compte existe déjà avec cette adresse e-mail.',
    'email',
    'Un compte existe déjà avec cette adresse e-mail.',
  )

/** Can sign in and reach the back-office: an administrator whose account is not deactivated. */
export const isActiveAdmin = (row: Pick<UserRow, 'is_admin' | 'status'>) =>
  row.is_admin && row.status !== 'DESACTIVE'

/**
 * Refuses a write that would leave no active administrator: `id` stops being one (demoted, deactivated or
 * deleted) and no other remains. Called inside the write's transaction, under a lock every such write takes,
 * so two administrators demoting each other at the same instant cannot both pass: the second one counts
 * after the first has committed.
 */
export async function keepAnActiveAdmin(trx: Transaction<Database>, id: number): Promise<void> {
  await lockForTransaction(trx, writeLocks.administrators)
  const others = await trx
    .selectFrom('users')
    .select(sql<string>`count(*)`.as('n'))
    .where('is_admin', '=', true)
    .where('status', '<>', 'DESACTIVE')
    .where('id', '<>', id)
    .executeTakeFirstOrThrow()
  if (Number(others.n) === 0)
    throw conflict(
      'Impossible : c’est le dernier administrateur actif. Donnez d’abord le rôle Administrateur à un autre compte.',
    )
}

function cleanUser(body: UserBody) {
  return {
    firstname: requiredText(body.firstname, 'firstname', 'Prénom', { max: 100 }),
    lastname: requiredText(body.lastname, 'lastname', 'Nom', { max: 100 }),
    email: validEmail(body.email),
    status: body.status,
  }
}

const userSortKeys = {
  name: [sql`lower(lastname)`, sql`lower(firstname)`],
  lastname: [sql`lower(lastname)`],
  firstname: [sql`lower(firstname)`],
  email: [sql`lower(email)`],
  status: [sql`status`],
  // Administrators first in ascending order.
  role: [sql`(not is_admin)`],
  createdAt: [sql`created_at`],
}

/**
 * The list's WHERE (on `users`) and ORDER BY for `q`'s search, status, role and sort: the CSV export
 * (exports.ts) selects the very rows the list shows, in its order.
 */
export function userListFilter(q: Pick<UserListQuery, 'q' | 'status' | 'role' | 'sort'>) {
  const terms = sortTerms(q.sort, userSortKeys, 'name', sql`id`)
  // An erased account (RGPD deletion, server/services/account.ts) is no longer a user: its emptied row only
  // keeps its coupon uses counted.
  const conditions = [sql`erased_at is null`]
  const text = normalizeForSearch(q.q ?? '')
  if (text !== '') {
    // As the partners' search: case, accents, apostrophes and dashes ignored (« jean pierre » finds
    // « Jean-Pierre », « o'neil » « O’Neil »).
    const like = `%${escapeLike(text)}%`
    conditions.push(
      sql`(${searchKeySql(sql`firstname || ' ' || lastname`)} like ${like} or ${searchKeySql(sql`lastname || ' ' || firstname`)} like ${like} or ${searchKeySql(sql`email`)} like ${like})`,
    )
  }
  if (q.status) conditions.push(sql`status = ${q.status}`)
  if (q.role) conditions.push(sql`is_admin = ${q.role === 'ROLE_ADMIN'}`)
  const matching = sql<SqlBool>`${sql.join(conditions, sql` and `)}`
  return { matching, order: orderBySql(terms) }
}

/**
 * GET /api/users: one page of users with their used coupons, filtered by text (first name, last name, e-mail;
 * case, accents, apostrophes and dashes ignored), status and role, sorted by an allowed key with the id last, and the total that matches.
 */
export async function listUsers(db: Db, q: UserListQuery): Promise<UserPage> {
  const { matching, order } = userListFilter(q)
  const { page, pageSize, offset } = paging(q)
  const query = db.selectFrom('users').where(matching)
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy(order).limit(pageSize).offset(offset).execute(),
    query.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ])
  const coupons = await disabledCouponsOf(
    db,
    rows.map((r) => r.id),
  )
  return {
    items: rows.map((r) => toUser(r, coupons.get(r.id) ?? [])),
    total: Number(count.n),
    page,
    pageSize,
  }
}

/** A user as `viewer` may see them: themselves, or anyone for an admin. */
export async function userFor(db: Db, viewer: CurrentUser, id: number): Promise<User> {
  if (id !== viewer.id && !viewer.isAdmin)
    throw forbidden('Vous ne pouvez consulter que votre propre compte.')
  const user = await loadUser(db, id)
  if (!user) throw userNotFound()
  return user
}

/** Creates a ROLE_USER account without password and mails its invitation to choose one. */
export async function createUser(
  ctx: AppContext,
  actor: Actor,
  body: UserBody,
  log: FastifyBaseLogger,
): Promise<User> {
  const values = cleanUser(body)
  let created
  try {
    // The account, its invitation token and the invitation mail exist together or not at all.
    created = await ctx.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('users')
        .values({ ...values, password_hash: null })
        .returningAll()
        .executeTakeFirstOrThrow()
      const token = await issueOneTimeToken(trx, row.id, 'invite')
      const link = `${ctx.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`
      const mailId = await enqueueMail(trx, passwordMail('invite', row.email, row.firstname, link))
      await audited(trx, actor, {
        action: 'user.create',
        targetId: row.id,
        targetLabel: userLabel(row),
        after: userSnapshot(toUser(row, [])),
      })
      return { row, mailId }
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken()
    throw error
  }
  const { row, mailId } = created
  ctx.mailer.kick()
  log.info({ mailId }, 'invitation mail queued')
  return toUser(row, [])
}

/**
 * Changes user `id` (the body names the same user) if `precondition`'s If-Match still names their version, and
 * answers them with their new ETag. A change of status, roles or address revokes their tokens; an admin can
 * neither demote nor deactivate themselves, nor the last active administrator.
 */
export async function updateUser(
  db: Db,
  viewer: CurrentUser,
  id: number,
  body: UserUpdateBody,
  precondition?: Precondition,
): Promise<{ user: User; etag: string }> {
  if (body.userId.id !== id)
    throw badRequest('userId.id ne correspond pas à l’utilisateur de l’adresse.', 'userId.id')
  const values = cleanUser(body)
  let etag: string
  try {
    etag = await db.transaction().execute(async (trx) => {
      if (!(await lockVersion(trx, 'user', id, precondition))) throw userNotFound()
      const before = await trx.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
      if (before.erased_at !== null) throw userNotFound()
      const isAdmin = body.roles ? body.roles.includes('ROLE_ADMIN') : before.is_admin
      if (id === viewer.id && (!isAdmin || values.status === 'DESACTIVE')) {
        throw conflict(
          'Vous ne pouvez pas retirer vos propres droits d’administrateur ni désactiver votre propre compte.',
        )
      }
      if (isActiveAdmin(before) && !isActiveAdmin({ is_admin: isAdmin, status: values.status }))
        await keepAnActiveAdmin(trx, id)
      const revoke =
        isAdmin !== before.is_admin || values.status !== before.status || values.email !== before.email
      await trx
        .updateTable('users')
        .set({
          ...values,
          is_admin: isAdmin,
          ...versionBump(viewer),
          ...(revoke ? { token_version: sql<number>`token_version + 1` } : {}),
        })
        .where('id', '=', id)
        .execute()
      // A reset or invitation link mailed to the previous address must not open the account any more, and
      // one issued before a deactivation must not come back to life with a later reactivation.
      if (values.email !== before.email || values.status === 'DESACTIVE') {
        await trx
          .updateTable('password_tokens')
          .set({ used_at: new Date() })
          .where('user_id', '=', id)
          .where('used_at', 'is', null)
          .execute()
      }
      const after = await trx.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
      await audited(trx, viewer, {
        action: 'user.update',
        targetId: id,
        targetLabel: userLabel(after),
        before: userSnapshot(toUser(before, [])),
        after: userSnapshot(toUser(after, [])),
      })
      return etagOf('user', id, after.version)
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken()
    throw error
  }
  forgetUser(db, id)
  const user = await loadUser(db, id)
  if (!user) throw userNotFound()
  return { user, etag }
}

/** Deletes a user (their tokens stop working); an admin cannot delete themselves, nor the last active one. */
export async function deleteUser(db: Db, viewer: CurrentUser, id: number): Promise<MessageBody> {
  if (id === viewer.id) throw conflict('Vous ne pouvez pas supprimer votre propre compte.')
  const removed = await db.transaction().execute(async (trx) => {
    const target = await trx
      .selectFrom('users')
      .select(['is_admin', 'status'])
      .where('id', '=', id)
      .executeTakeFirst()
    if (target && isActiveAdmin(target)) await keepAnActiveAdmin(trx, id)
    // An erased account's row holds anonymous coupon uses, which deleting it would take away.
    const row = await trx
      .deleteFrom('users')
      .where('id', '=', id)
      .where('erased_at', 'is', null)
      .returningAll()
      .executeTakeFirst()
    if (row)
      await audited(trx, viewer, {
        action: 'user.delete',
        targetId: id,
        targetLabel: userLabel(row),
        before: userSnapshot(toUser(row, [])),
      })
    return row
  })
  if (!removed) throw userNotFound()
  forgetUser(db, removed.id)
  return { message: 'Utilisateur supprimé.' }
}
