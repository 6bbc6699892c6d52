import Type from 'typebox'
import { PartnerSearchResult, UsedOffer } from '../../contract/schemas.ts'
import { apiPaths, routePatterns } from '../../contract/paths.ts'
import type { AuthGuards } from '../auth.ts'
import type { App, AppContext } from '../context.ts'
import { addFavorite, listFavorites, removeFavorite } from '../services/favorites.ts'
import { listUsedOffers } from '../services/offerUses.ts'
import { bearer, errorResponses } from './common.ts'

const tags = ['Mon compte']
const MAX_ID = 2147483647
const FavoriteParams = Type.Object({ partnerId: Type.Integer({ minimum: 1, maximum: MAX_ID }) })
const NoContent = Type.Null({ description: 'Fait (sans corps)' })

/** The signed-in user's own lists: favourite partners and the coupons they used. */
export function meRoutes(app: App, ctx: AppContext, guards: AuthGuards): void {
  const { db } = ctx

  app.get(
    apiPaths.myFavorites(),
    {
      onRequest: guards.user,
      schema: {
        tags,
        summary: 'Mes partenaires favoris, du plus récemment ajouté au plus ancien',
        description:
          'Partenaires actifs seulement (un partenaire désactivé sort de la liste), avec leurs offres utilisables ; celles déjà utilisées sont DISABLED. distanceToUser vaut null.',
        security: bearer,
        response: { 200: Type.Array(PartnerSearchResult), ...errorResponses(401) },
      },
    },
    async (request) => listFavorites(db, request.currentUser!.id),
  )

  app.put(
    routePatterns.myFavorite,
    {
      onRequest: guards.user,
      schema: {
        tags,
        summary: 'Ajoute un partenaire à mes favoris (idempotent)',
        description: '204 aussi s’il y était déjà. 404 pour un partenaire inconnu ou non actif.',
        security: bearer,
        params: FavoriteParams,
        response: { 204: NoContent, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await addFavorite(db, request.currentUser!.id, request.params.partnerId)
      return reply.code(204).send(null)
    },
  )

  app.delete(
    routePatterns.myFavorite,
    {
      onRequest: guards.user,
      schema: {
        tags,
        summary: 'Retire un partenaire de mes favoris (idempotent)',
        description: '204 aussi s’il n’y était pas. 404 pour un identifiant qu’aucun partenaire ne porte.',
        security: bearer,
        params: FavoriteParams,
        response: { 204: NoContent, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await removeFavorite(db, request.currentUser!.id, request.params.partnerId)
      return reply.code(204).send(null)
    },
  )

  app.get(
    apiPaths.myUsedOffers(),
    {
      onRequest: guards.user,
      schema: {
        tags,
        summary: 'Les coupons que j’ai utilisés, du plus récent au plus ancien',
        description:
          'Chaque utilisation, avec sa date ; une utilisation annulée par un administrateur (coupon réactivé) reste, avec reactivatedAt.',
        security: bearer,
        response: { 200: Type.Array(UsedOffer), ...errorResponses(401) },
      },
    },
    async (request) => listUsedOffers(db, request.currentUser!.id),
  )
}
