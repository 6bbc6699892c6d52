import { beforeAll, describe, expect, it } from 'vitest'
import type { Article, AuthUser, DiscountOffer, Image, Partner, User } from '@/contract/schemas.ts'
import { apiPaths } from '@/contract/paths.ts'
import {
  createOffer,
  createPartner,
  partnerBody,
  pngBytes,
  couponUseStatus,
  tokenFromMail,
  adminServerForFile,
  uploadPartnerPhoto,
  uploadArticleImage,
} from './helpers.ts'

/**
 * ASVS V4 (access control) and V5 (mass assignment): a second ordinary user ("other") against the first
 * one's data, and bodies carrying fields the caller does not own.
 */
const t = adminServerForFile()
let owner: AuthUser
let other: AuthUser
let partner: Partner
let offer: DiscountOffer
let secondOffer: DiscountOffer

const PASSWORD = 'un mot de passe long'

async function ownerView(): Promise<User> {
  return (await t.api.get<User>(apiPaths.user(owner.userId.id), { token: t.admin.access_token })).body
}

beforeAll(async () => {
  owner = await t.api.register({ email: 'proprietaire@test.fr', password: PASSWORD })
  other = await t.api.register({ email: 'autre@test.fr', password: PASSWORD })
  partner = await createPartner(t.api, t.admin)
  const enabled = (libelle: string) => ({ status: 'ENABLED', libelle, expirationDate: null })
  offer = await createOffer(t.api, t.admin, partner.partnerId.id, enabled('Un café offert'))
  secondOffer = await createOffer(t.api, t.admin, partner.partnerId.id, enabled('10 %'))
  // The owner has used one coupon: the data the other user must neither see nor change.
  expect(await couponUseStatus(t.api, owner, owner, partner, offer)).toBe(200)
})

describe('another ordinary user', () => {
  interface OtherUserCall {
    name: string
    method: string
    path: (userId: number) => string
    /** What the owner (or an admin) gets on the owner's id. */
    selfStatus: number
  }
  const calls: OtherUserCall[] = [
    { name: 'GET users/:id', method: 'GET', path: (id) => apiPaths.user(id), selfStatus: 200 },
    { name: 'PUT users/:id', method: 'PUT', path: (id) => apiPaths.user(id), selfStatus: 403 },
    { name: 'DELETE users/:id', method: 'DELETE', path: (id) => apiPaths.user(id), selfStatus: 403 },
    {
      name: 'discounts-user/:userId',
      method: 'GET',
      path: (id) => apiPaths.partnerDiscountsUser(partner.partnerId.id, id),
      selfStatus: 200,
    },
    {
      name: 'search ?userId',
      method: 'GET',
      path: (id) => `${apiPaths.partnerSearch()}?userId=${id}`,
      selfStatus: 200,
    },
    {
      name: 'deactivate-discountoffer (use a coupon)',
      method: 'PUT',
      path: (id) => apiPaths.deactivateOffer(id, partner.partnerId.id, secondOffer.id.id),
      selfStatus: 0,
    },
    {
      name: 'reactivate a used coupon',
      method: 'PUT',
      path: (id) => apiPaths.reactivateOffer(id, offer.id.id),
      selfStatus: 403,
    },
  ]

  it.each(calls.map((c) => [c.name, c] as const))(
    '%s on the first user’s id: 403 with a message, nothing read, nothing changed',
    async (_name, c) => {
      const before = await ownerView()
      const body =
        c.method === 'PUT' && c.name.startsWith('PUT users')
          ? {
              userId: owner.userId,
              firstname: 'Pirate',
              lastname: 'X',
              email: 'pirate@test.fr',
              status: 'DESACTIVE',
              roles: ['ROLE_ADMIN'],
            }
          : undefined
      const res = await t.api.request<{ message?: string }>(c.method, c.path(owner.userId.id), {
        token: other.access_token,
        body,
      })
      expect(res.status, res.text).toBe(403)
      expect(res.body.message).toEqual(expect.any(String))
      // Nothing of the owner leaks into the refusal.
      expect(res.text).not.toContain(owner.email)
      expect(res.text).not.toContain(offer.libelle)
      expect(await ownerView()).toEqual(before)
      // The owner still signs in with their token: no revocation was triggered either.
      expect((await t.api.get(apiPaths.user(owner.userId.id), { token: owner.access_token })).status).toBe(
        200,
      )
    },
  )

  it.each(calls.filter((c) => c.selfStatus !== 0).map((c) => [c.name, c] as const))(
    '%s: the owner on their own id gets what the matrix says',
    async (_name, c) => {
      const res = await t.api.request(c.method, c.path(owner.userId.id), { token: owner.access_token })
      expect(res.status, res.text).toBe(c.selfStatus)
    },
  )

  it('an unknown user id gets the same 403 as an existing one (no account enumeration)', async () => {
    for (const path of [
      apiPaths.user(2_000_000_000),
      apiPaths.partnerDiscountsUser(partner.partnerId.id, 2_000_000_000),
    ]) {
      const res = await t.api.get<{ message: string }>(path, { token: other.access_token })
      expect(res.status).toBe(403)
    }
  })

  it('the other user’s own view shows none of the first user’s coupons', async () => {
    const mine = await t.api.get<User>(apiPaths.user(other.userId.id), { token: other.access_token })
    expect(mine.body.disabledCoupons).toEqual([])
    const seen = await t.api.get<Partner>(
      apiPaths.partnerDiscountsUser(partner.partnerId.id, other.userId.id),
      { token: other.access_token },
    )
    expect(seen.body.discountOffers.find((o) => o.id.id === offer.id.id)?.status).toBe('ENABLED')
    const owners = await t.api.get<Partner>(
      apiPaths.partnerDiscountsUser(partner.partnerId.id, owner.userId.id),
      { token: owner.access_token },
    )
    expect(owners.body.discountOffers.find((o) => o.id.id === offer.id.id)?.status).toBe('DISABLED')
  })

  it('an admin can read and act on the first user (the 403s above are about the role, not the route)', async () => {
    expect((await t.api.get(apiPaths.user(owner.userId.id), { token: t.admin.access_token })).status).toBe(
      200,
    )
    expect(
      (
        await t.api.get(apiPaths.partnerDiscountsUser(partner.partnerId.id, owner.userId.id), {
          token: t.admin.access_token,
        })
      ).status,
    ).toBe(200)
    // Even an admin uses coupons only for themselves.
    expect(await couponUseStatus(t.api, t.admin, owner, partner, secondOffer)).toBe(403)
  })
})

