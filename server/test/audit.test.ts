import { sql } from 'kysely'
import { beforeAll, describe, expect, it } from 'vitest'
import type {
  Article,
  AuditActor,
  AuditEntry,
  AuditPage,
  AuthUser,
  DiscountOffer,
  Partner,
  User,
  UserDetail,
} from '@/contract/schemas.ts'
import { apiPaths } from '@/contract/paths.ts'
import {
  ADMIN,
  createOffer,
  createPartner,
  partnerBody,
  pngBytes,
  adminServerForFile,
  uploadPartnerPhoto,
  uploadArticleImage,
} from './helpers.ts'

const t = adminServerForFile()
let user: AuthUser

const journal = async (query = '') => {
  const res = await t.api.get<AuditPage>(`${apiPaths.audit()}${query ? `?${query}` : ''}`, t.asAdmin())
  expect(res.status, res.text).toBe(200)
  return res.body
}
const latest = async () => (await journal('pageSize=1')).items[0]

beforeAll(async () => {
  user = await t.api.register({ firstname: 'Ugo', lastname: 'Lambda', email: 'ugo@test.fr' })
})

describe('audit log: every administrator write, with who, what, before and after', () => {
  it('partners: creation and change, the administrator named as they were', async () => {
    const partner = await createPartner(t.api, t.admin, { name: 'Journal & Cie' })
    const created = await latest()
    expect(created).toMatchObject({
      action: 'partner.create',
      targetType: 'partner',
      targetId: String(partner.partnerId.id),
      targetLabel: 'Journal & Cie',
      actor: {
        id: t.admin.userId.id,
        email: ADMIN.email,
        name: `${t.admin.firstname} ${t.admin.lastname}`.trim(),
      },
      before: null,
      motif: null,
    })
    expect(created.after).toMatchObject({ name: 'Journal & Cie', categories: ['Restaurants'] })
    expect(Date.now() - Date.parse(created.at)).toBeLessThan(60_000)

    const res = await t.api.put<Partner>(
      apiPaths.partner(partner.partnerId.id),
      { ...partnerBody({ name: 'Journal et Cie' }), partnerId: partner.partnerId },
      t.asAdmin(),
    )
    expect(res.status).toBe(200)
    const changed = await latest()
    expect(changed).toMatchObject({ action: 'partner.update', targetLabel: 'Journal et Cie' })
    expect(changed.before).toMatchObject({ name: 'Journal & Cie' })
    expect(changed.after).toMatchObject({ name: 'Journal et Cie' })
  })

  it('offers, photos, articles and users: one entry each, in the same order as the writes', async () => {
    const partner = await createPartner(t.api, t.admin, { name: 'Photos' })
    const offer = await createOffer(t.api, t.admin, partner.partnerId.id, {
      status: 'ENABLED',
      libelle: '-5 %',
      expirationDate: null,
    })
    await t.api.put(apiPaths.partnerOffers(partner.partnerId.id), { ...offer, libelle: '-10 %' }, t.asAdmin())
    const image = await uploadPartnerPhoto(t, partner, await pngBytes())
    await t.api.del(apiPaths.partnerImage(partner.partnerId.id, image.id), t.asAdmin())
    const article = await t.api.post<Article>(
      apiPaths.articles(),
      {
        title: 'Soldes',
        status: 'DRAFT',
        position: 1,
        image: await uploadArticleImage(t.api, t.admin),
        link: null,
      },
      t.asAdmin(),
    )
    await t.api.put(
      apiPaths.article(article.body.articleId.id),
      { ...article.body, title: 'Soldes d’hiver' },
      t.asAdmin(),
    )
    await t.api.del(apiPaths.article(article.body.articleId.id), t.asAdmin())
    const created = await t.api.post<User>(
      apiPaths.users(),
      { firstname: 'Nina', lastname: 'Nouvelle', email: 'nina@test.fr', status: 'ACTIF' },
      t.asAdmin(),
    )
    await t.api.put(
      apiPaths.user(created.body.userId.id),
      { ...created.body, lastname: 'Renommée' },
      t.asAdmin(),
    )
    await t.api.del(apiPaths.user(created.body.userId.id), t.asAdmin())

    const entries = (await journal('pageSize=11')).items.reverse()
    expect(entries.map((e) => e.action)).toEqual([
      'partner.create',
      'offer.create',
      'offer.update',
      'image.upload',
      'image.delete',
      'article.create',
      'article.update',
      'article.delete',
      'user.create',
      'user.update',
      'user.delete',
    ])
    const [
      ,
      offerCreated,
      offerUpdated,
      upload,
      removal,
      ,
      articleUpdated,
      articleDeleted,
      ,
      userUpdated,
      userDeleted,
    ] = entries
    expect(offerCreated).toMatchObject({
      targetId: String(offer.id.id),
      targetLabel: '-5 % — Photos',
      before: null,
    })
    expect(offerUpdated.before).toMatchObject({ libelle: '-5 %' })
    expect(offerUpdated.after).toMatchObject({ libelle: '-10 %' })
    expect(upload.after).toMatchObject({ imageId: image.id })
    expect(removal.before).toMatchObject({ imageId: image.id })
    expect(removal.after).toBeNull()
    expect(articleUpdated.before).toMatchObject({ title: 'Soldes' })
    expect(articleUpdated.after).toMatchObject({ title: 'Soldes d’hiver' })
    expect(articleDeleted).toMatchObject({ targetLabel: 'Soldes d’hiver', after: null })
    expect(userUpdated.before).toMatchObject({ lastname: 'Nouvelle', email: 'nina@test.fr' })
    expect(userUpdated.after).toMatchObject({ lastname: 'Renommée' })
    expect(userDeleted).toMatchObject({ targetLabel: 'Nina Renommée', after: null })
  })

  it('reactivating a used coupon keeps the motif given in the entry; without one it still works, motif null', async () => {
    const partner = await createPartner(t.api, t.admin, { name: 'Café du Port' })
    const offer = await createOffer(t.api, t.admin, partner.partnerId.id, {
      status: 'ENABLED',
      libelle: 'Café offert',
      expirationDate: null,
    })
    const use = async () => {
      const res = await t.api.put<DiscountOffer>(
        apiPaths.deactivateOffer(user.userId.id, partner.partnerId.id, offer.id.id),
        undefined,
        { token: user.access_token },
      )
      expect(res.status, res.text).toBe(200)
    }
    await use()
    // A user's own use is not an administrator write.
    expect((await latest()).action).not.toBe('coupon.deactivate')
    const path = apiPaths.reactivateOffer(user.userId.id, offer.id.id)
    const before = (await journal()).total
    const tooLong = await t.api.put(path, { motif: 'x'.repeat(501) }, t.asAdmin())
    expect(tooLong.status).toBe(400)
    expect(tooLong.body).toMatchObject({
      message: 'Le champ « motif » ne doit pas dépasser 500 caractères.',
      field: 'motif',
    })
    expect((await t.api.put(path, { motif: 7 }, t.asAdmin())).status).toBe(400)
    expect((await journal()).total).toBe(before)
    const res = await t.api.put(path, { motif: ' Le terminal était en panne ' }, t.asAdmin())
    expect(res.status).toBe(200)
    const entry = await latest()
    expect(entry).toMatchObject({
      action: 'coupon.reactivate',
      targetType: 'user',
      targetId: String(user.userId.id),
      targetLabel: 'Ugo Lambda · Café offert (Café du Port)',
      motif: 'Le terminal était en panne',
      before: { libelle: 'Café offert', partnerName: 'Café du Port', usedAt: expect.any(String) },
      after: { libelle: 'Café offert', usedAt: null },
    })
    // A blank motif is no motif: the reactivation is recorded without one.
    for (const motif of ['', '   ']) {
      await use()
      expect((await t.api.put(path, { motif }, t.asAdmin())).status).toBe(200)
      expect(await latest()).toMatchObject({ action: 'coupon.reactivate', motif: null })
    }
  })

  it('an administrator using a coupon is recorded too', async () => {
    const partner = await createPartner(t.api, t.admin, { name: 'Admin gourmand' })
    const offer = await createOffer(t.api, t.admin, partner.partnerId.id, {
      status: 'ENABLED',
      libelle: 'Dessert',
      expirationDate: null,
    })
    const res = await t.api.put(
      apiPaths.deactivateOffer(t.admin.userId.id, partner.partnerId.id, offer.id.id),
      undefined,
      t.asAdmin(),
    )
    expect(res.status).toBe(200)
    expect(await latest()).toMatchObject({ action: 'coupon.deactivate', targetId: String(offer.id.id) })
  })

  it('a failed write leaves no entry', async () => {
    const before = await journal()
    // 409: the address is taken; 404: no such partner; 400: invalid partner.
    const taken = await t.api.post(
      apiPaths.users(),
      { firstname: 'Deux', lastname: 'Fois', email: 'ugo@test.fr', status: 'ACTIF' },
      t.asAdmin(),
    )
    expect(taken.status).toBe(409)
    const clash = await t.api.put(
      apiPaths.user(user.userId.id),
      { userId: user.userId, firstname: 'Ugo', lastname: 'Lambda', email: ADMIN.email, status: 'ACTIF' },
      t.asAdmin(),
    )
    expect(clash.status).toBe(409)
    expect(
      (
        await t.api.put(
          apiPaths.partner(999999),
          { ...partnerBody(), partnerId: { id: 999999 } },
          t.asAdmin(),
        )
      ).status,
    ).toBe(404)
    expect((await t.api.post(apiPaths.partners(), partnerBody({ name: '' }), t.asAdmin())).status).toBe(400)
    const after = await journal()
    expect(after.total).toBe(before.total)
    expect(after.items[0].id).toBe(before.items[0].id)
  })
})

