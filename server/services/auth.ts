/**
 * Accounts as their owners use them: sign-in (with the login throttle), registration, the reset link and the
 * new password it allows, sign-out. Tokens are signed with the app's key; every change that must end the
 * sessions of a user bumps their token_version.
 */
import type { FastifyBaseLogger } from 'fastify'
import { sql } from 'kysely'
import type {
  AuthUser,
  Credentials,
  MessageBody,
  RegisterBody,
  ResetPasswordBody,
} from '@/contract/schemas.ts'
import { forgetUser, rolesOf } from '../auth.ts'
import type { AppContext } from '../context.ts'
import { badRequest, conflict, HttpError, isUniqueViolation } from '../errors.ts'
import { canonicalEmail, email as validEmail, requiredText } from '../validation.ts'
import { audited } from './audit.ts'
import { enqueueMail, passwordMail } from './mail.ts'
import { checkPasswordPolicy } from './passwords.ts'
import { hashOneTimeToken, signAccessToken } from './tokens.ts'
import { issueOneTimeToken } from './users.ts'

interface SignedInRow {
  id: number
  token_version: number
  is_admin: boolean
  firstname: string
  lastname: string
  email: string
}

async function authUser(ctx: AppContext, row: SignedInRow): Promise<AuthUser> {
  return {
    access_token: await signAccessToken(row.id, row.token_version, ctx.jwtSecret, ctx.config.tokenTtlSeconds),
    roles: rolesOf(row.is_admin),
    userId: { id: row.id },
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
  }
}

/** Checks the password (in the same time whether the account exists or not) under the login throttle. */
export async function authenticate(
  ctx: AppContext,
  credentials: Credentials,
  ip: string,
  log: FastifyBaseLogger,
): Promise<AuthUser> {
  const { db, hasher, throttle } = ctx
  const account = canonicalEmail(credentials.username)
  const wait = await throttle.retryAfter(account, ip)
  if (wait > 0) {
    throw new HttpError(
      429,
      `Trop de tentatives de connexion. Réessayez dans ${wait} seconde${wait > 1 ? 's' : ''}.`,
      undefined,
      { 'retry-after': String(wait) },
    )
  }
  const row =
    account && account.length <= 254
      ? await db.selectFrom('users').selectAll().where('email', '=', account).executeTakeFirst()
      : undefined
  const password = credentials.password.slice(0, 1024)
  let ok = false
  if (row?.password_hash) ok = await hasher.verify(row.password_hash, password)
  else await hasher.dummyVerify(password)
  if (!row || !ok) {
    await throttle.recordFailure(account, ip)
    log.info({ account: account.slice(0, 254) }, 'sign-in failed')
    throw new HttpError(401, 'Email ou mot de passe incorrect')
  }
  await throttle.recordSuccess(account, ip)
  if (row.status === 'DESACTIVE') {
    throw new HttpError(403, 'Votre compte est désactivé : contactez un administrateur pour le réactiver.')
  }
  // For the data export and the retention job; a sign-in also ends an inactivity warning.
  await db
    .updateTable('users')
    .set({ last_sign_in_at: new Date(), inactivity_warned_at: null })
    .where('id', '=', row.id)
    .execute()
  // An administrator's sign-in opens the whole back-office: the Journal keeps who, when and from where.
  if (row.is_admin)
    await db.transaction().execute((trx) =>
      audited(trx, row, {
        action: 'admin.signIn',
        targetId: row.id,
        targetLabel: `${row.firstname} ${row.lastname}`.trim(),
        after: { ip },
      }),
    )
  return authUser(ctx, row)
}

