/**
 * Optimistic concurrency (RFC 9110 §13.1.1; server/services/versions.ts): ETag on the GET of one partner, user
 * or article, If-Match on their PUT and on a coupon's, 412 with who changed it and when. Runs on PGlite, and on
 * PostgreSQL with DATABASE_URL, where two PUTs really run at once on two connections.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import type { StaleVersionBody } from '@/contract/api.ts'
import { apiPaths } from '@/contract/paths.ts'
import type { Article, AuthUser, DiscountOffer, Partner, User, UserDetail } from '@/contract/schemas.ts'
import { zonedDate } from '@/contract/zonedDate.ts'
import {
  ADMIN,
  adminServerForFile,
  createOffer,
  createPartner,
  partnerBody,
  uploadArticleImage,
} from './helpers.ts'

const t = adminServerForFile()
/** A second administrator, Alice Martin: the one whose changes the first one's stale saves run into. */
let alice: AuthUser
const asAlice = () => ({ token: alice.access_token })
const ifMatch = (etag: string | null) => ({ ...t.asAdmin(), headers: { 'if-match': etag ?? '' } })

beforeAll(async () => {
  const password = 'un mot de passe long'
  const registered = await t.api.register({ firstname: 'Alice', lastname: 'Martin', password })
  const promoted = await t.api.put(
    apiPaths.user(registered.userId.id),
    {
      userId: registered.userId,
      firstname: 'Alice',
      lastname: 'Martin',
      email: registered.email,
      status: 'ACTIF',
      roles: ['ROLE_USER', 'ROLE_ADMIN'],
    },
    t.asAdmin(),
  )
  expect(promoted.status).toBe(200)
  alice = await t.api.login(registered.email, password)
})

const partnerUpdate = (partner: Partner, name: string) => ({
  ...partnerBody({ name }),
  partnerId: partner.partnerId,
})

/** The 412 of a stale write: Alice named, the date in the app's zone, the current ETag in the body and header. */
async function expectStale(
  res: { status: number; body: unknown; headers: Headers },
  subject: string,
  current: () => Promise<string | null>,
) {
  expect(res.status).toBe(412)
  const body = res.body as StaleVersionBody
  const etag = await current()
  expect(body).toMatchObject({ etag, modifiedBy: 'Alice Martin', modifiedAt: expect.any(String) })
  expect(res.headers.get('etag')).toBe(etag)
  const [day, time] = zonedDate(body.modifiedAt, t.server.config.appTimeZone, true).split(' ')
  expect(body.message).toBe(
    `${subject} a été modifié par Alice Martin le ${day} à ${time} : rechargez-le avant d’enregistrer.`,
  )
}

