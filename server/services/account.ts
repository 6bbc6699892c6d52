/**
 * The person's own account (issue 40, RGPD art. 15-17 and 20): their profile, name, password and e-mail
 * address, the copy of everything held about them, and the erasure of their account, by themselves, by an
 * administrator for a request received by mail, or by the retention job (retention.ts).
 *
 * An erased account keeps its row, emptied: no name, an address that cannot be typed (no « @ »), no password,
 * deactivated, its tokens revoked, marked erased_at. Its coupon uses stay attached to that anonymous row, so
 * partners' figures, the dashboard and the coupon-use export count exactly what they counted before; the
 * back-office no longer lists it (users.ts filters erased_at).
 */
import type { FastifyBaseLogger } from 'fastify'
import { sql, type Transaction } from 'kysely'
import type {
  AccountDeletionBody,
  AccountExport,
  AccountProfile,
  EmailChangeBody,
  EmailChangeStarted,
  EmailConfirmBody,
  EmailConfirmed,
  NameChangeBody,
  PasswordChangeBody,
} from '@/contract/account.ts'
import { NAME_MAX_LENGTH } from '@/contract/accountLimits.ts'
import type { AuthUser, MessageBody } from '@/contract/schemas.ts'
import { forgetUser, rolesOf } from '../auth.ts'
import type { AppContext, CurrentUser } from '../context.ts'
import type { Db } from '../db/index.ts'
import type { Database, UserRow } from '../db/types.ts'
import { badRequest, conflict, HttpError, isUniqueViolation, notFound } from '../errors.ts'
import { email as validEmail, optionalText, requiredText } from '../validation.ts'
import {
  accountDeletedMail,
  emailChangeNoticeMail,
  emailConfirmMail,
  passwordChangedMail,
} from './accountMails.ts'
import { audited } from './audit.ts'
import { frenchCsv, type CsvColumn } from './frenchCsv.ts'
import { enqueueMail } from './mail.ts'
import { checkPasswordPolicy } from './passwords.ts'
import { hashOneTimeToken, newOneTimeToken, signAccessToken } from './tokens.ts'
import { isActiveAdmin, keepAnActiveAdmin } from './users.ts'
import { versionBump } from './versions.ts'

/** How long the link of an e-mail change stays valid. */
export const EMAIL_CHANGE_TTL_MS = 24 * 3600_000

/** The page of the app that reads the link's token and sends it to POST /api/auth/confirm-email. */
export const emailConfirmLink = (publicUrl: string, token: string) =>
  `${publicUrl}/confirmer-email?token=${encodeURIComponent(token)}`

const ERASED_NAME = 'Compte supprimé'

const iso = (value: Date | string) => new Date(value).toISOString()
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value))

/** The person's row, unless erased (a token of an erased account is refused before reaching here). */
async function ownRow(db: Db, userId: number): Promise<UserRow> {
  const row = await db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', userId)
    .where('erased_at', 'is', null)
    .executeTakeFirst()
  if (!row) throw new HttpError(401, 'Authentification requise : connectez-vous pour continuer.')
  return row
}

/**
 * Checks the person's password for a sensitive change, counted with the sign-in's failures (the same throttle,
 * shared by every instance): a stolen session cannot guess it faster than the sign-in page can.
 */
async function checkOwnPassword(
  ctx: AppContext,
  row: UserRow,
  password: string,
  ip: string,
  field: string,
  message: string,
): Promise<void> {
  const wait = await ctx.throttle.retryAfter(row.email, ip)
  if (wait > 0)
    throw new HttpError(
      429,
      `Trop de tentatives avec un mot de passe incorrect. Réessayez dans ${wait} seconde${wait > 1 ? 's' : ''}.`,
      undefined,
      { 'retry-after': String(wait) },
    )
  const typed = password.slice(0, 1024)
  const ok = row.password_hash ? await ctx.hasher.verify(row.password_hash, typed) : false
  if (!row.password_hash) await ctx.hasher.dummyVerify(typed)
  if (!ok) {
    await ctx.throttle.recordFailure(row.email, ip)
    throw badRequest(message, field)
  }
  await ctx.throttle.recordSuccess(row.email, ip)
}

