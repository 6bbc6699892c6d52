import { beforeAll, describe, expect, it } from 'vitest'
import type { AuthUser, DiscountOffer, Partner, PartnerSearchResult, UsedOffer } from '@/contract/schemas.ts'
import { apiPaths } from '@/contract/paths.ts'
import { partnerBody, adminServerForFile } from './helpers.ts'

const t = adminServerForFile()
let alice: AuthUser
let bob: AuthUser
const as = (who: AuthUser) => ({ token: who.access_token })

let cafe: Partner
let librairie: Partner
let fermee: Partner
let coffee: DiscountOffer
let book: DiscountOffer

const createPartner = async (name: string, status = 'ACTIF') =>
  (await t.api.post<Partner>('/api/partners', partnerBody({ name, status }), t.asAdmin())).body
const addOffer = async (partner: Partner, libelle: string) =>
  (
    await t.api.post<DiscountOffer>(
      apiPaths.partnerOffers(partner.partnerId.id),
      { status: 'ENABLED', libelle, expirationDate: null },
      t.asAdmin(),
    )
  ).body
const use = (who: AuthUser, partner: Partner, offer: DiscountOffer) =>
  t.api.put(apiPaths.deactivateOffer(who.userId.id, partner.partnerId.id, offer.id.id), undefined, as(who))
const setStatus = async (partner: Partner, status: string) => {
  const { partnerId, name, description, siren, location, email, phone, categories } = partner
  const res = await t.api.put(
    apiPaths.partner(partnerId.id),
    { partnerId, name, description, siren, location, email, phone, categories, status },
    t.asAdmin(),
  )
  expect(res.status).toBe(200)
}
const favorites = async (who: AuthUser) =>
  (await t.api.get<PartnerSearchResult[]>(apiPaths.myFavorites(), as(who))).body

beforeAll(async () => {
  alice = await t.api.register({ firstname: 'Alice' })
  bob = await t.api.register({ firstname: 'Bob' })
  cafe = await createPartner('Café du Port')
  librairie = await createPartner('Librairie des Cours')
  fermee = await createPartner('Boutique en projet', 'PROSPECT')
  coffee = await addOffer(cafe, 'Café offert')
  book = await addOffer(librairie, '-10 % sur les romans')
})

describe('favoris', () => {
  it('PUT adds (204, idempotent), GET lists newest first as Find rows, DELETE removes (204, idempotent); per user', async () => {
    expect(await favorites(alice)).toEqual([])
    const first = await t.api.put(apiPaths.myFavorite(cafe.partnerId.id), undefined, as(alice))
    expect(first.status).toBe(204)
    expect(first.text).toBe('')
    expect((await t.api.put(apiPaths.myFavorite(cafe.partnerId.id), undefined, as(alice))).status).toBe(204)
    expect((await t.api.put(apiPaths.myFavorite(librairie.partnerId.id), undefined, as(alice))).status).toBe(
      204,
    )

    const list = await favorites(alice)
    expect(list.map((p) => p.name)).toEqual(['Librairie des Cours', 'Café du Port'])
    expect(list[1]).toMatchObject({
      partnerId: cafe.partnerId,
      location: cafe.location,
      distanceToUser: null,
      discountOffers: [{ id: coffee.id, libelle: 'Café offert', status: 'ENABLED' }],
    })
    // Bob has his own list.
    expect(await favorites(bob)).toEqual([])

    expect((await t.api.del(apiPaths.myFavorite(cafe.partnerId.id), as(alice))).status).toBe(204)
    expect((await t.api.del(apiPaths.myFavorite(cafe.partnerId.id), as(alice))).status).toBe(204)
    expect((await favorites(alice)).map((p) => p.name)).toEqual(['Librairie des Cours'])
  })

  it('shows the coupons this user used as DISABLED', async () => {
    await t.api.put(apiPaths.myFavorite(cafe.partnerId.id), undefined, as(bob))
    expect((await use(bob, cafe, coffee)).status).toBe(200)
    expect((await favorites(bob))[0].discountOffers).toEqual([{ ...coffee, status: 'DISABLED' }])
  })

  it('404 with a French message for an unknown or inactive partner; 400 for an impossible id; 401 signed out', async () => {
    const unknown = await t.api.put<{ message: string }>(apiPaths.myFavorite(999999), undefined, as(alice))
    expect(unknown.status).toBe(404)
    expect(unknown.body.message).toMatch(/Partenaire introuvable/)
    expect((await t.api.put(apiPaths.myFavorite(fermee.partnerId.id), undefined, as(alice))).status).toBe(404)
    const unknownDelete = await t.api.del<{ message: string }>(apiPaths.myFavorite(999999), as(alice))
    expect(unknownDelete.status).toBe(404)
    expect(unknownDelete.body.message).toBe('Partenaire introuvable.')
    const impossible = await t.api.put<{ message: string }>(
      '/api/users/me/favorites/abc',
      undefined,
      as(alice),
    )
    expect(impossible.status).toBe(400)
    expect(typeof impossible.body.message).toBe('string')
    expect((await t.api.get(apiPaths.myFavorites())).status).toBe(401)
    expect((await t.api.put(apiPaths.myFavorite(cafe.partnerId.id))).status).toBe(401)
  })

  it('a deactivated partner drops out of the list and comes back when active again; it can still be removed', async () => {
    const carol = await t.api.register({ firstname: 'Carol' })
    await t.api.put(apiPaths.myFavorite(librairie.partnerId.id), undefined, as(carol))
    await setStatus(librairie, 'DESACTIVE')
    expect(await favorites(carol)).toEqual([])
    await setStatus(librairie, 'ACTIF')
    expect((await favorites(carol)).map((p) => p.name)).toEqual(['Librairie des Cours'])
    await setStatus(librairie, 'DESACTIVE')
    expect((await t.api.del(apiPaths.myFavorite(librairie.partnerId.id), as(carol))).status).toBe(204)
    await setStatus(librairie, 'ACTIF')
    expect(await favorites(carol)).toEqual([])
  })

  it('is documented in the OpenAPI description', async () => {
    const doc = (await t.api.get<{ paths: Record<string, Record<string, unknown>> }>('/api/docs/json')).body
    expect(Object.keys(doc.paths['/api/users/me/favorites/{partnerId}'])).toEqual(
      expect.arrayContaining(['put', 'delete']),
    )
    expect(doc.paths['/api/users/me/favorites']).toHaveProperty('get')
    expect(doc.paths['/api/users/me/used-offers']).toHaveProperty('get')
  })
})