describe('mass assignment: fields the caller does not own are ignored', () => {
  /** The users row as stored, to see what the API did not expose. */
  const storedUser = (id: number) =>
    t.server.handle.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
  const foreign = {
    roles: ['ROLE_ADMIN'],
    is_admin: true,
    isAdmin: true,
    token_version: 99,
    tokenVersion: 99,
    password_hash: '$argon2id$v=19$m=256,t=1,p=1$forged',
    passwordHash: 'forged',
    disabledCoupons: [
      {
        id: { id: 1 },
        libelle: 'x',
        status: 'DISABLED',
        expirationDate: null,
        partnerId: { id: 1 },
        partnerName: 'x',
        usedAt: '2020-01-01T00:00:00Z',
      },
    ],
    created_at: '2000-01-01T00:00:00Z',
    id: 1,
  }

  it('register: no role, id, status, coupons or token version from the body', async () => {
    const res = await t.api.post<AuthUser>('/api/auth/register', {
      firstname: 'Mallory',
      lastname: 'Masse',
      email: 'mallory@test.fr',
      password: PASSWORD,
      ...foreign,
      userId: { id: owner.userId.id },
      status: 'PROSPECT',
    })
    expect(res.status).toBe(201)
    expect(res.body.roles).toEqual(['ROLE_USER'])
    expect(res.body.userId.id).not.toBe(owner.userId.id)
    const row = await storedUser(res.body.userId.id)
    expect(row).toMatchObject({ is_admin: false, token_version: 0, status: 'ACTIF' })
    expect(row.password_hash).toMatch(/^\$argon2id\$/)
    expect(row.password_hash).not.toContain('forged')
    expect(new Date(row.created_at).getFullYear()).toBeGreaterThan(2000)
    const me = await t.api.get<User>(apiPaths.user(res.body.userId.id), { token: res.body.access_token })
    expect(me.body.disabledCoupons).toEqual([])
    expect((await t.api.get('/api/users', { token: res.body.access_token })).status).toBe(403)
  })

  it('users create (admin): always a ROLE_USER without password, coupons or chosen id', async () => {
    const res = await t.api.post<User>(
      '/api/users',
      {
        firstname: 'Nadia',
        lastname: 'Neuve',
        email: 'nadia@test.fr',
        status: 'ACTIF',
        ...foreign,
        userId: { id: owner.userId.id },
      },
      { token: t.admin.access_token },
    )
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ roles: ['ROLE_USER'], disabledCoupons: [] })
    expect(res.body.userId.id).not.toBe(owner.userId.id)
    const row = await storedUser(res.body.userId.id)
    expect(row).toMatchObject({ is_admin: false, token_version: 0, password_hash: null })
  })

  it('users update (admin): coupons, password hash and token version are not writable; the id in the body must match the path', async () => {
    const before = await ownerView()
    const body = {
      firstname: owner.firstname,
      lastname: owner.lastname,
      email: owner.email,
      status: 'ACTIF',
      ...foreign,
      roles: undefined,
      userId: owner.userId,
    }
    const res = await t.api.put<User>(apiPaths.user(owner.userId.id), body, { token: t.admin.access_token })
    expect(res.status, res.text).toBe(200)
    expect(res.body.disabledCoupons).toEqual(before.disabledCoupons)
    expect(res.body.roles).toEqual(['ROLE_USER'])
    const row = await t.server.handle.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', owner.userId.id)
      .executeTakeFirstOrThrow()
    expect(row.token_version).toBe(0)
    expect(row.password_hash).not.toContain('forged')
    expect((await t.api.get(apiPaths.user(owner.userId.id), { token: owner.access_token })).status).toBe(200)
    const mismatch = await t.api.put(
      apiPaths.user(owner.userId.id),
      { ...body, userId: other.userId },
      { token: t.admin.access_token },
    )
    expect(mismatch.status).toBe(400)
  })

  it('partners create/update: ids, offers, images and dates from the body are ignored; the id must match the path', async () => {
    const extra = {
      partnerId: { id: partner.partnerId.id },
      id: partner.partnerId.id,
      discountOffers: [
        { id: { id: offer.id.id }, libelle: 'Tout gratuit', status: 'ENABLED', expirationDate: null },
      ],
      images: [{ id: 'a'.repeat(24), type: 'image/webp', url: '/uploads/../../etc/passwd' }],
      created_at: '2000-01-01',
      search_name: 'injected',
    }
    const created = await t.api.post<Partner>(
      '/api/partners',
      { ...partnerBody({ name: 'Nouveau' }), ...extra },
      { token: t.admin.access_token },
    )
    expect(created.status).toBe(201)
    expect(created.body.partnerId.id).not.toBe(partner.partnerId.id)
    expect(created.body.discountOffers).toEqual([])
    expect(created.body.images).toEqual([])
    const row = await t.server.handle.db
      .selectFrom('partners')
      .select(['search_name'])
      .where('id', '=', created.body.partnerId.id)
      .executeTakeFirstOrThrow()
    expect(row.search_name).toBe('nouveau')
    const updated = await t.api.put<Partner>(
      apiPaths.partner(created.body.partnerId.id),
      { ...partnerBody({ name: 'Nouveau 2' }), ...extra, partnerId: created.body.partnerId },
      { token: t.admin.access_token },
    )
    expect(updated.status).toBe(200)
    expect(updated.body.discountOffers).toEqual([])
    expect(
      (await t.api.get<Partner>(apiPaths.partner(partner.partnerId.id), { token: t.admin.access_token })).body
        .name,
    ).toBe('Partenaire de test')
    const mismatch = await t.api.put(
      apiPaths.partner(created.body.partnerId.id),
      { ...partnerBody(), partnerId: partner.partnerId },
      { token: t.admin.access_token },
    )
    expect(mismatch.status).toBe(400)
  })

  it('offers: an offer cannot be moved to or edited through another partner; ids in the create body are ignored', async () => {
    const elsewhere = (
      await t.api.post<Partner>('/api/partners', partnerBody({ name: 'Ailleurs' }), {
        token: t.admin.access_token,
      })
    ).body
    const viaOther = await t.api.put(
      apiPaths.partnerOffers(elsewhere.partnerId.id),
      {
        id: offer.id,
        libelle: 'Détourné',
        status: 'ENABLED',
        expirationDate: null,
        partnerId: elsewhere.partnerId,
      },
      { token: t.admin.access_token },
    )
    expect(viaOther.status).toBe(404)
    const created = await t.api.post<DiscountOffer>(
      apiPaths.partnerOffers(elsewhere.partnerId.id),
      {
        id: offer.id,
        partner_id: partner.partnerId.id,
        libelle: 'Neuf',
        status: 'ENABLED',
        expirationDate: null,
      },
      { token: t.admin.access_token },
    )
    expect(created.status).toBe(201)
    expect(created.body.id.id).not.toBe(offer.id.id)
    const original = await t.api.get<Partner>(apiPaths.partner(partner.partnerId.id), {
      token: t.admin.access_token,
    })
    expect(original.body.discountOffers.find((o) => o.id.id === offer.id.id)?.libelle).toBe('Un café offert')
    const moved = await t.server.handle.db
      .selectFrom('offers')
      .select('partner_id')
      .where('id', '=', created.body.id.id)
      .executeTakeFirstOrThrow()
    expect(moved.partner_id).toBe(elsewhere.partnerId.id)
  })

  it('articles: the id in a create body is ignored, the image must be an article image (not a partner’s photo), the update id must match', async () => {
    const photo = await uploadPartnerPhoto(t, partner, await pngBytes())
    const stolen = await t.api.post<{ field: string }>(
      '/api/articles',
      { title: 't', status: 'DRAFT', position: 1, image: photo, link: null },
      { token: t.admin.access_token },
    )
    expect(stolen.status).toBe(400)
    expect(stolen.body.field).toBe('image.id')
    const image = await uploadArticleImage(t.api, t.admin)
    const first = await t.api.post<Article>(
      '/api/articles',
      { title: 'Premier', status: 'DRAFT', position: 1, image, link: null },
      { token: t.admin.access_token },
    )
    const second = await t.api.post<Article>(
      '/api/articles',
      {
        title: 'Second',
        status: 'DRAFT',
        position: 2,
        image,
        link: null,
        articleId: first.body.articleId,
        id: first.body.articleId.id,
      },
      { token: t.admin.access_token },
    )
    expect(second.status).toBe(201)
    expect(second.body.articleId.id).not.toBe(first.body.articleId.id)
    expect(
      (await t.api.get<Article>(apiPaths.article(first.body.articleId.id), { token: t.admin.access_token }))
        .body.title,
    ).toBe('Premier')
    const mismatch = await t.api.put(
      apiPaths.article(first.body.articleId.id),
      { title: 'x', status: 'DRAFT', position: 1, image: null, link: null, articleId: second.body.articleId },
      { token: t.admin.access_token },
    )
    expect(mismatch.status).toBe(400)
  })

  it('prototype pollution in a JSON body is refused with 400 on every write route', async () => {
    const routes: [string, string, string | null][] = [
      ['POST', '/api/auth/register', null],
      ['POST', '/api/users', t.admin.access_token],
      ['POST', '/api/partners', t.admin.access_token],
      ['POST', '/api/articles', t.admin.access_token],
      ['POST', apiPaths.partnerOffers(partner.partnerId.id), t.admin.access_token],
    ]
    for (const [method, path, token] of routes) {
      for (const raw of [
        '{"__proto__":{"isAdmin":true},"firstname":"a"}',
        '{"constructor":{"prototype":{"isAdmin":true}}}',
      ]) {
        const res = await t.api.request(method, path, { token, raw, contentType: 'application/json' })
        expect(res.status, `${path} ${raw}`).toBe(400)
      }
    }
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined()
  })
})

