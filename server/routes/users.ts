import { sql } from 'kysely'
import Type from 'typebox'
import {
  DiscountOffer,
  DisabledCouponsBody,
  MessageBody,
  StatusOption,
  User,
  UserBody,
  UserUpdateBody,
} from '../../contract/schemas.ts'
import { apiPaths, routePatterns } from '../../contract/paths.ts'
import { forgetUser, type AuthGuards } from '../auth.ts'
import type { App, AppContext } from '../context.ts'
import { badRequest, conflict, forbidden, notFound } from '../errors.ts'
import { enqueueMail, passwordMail } from '../services/mail.ts'
import { usableOffer } from '../services/partners.ts'
import { disabledCouponsOf, issueOneTimeToken, loadUser, toUser } from '../services/users.ts'
import { email as validEmail, requiredText } from '../validation.ts'
import { bearer, errorResponses, isUniqueViolation } from './common.ts'
import { statusOptions } from './partners.ts'

const tags = ['Utilisateurs']
const MAX_ID = 2147483647
const Id = () => Type.Integer({ minimum: 1, maximum: MAX_ID })
const IdParams = Type.Object({ id: Id() })
const DeactivateParams = Type.Object({ userId: Id(), partnerId: Id(), offerId: Id() })
const ReactivateParams = Type.Object({ userId: Id(), offerId: Id() })