describe('partners', () => {
  let partner: Partner
  const etagNow = async () =>
    (await t.api.get(apiPaths.partner(partner.partnerId.id), t.asAdmin())).headers.get('etag')

  beforeAll(async () => {
    partner = await createPartner(t.api, t.admin, { name: 'Chez Paul' })
  })

  it('gives administrators a strong ETag that each change replaces; users, who write none of it, get none', async () => {
    const first = await etagNow()
    expect(first).toMatch(/^"partner-\d+-v\d+"$/)
    expect(await etagNow()).toBe(first)
    const put = await t.api.put(apiPaths.partner(partner.partnerId.id), partnerUpdate(partner, 'Chez Paul'), {
      ...t.asAdmin(),
    })
    expect(put.status).toBe(200)
    expect(put.headers.get('etag')).not.toBe(first)
    expect(await etagNow()).toBe(put.headers.get('etag'))
    const user = await t.api.register()
    const seen = await t.api.get(apiPaths.partner(partner.partnerId.id), { token: user.access_token })
    expect(seen.status).toBe(200)
    expect(seen.headers.get('etag')).toBeNull()
  })

  it('refuses a PUT whose If-Match is stale with 412, naming who changed it and when, and keeps their change', async () => {
    const loaded = await etagNow()
    const theirs = await t.api.put(
      apiPaths.partner(partner.partnerId.id),
      partnerUpdate(partner, 'Chez Paul et Alice'),
      { ...asAlice(), headers: { 'if-match': loaded! } },
    )
    expect(theirs.status).toBe(200)
    const mine = await t.api.put(
      apiPaths.partner(partner.partnerId.id),
      partnerUpdate(partner, 'Chez Paul (ancienne copie)'),
      ifMatch(loaded),
    )
    await expectStale(mine, 'Ce partenaire', etagNow)
    const now = await t.api.get<Partner>(apiPaths.partner(partner.partnerId.id), t.asAdmin())
    expect(now.body.name).toBe('Chez Paul et Alice')
    // Reloaded, the same save goes through.
    const again = await t.api.put(
      apiPaths.partner(partner.partnerId.id),
      partnerUpdate(partner, 'Chez Paul (rechargé)'),
      ifMatch(now.headers.get('etag')),
    )
    expect(again.status).toBe(200)
  })

  it('reads If-Match as RFC 9110 does: *, a list, weak tags never matching, and none at all as before', async () => {
    const path = apiPaths.partner(partner.partnerId.id)
    const current = (await etagNow())!
    expect((await t.api.put(path, partnerUpdate(partner, 'Étoile'), ifMatch('*'))).status).toBe(200)
    const listed = (await etagNow())!
    expect((await t.api.put(path, partnerUpdate(partner, 'Liste'), ifMatch(`"x", ${listed}`))).status).toBe(
      200,
    )
    const weak = `W/${(await etagNow())!}`
    expect((await t.api.put(path, partnerUpdate(partner, 'Faible'), ifMatch(weak))).status).toBe(412)
    expect((await t.api.put(path, partnerUpdate(partner, 'Illisible'), ifMatch('version-3'))).status).toBe(
      412,
    )
    expect((await t.api.put(path, partnerUpdate(partner, 'Ancien'), ifMatch(current))).status).toBe(412)
    expect((await t.api.put(path, partnerUpdate(partner, 'Sans condition'), t.asAdmin())).status).toBe(200)
    expect((await t.api.get<Partner>(path, t.asAdmin())).body.name).toBe('Sans condition')
    // Another record's ETag never matches, whatever its version.
    const other = await createPartner(t.api, t.admin, { name: 'Autre' })
    const otherTag = (await t.api.get(apiPaths.partner(other.partnerId.id), t.asAdmin())).headers.get('etag')
    expect((await t.api.put(path, partnerUpdate(partner, 'Croisé'), ifMatch(otherTag))).status).toBe(412)
    // * asks only that it exist.
    const missing = await t.api.put(
      apiPaths.partner(2_000_000),
      { ...partnerBody(), partnerId: { id: 2_000_000 } },
      ifMatch('*'),
    )
    expect(missing.status).toBe(404)
  })

  it('lets exactly one of several PUTs sending the same If-Match win', async () => {
    const loaded = (await etagNow())!
    const names = ['Course A', 'Course B', 'Course C', 'Course D', 'Course E']
    const results = await Promise.all(
      names.map((name) =>
        t.api.put(apiPaths.partner(partner.partnerId.id), partnerUpdate(partner, name), ifMatch(loaded)),
      ),
    )
    const statuses = results.map((r) => r.status).sort()
    expect(statuses).toEqual([200, 412, 412, 412, 412])
    const winner = names[results.findIndex((r) => r.status === 200)]
    const now = await t.api.get<Partner>(apiPaths.partner(partner.partnerId.id), t.asAdmin())
    expect(now.body.name).toBe(winner)
    expect(now.headers.get('etag')).toBe(results.find((r) => r.status === 200)!.headers.get('etag'))
  })
})