describe('coupons utilisés', () => {
  it('lists each use newest first with partner, libellé and date; a reactivation keeps the use, marked', async () => {
    const dan = await t.api.register({ firstname: 'Dan' })
    expect((await t.api.get(apiPaths.myUsedOffers(), as(dan))).body).toEqual([])
    const before = Date.now()
    expect((await use(dan, cafe, coffee)).status).toBe(200)
    expect((await use(dan, librairie, book)).status).toBe(200)
    const used = (await t.api.get<UsedOffer[]>(apiPaths.myUsedOffers(), as(dan))).body
    expect(used.map((u) => u.libelle)).toEqual(['-10 % sur les romans', 'Café offert'])
    expect(used[1]).toMatchObject({
      offerId: coffee.id,
      partnerId: cafe.partnerId,
      partnerName: 'Café du Port',
      partnerActive: true,
      reactivatedAt: null,
    })
    expect(Date.parse(used[1].usedAt)).toBeGreaterThanOrEqual(before - 1000)
    expect(Date.parse(used[0].usedAt)).toBeGreaterThanOrEqual(Date.parse(used[1].usedAt))

    // The administrator reactivates the coffee: the use stays in the history, marked; used again, a new entry.
    const reactivated = await t.api.put(
      apiPaths.reactivateOffer(dan.userId.id, coffee.id.id),
      undefined,
      t.asAdmin(),
    )
    expect(reactivated.status).toBe(200)
    const afterReactivation = (await t.api.get<UsedOffer[]>(apiPaths.myUsedOffers(), as(dan))).body
    expect(afterReactivation).toHaveLength(2)
    const coffeeUse = afterReactivation.find((u) => u.offerId.id === coffee.id.id)!
    expect(coffeeUse.reactivatedAt).not.toBeNull()
    expect(Date.parse(coffeeUse.reactivatedAt!)).toBeGreaterThanOrEqual(Date.parse(coffeeUse.usedAt))
    expect((await use(dan, cafe, coffee)).status).toBe(200)
    const again = (await t.api.get<UsedOffer[]>(apiPaths.myUsedOffers(), as(dan))).body
    expect(again.map((u) => [u.libelle, u.reactivatedAt === null])).toEqual([
      ['Café offert', true],
      ['-10 % sur les romans', true],
      ['Café offert', false],
    ])
    // Another user's history is their own; signed out is a 401.
    expect((await t.api.get<UsedOffer[]>(apiPaths.myUsedOffers(), as(alice))).body).toEqual([])
    expect((await t.api.get(apiPaths.myUsedOffers())).status).toBe(401)
  })

  it('keeps the uses of a partner deactivated since, marked as not openable', async () => {
    const eve = await t.api.register({ firstname: 'Eve' })
    const kiosque = await createPartner('Kiosque')
    const journal = await addOffer(kiosque, 'Journal offert')
    expect((await use(eve, kiosque, journal)).status).toBe(200)
    await setStatus(kiosque, 'DESACTIVE')
    const used = (await t.api.get<UsedOffer[]>(apiPaths.myUsedOffers(), as(eve))).body
    expect(used).toMatchObject([{ partnerName: 'Kiosque', libelle: 'Journal offert', partnerActive: false }])
  })
})
