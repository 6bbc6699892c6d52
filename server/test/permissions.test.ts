import { beforeAll, describe, expect, it } from 'vitest'
import type { AuthUser, DiscountOffer, Image, Partner } from '@/contract/schemas.ts'
import { apiPaths } from '@/contract/paths.ts'
import {
  ADMIN,
  createOffer,
  createPartner,
  fileForm,
  partnerBody,
  pngBytes,
  couponUseStatus,
  type RequestOptions,
  adminServerForFile,
  uploadArticleImage,
} from './helpers.ts'

/**
 * Every call of the API by an anonymous caller, a signed-in user, and an admin.
 * 'user' calls: anonymous 401, user and admin allowed. 'admin' calls: anonymous 401, user 403, admin allowed.
 */
const t = adminServerForFile()
let user: AuthUser
let partner: Partner
let offer: DiscountOffer
let articleId: number
let articleImage: Image
let png: Buffer

interface Call {
  name: string
  access: 'public' | 'user' | 'admin'
  method: string
  path: () => string
  options?: () => Promise<RequestOptions> | RequestOptions
}

const json = (body: unknown) => () => ({ body })

const calls: Call[] = [
  { name: 'config', access: 'public', method: 'GET', path: apiPaths.config },
  { name: 'health', access: 'public', method: 'GET', path: apiPaths.health },
  { name: 'health live', access: 'public', method: 'GET', path: apiPaths.healthLive },
  { name: 'health ready', access: 'public', method: 'GET', path: apiPaths.healthReady },
  { name: 'articles list', access: 'admin', method: 'GET', path: apiPaths.articles },
  { name: 'article', access: 'user', method: 'GET', path: () => apiPaths.article(articleId) },
  { name: 'articles published', access: 'user', method: 'GET', path: apiPaths.articlesPublished },
  { name: 'article statuses', access: 'user', method: 'GET', path: apiPaths.articleStatuses },
  {
    name: 'article create',
    access: 'admin',
    method: 'POST',
    path: apiPaths.articles,
    options: () => ({ body: { title: 't', status: 'DRAFT', position: 1, image: articleImage, link: null } }),
  },
  {
    name: 'article image',
    access: 'admin',
    method: 'POST',
    path: apiPaths.articleImage,
    options: () => ({ raw: fileForm(png) }),
  },
  {
    name: 'article update',
    access: 'admin',
    method: 'PUT',
    path: () => apiPaths.article(articleId),
    options: () => ({
      body: {
        articleId: { id: articleId },
        title: 't',
        status: 'PUBLISHED',
        position: 1,
        image: null,
        link: null,
      },
    }),
  },
  { name: 'partners list', access: 'admin', method: 'GET', path: apiPaths.partners },
  { name: 'partner', access: 'user', method: 'GET', path: () => apiPaths.partner(partner.partnerId.id) },
  {
    name: 'discounts activated',
    access: 'user',
    method: 'GET',
    path: () => apiPaths.partnerDiscountsActivated(partner.partnerId.id),
  },
  {
    name: 'discounts user (self)',
    access: 'user',
    method: 'GET',
    path: () => apiPaths.partnerDiscountsUser(partner.partnerId.id, user.userId.id),
  },
  { name: 'search', access: 'user', method: 'GET', path: () => `${apiPaths.partnerSearch()}?name=x` },
  { name: 'partner statuses', access: 'user', method: 'GET', path: apiPaths.partnerStatuses },
  { name: 'categories', access: 'user', method: 'GET', path: apiPaths.categories },
  { name: 'cities', access: 'user', method: 'GET', path: apiPaths.cities },
  {
    name: 'partner create',
    access: 'admin',
    method: 'POST',
    path: apiPaths.partners,
    options: json(partnerBody()),
  },
  {
    name: 'partner update',
    access: 'admin',
    method: 'PUT',
    path: () => apiPaths.partner(partner.partnerId.id),
    options: () => ({ body: { ...partnerBody(), partnerId: partner.partnerId } }),
  },
  {
    name: 'partner image',
    access: 'admin',
    method: 'POST',
    path: () => apiPaths.partnerImages(partner.partnerId.id),
    options: () => ({ raw: fileForm(png) }),
  },
  {
    name: 'offer create',
    access: 'admin',
    method: 'POST',
    path: () => apiPaths.partnerOffers(partner.partnerId.id),
    options: json({ status: 'ENABLED', libelle: 'x', expirationDate: null }),
  },
  {
    name: 'offer update',
    access: 'admin',
    method: 'PUT',
    path: () => apiPaths.partnerOffers(partner.partnerId.id),
    options: () => ({ body: { ...offer, libelle: 'y' } }),
  },
  { name: 'users list', access: 'admin', method: 'GET', path: apiPaths.users },
  { name: 'user (self)', access: 'user', method: 'GET', path: () => apiPaths.user(user.userId.id) },
  {
    name: 'user create',
    access: 'admin',
    method: 'POST',
    path: apiPaths.users,
    options: () => ({
      body: {
        firstname: 'a',
        lastname: 'b',
        email: `m${Math.random().toString(36).slice(2)}@test.fr`,
        status: 'ACTIF',
      },
    }),
  },
  {
    name: 'user update',
    access: 'admin',
    method: 'PUT',
    path: () => apiPaths.user(user.userId.id),
    options: () => ({
      body: {
        userId: user.userId,
        firstname: user.firstname,
        lastname: user.lastname,
        email: user.email,
        status: 'ACTIF',
      },
    }),
  },
  { name: 'user statuses', access: 'user', method: 'GET', path: apiPaths.userStatuses },
  {
    name: 'reactivate',
    access: 'admin',
    method: 'PUT',
    path: () => apiPaths.reactivateOffer(user.userId.id, offer.id.id),
    options: () => ({ body: { motif: 'Geste commercial' } }),
  },
  { name: 'logout', access: 'user', method: 'POST', path: apiPaths.logout },
]