describe('GET /api/audit: filters, paging, actors, CSV', () => {
  let second: AuthUser
  beforeAll(async () => {
    const promoted = await t.api.post<User>(
      apiPaths.users(),
      { firstname: 'Béa', lastname: 'Seconde', email: 'bea@test.fr', status: 'ACTIF' },
      t.asAdmin(),
    )
    await t.api.put(
      apiPaths.user(promoted.body.userId.id),
      { ...promoted.body, roles: ['ROLE_ADMIN'] },
      t.asAdmin(),
    )
    await t.server.handle.db
      .updateTable('users')
      .set({
        password_hash: (
          await t.server.handle.db
            .selectFrom('users')
            .select('password_hash')
            .where('email', '=', ADMIN.email)
            .executeTakeFirstOrThrow()
        ).password_hash,
      })
      .where('email', '=', 'bea@test.fr')
      .execute()
    second = await t.api.login('bea@test.fr', ADMIN.password)
    await createPartner(t.api, second, { name: 'Par Béa' })
  })

  it('filters by administrator and kind, pages newest first, and lists the administrators', async () => {
    const byBea = await journal(`actorId=${second.userId.id}`)
    expect(byBea.items.map((e) => e.action)).toEqual(['partner.create', 'admin.signIn'])
    expect(byBea.items[0]).toMatchObject({ actor: { name: 'Béa Seconde' } })
    const creations = await journal('action=partner.create')
    expect(creations.items.every((e) => e.action === 'partner.create')).toBe(true)
    expect(creations.total).toBeGreaterThanOrEqual(4)
    const all = await journal('pageSize=100')
    const pageTwo = await journal('pageSize=3&page=1')
    expect(pageTwo.items.map((e) => e.id)).toEqual(all.items.slice(3, 6).map((e) => e.id))
    expect(pageTwo.total).toBe(all.total)
    const times = all.items.map((e) => Date.parse(e.at))
    expect(times).toEqual([...times].sort((a, b) => b - a))
    const actors = (await t.api.get<AuditActor[]>(apiPaths.auditActors(), t.asAdmin())).body
    expect(actors.map((a) => a.email).sort()).toEqual([ADMIN.email, 'bea@test.fr'].sort())
  })

  it('filters by date range (whole days, both included) and refuses a wrong date in French', async () => {
    const today = new Date()
    const day = (offset: number) => new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10)
    // The server's day may differ from UTC's around midnight: a range of yesterday to tomorrow holds today.
    expect((await journal(`from=${day(-1)}&to=${day(1)}`)).total).toBe((await journal()).total)
    expect((await journal(`from=${day(2)}`)).total).toBe(0)
    expect((await journal(`to=${day(-2)}`)).total).toBe(0)
    for (const query of ['from=2026-02-31', 'to=hier', `from=${day(1)}&to=${day(-1)}`]) {
      const res = await t.api.get(`${apiPaths.audit()}?${query}`, t.asAdmin())
      expect(res.status, query).toBe(400)
      expect(res.body).toMatchObject({ message: expect.stringMatching(/date/i) })
    }
    const kind = await t.api.get(`${apiPaths.audit()}?action=partner.burn`, t.asAdmin())
    expect(kind.status).toBe(400)
    expect(kind.body).toMatchObject({ message: 'Le champ « action » est invalide.', field: 'action' })
  })

  it('filters by target: one record’s history, newest first and paged; an identifier needs its type', async () => {
    const kept = await createPartner(t.api, t.admin, { name: 'Fiche suivie' })
    const other = await createPartner(t.api, t.admin, { name: 'Fiche voisine' })
    const changed = await t.api.put<Partner>(
      apiPaths.partner(kept.partnerId.id),
      { ...partnerBody({ name: 'Fiche suivie et changée' }), partnerId: kept.partnerId },
      t.asAdmin(),
    )
    expect(changed.status).toBe(200)
    const id = String(kept.partnerId.id)
    const history = await journal(`targetType=partner&targetId=${id}`)
    expect(history.total).toBe(2)
    expect(history.items.map((e) => [e.action, e.targetType, e.targetId])).toEqual([
      ['partner.update', 'partner', id],
      ['partner.create', 'partner', id],
    ])
    expect(
      (await journal(`targetType=partner&targetId=${id}&pageSize=1&page=1`)).items.map((e) => e.id),
    ).toEqual([history.items[1]!.id])
    expect((await journal(`targetType=partner&targetId=${other.partnerId.id}`)).total).toBe(1)
    // The same number on another kind of target is another record.
    const users = await journal(`targetType=user&targetId=${id}`)
    expect(users.items.every((e) => e.targetType === 'user' && e.targetId === id)).toBe(true)
    expect(users.items.some((e) => e.targetType === 'partner')).toBe(false)

    const alone = await t.api.get(`${apiPaths.audit()}?targetId=${id}`, t.asAdmin())
    expect(alone.status).toBe(400)
    expect(alone.body).toMatchObject({
      message: 'Le paramètre « targetId » demande aussi « targetType ».',
      field: 'targetType',
    })
    const kind = await t.api.get(`${apiPaths.audit()}?targetType=planete&targetId=1`, t.asAdmin())
    expect(kind.status).toBe(400)
    expect(kind.body).toMatchObject({ message: 'Le champ « targetType » est invalide.', field: 'targetType' })
  })

  it('exports the filtered entries as French CSV', async () => {
    const res = await t.api.get(`${apiPaths.auditExport()}?action=coupon.reactivate`, t.asAdmin())
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/)
    expect(res.headers.get('content-disposition')).toMatch(
      /attachment; filename="journal-\d{4}-\d{2}-\d{2}\.csv"/,
    )
    // fetch's text() drops the byte order mark: read the first bytes as sent.
    const raw = await fetch(`${t.server.url}${apiPaths.auditExport()}`, {
      headers: { authorization: `Bearer ${t.admin.access_token}` },
    })
    expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    expect(res.text.startsWith('Date;Administrateur;E-mail;Action;Cible;Motif;Avant;Après\r\n')).toBe(true)
    const lines = res.text.trim().split('\r\n')
    // Newest first: the two reactivations without a motif (an empty cell), then the one with it.
    expect(lines).toHaveLength(4)
    for (const line of lines.slice(1)) {
      expect(line).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2};/)
      expect(line).toContain(';Réactivation de coupon;Utilisateur n° ')
    }
    expect(lines[1]).toMatch(/\(Café du Port\)\);;/)
    expect(lines[3]).toContain(';Le terminal était en panne;')
    expect((await t.api.get(`${apiPaths.auditExport()}?from=nope`, t.asAdmin())).status).toBe(400)
  })

  it('only administrators read it; no route changes or deletes an entry; the database refuses both', async () => {
    for (const path of [apiPaths.audit(), apiPaths.auditActors(), apiPaths.auditExport()]) {
      const res = await t.api.get(path, { token: user.access_token })
      expect(res.status, path).toBe(403)
      expect(res.body).toMatchObject({ message: 'Accès réservé aux administrateurs.' })
      expect((await t.api.get(path)).status).toBe(401)
    }
    const entry: AuditEntry = await latest()
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      for (const path of [`${apiPaths.audit()}/${entry.id}`, apiPaths.audit()]) {
        const res = await t.api.request(method, path, { ...t.asAdmin(), body: { motif: 'effacé' } })
        expect([404, 405], `${method} ${path}`).toContain(res.status)
      }
    }
    const db = t.server.handle.db
    await expect(sql`update audit_log set motif = 'effacé'`.execute(db)).rejects.toThrow(
      /ni modifié ni supprimé/,
    )
    await expect(sql`delete from audit_log`.execute(db)).rejects.toThrow(/ni modifié ni supprimé/)
    await expect(sql`truncate audit_log`.execute(db)).rejects.toThrow(/ni modifié ni supprimé/)
    expect(await latest()).toEqual(entry)
  })
})

