import { sql } from 'kysely'
import Type from 'typebox'
import {
  Category,
  DiscountOffer,
  Image,
  MessageBody,
  OfferBody,
  OfferUpdateBody,
  Partner,
  PartnerBody,
  PartnerSearchQuery,
  PartnerSearchResult,
  PartnerUpdateBody,
  StatusOption,
} from '../../contract/schemas.ts'
import { apiPaths, routePatterns } from '../../contract/paths.ts'
import type { AuthGuards } from '../auth.ts'
import type { App, AppContext } from '../context.ts'
import { badRequest, forbidden, notFound } from '../errors.ts'
import { mdiIconPath } from '../services/icons.ts'
import { storeImage } from '../services/images.ts'
import {
  cleanPartnerBody,
  hydratePartners,
  offersFor,
  partnerColumns,
  savePartner,
  stripRow,
  toOffer,
} from '../services/partners.ts'
import { referenceCache, revalidated } from '../services/reference.ts'
import { loadPartner, searchPartners } from '../services/search.ts'
import { optionalIsoDate, requiredText } from '../validation.ts'
import { bearer, errorResponses } from './common.ts'
import { readUpload, uploadDescription } from './uploads.ts'

const tags = ['Partenaires']
const MAX_ID = 2147483647
const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: MAX_ID }) })
const UserParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: MAX_ID }),
  userId: Type.Integer({ minimum: 1, maximum: MAX_ID }),
})
const ImageParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: MAX_ID }),
  imageId: Type.String({ maxLength: 100 }),
})

export const statusOptions = [
  { code: 'ACTIF', label: 'Actif' },
  { code: 'PROSPECT', label: 'Prospect' },
  { code: 'DESACTIVE', label: 'Désactivé' },
]

const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true })

function found(partner: Partner | null): Partner {
  if (!partner) throw notFound('Partenaire introuvable.')
  return partner
}