export function userRoutes(app: App, ctx: AppContext, guards: AuthGuards): void {
  const { db, config } = ctx

  function cleanUser(body: UserBody) {
    return {
      firstname: requiredText(body.firstname, 'firstname', 'Prénom', { max: 100 }),
      lastname: requiredText(body.lastname, 'lastname', 'Nom', { max: 100 }),
      email: validEmail(body.email),
      status: body.status,
    }
  }

  app.get(
    apiPaths.users(),
    {
      onRequest: guards.admin,
      schema: {
        tags,
        summary: 'Tous les utilisateurs (admin)',
        security: bearer,
        response: { 200: Type.Array(User), ...errorResponses(401, 403) },
      },
    },
    async () => {
      const rows = await db
        .selectFrom('users')
        .selectAll()
        .orderBy('lastname')
        .orderBy('firstname')
        .orderBy('id')
        .execute()
      const coupons = await disabledCouponsOf(
        db,
        rows.map((r) => r.id),
      )
      return rows.map((r) => toUser(r, coupons.get(r.id) ?? []))
    },
  )

  app.get(
    apiPaths.userStatuses(),
    {
      onRequest: guards.user,
      schema: {
        tags,
        summary: 'Statuts possibles d’un utilisateur',
        security: bearer,
        response: { 200: Type.Array(StatusOption), ...errorResponses(401) },
      },
    },
    async () => statusOptions,
  )

  app.get(
    routePatterns.user,
    {
      onRequest: guards.user,
      schema: {
        tags,
        summary: 'Un utilisateur et ses coupons utilisés (soi-même, ou n’importe qui pour un admin)',
        security: bearer,
        params: IdParams,
        response: { 200: User, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const me = request.currentUser!
      if (request.params.id !== me.id && !me.isAdmin)
        throw forbidden('Vous ne pouvez consulter que votre propre compte.')
      const user = await loadUser(db, request.params.id)
      if (!user) throw notFound('Utilisateur introuvable.')
      return user
    },
  )

  app.post(
    apiPaths.users(),
    {
      onRequest: guards.admin,
      schema: {
        tags,
        summary:
          'Crée un utilisateur (ROLE_USER) et lui envoie une invitation à choisir son mot de passe (lien valable 7 jours)',
        security: bearer,
        body: UserBody,
        response: { 201: User, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const values = cleanUser(request.body)
      let created
      try {
        // The account, its invitation token and the invitation mail exist together or not at all.
        created = await db.transaction().execute(async (trx) => {
          const row = await trx
            .insertInto('users')
            .values({ ...values, password_hash: null })
            .returningAll()
            .executeTakeFirstOrThrow()
          const token = await issueOneTimeToken(trx, row.id, 'invite')
          const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`
          const mailId = await enqueueMail(trx, passwordMail('invite', row.email, row.firstname, link))
          return { row, mailId }
        })
      } catch (error) {
        if (isUniqueViolation(error))
          throw conflict('Un compte existe déjà avec cette adresse e-mail.', 'email')
        throw error
      }
      const { row, mailId } = created
      ctx.mailer.kick()
      request.log.info({ mailId }, 'invitation mail queued')
      return reply.code(201).send(toUser(row, []))
    },
  )

  app.put(
    routePatterns.user,
    {
      onRequest: guards.admin,
      schema: {
        tags,
        summary: 'Modifie un utilisateur (userId.id doit correspondre à l’adresse)',
        description:
          'roles, facultatif, fixe les rôles. Un changement de statut ou de rôle révoque les jetons existants de l’utilisateur.',
        security: bearer,
        params: IdParams,
        body: UserUpdateBody,
        response: { 200: User, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const id = request.params.id
      if (request.body.userId.id !== id)
        throw badRequest('userId.id ne correspond pas à l’utilisateur de l’adresse.', 'userId.id')
      const values = cleanUser(request.body)
      const before = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()
      if (!before) throw notFound('Utilisateur introuvable.')
      const isAdmin = request.body.roles ? request.body.roles.includes('ROLE_ADMIN') : before.is_admin
      if (id === request.currentUser!.id && (!isAdmin || values.status === 'DESACTIVE')) {
        throw conflict(
          'Vous ne pouvez pas retirer vos propres droits d’administrateur ni désactiver votre propre compte.',
        )
      }
      const revoke =
        isAdmin !== before.is_admin || values.status !== before.status || values.email !== before.email
      try {
        await db.transaction().execute(async (trx) => {
          await trx
            .updateTable('users')
            .set({
              ...values,
              is_admin: isAdmin,
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
        })
      } catch (error) {
        if (isUniqueViolation(error))
          throw conflict('Un compte existe déjà avec cette adresse e-mail.', 'email')
        throw error
      }
      forgetUser(db, id)
      const user = await loadUser(db, id)
      if (!user) throw notFound('Utilisateur introuvable.')
      return user
    },
  )

  app.delete(
    routePatterns.user,
    {
      onRequest: guards.admin,
      schema: {
        tags,
        summary: 'Supprime un utilisateur (ses jetons cessent de fonctionner)',
        security: bearer,
        params: IdParams,
        response: { 200: MessageBody, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      if (request.params.id === request.currentUser!.id)
        throw conflict('Vous ne pouvez pas supprimer votre propre compte.')
      const removed = await db
        .deleteFrom('users')
        .where('id', '=', request.params.id)
        .returning('id')
        .executeTakeFirst()
      if (!removed) throw notFound('Utilisateur introuvable.')
      forgetUser(db, removed.id)
      return { message: 'Utilisateur supprimé.' }
    },
  )

  app.put(
    routePatterns.deactivateOffer,
    {
      onRequest: guards.user,
      schema: {
        tags,
        summary:
          'Utilise un coupon : seulement pour soi-même, une seule fois, offre activée et non expirée du partenaire',
        description:
          'Renvoie l’offre telle que l’utilisateur la voit désormais (DISABLED). 409 si déjà utilisée ou plus disponible.',
        security: bearer,
        params: DeactivateParams,
        response: { 200: DiscountOffer, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { userId, partnerId, offerId } = request.params
      if (userId !== request.currentUser!.id)
        throw forbidden('Vous ne pouvez utiliser un coupon que pour vous-même.')
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
      if (!offer || offer.partner_status !== 'ACTIF') throw notFound('Coupon introuvable pour ce partenaire.')
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
        status: 'DISABLED' as const,
        expirationDate: offer.expiration_date,
      }
    },
  )

  app.put(
    routePatterns.reactivateOffer,
    {
      onRequest: guards.admin,
      schema: {
        tags,
        summary:
          'Réactive un coupon utilisé par un utilisateur (admin) ; renvoie ses coupons utilisés restants',
        security: bearer,
        params: ReactivateParams,
        response: { 200: DisabledCouponsBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { userId, offerId } = request.params
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
    },
  )
}