beforeAll(async () => {
  png = await pngBytes()
  user = await t.api.register()
  partner = await createPartner(t.api, t.admin)
  offer = await createOffer(t.api, t.admin, partner.partnerId.id, {
    status: 'ENABLED',
    libelle: 'x',
    expirationDate: null,
  })
  articleImage = await uploadArticleImage(t.api, t.admin)
  articleId = (
    await t.api.post<{ articleId: { id: number } }>(
      '/api/articles',
      { title: 't', status: 'PUBLISHED', position: 1, image: articleImage, link: null },
      { token: t.admin.access_token },
    )
  ).body.articleId.id
})

async function call(c: Call, token: string | null) {
  const options = c.options ? await c.options() : {}
  return t.api.request(c.method, c.path(), { ...options, token })
}

describe('permission matrix', () => {
  it.each(calls.filter((c) => c.access !== 'public').map((c) => [c.name, c] as const))(
    '%s: anonymous gets 401 JSON',
    async (_name, c) => {
      const res = await call(c, null)
      expect(res.status).toBe(401)
      expect(res.body).toMatchObject({ message: expect.any(String) })
    },
  )

  it.each(calls.map((c) => [c.name, c] as const))('%s: user as the matrix says', async (_name, c) => {
    const res = await call(c, user.access_token)
    if (c.access === 'admin') {
      expect(res.status).toBe(403)
      expect(res.body).toMatchObject({ message: 'Accès réservé aux administrateurs.' })
    } else expect(res.status, res.text).toBeLessThan(300)
    if (c.name === 'logout') user = await t.api.login(user.email, 'un mot de passe long')
  })

  it.each(calls.map((c) => [c.name, c] as const))('%s: admin allowed', async (_name, c) => {
    const res = await call(c, t.admin.access_token)
    if (c.name === 'reactivate') expect(res.status).toBe(404)
    else expect(res.status, res.text).toBeLessThan(300)
    if (c.name === 'logout') t.admin = await t.api.login(ADMIN.email, ADMIN.password)
  })

  it('deletes: article, partner image, user — anonymous 401, user 403, admin 200', async () => {
    const token = t.admin.access_token
    const image = (
      await t.api.request<Image>('POST', apiPaths.partnerImages(partner.partnerId.id), {
        token,
        raw: fileForm(png),
      })
    ).body
    const victim = await t.api.register()
    for (const path of [
      apiPaths.article(articleId),
      apiPaths.partnerImage(partner.partnerId.id, image.id),
      apiPaths.user(victim.userId.id),
    ]) {
      expect((await t.api.del(path)).status).toBe(401)
      expect((await t.api.del(path, { token: user.access_token })).status).toBe(403)
      expect((await t.api.del(path, { token })).status).toBe(200)
    }
  })

  it('a user cannot use or read another user’s coupons', async () => {
    const other = await t.api.register()
    expect(await couponUseStatus(t.api, user, other, partner, offer)).toBe(403)
    expect(
      (
        await t.api.get(apiPaths.partnerDiscountsUser(partner.partnerId.id, other.userId.id), {
          token: user.access_token,
        })
      ).status,
    ).toBe(403)
    expect((await t.api.get(apiPaths.user(other.userId.id), { token: user.access_token })).status).toBe(403)
    expect(await couponUseStatus(t.api, user, user, partner, offer)).toBe(200)
  })
})
