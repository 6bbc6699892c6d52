/**
 * GET /api/users/me/home (issue 41): the person's Home rows in one answer: nearest partners, their offers ending
 * within 7 days, their favourites with the date of the newest offer, and what arrived in the last 14 days.
 */
import { sql } from 'kysely'
import { beforeAll, describe, expect, it } from 'vitest'
import type { AuthUser, DiscountOffer, Partner } from '@/contract/schemas.ts'
import type { HomeRows } from '@/contract/offerUses.ts'
import { apiPaths } from '@/contract/paths.ts'
import { adminServerForFile, createOffer, createPartner } from './helpers.ts'

const t = adminServerForFile()
const as = (who: AuthUser) => ({ token: who.access_token })
const day = (offset: number) => {
  const d = new Date()
  d.setDate(d.getDate() + offset)
  return d.toISOString().slice(0, 10)
}
const home = async (who: AuthUser, query = '') => {
  const res = await t.api.get<HomeRows>(`${apiPaths.myHome()}${query}`, as(who))
  expect(res.status, res.text).toBe(200)
  return res.body
}

let vieuxPort: Partner
let aix: Partner
let lyon: Partner
let ancien: Partner
let soon: DiscountOffer
let later: DiscountOffer
let usedSoon: DiscountOffer
let alice: AuthUser

beforeAll(async () => {
  const at = (city: string, lat: number, lng: number) => ({
    location: { address: '1 rue', city, position: { lat, lng } },
  })
  vieuxPort = await createPartner(t.api, t.admin, { name: 'Vieux-Port', ...at('Marseille', 43.2951, 5.3745) })
  aix = await createPartner(t.api, t.admin, {
    name: 'Cours Mirabeau',
    ...at('Aix-en-Provence', 43.5263, 5.4454),
  })
  lyon = await createPartner(t.api, t.admin, { name: 'Bellecour', ...at('Lyon', 45.7578, 4.832) })
  ancien = await createPartner(t.api, t.admin, { name: 'Maison ancienne', ...at('Nice', 43.7, 7.26) })
  await createPartner(t.api, t.admin, {
    name: 'En projet',
    status: 'PROSPECT',
    ...at('Marseille', 43.29, 5.37),
  })
  const offer = (p: Partner, libelle: string, expirationDate: string | null) =>
    createOffer(t.api, t.admin, p.partnerId.id, { status: 'ENABLED', libelle, expirationDate })
  soon = await offer(vieuxPort, 'Dernier jour', day(0))
  later = await offer(aix, 'Dans six jours', day(6))
  await offer(lyon, 'Dans sept jours', day(7))
  usedSoon = await offer(lyon, 'Déjà utilisée', day(2))
  await offer(ancien, 'Sans fin', null)
  // Ancien arrived a month ago, it and its offer.
  await sql`update partners set created_at = now() - interval '30 days' where id = ${ancien.partnerId.id}`.execute(
    t.server.handle.db,
  )
  await sql`update offers set created_at = now() - interval '30 days' where partner_id = ${ancien.partnerId.id}`.execute(
    t.server.handle.db,
  )
  alice = await t.api.register({ firstname: 'Alice' })
  const used = await t.api.put(
    apiPaths.deactivateOffer(alice.userId.id, lyon.partnerId.id, usedSoon.id.id),
    undefined,
    as(alice),
  )
  expect(used.status).toBe(200)
})

describe('GET /api/users/me/home', () => {
  it('near: the nearest active partners with their distance in km, only with a position', async () => {
    expect((await home(alice)).near).toEqual([])
    const { near } = await home(alice, '?lat=43.2965&lng=5.3698')
    expect(near.map((p) => p.name)).toEqual(['Vieux-Port', 'Cours Mirabeau', 'Maison ancienne', 'Bellecour'])
    expect(near[0]).toMatchObject({ partnerId: vieuxPort.partnerId, city: 'Marseille' })
    expect(near[0].distance).toBeLessThan(1)
    expect(near[1].distance).toBeGreaterThan(20)
    expect(near[1].distance).toBeLessThan(30)
  })

  it('expiring: the offers the person can still use that end within 7 days, soonest first', async () => {
    const { expiring } = await home(alice)
    expect(expiring).toEqual([
      {
        offerId: soon.id,
        libelle: 'Dernier jour',
        expirationDate: day(0),
        partnerId: vieuxPort.partnerId,
        partnerName: 'Vieux-Port',
      },
      {
        offerId: later.id,
        libelle: 'Dans six jours',
        expirationDate: day(6),
        partnerId: aix.partnerId,
        partnerName: 'Cours Mirabeau',
      },
    ])
  })

  it('favorites: newest added first, with the creation of their newest offer the person can use', async () => {
    expect((await home(alice)).favorites).toEqual([])
    await t.api.put(apiPaths.myFavorite(ancien.partnerId.id), undefined, as(alice))
    await t.api.put(apiPaths.myFavorite(lyon.partnerId.id), undefined, as(alice))
    const before = Date.now()
    const { favorites } = await home(alice)
    expect(favorites.map((f) => f.name)).toEqual(['Bellecour', 'Maison ancienne'])
    expect(Date.parse(favorites[1].latestOfferAt!)).toBeLessThan(before - 29 * 86_400_000)
    const fresh = await createOffer(t.api, t.admin, ancien.partnerId.id, {
      status: 'ENABLED',
      libelle: 'Nouvelle offre',
      expirationDate: null,
    })
    expect(fresh.id.id).toBeGreaterThan(0)
    const after = (await home(alice)).favorites
    expect(Date.parse(after[1].latestOfferAt!)).toBeGreaterThan(before - 60_000)
  })

  it('news: partners and usable offers of the last 14 days, newest first; older ones and prospects left out', async () => {
    const { news } = await home(alice)
    expect(news[0]).toMatchObject({
      kind: 'offer',
      partnerName: 'Maison ancienne',
      libelle: 'Nouvelle offre',
    })
    expect(news.some((n) => n.kind === 'partner' && n.partnerName === 'Maison ancienne')).toBe(false)
    expect(news.some((n) => n.libelle === 'Sans fin')).toBe(false)
    expect(news.some((n) => n.partnerName === 'En projet')).toBe(false)
    expect(news.some((n) => n.kind === 'partner' && n.partnerName === 'Bellecour')).toBe(true)
    expect(news.length).toBeLessThanOrEqual(8)
  })

  it('refuses half a position or an impossible one in French; 401 signed out', async () => {
    const half = await t.api.get<{ message: string }>(`${apiPaths.myHome()}?lat=43.3`, as(alice))
    expect(half.status).toBe(400)
    expect(half.body.message).toMatch(/latitude et la longitude/)
    const far = await t.api.get<{ message: string }>(`${apiPaths.myHome()}?lat=95&lng=5`, as(alice))
    expect(far.status).toBe(400)
    expect(typeof far.body.message).toBe('string')
    expect((await t.api.get(apiPaths.myHome())).status).toBe(401)
  })
})
