import { beforeAll, describe, expect, it } from 'vitest'
import type {
  AuthUser,
  DiscountOffer,
  DisabledCouponsBody,
  Partner,
  User,
  UserPage,
} from '@/contract/schemas.ts'
import { apiPaths } from '@/contract/paths.ts'
import { ADMIN, partnerBody, type RequestOptions, adminServerForFile } from './helpers.ts'

const t = adminServerForFile()
let alice: AuthUser
let bob: AuthUser

const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)
let partner: Partner
let offers: Record<'ok' | 'second' | 'expired' | 'disabled', DiscountOffer>
let otherPartner: Partner

const use = (who: AuthUser, userId: number, partnerId: number, offerId: number) =>
  t.api.put<DiscountOffer>(
    `/api/users/deactivate-discountoffer/user/${userId}/partner/${partnerId}/offer/${offerId}`,
    undefined,
    { token: who.access_token },
  )

beforeAll(async () => {
  alice = await t.api.register({ firstname: 'Alice', email: 'alice@test.fr' })
  bob = await t.api.register({ firstname: 'Bob', email: 'bob@test.fr' })
  partner = (await t.api.post<Partner>('/api/partners', partnerBody({ name: 'Coupons & Cie' }), t.asAdmin()))
    .body
  otherPartner = (await t.api.post<Partner>('/api/partners', partnerBody({ name: 'Autre' }), t.asAdmin()))
    .body
  const add = async (b: Record<string, unknown>) =>
    (await t.api.post<DiscountOffer>(`/api/partners/${partner.partnerId.id}/offer-discount`, b, t.asAdmin()))
      .body
  offers = {
    ok: await add({ status: 'ENABLED', libelle: '-10 %', expirationDate: '2099-01-01' }),
    second: await add({ status: 'ENABLED', libelle: 'Café offert', expirationDate: null }),
    expired: await add({ status: 'ENABLED', libelle: 'Expirée', expirationDate: yesterday }),
    disabled: await add({ status: 'DISABLED', libelle: 'Désactivée', expirationDate: null }),
  }
})

describe('users', () => {
  it('admin lists users; a user reads only themselves', async () => {
    const list = await t.api.get<UserPage>('/api/users?pageSize=100', t.asAdmin())
    expect(list.status).toBe(200)
    expect(list.body.items.map((u) => u.email)).toEqual(
      expect.arrayContaining(['alice@test.fr', 'bob@test.fr', ADMIN.email]),
    )
    expect(list.body.items.every((u) => !('password_hash' in u) && !('passwordHash' in u))).toBe(true)
    expect(
      (await t.api.get<User>(`/api/users/${alice.userId.id}`, { token: alice.access_token })).body,
    ).toMatchObject({ email: 'alice@test.fr', roles: ['ROLE_USER'], disabledCoupons: [] })
    expect((await t.api.get(`/api/users/${bob.userId.id}`, { token: alice.access_token })).status).toBe(403)
    expect((await t.api.get(`/api/users/999999`, { token: alice.access_token })).status).toBe(403)
    expect((await t.api.get(`/api/users/${bob.userId.id}`, t.asAdmin())).status).toBe(200)
    expect((await t.api.get('/api/users/999999', t.asAdmin())).status).toBe(404)
    expect((await t.api.get('/api/users/statues', { token: alice.access_token })).body).toHaveLength(3)
  })

  it('admin creates (201, 409 on duplicate) and updates users; bad inputs are 400', async () => {
    const created = await t.api.post<User>(
      '/api/users',
      { firstname: 'Nouveau', lastname: 'Venu', email: 'nouveau@test.fr', status: 'PROSPECT' },
      t.asAdmin(),
    )
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      userId: { id: expect.any(Number) },
      status: 'PROSPECT',
      roles: ['ROLE_USER'],
      disabledCoupons: [],
    })
    const twin = await t.api.post(
      '/api/users',
      { firstname: 'X', lastname: 'Y', email: 'NOUVEAU@test.fr', status: 'ACTIF' },
      t.asAdmin(),
    )
    expect(twin.status).toBe(409)
    // The user form shows the answer under its e-mail field.
    expect(twin.body).toEqual({
      message: 'Un compte existe déjà avec cette adresse e-mail.',
      field: 'email',
      fields: { email: 'Un compte existe déjà avec cette adresse e-mail.' },
    })
    const id = created.body.userId.id
    const upd = await t.api.put<User>(
      `/api/users/${id}`,
      {
        userId: { id },
        firstname: 'Renommé',
        lastname: 'Venu',
        email: 'nouveau@test.fr',
        status: 'ACTIF',
        disabledCoupons: [{ id: { id: 1 } }],
      },
      t.asAdmin(),
    )
    expect(upd.status).toBe(200)
    expect(upd.body).toMatchObject({ firstname: 'Renommé', status: 'ACTIF', disabledCoupons: [] })
    expect(
      (
        await t.api.put(
          `/api/users/${id}`,
          { userId: { id }, firstname: 'R', lastname: 'V', email: 'alice@test.fr', status: 'ACTIF' },
          t.asAdmin(),
        )
      ).status,
    ).toBe(409)
    expect(
      (
        await t.api.put(
          `/api/users/${id}`,
          { userId: { id: id + 1 }, firstname: 'R', lastname: 'V', email: 'x@test.fr', status: 'ACTIF' },
          t.asAdmin(),
        )
      ).status,
    ).toBe(400)
    expect(
      (
        await t.api.put(
          '/api/users/999999',
          { userId: { id: 999999 }, firstname: 'R', lastname: 'V', email: 'x@test.fr', status: 'ACTIF' },
          t.asAdmin(),
        )
      ).status,
    ).toBe(404)
    for (const bad of [
      { firstname: 'A', lastname: 'B', email: 'invalide', status: 'ACTIF' },
      { firstname: 'A', lastname: 'B', email: 'a@b.fr', status: 'BANNI' },
      { firstname: '', lastname: 'B', email: 'a@b.fr', status: 'ACTIF' },
      { lastname: 'B', email: 'a@b.fr', status: 'ACTIF' },
      { firstname: ['A'], lastname: 'B', email: 'a@b.fr', status: 'ACTIF' },
    ]) {
      const res = await t.api.post<{ message: string }>('/api/users', bad, t.asAdmin())
      expect(res.status).toBe(400)
      expect(res.body.message).toBeTruthy()
    }
  })
})