async function pendingEmailChange(db: Db, userId: number) {
  return db
    .selectFrom('email_changes')
    .select(['new_email', 'expires_at'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', new Date())
    .orderBy('id', 'desc')
    .executeTakeFirst()
}

function profileOf(row: UserRow, pending: { new_email: string; expires_at: Date | string } | undefined) {
  return {
    userId: { id: row.id },
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    roles: rolesOf(row.is_admin),
    createdAt: iso(row.created_at),
    lastSignInAt: isoOrNull(row.last_sign_in_at),
    pendingEmail: pending?.new_email ?? null,
    pendingEmailExpiresAt: pending ? iso(pending.expires_at) : null,
  } satisfies AccountProfile
}

/** GET /api/users/me. */
export async function myAccount(db: Db, userId: number): Promise<AccountProfile> {
  const row = await ownRow(db, userId)
  return profileOf(row, await pendingEmailChange(db, userId))
}

/** PUT /api/users/me: the new name, answered as the app stores the signed-in user (the same token). */
export async function changeName(
  ctx: AppContext,
  current: CurrentUser,
  body: NameChangeBody,
  token: string,
): Promise<AuthUser> {
  const firstname = requiredText(body.firstname, 'firstname', 'Prénom', { max: NAME_MAX_LENGTH })
  const lastname = requiredText(body.lastname, 'lastname', 'Nom', { max: NAME_MAX_LENGTH })
  // versionBump: a back-office edit of this user made from the older version gets its 412.
  const row = await ctx.db
    .updateTable('users')
    .set({ firstname, lastname, ...versionBump(current) })
    .where('id', '=', current.id)
    .where('erased_at', 'is', null)
    .returningAll()
    .executeTakeFirst()
  if (!row) throw new HttpError(401, 'Authentification requise : connectez-vous pour continuer.')
  return {
    access_token: token,
    roles: rolesOf(row.is_admin),
    userId: { id: row.id },
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
  }
}

/**
 * PUT /api/users/me/password: needs the current password; the new one follows the sign-up rules. Every token
 * of the account is revoked (token_version, read from the database by every instance on every request), the
 * caller's too; the answer carries a fresh one, so only the device that made the change stays signed in.
 * Reset links not yet used stop working; a notice goes to the address.
 */
export async function changePassword(
  ctx: AppContext,
  current: CurrentUser,
  body: PasswordChangeBody,
  ip: string,
): Promise<AuthUser> {
  const row = await ownRow(ctx.db, current.id)
  await checkOwnPassword(
    ctx,
    row,
    body.currentPassword,
    ip,
    'currentPassword',
    'Le mot de passe actuel est incorrect.',
  )
  checkPasswordPolicy(body.newPassword, 'newPassword', [
    row.email,
    row.email.split('@')[0],
    row.firstname,
    row.lastname,
  ])
  if (body.newPassword === body.currentPassword)
    throw badRequest('Le nouveau mot de passe doit être différent de l’actuel.', 'newPassword')
  const passwordHash = await ctx.hasher.hash(body.newPassword)
  const now = new Date()
  const updated = await ctx.db.transaction().execute(async (trx) => {
    const after = await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, token_version: sql<number>`token_version + 1` })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow()
    await trx
      .updateTable('password_tokens')
      .set({ used_at: now })
      .where('user_id', '=', row.id)
      .where('used_at', 'is', null)
      .execute()
    await enqueueMail(trx, passwordChangedMail(row.email, row.firstname, now, ctx.config.appTimeZone))
    return after
  })
  forgetUser(ctx.db, row.id)
  ctx.mailer.kick()
  return {
    access_token: await signAccessToken(
      updated.id,
      updated.token_version,
      ctx.jwtSecret,
      ctx.config.tokenTtlSeconds,
    ),
    roles: rolesOf(updated.is_admin),
    userId: { id: updated.id },
    firstname: updated.firstname,
    lastname: updated.lastname,
    email: updated.email,
  }
}