describe('coupons, which share their partner’s version', () => {
  let partner: Partner
  let offer: DiscountOffer
  const etagNow = async () =>
    (await t.api.get(apiPaths.partner(partner.partnerId.id), t.asAdmin())).headers.get('etag')
  const offerUpdate = (libelle: string) => ({
    id: offer.id,
    libelle,
    status: 'ENABLED',
    expirationDate: null,
  })

  beforeAll(async () => {
    partner = await createPartner(t.api, t.admin, { name: 'Librairie' })
    offer = await createOffer(t.api, t.admin, partner.partnerId.id, {
      libelle: '10 %',
      status: 'ENABLED',
      expirationDate: null,
    })
  })

  it('changes the partner’s ETag when a coupon is added or changed', async () => {
    const before = await etagNow()
    await createOffer(t.api, alice, partner.partnerId.id, {
      libelle: 'Un marque-page',
      status: 'ENABLED',
      expirationDate: null,
    })
    const afterCreate = await etagNow()
    expect(afterCreate).not.toBe(before)
    const put = await t.api.put(apiPaths.partnerOffers(partner.partnerId.id), offerUpdate('15 %'), {
      ...asAlice(),
      headers: { 'if-match': afterCreate! },
    })
    expect(put.status).toBe(200)
    expect(await etagNow()).not.toBe(afterCreate)
  })

  it('refuses a coupon’s PUT with a stale If-Match, and answers it without one', async () => {
    const loaded = await etagNow()
    const theirs = await t.api.put(apiPaths.partnerOffers(partner.partnerId.id), offerUpdate('20 %'), {
      ...asAlice(),
      headers: { 'if-match': loaded! },
    })
    expect(theirs.status).toBe(200)
    const mine = await t.api.put(
      apiPaths.partnerOffers(partner.partnerId.id),
      offerUpdate('5 %'),
      ifMatch(loaded),
    )
    await expectStale(mine, 'Ce partenaire', etagNow)
    const now = await t.api.get<Partner>(apiPaths.partner(partner.partnerId.id), t.asAdmin())
    expect(now.body.discountOffers.find((o) => o.id.id === offer.id.id)?.libelle).toBe('20 %')
    const plain = await t.api.put(
      apiPaths.partnerOffers(partner.partnerId.id),
      offerUpdate('25 %'),
      t.asAdmin(),
    )
    expect(plain.status).toBe(200)
  })

  it('lets exactly one of two coupon PUTs sending the same If-Match win', async () => {
    const loaded = await etagNow()
    const results = await Promise.all(
      ['30 %', '40 %'].map((libelle) =>
        t.api.put(apiPaths.partnerOffers(partner.partnerId.id), offerUpdate(libelle), ifMatch(loaded)),
      ),
    )
    expect(results.map((r) => r.status).sort()).toEqual([200, 412])
  })
})

