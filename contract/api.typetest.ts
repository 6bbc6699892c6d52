/**
 * Type-level test of the API table, run by `npm run typecheck` (never executed): each `@ts-expect-error` line
 * is a server, client or mock disagreeing with contract/api.ts, and typecheck fails if one of them stops being
 * an error. The lines without the directive show the same calls agreeing with the contract.
 */
import { HttpResponse } from 'msw'
import { mockApi } from '../mocks/handlers/mockApi.ts'
import type { AuthGuards } from '../server/auth.ts'
import type { App } from '../server/context.ts'
import { endpoint } from '../server/routes/route.ts'
import { callApi, downloadApi } from '../src/api/client.ts'
import type { DiscountOffer, OfferBody, Partner, PartnerBody } from './schemas.ts'

const doc = { tags: ['Test'], summary: 'Test' }

export function serverReplies(app: App, guards: AuthGuards, partner: Partner, offer: DiscountOffer) {
  app.route({ ...endpoint('getPartner', guards, doc), handler: async () => partner })
  app.route({
    ...endpoint('getPartner', guards, doc),
    // @ts-expect-error a partner's name is a string
    handler: async () => ({ ...partner, name: 3 }),
  })
  app.route({
    ...endpoint('deactivateOffer', guards, doc),
    // @ts-expect-error using a coupon answers the offer, not nothing
    handler: async (_request, reply) => reply.code(204).send(),
  })
  app.route({
    ...endpoint('addFavorite', guards, doc),
    handler: async (_request, reply) => reply.code(204).send(null),
  })
  app.route({
    ...endpoint('addFavorite', guards, doc),
    // @ts-expect-error adding a favourite answers 204 without a body, not the partner
    handler: async (_request, reply) => reply.code(200).send(partner),
  })
  app.route({
    ...endpoint('createOffer', guards, doc),
    // @ts-expect-error a new offer is answered with 201 and the offer, not a message
    handler: async (_request, reply) => reply.code(201).send({ message: 'Coupon créé.' }),
  })
  app.route({
    ...endpoint('createOffer', guards, doc),
    handler: async (request, reply) => {
      // @ts-expect-error the body is an offer: its libelle is a string
      const wrong: number = request.body.libelle
      return reply.code(201).send({ ...offer, libelle: String(wrong) })
    },
  })
}

export async function clientExpectations(body: OfferBody) {
  const offer: DiscountOffer = await callApi('deactivateOffer', {
    params: { userId: 1, partnerId: 2, offerId: 3 },
  })
  const created = await callApi('createPartner', { body: {} as PartnerBody })
  // @ts-expect-error creating a partner answers the partner, whose id is an object ({ id })
  const partnerId: number = created.partnerId
  // @ts-expect-error the path parameters of a call are required
  await callApi('createOffer', { body })
  // @ts-expect-error an offer's body has no partnerId
  await callApi('createOffer', { params: { id: 1 }, body: { ...body, partnerId: 1 } })
  const nothing: undefined = await callApi('addFavorite', { params: { partnerId: 1 } })
  // @ts-expect-error removing a favourite answers nothing (204), not the list
  const favorites: Partner[] = await callApi('removeFavorite', { params: { partnerId: 1 } })
  return [offer, partnerId, nothing, favorites]
}

export const mockReplies = [
  mockApi('deactivateOffer', ({ params }) =>
    HttpResponse.json({
      id: { id: Number(params.offerId) },
      libelle: 'Café',
      status: 'DISABLED',
      expirationDate: null,
    }),
  ),
  // @ts-expect-error the mock answers the offer's id only, the server the whole offer
  mockApi('deactivateOffer', ({ params }) => HttpResponse.json({ id: { id: Number(params.offerId) } })),
  // @ts-expect-error the partner list is an array
  mockApi('listPartners', () => HttpResponse.json({ partners: [] })),
  mockApi('listPartners', () =>
    HttpResponse.json({ message: 'Accès réservé aux administrateurs.' }, { status: 403 }),
  ),
]

/** Only a table entry marked `download: true` is fetched as a file. */
export async function downloads() {
  const file: Blob = await downloadApi('exportPartners')
  // @ts-expect-error the partner list answers JSON, not a file to download
  await downloadApi('listPartners')
  return file
}