const ADDRESS_UNAVAILABLE = 'Cette adresse e-mail ne peut pas être utilisée pour votre compte.'

/**
 * POST /api/users/me/email: needs the password. A link valid 24 hours goes to the new address, a notice to the
 * current one; nothing changes until the link is opened (confirmEmailChange). One request at a time: a new one
 * replaces the previous link.
 */
export async function startEmailChange(
  ctx: AppContext,
  current: CurrentUser,
  body: EmailChangeBody,
  ip: string,
  log: FastifyBaseLogger,
): Promise<EmailChangeStarted> {
  const row = await ownRow(ctx.db, current.id)
  const newEmail = validEmail(body.newEmail, 'newEmail')
  await checkOwnPassword(ctx, row, body.password, ip, 'password', 'Le mot de passe est incorrect.')
  if (newEmail === row.email) throw badRequest('C’est déjà l’adresse e-mail de votre compte.', 'newEmail')
  // Said without telling whether another account has the address or whose it is; the throttle above slows
  // anyone trying addresses one after another.
  const taken = await ctx.db.selectFrom('users').select('id').where('email', '=', newEmail).executeTakeFirst()
  if (taken) throw conflict(ADDRESS_UNAVAILABLE, 'newEmail')
  const { token, hash } = newOneTimeToken()
  const expiresAt = new Date(Date.now() + EMAIL_CHANGE_TTL_MS)
  const mailIds = await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('email_changes').where('user_id', '=', row.id).execute()
    await trx
      .insertInto('email_changes')
      .values({
        user_id: row.id,
        old_email: row.email,
        new_email: newEmail,
        token_hash: hash,
        expires_at: expiresAt,
      })
      .execute()
    const link = emailConfirmLink(ctx.config.publicUrl, token)
    return [
      await enqueueMail(trx, emailConfirmMail(newEmail, row.firstname, link)),
      await enqueueMail(trx, emailChangeNoticeMail(row.email, row.firstname, newEmail)),
    ]
  })
  ctx.mailer.kick()
  log.info({ mailIds }, 'e-mail change link queued')
  return {
    message: `Un lien de confirmation a été envoyé à ${newEmail}. Votre adresse ne changera qu’une fois ce lien ouvert (il est valable 24 heures).`,
    pendingEmail: newEmail,
    expiresAt: expiresAt.toISOString(),
  }
}

/**
 * POST /api/auth/confirm-email: the token alone names the account, so the link works in any browser, signed in
 * or not. The change holds only if the account still has the address it had when it was asked for. Sessions
 * stay signed in; reset links mailed to the former address stop working. Journaled with the person as actor.
 */