/** A new active ROLE_USER account, signed in. */
export async function register(ctx: AppContext, body: RegisterBody): Promise<AuthUser> {
  const firstname = requiredText(body.firstname, 'firstname', 'Prénom', { max: 100 })
  const lastname = requiredText(body.lastname, 'lastname', 'Nom', { max: 100 })
  const email = validEmail(body.email)
  checkPasswordPolicy(body.password, 'password', [email, email.split('@')[0], firstname, lastname])
  const passwordHash = await ctx.hasher.hash(body.password)
  try {
    const row = await ctx.db
      .insertInto('users')
      .values({
        email,
        firstname,
        lastname,
        password_hash: passwordHash,
        status: 'ACTIF',
        last_sign_in_at: new Date(),
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    return await authUser(ctx, row)
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('Un compte existe déjà avec cette adresse e-mail.', 'email')
    throw error
  }
}

export const RESET_LINK_SENT: MessageBody = {
  message: 'Si un compte correspond à cette adresse, un e-mail de réinitialisation a été envoyé.',
}

/** Queues a reset link for the account of `address`, if there is an active one (the caller answers first). */
export async function sendResetLink(ctx: AppContext, address: string, log: FastifyBaseLogger): Promise<void> {
  const row = await ctx.db.selectFrom('users').selectAll().where('email', '=', address).executeTakeFirst()
  if (!row || row.status === 'DESACTIVE') return
  // The token and its mail commit together; the outbox worker delivers it.
  const mailId = await ctx.db.transaction().execute(async (trx) => {
    const token = await issueOneTimeToken(trx, row.id, 'reset')
    const link = `${ctx.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`
    return enqueueMail(trx, passwordMail('reset', row.email, row.firstname, link))
  })
  ctx.mailer.kick()
  log.info({ mailId }, 'reset mail queued')
}

/** Sets the password a reset or invitation link allows; the link and every session of the user end. */
export async function resetPassword(ctx: AppContext, body: ResetPasswordBody): Promise<MessageBody> {
  const { db } = ctx
  const invalid = () =>
    badRequest('Ce lien de réinitialisation est invalide ou a expiré : demandez-en un nouveau.', 'token')
  const token = body.token.trim()
  if (token === '' || token.length > 200) throw invalid()
  const found = await db
    .selectFrom('password_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select([
      't.id',
      't.user_id',
      't.token_hash',
      't.expires_at',
      't.used_at',
      'u.status',
      'u.email',
      'u.firstname',
      'u.lastname',
    ])
    .where('t.token_hash', '=', hashOneTimeToken(token))
    .executeTakeFirst()
  if (
    !found ||
    found.used_at !== null ||
    new Date(found.expires_at).getTime() <= Date.now() ||
    found.status === 'DESACTIVE'
  ) {
    throw invalid()
  }
  checkPasswordPolicy(body.newPassword, 'newPassword', [
    found.email,
    found.email.split('@')[0],
    found.firstname,
    found.lastname,
  ])
  const passwordHash = await ctx.hasher.hash(body.newPassword)
  const consumed = await db.transaction().execute(async (trx) => {
    // Consuming the token and changing the password together; the guard on used_at makes it single use.
    const used = await trx
      .updateTable('password_tokens')
      .set({ used_at: new Date() })
      .where('id', '=', found.id)
      .where('used_at', 'is', null)
      .returning('id')
      .executeTakeFirst()
    if (!used) return false
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, token_version: sql`token_version + 1` })
      .where('id', '=', found.user_id)
      .execute()
    await trx
      .updateTable('password_tokens')
      .set({ used_at: new Date() })
      .where('user_id', '=', found.user_id)
      .where('used_at', 'is', null)
      .execute()
    return true
  })
  if (!consumed) throw invalid()
  forgetUser(db, found.user_id)
  return { message: 'Mot de passe réinitialisé avec succès.' }
}

/** Ends every session of the user (all their tokens). */
export async function logout(ctx: AppContext, userId: number): Promise<MessageBody> {
  await ctx.db
    .updateTable('users')
    .set({ token_version: sql`token_version + 1` })
    .where('id', '=', userId)
    .execute()
  forgetUser(ctx.db, userId)
  return { message: 'Vous êtes déconnecté.' }
}
