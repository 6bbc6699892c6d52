import type { FastifyBaseLogger, FastifyRequest } from 'fastify'
import { sql } from 'kysely'
import {
  AuthUser,
  Credentials,
  ErrorBody,
  ForgotPasswordBody,
  MessageBody,
  RegisterBody,
  ResetPasswordBody,
} from '../../contract/schemas.ts'
import { apiPaths } from '../../contract/paths.ts'
import { forgetUser, rolesOf, type AuthGuards } from '../auth.ts'
import type { App, AppContext } from '../context.ts'
import { badRequest, conflict, HttpError } from '../errors.ts'
import { enqueueMail, passwordMail } from '../services/mail.ts'
import { checkPasswordPolicy } from '../services/passwords.ts'
import { hashOneTimeToken, signAccessToken } from '../services/tokens.ts'
import { issueOneTimeToken } from '../services/users.ts'
import { canonicalEmail, email as validEmail, requiredText } from '../validation.ts'
import { errorResponses, isUniqueViolation, rateLimited } from './common.ts'

const tags = ['Authentification']

export function authRoutes(app: App, ctx: AppContext, guards: AuthGuards): void {
  const { db, config, hasher, throttle } = ctx
  const authLimit = rateLimited(config.authRateLimitPerMinute)

  async function authUser(row: {
    id: number
    token_version: number
    is_admin: boolean
    firstname: string
    lastname: string
    email: string
  }): Promise<AuthUser> {
    return {
      access_token: await signAccessToken(row.id, row.token_version, ctx.jwtSecret, config.tokenTtlSeconds),
      roles: rolesOf(row.is_admin),
      userId: { id: row.id },
      firstname: row.firstname,
      lastname: row.lastname,
      email: row.email,
    }
  }

  app.post(
    apiPaths.authenticate(),
    {
      schema: {
        tags,
        summary: 'Connexion : renvoie l’utilisateur et son jeton (Bearer, HS256)',
        description: `Après ${config.loginThrottle.maxPerAccount} échecs sur un compte depuis une même adresse, ${config.loginThrottle.maxPerAccountAnywhere} sur un compte depuis toutes les adresses, ou ${config.loginThrottle.maxPerIp} depuis une adresse : 429 avec Retry-After, chaque blocage suivant durant deux fois plus longtemps.`,
        body: Credentials,
        response: { 200: AuthUser, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const account = canonicalEmail(request.body.username)
      const ip = request.ip
      const wait = await throttle.retryAfter(account, ip)
      if (wait > 0) {
        throw new HttpError(
          429,
          `Trop de tentatives de connexion. Réessayez dans ${wait} seconde${wait > 1 ? 's' : ''}.`,
          undefined,
          {
            'retry-after': String(wait),
          },
        )
      }
      const row =
        account && account.length <= 254
          ? await db.selectFrom('users').selectAll().where('email', '=', account).executeTakeFirst()
          : undefined
      const password = request.body.password.slice(0, 1024)
      let ok = false
      if (row?.password_hash) ok = await hasher.verify(row.password_hash, password)
      else await hasher.dummyVerify(password)
      if (!row || !ok) {
        await throttle.recordFailure(account, ip)
        request.log.info({ account: account.slice(0, 254) }, 'sign-in failed')
        throw new HttpError(401, 'Email ou mot de passe incorrect')
      }
      await throttle.recordSuccess(account, ip)
      if (row.status === 'DESACTIVE') {
        throw new HttpError(
          403,
          'Votre compte est désactivé : contactez un administrateur pour le réactiver.',
        )
      }
      return authUser(row)
    },
  )

  app.post(
    apiPaths.register(),
    {
      config: authLimit,
      schema: {
        tags,
        summary: 'Inscription (ROLE_USER, statut ACTIF) : renvoie l’utilisateur connecté',
        description: 'Mot de passe : 8 caractères au moins, 256 au plus, pas un mot de passe courant.',
        body: RegisterBody,
        response: { 201: AuthUser, ...errorResponses(400, 409, 429) },
      },
    },
    async (request, reply) => {
      const firstname = requiredText(request.body.firstname, 'firstname', 'Prénom', { max: 100 })
      const lastname = requiredText(request.body.lastname, 'lastname', 'Nom', { max: 100 })
      const email = validEmail(request.body.email)
      checkPasswordPolicy(request.body.password, 'password', [
        email,
        email.split('@')[0],
        firstname,
        lastname,
      ])
      const passwordHash = await hasher.hash(request.body.password)
      try {
        const row = await db
          .insertInto('users')
          .values({ email, firstname, lastname, password_hash: passwordHash, status: 'ACTIF' })
          .returningAll()
          .executeTakeFirstOrThrow()
        return reply.code(201).send(await authUser(row))
      } catch (error) {
        if (isUniqueViolation(error))
          throw conflict('Un compte existe déjà avec cette adresse e-mail.', 'email')
        throw error
      }
    },
  )

  async function sendResetLink(address: string, log: FastifyBaseLogger): Promise<void> {
    const row = await db.selectFrom('users').selectAll().where('email', '=', address).executeTakeFirst()
    if (!row || row.status === 'DESACTIVE') return
    // The token and its mail commit together; the outbox worker delivers it.
    const mailId = await db.transaction().execute(async (trx) => {
      const token = await issueOneTimeToken(trx, row.id, 'reset')
      const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`
      return enqueueMail(trx, passwordMail('reset', row.email, row.firstname, link))
    })
    ctx.mailer.kick()
    log.info({ mailId }, 'reset mail queued')
  }
  // Addresses whose reset link is looked up once their answer has gone out.
  const resetsToSend = new WeakMap<FastifyRequest, string>()

  app.post(
    apiPaths.forgotPassword(),
    {
      config: authLimit,
      schema: {
        tags,
        summary: 'Envoie un lien de réinitialisation (valable 1 heure)',
        description:
          'Répond de la même façon et dans le même temps que l’adresse soit connue ou non : la recherche du compte et l’envoi ont lieu après la réponse.',
        body: ForgotPasswordBody,
        response: { 200: MessageBody, ...errorResponses(400, 429) },
      },
      // After the answer is sent, so its timing says nothing about whether the address has an account.
      onResponse: async (request) => {
        const email = resetsToSend.get(request)
        if (!email) return
        resetsToSend.delete(request)
        app.backgroundWork.track(
          sendResetLink(email, request.log).catch((error: unknown) =>
            request.log.error({ err: error }, 'reset link could not be queued'),
          ),
        )
      },
    },
    async (request) => {
      resetsToSend.set(request, validEmail(request.body.email))
      return {
        message: 'Si un compte correspond à cette adresse, un e-mail de réinitialisation a été envoyé.',
      }
    },
  )

  app.post(
    apiPaths.resetPassword(),
    {
      config: authLimit,
      schema: {
        tags,
        summary:
          'Choisit un nouveau mot de passe avec le jeton reçu par e-mail (réinitialisation ou invitation)',
        description:
          'Le jeton est à usage unique ; tous les jetons de connexion existants de l’utilisateur sont révoqués.',
        body: ResetPasswordBody,
        response: { 200: MessageBody, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      const invalid = () =>
        badRequest('Ce lien de réinitialisation est invalide ou a expiré : demandez-en un nouveau.', 'token')
      const token = request.body.token.trim()
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
      checkPasswordPolicy(request.body.newPassword, 'newPassword', [
        found.email,
        found.email.split('@')[0],
        found.firstname,
        found.lastname,
      ])
      const passwordHash = await hasher.hash(request.body.newPassword)
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
    },
  )

  app.post(
    apiPaths.logout(),
    {
      onRequest: guards.user,
      schema: {
        tags,
        summary: 'Déconnexion : révoque tous les jetons de l’utilisateur',
        security: [{ bearer: [] }],
        response: { 200: MessageBody, 401: ErrorBody },
      },
    },
    async (request) => {
      await db
        .updateTable('users')
        .set({ token_version: sql`token_version + 1` })
        .where('id', '=', request.currentUser!.id)
        .execute()
      forgetUser(db, request.currentUser!.id)
      return { message: 'Vous êtes déconnecté.' }
    },
  )
}