export async function confirmEmailChange(ctx: AppContext, body: EmailConfirmBody): Promise<EmailConfirmed> {
  const invalid = () =>
    badRequest(
      'Ce lien de confirmation est invalide ou a expiré : refaites la demande depuis « Mon compte ».',
      'token',
    )
  const token = body.token.trim()
  if (token === '' || token.length > 200) throw invalid()
  let changed: { id: number; email: string }
  try {
    changed = await ctx.db.transaction().execute(async (trx) => {
      // Single use: the row goes with the change that consumes it.
      const found = await trx
        .deleteFrom('email_changes')
        .where('token_hash', '=', hashOneTimeToken(token))
        .returningAll()
        .executeTakeFirst()
      if (!found || new Date(found.expires_at).getTime() <= Date.now()) throw invalid()
      const before = await trx
        .selectFrom('users')
        .selectAll()
        .where('id', '=', found.user_id)
        .where('email', '=', found.old_email)
        .where('erased_at', 'is', null)
        .where('status', '<>', 'DESACTIVE')
        .forUpdate()
        .executeTakeFirst()
      if (!before) throw invalid()
      const after = await trx
        .updateTable('users')
        .set({ email: found.new_email, ...versionBump({ id: before.id, email: before.email }) })
        .where('id', '=', before.id)
        .returningAll()
        .executeTakeFirstOrThrow()
      await trx
        .updateTable('password_tokens')
        .set({ used_at: new Date() })
        .where('user_id', '=', before.id)
        .where('used_at', 'is', null)
        .execute()
      await audited(
        trx,
        { id: before.id, email: before.email },
        {
          action: 'account.emailChange',
          targetId: before.id,
          targetLabel: `${after.firstname} ${after.lastname}`.trim(),
          before: { email: before.email },
          after: { email: after.email },
        },
      )
      return { id: after.id, email: after.email }
    })
  } catch (error) {
    // Taken by another account since the request (a registration meanwhile).
    if (isUniqueViolation(error)) throw conflict(ADDRESS_UNAVAILABLE, 'token')
    throw error
  }
  forgetUser(ctx.db, changed.id)
  return {
    message: `Votre adresse e-mail est maintenant ${changed.email} : utilisez-la pour vous connecter.`,
    email: changed.email,
  }
}

// ---------- The copy of the person's data ----------

/** Everything held about the person (RGPD art. 15 and 20). */
export async function exportData(db: Db, userId: number, now = new Date()): Promise<AccountExport> {
  const row = await ownRow(db, userId)
  const [favorites, uses, pending] = await Promise.all([
    db
      .selectFrom('favorites as f')
      .innerJoin('partners as p', 'p.id', 'f.partner_id')
      .select(['p.id', 'p.name', 'p.city', 'f.created_at'])
      .where('f.user_id', '=', userId)
      .orderBy('f.created_at', 'desc')
      .orderBy('p.id')
      .execute(),
    db
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
      ])
      .select('p.name as partner_name')
      .where('u.user_id', '=', userId)
      .orderBy('u.used_at', 'desc')
      .orderBy('u.id', 'desc')
      .execute(),
    pendingEmailChange(db, userId),
  ])
  const createdAt = iso(row.created_at)
  return {
    exportedAt: now.toISOString(),
    profile: profileOf(row, pending),
    favorites: favorites.map((f) => ({
      partnerId: { id: f.id },
      partnerName: f.name,
      city: f.city,
      addedAt: iso(f.created_at),
    })),
    couponUses: uses.map((u) => ({
      offerId: { id: u.offer_id },
      libelle: u.libelle,
      partnerId: { id: u.partner_id },
      partnerName: u.partner_name,
      usedAt: iso(u.used_at),
      reactivatedAt: isoOrNull(u.reactivated_at),
    })),
    // The sign-up form cannot be sent without both boxes ticked (SPEC, Register).
    consents: [
      { label: 'Conditions générales d’utilisation acceptées à l’inscription', givenAt: createdAt },
      { label: 'Politique de confidentialité acceptée à l’inscription', givenAt: createdAt },
    ],
    signIns: { accountCreatedAt: createdAt, lastSignInAt: isoOrNull(row.last_sign_in_at) },
  }
}

interface ExportLine {
  section: string
  item: string
  detail?: string | null
  date?: string | null
}

const exportColumns: CsvColumn<ExportLine>[] = [
  { header: 'Rubrique', value: (l) => l.section },
  { header: 'Donnée', value: (l) => l.item },
  { header: 'Valeur', value: (l) => l.detail },
  { header: 'Date', value: (l) => l.date, format: 'dateTime' },
]