describe('reset and invitation tokens', () => {
  it('are dead once the password changed: a reset kills every other outstanding reset or invitation link', async () => {
    const invited = await t.api.post<User>(
      '/api/users',
      { firstname: 'Ivo', lastname: 'Invité', email: 'ivo@test.fr', status: 'ACTIF' },
      { token: t.admin.access_token },
    )
    const invitation = await tokenFromMail(t.server.dataDir, 'ivo@test.fr', 1)
    await t.api.post('/api/auth/forgot-password', { email: 'ivo@test.fr' })
    const reset = await tokenFromMail(t.server.dataDir, 'ivo@test.fr', 2)
    expect(
      (
        await t.api.post('/api/auth/reset-password', {
          token: reset.token,
          newPassword: 'choisi par le lien de reset',
        })
      ).status,
    ).toBe(200)
    const late = await t.api.post<{ message: string }>('/api/auth/reset-password', {
      token: invitation.token,
      newPassword: 'choisi par un attaquant',
    })
    expect(late.status).toBe(400)
    expect(late.body.message).toMatch(/invalide ou a expiré/)
    await t.api.login('ivo@test.fr', 'choisi par le lien de reset')
    expect(invited.status).toBe(201)
  })

  it('are dead once the address changed (a link mailed to the old address opens nothing) or the account is deactivated', async () => {
    const u = await t.api.register({ email: 'ancienne@test.fr', password: PASSWORD })
    await t.api.post('/api/auth/forgot-password', { email: 'ancienne@test.fr' })
    const old = await tokenFromMail(t.server.dataDir, 'ancienne@test.fr', 1)
    const moved = await t.api.put(
      apiPaths.user(u.userId.id),
      {
        userId: u.userId,
        firstname: u.firstname,
        lastname: u.lastname,
        email: 'nouvelle@test.fr',
        status: 'ACTIF',
      },
      { token: t.admin.access_token },
    )
    expect(moved.status).toBe(200)
    expect(
      (
        await t.api.post('/api/auth/reset-password', {
          token: old.token,
          newPassword: 'pris par l’ancienne boite',
        })
      ).status,
    ).toBe(400)
    await t.api.login('nouvelle@test.fr', PASSWORD)

    await t.api.post('/api/auth/forgot-password', { email: 'nouvelle@test.fr' })
    const fresh = await tokenFromMail(t.server.dataDir, 'nouvelle@test.fr', 1)
    await t.api.put(
      apiPaths.user(u.userId.id),
      {
        userId: u.userId,
        firstname: u.firstname,
        lastname: u.lastname,
        email: 'nouvelle@test.fr',
        status: 'DESACTIVE',
      },
      { token: t.admin.access_token },
    )
    expect(
      (
        await t.api.post('/api/auth/reset-password', {
          token: fresh.token,
          newPassword: 'compte désactivé pourtant',
        })
      ).status,
    ).toBe(400)
  })

  it('are looked up by their SHA-256 only: a near-miss token (one character changed) is refused like any other', async () => {
    await t.api.register({ email: 'presque@test.fr' })
    await t.api.post('/api/auth/forgot-password', { email: 'presque@test.fr' })
    const { token } = await tokenFromMail(t.server.dataDir, 'presque@test.fr')
    const last = token.at(-1) === 'A' ? 'B' : 'A'
    for (const guess of [token.slice(0, -1) + last, token.slice(0, 20), token + 'x', token.toUpperCase()]) {
      if (guess === token) continue
      expect(
        (
          await t.api.post('/api/auth/reset-password', {
            token: guess,
            newPassword: 'devine par force brute',
          })
        ).status,
      ).toBe(400)
    }
    expect(
      (await t.api.post('/api/auth/reset-password', { token, newPassword: 'le bon lien marche' })).status,
    ).toBe(200)
  })
})

