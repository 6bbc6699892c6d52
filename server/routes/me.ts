import type { AuthGuards } from '../auth.ts'
import type { App, AppContext } from '../context.ts'
import { addFavorite, listFavorites, removeFavorite } from '../services/favorites.ts'
import { homeRows } from '../services/home.ts'
import { listUsedOffers } from '../services/offerUses.ts'
import { endpoint } from './route.ts'

const tags = ['Mon compte']

/** The signed-in user's own lists: favourite partners and the coupons they used. */
export function meRoutes(app: App, ctx: AppContext, guards: AuthGuards): void {
  const { db } = ctx

  app.route({
    ...endpoint('listFavorites', guards, {
      tags,
      summary: 'Mes partenaires favoris, du plus récemment ajouté au plus ancien',
      description:
        'Partenaires actifs seulement (un partenaire désactivé sort de la liste), avec leurs offres utilisables ; celles déjà utilisées sont DISABLED. distanceToUser vaut null.',
    }),
    handler: (request) => listFavorites(db, request.currentUser!.id),
  })

  app.route({
    ...endpoint('addFavorite', guards, {
      tags,
      summary: 'Ajoute un partenaire à mes favoris (idempotent)',
      description: '204 aussi s’il y était déjà. 404 pour un partenaire inconnu ou non actif.',
    }),
    handler: async (request, reply) => {
      await addFavorite(db, request.currentUser!.id, request.params.partnerId)
      return reply.code(204).send(null)
    },
  })

  app.route({
    ...endpoint('removeFavorite', guards, {
      tags,
      summary: 'Retire un partenaire de mes favoris (idempotent)',
      description: '204 aussi s’il n’y était pas. 404 pour un identifiant qu’aucun partenaire ne porte.',
    }),
    handler: async (request, reply) => {
      await removeFavorite(db, request.currentUser!.id, request.params.partnerId)
      return reply.code(204).send(null)
    },
  })

  app.route({
    ...endpoint('listUsedOffers', guards, {
      tags,
      summary: 'Les coupons que j’ai utilisés, du plus récent au plus ancien',
      description:
        'Chaque utilisation, avec sa date ; une utilisation annulée par un administrateur (coupon réactivé) reste, avec reactivatedAt.',
    }),
    handler: (request) => listUsedOffers(db, request.currentUser!.id),
  })

  app.route({
    ...endpoint('getMyHome', guards, {
      tags,
      summary: 'Les rangées de mon accueil : près de moi, expire bientôt, mes favoris, nouveautés',
      description:
        'near (avec lat et lng seulement) : les partenaires actifs les plus proches, distance en km ; expiring : mes offres encore utilisables qui finissent dans les 7 jours ; favorites : mes favoris actifs avec la date de leur plus récente offre utilisable ; news : partenaires et offres des 14 derniers jours. Chaque liste est courte (8 au plus).',
    }),
    handler: (request) => homeRows(db, request.currentUser!.id, request.query),
  })
}
