import type { AuthGuards } from '../auth.ts'
import type { App, AppContext } from '../context.ts'
import { checkOfferUse, listUsedOffers } from '../services/offerUses.ts'
import { reactivateCoupon, redeemCoupon } from '../services/offers.ts'
import { statusOptions } from '../services/partners.ts'
import { createUser, deleteUser, listUsers, updateUser, userFor } from '../services/users.ts'
import { etagFirst, preconditionOf } from '../services/versions.ts'
import { endpoint, ifMatchDescription } from './route.ts'

const tags = ['Utilisateurs']

export function userRoutes(app: App, ctx: AppContext, guards: AuthGuards): void {
  const { db } = ctx

  app.route({
    ...endpoint('listUsers', guards, {
      tags,
      summary: 'Une page d’utilisateurs, filtrée et triée, avec le total (admin)',
      description:
        'q : contenu dans le prénom, le nom ou l’e-mail. status, role : filtres exacts. page à partir de 0, pageSize 25 par défaut (100 au plus).',
    }),
    handler: (request) => listUsers(db, request.query),
  })

  app.route({
    ...endpoint('listUserStatuses', guards, { tags, summary: 'Statuts possibles d’un utilisateur' }),
    handler: async () => statusOptions,
  })

  app.route({
    ...endpoint('getUser', guards, {
      tags,
      summary: 'Un utilisateur et ses coupons utilisés (soi-même, ou n’importe qui pour un admin)',
      description:
        'disabledCoupons : les coupons utilisés aujourd’hui. couponHistory : chaque utilisation, réactivées comprises (reactivatedAt). L’en-tête ETag donne la version de l’utilisateur (ses champs, pas ses coupons), à renvoyer dans If-Match en le modifiant.',
    }),
    handler: async (request, reply) => {
      const { body: user, etag } = await etagFirst(db, 'user', request.params.id, () =>
        userFor(db, request.currentUser!, request.params.id),
      )
      if (etag) reply.header('etag', etag)
      return { ...user, couponHistory: await listUsedOffers(db, user.userId.id) }
    },
  })

  app.route({
    ...endpoint('createUser', guards, {
      tags,
      summary:
        'Crée un utilisateur (ROLE_USER) et lui envoie une invitation à choisir son mot de passe (lien valable 7 jours)',
    }),
    handler: async (request, reply) =>
      reply.code(201).send(await createUser(ctx, request.currentUser!, request.body, request.log)),
  })

  app.route({
    ...endpoint('updateUser', guards, {
      tags,
      summary: 'Modifie un utilisateur (userId.id doit correspondre à l’adresse)',
      description:
        'roles, facultatif, fixe les rôles. Un changement de statut ou de rôle révoque les jetons existants de l’utilisateur.\n' +
        ifMatchDescription('de l’utilisateur (GET /api/users/{id})'),
    }),
    handler: async (request, reply) => {
      const { user, etag } = await updateUser(
        db,
        request.currentUser!,
        request.params.id,
        request.body,
        preconditionOf(request.headers['if-match'], ctx.config.appTimeZone),
      )
      reply.header('etag', etag)
      return user
    },
  })

  app.route({
    ...endpoint('deleteUser', guards, {
      tags,
      summary: 'Supprime un utilisateur (ses jetons cessent de fonctionner)',
    }),
    handler: (request) => deleteUser(db, request.currentUser!, request.params.id),
  })

  app.route({
    ...endpoint('deactivateOffer', guards, {
      tags,
      summary:
        'Utilise un coupon : seulement pour soi-même, une seule fois, offre activée et non expirée du partenaire',
      description:
        'Renvoie l’offre telle que l’utilisateur la voit désormais (DISABLED). 409 si déjà utilisée ou plus disponible.',
    }),
    handler: (request) => redeemCoupon(db, request.currentUser!, request.params),
  })

  app.route({
    ...endpoint('checkOfferUse', guards, {
      tags,
      summary: 'Trouve l’utilisation de coupon que désigne un code (admin) : qui, quelle offre, quand',
      description:
        'Le code est lu comme il est tapé (minuscules, espaces et tirets acceptés). 400 pour un code mal formé, 404 « Code inconnu » sinon.',
    }),
    handler: (request) => checkOfferUse(db, request.params.code),
  })

  app.route({
    ...endpoint('reactivateOffer', guards, {
      tags,
      summary:
        'Réactive un coupon utilisé par un utilisateur (admin) ; renvoie ses coupons utilisés restants',
      description:
        'Corps facultatif, comme dans la spécification (PUT sans corps accepté). motif, facultatif (500 caractères au plus), dit pourquoi : il est gardé dans le journal avec l’administrateur ; sans motif, l’entrée du journal n’en a pas.',
    }),
    handler: (request) =>
      reactivateCoupon(
        db,
        request.currentUser!,
        request.params.userId,
        request.params.offerId,
        request.body.motif,
      ),
  })
}