describe('sign-ins, history and time zone in the Journal', () => {
  it('an administrator’s sign-in is recorded (who, from where, never the password); a user’s or a failed one is not', async () => {
    const before = await latest()
    await t.api.login('ugo@test.fr', 'un mot de passe long')
    const refused = await t.api.post('/api/auth/authenticate', { username: ADMIN.email, password: 'mauvais' })
    expect(refused.status).toBe(401)
    expect((await latest()).id).toBe(before.id)

    const again = await t.api.login(ADMIN.email, ADMIN.password)
    const entry = await latest()
    expect(entry).toMatchObject({
      action: 'admin.signIn',
      targetType: 'user',
      targetId: String(again.userId.id),
      targetLabel: `${again.firstname} ${again.lastname}`.trim(),
      actor: { id: again.userId.id, email: ADMIN.email },
      before: null,
      after: { ip: expect.stringMatching(/127\.0\.0\.1/) },
    })
    expect(JSON.stringify(entry)).not.toContain(ADMIN.password)
    expect((await journal('action=admin.signIn')).items.every((e) => e.action === 'admin.signIn')).toBe(true)
  })

  it('a coupon given back stays in the user’s history, with its reactivation, beside disabledCoupons', async () => {
    const partner = await createPartner(t.api, t.admin, { name: 'Glacier' })
    const offer = await createOffer(t.api, t.admin, partner.partnerId.id, {
      status: 'ENABLED',
      libelle: 'Boule offerte',
      expirationDate: null,
    })
    const member = await t.api.register({ email: 'historique@test.fr' })
    const path = apiPaths.deactivateOffer(member.userId.id, partner.partnerId.id, offer.id.id)
    expect((await t.api.put(path, undefined, { token: member.access_token })).status).toBe(200)
    const reactivated = await t.api.put(
      apiPaths.reactivateOffer(member.userId.id, offer.id.id),
      { motif: 'Erreur de caisse' },
      t.asAdmin(),
    )
    expect(reactivated.status).toBe(200)

    const seen = await t.api.get<UserDetail>(apiPaths.user(member.userId.id), t.asAdmin())
    expect(seen.status).toBe(200)
    // What is used now: nothing. What happened: the use, and when it was given back.
    expect(seen.body.disabledCoupons).toEqual([])
    expect(seen.body.couponHistory).toEqual([
      {
        useId: expect.any(String),
        offerId: offer.id,
        libelle: 'Boule offerte',
        partnerId: partner.partnerId,
        partnerName: 'Glacier',
        partnerActive: true,
        usedAt: expect.any(String),
        reactivatedAt: expect.any(String),
        code: expect.stringMatching(/^[2-9A-HJKMNP-Z]{6}$/),
      },
    ])
    const [use] = seen.body.couponHistory!
    expect(Date.parse(use!.reactivatedAt!)).toBeGreaterThanOrEqual(Date.parse(use!.usedAt))
    // Used again: two uses, newest first, the current one not reactivated; the user sees the same on their own.
    expect((await t.api.put(path, undefined, { token: member.access_token })).status).toBe(200)
    const own = await t.api.get<UserDetail>(apiPaths.user(member.userId.id), { token: member.access_token })
    expect(own.body.disabledCoupons.map((c) => c.id)).toEqual([offer.id])
    expect(own.body.couponHistory!.map((u) => u.reactivatedAt === null)).toEqual([true, false])
  })

  it('dates are whole days of APP_TIME_ZONE: 23:30 UTC on 15 January is the 16th in Paris', async () => {
    const db = t.server.handle.db
    await sql`insert into audit_log (created_at, actor_id, actor_name, actor_email, action, target_type, target_id, target_label)
      values ('2026-01-15T23:30:00Z', null, 'Ancien', 'ancien@test.fr', 'partner.update', 'partner', '1', 'Minuit')`.execute(
      db,
    )
    const onThe16th = await journal('from=2026-01-16&to=2026-01-16')
    expect(onThe16th.items.map((e) => e.targetLabel)).toEqual(['Minuit'])
    expect((await journal('from=2026-01-15&to=2026-01-15')).total).toBe(0)
    const csv = await t.api.get(`${apiPaths.auditExport()}?from=2026-01-16&to=2026-01-16`, t.asAdmin())
    expect(csv.text.trim().split('\r\n')[1]).toMatch(/^16\/01\/2026 00:30;Ancien;ancien@test\.fr;/)
  })
})