describe('coupons', () => {
  it('a user uses an enabled coupon once: DISABLED for them, 409 the second time, still ENABLED for others', async () => {
    const res = await use(alice, alice.userId.id, partner.partnerId.id, offers.ok.id.id)
    expect(res.status).toBe(200)
    // Plus the use's proof (issue 41): its code and date.
    expect(res.body).toEqual({
      ...offers.ok,
      status: 'DISABLED',
      code: expect.stringMatching(/^[2-9A-HJKMNP-Z]{6}$/),
      usedAt: expect.any(String),
    })
    const twice = await use(alice, alice.userId.id, partner.partnerId.id, offers.ok.id.id)
    expect(twice.status).toBe(409)
    expect((twice.body as unknown as { message: string }).message).toMatch(/déjà utilisé/)

    const seenByAlice = await t.api.get<Partner>(
      `/api/partners/${partner.partnerId.id}/discounts-user/${alice.userId.id}`,
      { token: alice.access_token },
    )
    expect(seenByAlice.status).toBe(200)
    expect(seenByAlice.body.discountOffers.map((o) => [o.libelle, o.status])).toEqual([
      ['-10 %', 'DISABLED'],
      ['Café offert', 'ENABLED'],
    ])
    const seenByBob = await t.api.get<Partner>(
      `/api/partners/${partner.partnerId.id}/discounts-user/${bob.userId.id}`,
      { token: bob.access_token },
    )
    expect(seenByBob.body.discountOffers.every((o) => o.status === 'ENABLED')).toBe(true)
    expect(
      (
        await t.api.get(`/api/partners/${partner.partnerId.id}/discounts-user/${bob.userId.id}`, {
          token: alice.access_token,
        })
      ).status,
    ).toBe(403)
    expect(
      (await t.api.get(`/api/partners/${partner.partnerId.id}/discounts-user/${bob.userId.id}`, t.asAdmin()))
        .status,
    ).toBe(200)

    const me = await t.api.get<User>(`/api/users/${alice.userId.id}`, { token: alice.access_token })
    expect(me.body.disabledCoupons).toEqual([
      {
        ...offers.ok,
        status: 'DISABLED',
        partnerId: partner.partnerId,
        partnerName: 'Coupons & Cie',
        usedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      },
    ])
  })

  it('refuses other users (403), expired/disabled offers (409), wrong partner or unknown ids (404)', async () => {
    expect((await use(alice, bob.userId.id, partner.partnerId.id, offers.second.id.id)).status).toBe(403)
    expect((await use(t.admin, bob.userId.id, partner.partnerId.id, offers.second.id.id)).status).toBe(403)
    expect((await use(alice, alice.userId.id, partner.partnerId.id, offers.expired.id.id)).status).toBe(409)
    expect((await use(alice, alice.userId.id, partner.partnerId.id, offers.disabled.id.id)).status).toBe(409)
    expect((await use(alice, alice.userId.id, otherPartner.partnerId.id, offers.second.id.id)).status).toBe(
      404,
    )
    expect((await use(alice, alice.userId.id, partner.partnerId.id, 999999)).status).toBe(404)
    expect((await use(alice, alice.userId.id, partner.partnerId.id, 0)).status).toBe(400)
    expect(
      (
        await t.api.put(
          `/api/users/deactivate-discountoffer/user/${alice.userId.id}/partner/${partner.partnerId.id}/offer/${offers.second.id.id}`,
        )
      ).status,
    ).toBe(401)
    // Bob's coupons untouched by Alice's attempts.
    expect((await t.api.get<User>(`/api/users/${bob.userId.id}`, t.asAdmin())).body.disabledCoupons).toEqual(
      [],
    )
  })

  it('concurrent uses of the same coupon by the same user give exactly one success', async () => {
    const carol = await t.api.register({ email: 'carol@test.fr' })
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        use(carol, carol.userId.id, partner.partnerId.id, offers.second.id.id),
      ),
    )
    const statuses = results.map((r) => r.status).sort()
    expect(statuses.filter((s) => s === 200)).toHaveLength(1)
    expect(statuses.filter((s) => s === 409)).toHaveLength(19)
    expect(
      (await t.api.get<User>(`/api/users/${carol.userId.id}`, { token: carol.access_token })).body
        .disabledCoupons,
    ).toHaveLength(1)
  })

  it('admin reactivates a used coupon and gets the updated disabledCoupons; then it can be used again', async () => {
    const reactivate = (userId: number, offerId: number, options: RequestOptions) =>
      t.api.put<DisabledCouponsBody>(
        apiPaths.reactivateOffer(userId, offerId),
        { motif: 'Coupon refusé en caisse' },
        options,
      )
    await use(alice, alice.userId.id, partner.partnerId.id, offers.second.id.id)
    const res = await reactivate(alice.userId.id, offers.ok.id.id, t.asAdmin())
    expect(res.status).toBe(200)
    expect(res.body.disabledCoupons.map((c) => c.id)).toEqual([offers.second.id])
    expect((await reactivate(alice.userId.id, offers.ok.id.id, t.asAdmin())).status).toBe(404)
    expect((await reactivate(999999, offers.ok.id.id, t.asAdmin())).status).toBe(404)
    expect(
      (await reactivate(alice.userId.id, offers.second.id.id, { token: alice.access_token })).status,
    ).toBe(403)
    expect((await use(alice, alice.userId.id, partner.partnerId.id, offers.ok.id.id)).status).toBe(200)
  })

  it('reactivates as the spec calls it, without a body or a motif, however the empty body is sent', async () => {
    const carla = await t.api.register({ firstname: 'Carla' })
    const path = apiPaths.reactivateOffer(carla.userId.id, offers.ok.id.id)
    const bodiless: [string, RequestOptions][] = [
      ['no body, no content type', {}],
      ['an empty body labelled JSON', { raw: '', contentType: 'application/json' }],
      ['an empty body labelled JSON in UTF-8', { raw: '', contentType: 'application/json; charset=utf-8' }],
      ['JSON null', { raw: 'null', contentType: 'application/json' }],
      ['an empty object', { body: {} }],
      ['an empty motif', { body: { motif: '' } }],
    ]
    for (const [how, options] of bodiless) {
      // Used the spec's way too: an empty JSON body on a call that takes none.
      const used = await t.api.request(
        'PUT',
        apiPaths.deactivateOffer(carla.userId.id, partner.partnerId.id, offers.ok.id.id),
        { token: carla.access_token, raw: '', contentType: 'application/json' },
      )
      expect(used.status, `${how}: ${used.text}`).toBe(200)
      const res = await t.api.request<DisabledCouponsBody>('PUT', path, { ...options, ...t.asAdmin() })
      expect(res.status, `${how}: ${res.text}`).toBe(200)
      expect(res.body, how).toEqual({ disabledCoupons: [] })
    }
    // A call whose body is required still says so, in French.
    const empty = await t.api.request('POST', apiPaths.partners(), {
      ...t.asAdmin(),
      raw: '',
      contentType: 'application/json',
    })
    expect(empty.status).toBe(400)
    expect(empty.body).toEqual({ message: 'Le corps de la requête doit être un objet JSON.' })
  })
})