/** The same as a French CSV a spreadsheet opens (one line per fact, its section first). */
export function exportCsv(data: AccountExport, timeZone: string) {
  const { profile } = data
  const lines: ExportLine[] = [
    { section: 'Profil', item: 'Prénom', detail: profile.firstname },
    { section: 'Profil', item: 'Nom', detail: profile.lastname },
    { section: 'Profil', item: 'Adresse e-mail', detail: profile.email },
    {
      section: 'Profil',
      item: 'Rôle',
      detail: profile.roles.includes('ROLE_ADMIN') ? 'Administrateur' : 'Utilisateur',
    },
    ...(profile.pendingEmail
      ? [
          {
            section: 'Profil',
            item: 'Nouvelle adresse en attente de confirmation',
            detail: profile.pendingEmail,
            date: profile.pendingEmailExpiresAt,
          },
        ]
      : []),
    { section: 'Connexions', item: 'Création du compte', date: data.signIns.accountCreatedAt },
    { section: 'Connexions', item: 'Dernière connexion', date: data.signIns.lastSignInAt },
    ...data.consents.map((c) => ({ section: 'Consentement', item: c.label, date: c.givenAt })),
    ...data.favorites.map((f) => ({
      section: 'Favori',
      item: f.partnerName,
      detail: f.city,
      date: f.addedAt,
    })),
    ...data.couponUses.map((u) => ({
      section: u.reactivatedAt ? 'Coupon utilisé (réactivé depuis)' : 'Coupon utilisé',
      item: u.libelle,
      detail: u.partnerName,
      date: u.usedAt,
    })),
    { section: 'Export', item: 'Date de l’export', date: data.exportedAt },
  ]
  return frenchCsv(exportColumns, lines, { timeZone })
}

// ---------- Erasure ----------

/** Who erases an account, for its confirmation mail and Journal entry. */
export type Eraser =
  { kind: 'self' } | { kind: 'request'; admin: CurrentUser; motif: string | null } | { kind: 'inactivity' }

/** The actor of entries the retention job writes: no person. */
const RETENTION_ACTOR = 'Conservation automatique'

/** Keys of the Journal's snapshots that name or locate a person. */
const PERSONAL_KEYS = ['firstname', 'lastname', 'email', 'ip']

const withoutPersonalKeys = (column: 'before' | 'after') =>
  sql`case when jsonb_typeof(${sql.ref(column)}) = 'object'
    then ${sql.ref(column)} ${sql.raw(PERSONAL_KEYS.map((k) => `- '${k}'`).join(' '))}
    else ${sql.ref(column)} end`

/**
 * Erases account `row` in `trx`: the confirmation mail to its address is queued first, then its personal data
 * go (name, address, password hash, favourites, reset links, e-mail changes, its sign-in failure counters,
 * and its name, address and IP in earlier Journal entries), every token is revoked, and the Journal records
 * the erasure by the account's id alone. Call forgetUser after the commit.
 */