describe('users', () => {
  let user: AuthUser
  const path = () => apiPaths.user(user.userId.id)
  const etagNow = async () => (await t.api.get(path(), t.asAdmin())).headers.get('etag')
  const userUpdate = (firstname: string, extra: Partial<User> = {}) => ({
    userId: user.userId,
    firstname,
    lastname: 'Durand',
    email: user.email,
    status: 'ACTIF',
    ...extra,
  })

  beforeAll(async () => {
    user = await t.api.register({ firstname: 'Zoé', lastname: 'Durand' })
  })

  it('gives the ETag to whoever may read the user, themselves included', async () => {
    const etag = await etagNow()
    expect(etag).toMatch(/^"user-\d+-v\d+"$/)
    const own = await t.api.get<UserDetail>(path(), { token: user.access_token })
    expect(own.headers.get('etag')).toBe(etag)
  })

  it('refuses a stale PUT with 412 naming Alice, keeps her change, and lets one of two racing PUTs win', async () => {
    const loaded = await etagNow()
    const theirs = await t.api.put(path(), userUpdate('Zoé-Alice'), {
      ...asAlice(),
      headers: { 'if-match': loaded! },
    })
    expect(theirs.status).toBe(200)
    expect(theirs.headers.get('etag')).toBe(await etagNow())
    await expectStale(
      await t.api.put(path(), userUpdate('Zoé (ancienne)'), ifMatch(loaded)),
      'Cet utilisateur',
      etagNow,
    )
    expect((await t.api.get<User>(path(), t.asAdmin())).body.firstname).toBe('Zoé-Alice')

    const current = await etagNow()
    const results = await Promise.all(
      ['Un', 'Deux', 'Trois'].map((name) => t.api.put(path(), userUpdate(name), ifMatch(current))),
    )
    expect(results.map((r) => r.status).sort()).toEqual([200, 412, 412])
    expect((await t.api.put(path(), userUpdate('Zoé'), t.asAdmin())).status).toBe(200)
  })

  it('still says 409 to an administrator demoting themselves, whatever If-Match', async () => {
    const self = apiPaths.user(t.admin.userId.id)
    const etag = (await t.api.get(self, t.asAdmin())).headers.get('etag')
    const res = await t.api.put(
      self,
      {
        userId: t.admin.userId,
        firstname: 'Admin',
        lastname: 'Administrateur',
        email: ADMIN.email,
        status: 'ACTIF',
        roles: ['ROLE_USER'],
      },
      ifMatch(etag),
    )
    expect(res.status).toBe(409)
    // Refused: the version has not moved.
    expect((await t.api.get(self, t.asAdmin())).headers.get('etag')).toBe(etag)
  })
})

describe('articles', () => {
  let article: Article
  const path = () => apiPaths.article(article.articleId.id)
  const etagNow = async () => (await t.api.get(path(), t.asAdmin())).headers.get('etag')
  const articleUpdate = (title: string) => ({
    articleId: article.articleId,
    title,
    status: 'PUBLISHED',
    position: 1,
    image: null,
    link: null,
  })

  beforeAll(async () => {
    const res = await t.api.post<Article>(
      apiPaths.articles(),
      {
        title: 'Bienvenue',
        status: 'PUBLISHED',
        position: 1,
        image: await uploadArticleImage(t.api, t.admin),
        link: null,
      },
      t.asAdmin(),
    )
    article = res.body
  })

  it('answers an ETag, refuses a stale PUT with 412 naming Alice, and lets one of two racing PUTs win', async () => {
    const loaded = await etagNow()
    expect(loaded).toMatch(/^"article-\d+-v\d+"$/)
    const theirs = await t.api.put(path(), articleUpdate('Bienvenue à tous'), {
      ...asAlice(),
      headers: { 'if-match': loaded! },
    })
    expect(theirs.status).toBe(200)
    await expectStale(
      await t.api.put(path(), articleUpdate('Bonjour'), ifMatch(loaded)),
      'Cet article',
      etagNow,
    )
    expect((await t.api.get<Article>(path(), t.asAdmin())).body.title).toBe('Bienvenue à tous')

    const current = await etagNow()
    const results = await Promise.all(
      ['Premier', 'Second'].map((title) => t.api.put(path(), articleUpdate(title), ifMatch(current))),
    )
    expect(results.map((r) => r.status).sort()).toEqual([200, 412])
    expect((await t.api.put(path(), articleUpdate('Sans If-Match'), t.asAdmin())).status).toBe(200)
  })
})

describe('the OpenAPI document', () => {
  it('describes If-Match and the 412 answer with its fields', async () => {
    const doc = await t.api.get<{
      paths: Record<string, Record<string, { description?: string; responses: Record<string, unknown> }>>
    }>('/api/docs/json')
    expect(doc.status).toBe(200)
    const put = doc.body.paths['/api/partners/{id}'].put
    expect(put.description).toContain('If-Match')
    expect(JSON.stringify(put.responses['412'])).toContain('modifiedBy')
  })
})