export function partnerRoutes(app: App, ctx: AppContext, guards: AuthGuards): void {
  const { db, config } = ctx
  const reference = referenceCache(db)

  app.get(
    apiPaths.partners(),
    {
      onRequest: guards.admin,
      schema: {
        tags,
        summary: 'Tous les partenaires, toutes offres comprises (admin)',
        security: bearer,
        response: { 200: Type.Array(Partner), ...errorResponses(401, 403) },
      },
    },
    async () => {
      const rows = await db
        .selectFrom('partners as p')
        .select(partnerColumns)
        .orderBy('p.search_name')
        .orderBy('p.id')
        .execute()
      return (await hydratePartners(db, rows, { offers: 'all' })).map(stripRow)
    },
  )

  app.get(
    apiPaths.partnerStatuses(),
    {
      onRequest: guards.user,
      schema: {
        tags,
        summary: 'Statuts possibles d’un partenaire',
        security: bearer,
        response: { 200: Type.Array(StatusOption), ...errorResponses(401) },
      },
    },
    async (request, reply) =>
      revalidated(request, reply, await reference('partner-statuses', null, async () => statusOptions)),
  )

  app.get(
    apiPaths.categories(),
    {
      onRequest: guards.user,
      schema: {
        tags,
        summary: 'Catégories, triées par libellé',
        security: bearer,
        response: { 200: Type.Array(Category), ...errorResponses(401) },
      },
    },
    async (request, reply) =>
      revalidated(
        request,
        reply,
        await reference('categories', 'categories', async () => {
          const rows = await db.selectFrom('categories').select(['id', 'label', 'icon']).execute()
          return rows
            .map((row) => ({ ...row, iconPath: mdiIconPath(row.icon) }))
            .sort((a, b) => collator.compare(a.label, b.label) || a.id - b.id)
        }),
      ),
  )

  app.get(
    apiPaths.cities(),
    {
      onRequest: guards.user,
      schema: {
        tags,
        summary: 'Villes des partenaires actifs, triées à la française',
        security: bearer,
        response: { 200: Type.Array(Type.String()), ...errorResponses(401) },
      },
    },
    async (request, reply) =>
      revalidated(
        request,
        reply,
        await reference('cities', 'partners', async () => {
          const rows = await db
            .selectFrom('partners')
            .select('city')
            .distinct()
            .where('status', '=', 'ACTIF')
            .execute()
          const byKey = new Map<string, string>()
          for (const { city } of rows) if (!byKey.has(city.toLowerCase())) byKey.set(city.toLowerCase(), city)
          return [...byKey.values()].sort(collator.compare)
        }),
      ),
  )

  app.get(
    apiPaths.partnerSearch(),
    {
      onRequest: guards.user,
      schema: {
        tags,
        summary: 'Recherche de partenaires actifs (offres utilisables seulement)',
        description: [
          'name : contenu dans la dénomination, sans tenir compte de la casse ni des accents.',
          'city : ville exacte, casse ignorée. categoryId : identifiant de catégorie.',
          'bounds : « est,nord,sud,ouest » en degrés décimaux (longitude est, latitude nord, latitude sud, longitude ouest).',
          'userPosition : « lat,lng » en degrés décimaux ; ajoute distanceToUser en kilomètres (distance à vol d’oiseau) et trie par distance croissante.',
          'Sans userPosition, tri par nom puis identifiant. page commence à 0 ; pageSize vaut 50 par défaut et au plus.',
          'userId : l’utilisateur connecté (ou n’importe lequel pour un admin) ; ses coupons déjà utilisés apparaissent DISABLED.',
        ].join('\n'),
        security: bearer,
        querystring: PartnerSearchQuery,
        response: { 200: Type.Array(PartnerSearchResult), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const q = request.query
      const me = request.currentUser!
      if (q.userId !== undefined && (q.userId < 1 || q.userId > MAX_ID))
        throw badRequest('Le paramètre « userId » doit être un identifiant positif.', 'userId')
      if (q.userId !== undefined && q.userId !== me.id && !me.isAdmin)
        throw forbidden('Vous ne pouvez consulter que vos propres coupons.')
      return searchPartners(db, q)
    },
  )

  app.get(
    routePatterns.partner,
    {
      onRequest: guards.user,
      schema: {
        tags,
        summary:
          'Un partenaire (admin : tous, toutes offres ; utilisateur : partenaires actifs, offres utilisables)',
        security: bearer,
        params: IdParams,
        response: { 200: Partner, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const isAdmin = request.currentUser!.isAdmin
      const partner = await loadPartner(db, request.params.id, { offers: isAdmin ? 'all' : 'usable' })
      if (!partner || (!isAdmin && partner.status !== 'ACTIF')) throw notFound('Partenaire introuvable.')
      return partner
    },
  )

  app.get(
    routePatterns.partnerDiscountsActivated,
    {
      onRequest: guards.user,
      schema: {
        tags,
        summary: 'Offres utilisables du partenaire (activées, non expirées)',
        security: bearer,
        params: IdParams,
        response: { 200: Type.Array(DiscountOffer), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const partner = await db
        .selectFrom('partners')
        .select(['id', 'status'])
        .where('id', '=', request.params.id)
        .executeTakeFirst()
      if (!partner || (partner.status !== 'ACTIF' && !request.currentUser!.isAdmin))
        throw notFound('Partenaire introuvable.')
      return (await offersFor(db, [partner.id], { offers: 'usable' })).get(partner.id) ?? []
    },
  )

  app.get(
    routePatterns.partnerDiscountsUser,
    {
      onRequest: guards.user,
      schema: {
        tags,
        summary:
          'Le partenaire et ses offres utilisables, avec leur statut vu par l’utilisateur (DISABLED une fois utilisée)',
        security: bearer,
        params: UserParams,
        response: { 200: Partner, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const me = request.currentUser!
      if (request.params.userId !== me.id && !me.isAdmin)
        throw forbidden('Vous ne pouvez consulter que vos propres coupons.')
      const partner = await loadPartner(db, request.params.id, {
        offers: 'usable',
        viewerId: request.params.userId,
      })
      if (!partner || (partner.status !== 'ACTIF' && !me.isAdmin)) throw notFound('Partenaire introuvable.')
      return partner
    },
  )

  app.post(
    apiPaths.partners(),
    {
      onRequest: guards.admin,
      schema: {
        tags,
        summary: 'Crée un partenaire ; une catégorie sans id est créée (icône « star » par défaut)',
        security: bearer,
        body: PartnerBody,
        response: { 201: Partner, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const data = cleanPartnerBody(request.body)
      const id = await db.transaction().execute((trx) => savePartner(trx, data))
      return reply.code(201).send(found(await loadPartner(db, id, { offers: 'all' })))
    },
  )

  app.put(
    routePatterns.partner,
    {
      onRequest: guards.admin,
      schema: {
        tags,
        summary: 'Modifie un partenaire (partnerId.id doit correspondre à l’adresse)',
        security: bearer,
        params: IdParams,
        body: PartnerUpdateBody,
        response: { 200: Partner, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const id = request.params.id
      if (request.body.partnerId.id !== id)
        throw badRequest('partnerId.id ne correspond pas au partenaire de l’adresse.', 'partnerId.id')
      const data = cleanPartnerBody(request.body)
      const exists = await db.selectFrom('partners').select('id').where('id', '=', id).executeTakeFirst()
      if (!exists) throw notFound('Partenaire introuvable.')
      await db.transaction().execute((trx) => savePartner(trx, data, id))
      return found(await loadPartner(db, id, { offers: 'all' }))
    },
  )

  app.post(
    routePatterns.partnerImages,
    {
      onRequest: guards.admin,
      schema: {
        tags,
        summary: 'Ajoute une photo au partenaire',
        description: uploadDescription(config.maxUploadBytes),
        consumes: ['multipart/form-data'],
        security: bearer,
        params: IdParams,
        response: { 201: Image, ...errorResponses(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request, reply) => {
      const buffer = await readUpload(request)
      const partner = await db
        .selectFrom('partners')
        .select('id')
        .where('id', '=', request.params.id)
        .executeTakeFirst()
      if (!partner) throw notFound('Partenaire introuvable.')
      const stored = await storeImage(db, buffer, partner.id)
      // The response schema leaves out the server-side fileName.
      return reply.code(201).send(stored)
    },
  )

  app.delete(
    routePatterns.partnerImage,
    {
      onRequest: guards.admin,
      schema: {
        tags,
        summary: 'Supprime une photo du partenaire',
        security: bearer,
        params: ImageParams,
        response: { 200: MessageBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const removed = await db
        .deleteFrom('images')
        .where('id', '=', request.params.imageId)
        .where('partner_id', '=', request.params.id)
        .returning('id')
        .executeTakeFirst()
      if (!removed) throw notFound('Photo introuvable pour ce partenaire.')
      return { message: 'Photo supprimée.' }
    },
  )

  function cleanOffer(body: OfferBody) {
    return {
      libelle: requiredText(body.libelle, 'libelle', 'Libelle', { max: 200 }),
      status: body.status,
      expiration_date: optionalIsoDate(body.expirationDate, 'expirationDate'),
    }
  }

  app.post(
    routePatterns.partnerOffers,
    {
      onRequest: guards.admin,
      schema: {
        tags,
        summary: 'Ajoute un coupon au partenaire (expirationDate au format AAAA-MM-JJ ou null)',
        security: bearer,
        params: IdParams,
        body: OfferBody,
        response: { 201: DiscountOffer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const values = cleanOffer(request.body)
      const partner = await db
        .selectFrom('partners')
        .select('id')
        .where('id', '=', request.params.id)
        .executeTakeFirst()
      if (!partner) throw notFound('Partenaire introuvable.')
      const row = await db
        .insertInto('offers')
        .values({ ...values, partner_id: partner.id })
        .returning([
          'id',
          'libelle',
          'status',
          sql<string | null>`to_char(expiration_date, 'YYYY-MM-DD')`.as('expiration_date'),
        ])
        .executeTakeFirstOrThrow()
      return reply.code(201).send(toOffer(row))
    },
  )

  app.put(
    routePatterns.partnerOffers,
    {
      onRequest: guards.admin,
      schema: {
        tags,
        summary: 'Modifie un coupon du partenaire (id dans le corps)',
        security: bearer,
        params: IdParams,
        body: OfferUpdateBody,
        response: { 200: DiscountOffer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const values = cleanOffer(request.body)
      if (request.body.id.id > MAX_ID) throw notFound('Coupon introuvable pour ce partenaire.')
      const row = await db
        .updateTable('offers')
        .set(values)
        .where('id', '=', request.body.id.id)
        .where('partner_id', '=', request.params.id)
        .returning([
          'id',
          'libelle',
          'status',
          sql<string | null>`to_char(expiration_date, 'YYYY-MM-DD')`.as('expiration_date'),
        ])
        .executeTakeFirst()
      if (!row) throw notFound('Coupon introuvable pour ce partenaire.')
      return toOffer(row)
    },
  )
}