export async function eraseAccount(
  trx: Transaction<Database>,
  ctx: Pick<AppContext, 'config'>,
  row: Pick<UserRow, 'id' | 'email' | 'firstname'>,
  by: Eraser,
  now = new Date(),
): Promise<void> {
  await enqueueMail(
    trx,
    accountDeletedMail(
      row.email,
      row.firstname,
      now,
      ctx.config.appTimeZone,
      by.kind === 'request' ? 'request' : by.kind,
    ),
  )
  await trx.deleteFrom('favorites').where('user_id', '=', row.id).execute()
  await trx.deleteFrom('password_tokens').where('user_id', '=', row.id).execute()
  await trx.deleteFrom('email_changes').where('user_id', '=', row.id).execute()
  await trx
    .deleteFrom('rate_limits')
    .where((eb) =>
      eb.or([
        eb('key', '=', `login:account:${row.email}`),
        eb(sql`starts_with(key, ${`login:pair:${row.email} `})`, '=', true),
      ]),
    )
    .execute()
  await trx
    .updateTable('users')
    .set({
      email: `compte-supprime-${row.id}`,
      firstname: '',
      lastname: ERASED_NAME,
      password_hash: null,
      status: 'DESACTIVE',
      is_admin: false,
      token_version: sql<number>`token_version + 1`,
      last_sign_in_at: null,
      inactivity_warned_at: null,
      erased_at: now,
      ...versionBump(undefined),
    })
    .where('id', '=', row.id)
    .execute()
  // The Journal is append-only but for this, in this transaction only (migration 0019).
  await sql`select set_config('partenaires.audit_maintenance', 'on', true)`.execute(trx)
  await sql`update audit_log set target_label = null,
      before = ${withoutPersonalKeys('before')}, after = ${withoutPersonalKeys('after')}
    where target_type = 'user' and target_id = ${String(row.id)}`.execute(trx)
  await sql`update audit_log set actor_name = ${ERASED_NAME}, actor_email = ''
    where actor_id = ${row.id}`.execute(trx)
  await sql`select set_config('partenaires.audit_maintenance', 'off', true)`.execute(trx)
  if (by.kind === 'request') {
    await audited(trx, by.admin, { action: 'user.rgpdDelete', targetId: row.id, motif: by.motif })
  } else if (by.kind === 'self') {
    // The person is the actor; their name is already gone from the row, and no address is kept.
    await audited(trx, { id: row.id, email: '' }, { action: 'account.delete', targetId: row.id })
  } else {
    await trx
      .insertInto('audit_log')
      .values({
        // The round's clock, as every date it writes.
        created_at: now,
        actor_id: null,
        actor_name: RETENTION_ACTOR,
        actor_email: '',
        action: 'account.retentionDelete',
        target_type: 'user',
        target_id: String(row.id),
      })
      .execute()
  }
}

const DELETED: MessageBody = {
  message:
    'Votre compte a été supprimé. Un e-mail de confirmation a été envoyé à votre adresse, qui est maintenant effacée.',
}

/**
 * The last active administrator cannot go (nobody could run the back-office): checked under the lock every
 * such write takes.
 */
async function keepBackOffice(trx: Transaction<Database>, row: UserRow): Promise<void> {
  if (isActiveAdmin(row)) await keepAnActiveAdmin(trx, row.id)
}

/** DELETE /api/users/me: needs the password. */
export async function deleteOwnAccount(
  ctx: AppContext,
  current: CurrentUser,
  body: AccountDeletionBody,
  ip: string,
): Promise<MessageBody> {
  const row = await ownRow(ctx.db, current.id)
  await checkOwnPassword(ctx, row, body.password, ip, 'password', 'Le mot de passe est incorrect.')
  await ctx.db.transaction().execute(async (trx) => {
    await keepBackOffice(trx, row)
    await eraseAccount(trx, ctx, row, { kind: 'self' })
  })
  forgetUser(ctx.db, row.id)
  ctx.mailer.kick()
  return DELETED
}

/** DELETE /api/users/{id}/rgpd (admin): the same erasure, for a request received by mail; audited. */
export async function deleteUserRgpd(
  ctx: AppContext,
  admin: CurrentUser,
  id: number,
  motifText: string | undefined,
): Promise<MessageBody> {
  const motif = optionalText(motifText, 'motif', 'Motif', { max: 500, multiline: true })
  if (id === admin.id)
    throw conflict(
      'Pour supprimer votre propre compte, utilisez « Supprimer mon compte » dans « Mon compte ».',
    )
  await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('users')
      .selectAll()
      .where('id', '=', id)
      .where('erased_at', 'is', null)
      .forUpdate()
      .executeTakeFirst()
    if (!row) throw notFound('Utilisateur introuvable.')
    await keepBackOffice(trx, row)
    await eraseAccount(trx, ctx, row, { kind: 'request', admin, motif })
  })
  forgetUser(ctx.db, id)
  ctx.mailer.kick()
  return {
    message:
      'Compte supprimé : ses données personnelles sont effacées, ses utilisations de coupons gardées sans lien avec la personne. Un e-mail de confirmation lui a été envoyé.',
  }
}