describe('article links', () => {
  let image: Image
  beforeAll(async () => {
    image = await uploadArticleImage(t.api, t.admin)
  })
  const postPublishedArticle = <T>(title: string, link: { text: string; url: string; target: string }) =>
    t.api.post<T>(
      '/api/articles',
      { title, status: 'PUBLISHED', position: 1, image, link },
      { token: t.admin.access_token },
    )

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(document.cookie)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '//evil.example/phishing',
    '/\\evil.example',
    '\\\\evil.example',
    'https:evil.example',
    'http://',
    'ftp://files.example/x',
    'mailto:a@b.fr',
    'java\tscript:alert(1)',
    'evil.example',
  ])('refuses %j: only internal paths ("/x", not "//") or http(s) addresses are stored', async (url) => {
    const res = await postPublishedArticle<{ field?: string }>('Lien', {
      text: 'Voir',
      url,
      target: '_blank',
    })
    expect(res.status, res.text).toBe(400)
    expect(res.body.field).toBe('link.url')
  })

  it('accepts internal paths and http(s) addresses, and stores markup in titles as plain text', async () => {
    for (const url of ['/rechercher?c=1', 'https://www.exemple.fr/offre', 'http://exemple.fr']) {
      const res = await postPublishedArticle<Article>('<img src=x onerror=alert(1)>', {
        text: '<b>Voir</b>',
        url,
        target: '',
      })
      expect(res.status, res.text).toBe(201)
      expect(res.body.title).toBe('<img src=x onerror=alert(1)>')
      expect(res.body.link?.url).toBe(url)
      expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    }
  })
})
