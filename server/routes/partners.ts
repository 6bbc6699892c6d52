import type { AuthGuards } from '../auth.ts'
import type { App, AppContext } from '../context.ts'
import { createOffer, updateOffer } from '../services/offers.ts'
import {
  addPartnerImage,
  createPartner,
  deletePartnerImage,
  listCategories,
  listCities,
  partnerFor,
  partnerForUser,
  searchAs,
  statusOptions,
  updatePartner,
  usableOffersOf,
} from '../services/partners.ts'
import { listPartnersPage } from '../services/partnerList.ts'
import { referenceCache, revalidated } from '../services/reference.ts'
import { preconditionOf } from '../services/versions.ts'
import { endpoint, ifMatchDescription } from './route.ts'
import { sendWire } from './wire.ts'
import { readImageUpload, uploadDescription } from './uploads.ts'

const tags = ['Partenaires']

export function partnerRoutes(app: App, ctx: AppContext, guards: AuthGuards): void {
  const { db, config } = ctx
  const reference = referenceCache(db)

  app.route({
    ...endpoint('listPartners', guards, {
      tags,
      summary: 'Une page de partenaires, toutes offres comprises, filtrée et triée, avec le total (admin)',
      description:
        'q : contenu dans la dénomination, la ville ou le libellé d’une catégorie (casse, accents, apostrophes et tirets ignorés). status : filtre exact. page à partir de 0, pageSize 25 par défaut (100 au plus).',
    }),
    handler: (request) => listPartnersPage(db, request.query),
  })

  app.route({
    ...endpoint('listPartnerStatuses', guards, { tags, summary: 'Statuts possibles d’un partenaire' }),
    handler: async (request, reply) =>
      revalidated(request, reply, await reference('partner-statuses', null, async () => statusOptions)),
  })

  app.route({
    ...endpoint('listCategories', guards, { tags, summary: 'Catégories, triées par libellé' }),
    handler: async (request, reply) =>
      revalidated(request, reply, await reference('categories', 'categories', () => listCategories(db))),
  })

  app.route({
    ...endpoint('listCities', guards, {
      tags,
      summary: 'Villes des partenaires actifs, triées à la française',
    }),
    handler: async (request, reply) =>
      revalidated(request, reply, await reference('cities', 'partners', () => listCities(db))),
  })

  app.route({
    ...endpoint('searchPartners', guards, {
      tags,
      summary: 'Recherche de partenaires actifs (offres utilisables seulement)',
      description: [
        "name : contenu dans la dénomination, sans tenir compte de la casse, des accents, des apostrophes ni des tirets (« presqu'ile » trouve « Presqu’île »).",
        'city : ville exacte, casse ignorée. categoryId : identifiant de catégorie.',
        'bounds : « est,nord,sud,ouest » en degrés décimaux (longitude est, latitude nord, latitude sud, longitude ouest).',
        'userPosition : « lat,lng » en degrés décimaux ; ajoute distanceToUser en kilomètres (distance à vol d’oiseau) et trie par distance croissante.',
        'Sans userPosition, tri par nom puis identifiant. page commence à 0 ; pageSize vaut 50 par défaut et au plus.',
        'userId : l’utilisateur connecté (ou n’importe lequel pour un admin) ; ses coupons déjà utilisés apparaissent DISABLED.',
        'expiring=true : seulement les partenaires ayant une offre que la personne (userId, sinon la personne connectée) peut encore utiliser et qui prend fin dans les 7 jours, comme la rangée « Expire bientôt » de GET /api/users/me/home. new=true : seulement les partenaires arrivés, ou ayant une offre utilisable créée, dans les 14 derniers jours, comme la rangée « Nouveautés ». Combinables avec les autres filtres ; une autre valeur que true ou false est refusée (400).',
      ].join('\n'),
    }),
    handler: async (request, reply) =>
      sendWire(reply, await searchAs(db, request.currentUser!, request.query)),
  })

  app.route({
    ...endpoint('getPartner', guards, {
      tags,
      summary:
        'Un partenaire (admin : tous, toutes offres ; utilisateur : partenaires actifs, offres utilisables)',
      description:
        'Pour un admin, l’en-tête ETag donne la version du partenaire et de ses coupons, à renvoyer dans If-Match en le modifiant (PUT du partenaire ou d’un coupon). Les photos et les coupons utilisés ne la changent pas.',
    }),
    handler: async (request, reply) => {
      const { partner, etag } = await partnerFor(db, request.currentUser!, request.params.id)
      if (etag) reply.header('etag', etag)
      return partner
    },
  })

  app.route({
    ...endpoint('listUsableOffers', guards, {
      tags,
      summary: 'Offres utilisables du partenaire (activées, non expirées)',
    }),
    handler: (request) => usableOffersOf(db, request.currentUser!, request.params.id),
  })

  app.route({
    ...endpoint('getPartnerForUser', guards, {
      tags,
      summary:
        'Le partenaire et ses offres utilisables, avec leur statut vu par l’utilisateur (DISABLED une fois utilisée)',
    }),
    handler: (request) => partnerForUser(db, request.currentUser!, request.params.id, request.params.userId),
  })

  app.route({
    ...endpoint('createPartner', guards, {
      tags,
      summary: 'Crée un partenaire ; une catégorie sans id est créée (icône « star » par défaut)',
    }),
    handler: async (request, reply) =>
      reply.code(201).send(await createPartner(db, request.currentUser!, request.body)),
  })

  app.route({
    ...endpoint('updatePartner', guards, {
      tags,
      summary: 'Modifie un partenaire (partnerId.id doit correspondre à l’adresse)',
      description: ifMatchDescription('du partenaire (GET /api/partners/{id})'),
    }),
    handler: async (request, reply) => {
      const { partner, etag } = await updatePartner(
        db,
        request.currentUser!,
        request.params.id,
        request.body,
        preconditionOf(request.headers['if-match'], config.appTimeZone),
      )
      reply.header('etag', etag)
      return partner
    },
  })

  app.route({
    ...endpoint('uploadPartnerImage', guards, {
      tags,
      summary: 'Ajoute une photo au partenaire',
      description: uploadDescription(config.maxUploadBytes),
    }),
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(
          await addPartnerImage(
            db,
            request.currentUser!,
            request.params.id,
            await readImageUpload(request, config.maxUploadBytes),
          ),
        ),
  })

  app.route({
    ...endpoint('deletePartnerImage', guards, { tags, summary: 'Supprime une photo du partenaire' }),
    handler: (request) =>
      deletePartnerImage(db, request.currentUser!, request.params.id, request.params.imageId),
  })

  app.route({
    ...endpoint('createOffer', guards, {
      tags,
      summary: 'Ajoute un coupon au partenaire (expirationDate au format AAAA-MM-JJ ou null)',
    }),
    handler: async (request, reply) =>
      reply.code(201).send(await createOffer(db, request.currentUser!, request.params.id, request.body)),
  })

  app.route({
    ...endpoint('updateOffer', guards, {
      tags,
      summary: 'Modifie un coupon du partenaire (id dans le corps)',
      description: ifMatchDescription(
        'du partenaire (GET /api/partners/{id}), que ses coupons partagent : ajouter ou modifier un coupon change l’ETag du partenaire',
      ),
    }),
    handler: (request) =>
      updateOffer(
        db,
        request.currentUser!,
        request.params.id,
        request.body,
        preconditionOf(request.headers['if-match'], config.appTimeZone),
      ),
  })
}
