/**
 * The person's own account (issue 40) on a real server: name, password, e-mail change and its link, the copy
 * of their data, the deletion of the account by themselves or by an administrator (RGPD), and the legal facts
 * of GET /api/config. Who may do what, and the French answers to bad input.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import type { AccountExport, AccountProfile, EmailChangeStarted, EmailConfirmed } from '@/contract/account.ts'
import { PASSWORD_ONLY_SPACES_MESSAGE } from '@/contract/accountLimits.ts'
import type { Dashboard } from '@/contract/backoffice.ts'
import { apiPaths } from '@/contract/paths.ts'
import type {
  AuditPage,
  AuthUser,
  ClientConfig,
  DiscountOffer,
  ErrorBody,
  Partner,
} from '@/contract/schemas.ts'
import { loadConfig } from '../config.ts'
import { ADMIN, adminServerForFile, createOffer, createPartner } from './helpers.ts'

const t = adminServerForFile()
const as = (who: AuthUser) => ({ token: who.access_token })
const PASSWORD = 'un mot de passe long'
let cafe: Partner
let coffee: DiscountOffer

const register = (firstname = 'Léa') => t.api.register({ firstname, password: PASSWORD })

/** The mails queued for `to` (the outbox table: sent ones stay there for 30 days). */
const mailsTo = (to: string) =>
  t.server.handle.db
    .selectFrom('mail_outbox')
    .select(['subject', 'text_body'])
    .where('recipient', '=', to)
    .orderBy('id')
    .execute()

const confirmToken = async (to: string) => {
  const mails = await mailsTo(to)
  const match = /confirmer-email\?token=([A-Za-z0-9_-]+)/.exec(mails.at(-1)?.text_body ?? '')
  expect(match, `lien envoyé à ${to}`).not.toBeNull()
  return match![1]
}

const auditOf = async (action: string) =>
  (await t.api.get<AuditPage>(`/api/audit?action=${action}&pageSize=100`, t.asAdmin())).body.items

beforeAll(async () => {
  cafe = await createPartner(t.api, t.admin, { name: 'Café du Port' })
  coffee = await createOffer(t.api, t.admin, cafe.partnerId.id, {
    status: 'ENABLED',
    libelle: 'Café offert',
    expirationDate: null,
  })
})

describe('GET /api/users/me', () => {
  it('answers the signed-in person only: their profile, last sign-in and no pending change', async () => {
    expect((await t.api.get(apiPaths.me())).status).toBe(401)
    const lea = await register()
    const res = await t.api.get<AccountProfile>(apiPaths.me(), as(lea))
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      userId: lea.userId,
      firstname: 'Léa',
      lastname: 'Testeuse',
      email: lea.email,
      roles: ['ROLE_USER'],
      pendingEmail: null,
      pendingEmailExpiresAt: null,
    })
    expect(Date.parse(res.body.lastSignInAt!)).toBeGreaterThan(Date.now() - 60_000)
  })
})

describe('PUT /api/users/me (name)', () => {
  it('changes the name, trimmed, and answers the stored user with the same token', async () => {
    const lea = await register()
    const res = await t.api.put<AuthUser>(apiPaths.me(), { firstname: '  Léa ', lastname: 'Martin' }, as(lea))
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ ...lea, firstname: 'Léa', lastname: 'Martin' })
    const seen = await t.api.get<{ lastname: string }>(apiPaths.user(lea.userId.id), t.asAdmin())
    expect(seen.body.lastname).toBe('Martin')
  })

  it('refuses an empty or too long name in French, naming the field; nobody else is changed', async () => {
    const lea = await register()
    const empty = await t.api.put<ErrorBody>(apiPaths.me(), { firstname: '  ', lastname: 'Martin' }, as(lea))
    expect(empty.status).toBe(400)
    expect(empty.body).toMatchObject({ message: 'Le champ « Prénom » est obligatoire.', field: 'firstname' })
    const long = await t.api.put<ErrorBody>(
      apiPaths.me(),
      { firstname: 'Léa', lastname: 'x'.repeat(101) },
      as(lea),
    )
    expect(long.status).toBe(400)
    expect(long.body.field).toBe('lastname')
    expect(long.body.message).toMatch(/100 caractères/)
    const missing = await t.api.put<ErrorBody>(apiPaths.me(), { firstname: 'Léa' }, as(lea))
    expect(missing.status).toBe(400)
    expect(missing.body.message).toMatch(/lastname/)
    expect((await t.api.put(apiPaths.me(), { firstname: 'A', lastname: 'B' })).status).toBe(401)
  })
})

describe('PUT /api/users/me/password', () => {
  it('needs the current password and the sign-up rules, each refusal in French beside its field', async () => {
    const lea = await register()
    const change = (currentPassword: string, newPassword: string) =>
      t.api.put<ErrorBody>(apiPaths.myPassword(), { currentPassword, newPassword }, as(lea))
    expect((await change('pas le bon', 'un autre mot de passe')).body).toEqual({
      message: 'Le mot de passe actuel est incorrect.',
      field: 'currentPassword',
    })
    const short = await change(PASSWORD, 'court')
    expect(short.status).toBe(400)
    expect(short.body).toMatchObject({
      message: 'Le mot de passe doit contenir au moins 8 caractères.',
      field: 'newPassword',
    })
    expect((await change(PASSWORD, '          ')).body.message).toBe(PASSWORD_ONLY_SPACES_MESSAGE)
    expect((await change(PASSWORD, 'password')).body.message).toMatch(/trop courant/)
    expect((await change(PASSWORD, PASSWORD)).body.message).toBe(
      'Le nouveau mot de passe doit être différent de l’actuel.',
    )
    expect(
      (await t.api.put(apiPaths.myPassword(), { currentPassword: PASSWORD, newPassword: 'x' })).status,
    ).toBe(401)
    // Nothing changed: the password still opens the account.
    expect((await t.api.login(lea.email, PASSWORD)).userId).toEqual(lea.userId)
  })

  it('signs out every session, the caller’s too, and answers a fresh token; the address is told', async () => {
    const lea = await register()
    const phone = await t.api.login(lea.email, PASSWORD)
    const res = await t.api.put<AuthUser>(
      apiPaths.myPassword(),
      { currentPassword: PASSWORD, newPassword: 'nouveau mot de passe sûr' },
      as(lea),
    )
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ userId: lea.userId, email: lea.email, firstname: 'Léa' })
    expect(res.body.access_token).not.toBe(lea.access_token)
    expect((await t.api.get(apiPaths.me(), as(lea))).status).toBe(401)
    expect((await t.api.get(apiPaths.me(), as(phone))).status).toBe(401)
    expect((await t.api.get(apiPaths.me(), as(res.body))).status).toBe(200)
    expect(
      (await t.api.post('/api/auth/authenticate', { username: lea.email, password: PASSWORD })).status,
    ).toBe(401)
    await t.api.login(lea.email, 'nouveau mot de passe sûr')
    expect((await mailsTo(lea.email)).map((m) => m.subject)).toContain('Votre mot de passe a été modifié')
  })

  it('wrong current passwords count as failed sign-ins: 429 with Retry-After after five', async () => {
    const lea = await register()
    for (let i = 0; i < 5; i++)
      expect(
        (
          await t.api.put(
            apiPaths.myPassword(),
            { currentPassword: `faux ${i}`, newPassword: 'un autre mot de passe' },
            as(lea),
          )
        ).status,
      ).toBe(400)
    const locked = await t.api.put<ErrorBody>(
      apiPaths.myPassword(),
      { currentPassword: PASSWORD, newPassword: 'un autre mot de passe' },
      as(lea),
    )
    expect(locked.status).toBe(429)
    expect(locked.headers.get('retry-after')).toMatch(/^\d+$/)
    expect(locked.body.message).toMatch(/^Trop de tentatives/)
  })
})

describe('e-mail change', () => {
  it('mails a link to the new address and tells the old one; nothing changes until the link is opened', async () => {
    const lea = await register()
    const newEmail = `nouvelle-${lea.userId.id}@test.fr`
    const res = await t.api.post<EmailChangeStarted>(
      apiPaths.myEmail(),
      { newEmail: ` ${newEmail.toUpperCase()} `, password: PASSWORD },
      as(lea),
    )
    expect(res.status).toBe(200)
    expect(res.body.pendingEmail).toBe(newEmail)
    expect(res.body.message).toContain(newEmail)
    const expires = Date.parse(res.body.expiresAt) - Date.now()
    expect(expires).toBeGreaterThan(23.9 * 3600_000)
    expect(expires).toBeLessThanOrEqual(24 * 3600_000)
    const profile = await t.api.get<AccountProfile>(apiPaths.me(), as(lea))
    expect(profile.body).toMatchObject({ email: lea.email, pendingEmail: newEmail })

    const notice = await mailsTo(lea.email)
    expect(notice.at(-1)?.subject).toBe('Demande de changement de votre adresse e-mail')
    // The old address learns that a change was asked, not the whole new address.
    expect(notice.at(-1)?.text_body).toContain('n***@test.fr')
    expect(notice.at(-1)?.text_body).not.toContain(newEmail)
    expect((await mailsTo(newEmail))[0]?.subject).toBe('Confirmez votre nouvelle adresse e-mail')
    const token = await confirmToken(newEmail)
    expect((await mailsTo(newEmail))[0]?.text_body).toContain(
      `http://app.test/confirmer-email?token=${token}`,
    )

    // Still the old address until then.
    await t.api.login(lea.email, PASSWORD)
    expect(
      (await t.api.post('/api/auth/authenticate', { username: newEmail, password: PASSWORD })).status,
    ).toBe(401)

    // Opened on a phone that is not signed in: no token needed.
    const confirmed = await t.api.post<EmailConfirmed>(apiPaths.confirmEmail(), { token })
    expect(confirmed.status).toBe(200)
    expect(confirmed.body).toEqual({
      message: `Votre adresse e-mail est maintenant ${newEmail} : utilisez-la pour vous connecter.`,
      email: newEmail,
    })
    await t.api.login(newEmail, PASSWORD)
    const old = await t.api.post<ErrorBody>('/api/auth/authenticate', {
      username: lea.email,
      password: PASSWORD,
    })
    expect(old.status).toBe(401)
    expect(old.body.message).toBe('Email ou mot de passe incorrect')
    // The session that asked is still signed in, and sees the new address.
    expect((await t.api.get<AccountProfile>(apiPaths.me(), as(lea))).body).toMatchObject({
      email: newEmail,
      pendingEmail: null,
    })
    // Single use.
    expect((await t.api.post<ErrorBody>(apiPaths.confirmEmail(), { token })).body).toEqual({
      message:
        'Ce lien de confirmation est invalide ou a expiré : refaites la demande depuis « Mon compte ».',
      field: 'token',
    })
    const [entry] = await auditOf('account.emailChange')
    expect(entry).toMatchObject({
      actor: { id: lea.userId.id },
      targetId: String(lea.userId.id),
      before: { email: lea.email },
      after: { email: newEmail },
    })
  })

  it('refuses a wrong password, a bad or unchanged address, and an address in use (409, nothing said of whose)', async () => {
    const lea = await register()
    const other = await register('Bob')
    const ask = (newEmail: string, password = PASSWORD) =>
      t.api.post<ErrorBody>(apiPaths.myEmail(), { newEmail, password }, as(lea))
    expect((await ask('autre@test.fr', 'pas le bon')).body).toEqual({
      message: 'Le mot de passe est incorrect.',
      field: 'password',
    })
    const bad = await ask('pas-une-adresse')
    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({ message: 'L’adresse e-mail n’est pas valide.', field: 'newEmail' })
    expect((await ask(lea.email)).body.message).toBe('C’est déjà l’adresse e-mail de votre compte.')
    const taken = await ask(other.email)
    expect(taken.status).toBe(409)
    expect(taken.body).toEqual({
      message: 'Cette adresse e-mail ne peut pas être utilisée pour votre compte.',
      field: 'newEmail',
    })
    expect((await t.api.post(apiPaths.myEmail(), { newEmail: 'a@test.fr', password: PASSWORD })).status).toBe(
      401,
    )
    expect((await mailsTo(other.email)).length).toBe(0)
  })

  it('a link expires after 24 hours, and one whose address was taken meanwhile is a 409', async () => {
    const lea = await register()
    const late = `tardive-${lea.userId.id}@test.fr`
    await t.api.post(apiPaths.myEmail(), { newEmail: late, password: PASSWORD }, as(lea))
    const lateToken = await confirmToken(late)
    await t.server.handle.db
      .updateTable('email_changes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('new_email', '=', late)
      .execute()
    expect((await t.api.post(apiPaths.confirmEmail(), { token: lateToken })).status).toBe(400)
    expect((await t.api.get<AccountProfile>(apiPaths.me(), as(lea))).body.pendingEmail).toBeNull()

    const wanted = `convoitee-${lea.userId.id}@test.fr`
    await t.api.post(apiPaths.myEmail(), { newEmail: wanted, password: PASSWORD }, as(lea))
    const token = await confirmToken(wanted)
    await t.api.register({ email: wanted })
    const res = await t.api.post<ErrorBody>(apiPaths.confirmEmail(), { token })
    expect(res.status).toBe(409)
    expect(res.body.message).toBe('Cette adresse e-mail ne peut pas être utilisée pour votre compte.')
    expect((await t.api.get<AccountProfile>(apiPaths.me(), as(lea))).body.email).toBe(lea.email)
  })

  it('a link asked before another change of the address no longer applies', async () => {
    const lea = await register()
    const first = `premiere-${lea.userId.id}@test.fr`
    await t.api.post(apiPaths.myEmail(), { newEmail: first, password: PASSWORD }, as(lea))
    const token = await confirmToken(first)
    const { body: user } = await t.api.get<Record<string, unknown>>(apiPaths.user(lea.userId.id), t.asAdmin())
    const moved = `par-admin-${lea.userId.id}@test.fr`
    expect(
      (await t.api.put(apiPaths.user(lea.userId.id), { ...user, email: moved }, t.asAdmin())).status,
    ).toBe(200)
    expect((await t.api.post(apiPaths.confirmEmail(), { token })).status).toBe(400)
    await t.api.login(moved, PASSWORD)
  })
})

describe('GET /api/users/me/export', () => {
  it('a JSON attachment of everything held: profile, favourites, coupon uses, consents, sign-in dates', async () => {
    expect((await t.api.get(apiPaths.myExport())).status).toBe(401)
    const lea = await register()
    expect((await t.api.put(apiPaths.myFavorite(cafe.partnerId.id), undefined, as(lea))).status).toBe(204)
    expect(
      (
        await t.api.put(
          apiPaths.deactivateOffer(lea.userId.id, cafe.partnerId.id, coffee.id.id),
          undefined,
          as(lea),
        )
      ).status,
    ).toBe(200)
    const res = await t.api.get<AccountExport>(apiPaths.myExport(), as(lea))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="mes-donnees-\d{4}-\d{2}-\d{2}\.json"$/,
    )
    expect(res.body.profile).toMatchObject({ userId: lea.userId, email: lea.email, firstname: 'Léa' })
    expect(res.body.favorites).toEqual([
      expect.objectContaining({ partnerId: cafe.partnerId, partnerName: 'Café du Port', city: 'Marseille' }),
    ])
    expect(res.body.couponUses).toEqual([
      expect.objectContaining({
        offerId: coffee.id,
        libelle: 'Café offert',
        partnerName: 'Café du Port',
        reactivatedAt: null,
      }),
    ])
    expect(res.body.consents.map((c) => c.label)).toEqual([
      'Conditions générales d’utilisation acceptées à l’inscription',
      'Politique de confidentialité acceptée à l’inscription',
    ])
    expect(res.body.signIns.accountCreatedAt).toBe(res.body.profile.createdAt)
    expect(res.body.signIns.lastSignInAt).not.toBeNull()
  })

  it('format=csv: a French CSV (BOM, « ; »), its cells safe from spreadsheet formulas', async () => {
    const lea = await t.api.register({ firstname: '=HYPERLINK("http://x")', password: PASSWORD })
    await t.api.put(apiPaths.myFavorite(cafe.partnerId.id), undefined, as(lea))
    const res = await t.api.get(apiPaths.myExport('csv'), as(lea))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="mes-donnees-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    const raw = await fetch(t.server.url + apiPaths.myExport('csv'), {
      headers: { authorization: `Bearer ${lea.access_token}` },
    })
    expect([...new Uint8Array(await raw.arrayBuffer()).subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const lines = res.text.replace('\uFEFF', '').split('\r\n')
    expect(lines[0]).toBe('Rubrique;Donnée;Valeur;Date')
    expect(lines).toContain(`Profil;Prénom;"'=HYPERLINK(""http://x"")";`)
    expect(lines).toContain(`Profil;Adresse e-mail;${lea.email};`)
    expect(lines.some((l) => /^Favori;Café du Port;Marseille;\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/.test(l))).toBe(
      true,
    )
    const bad = await t.api.get<ErrorBody>('/api/users/me/export?format=xlsx', as(lea))
    expect(bad.status).toBe(400)
    expect(bad.body.message).toMatch(/format/)
  })
})

describe('DELETE /api/users/me', () => {
  it('needs the password: a wrong one changes nothing', async () => {
    const lea = await register()
    const res = await t.api.request<ErrorBody>('DELETE', apiPaths.me(), {
      ...as(lea),
      body: { password: 'non' },
    })
    expect(res.body).toEqual({ message: 'Le mot de passe est incorrect.', field: 'password' })
    expect((await t.api.get(apiPaths.me(), as(lea))).status).toBe(200)
    expect((await t.api.request('DELETE', apiPaths.me(), { body: { password: PASSWORD } })).status).toBe(401)
  })

  it('erases the person at once, keeps their coupon uses anonymous, and the old address is unknown', async () => {
    const lea = await register()
    const phone = await t.api.login(lea.email, PASSWORD)
    await t.api.put(apiPaths.myFavorite(cafe.partnerId.id), undefined, as(lea))
    await t.api.put(
      apiPaths.deactivateOffer(lea.userId.id, cafe.partnerId.id, coffee.id.id),
      undefined,
      as(lea),
    )
    // An administrator's earlier edit keeps her name and address in the Journal until the deletion.
    const { body: user } = await t.api.get<Record<string, unknown>>(apiPaths.user(lea.userId.id), t.asAdmin())
    expect(
      (await t.api.put(apiPaths.user(lea.userId.id), { ...user, lastname: 'Avant' }, t.asAdmin())).status,
    ).toBe(200)
    const historyOf = async () =>
      JSON.stringify(
        (
          await t.api.get<AuditPage>(
            `/api/audit?targetType=user&targetId=${lea.userId.id}&pageSize=100`,
            t.asAdmin(),
          )
        ).body.items,
      )
    expect(await historyOf()).toContain(lea.email)
    expect(await historyOf()).toContain('Avant')
    const dashboard = async () => (await t.api.get<Dashboard>('/api/dashboard', t.asAdmin())).body
    const usesCsv = async () =>
      (await t.api.get('/api/exports/coupon-uses.csv', t.asAdmin())).text.split('\r\n')
    const before = await dashboard()
    const linesBefore = (await usesCsv()).length

    const res = await t.api.request<{ message: string }>('DELETE', apiPaths.me(), {
      ...as(lea),
      body: { password: PASSWORD },
    })
    expect(res.status).toBe(200)
    expect(res.body.message).toMatch(/^Votre compte a été supprimé\./)

    // Every token refused at once.
    expect((await t.api.get(apiPaths.me(), as(lea))).status).toBe(401)
    expect((await t.api.get(apiPaths.myFavorites(), as(phone))).status).toBe(401)
    // Signing in with the old address fails exactly as with an unknown one.
    const old = await t.api.post<ErrorBody>('/api/auth/authenticate', {
      username: lea.email,
      password: PASSWORD,
    })
    const unknown = await t.api.post<ErrorBody>('/api/auth/authenticate', {
      username: 'personne@test.fr',
      password: PASSWORD,
    })
    expect([old.status, old.body]).toEqual([unknown.status, unknown.body])
    // The confirmation went to the address before it was erased.
    expect((await mailsTo(lea.email)).at(-1)?.subject).toBe('Votre compte a été supprimé')

    const db = t.server.handle.db
    const row = await db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', lea.userId.id)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({
      email: `compte-supprime-${lea.userId.id}`,
      firstname: '',
      lastname: 'Compte supprimé',
      password_hash: null,
      status: 'DESACTIVE',
    })
    expect(row.erased_at).not.toBeNull()
    expect(
      await db.selectFrom('favorites').where('user_id', '=', lea.userId.id).selectAll().execute(),
    ).toEqual([])
    // Partners' figures and the dashboard are unchanged.
    expect(await dashboard()).toEqual(before)
    expect((await usesCsv()).length).toBe(linesBefore)
    expect((await usesCsv()).join('\n')).not.toContain(lea.email)
    // No longer a user for the back-office.
    expect((await t.api.get(apiPaths.user(lea.userId.id), t.asAdmin())).status).toBe(404)
    expect((await t.api.get<{ total: number }>(`/api/users?q=${lea.email}`, t.asAdmin())).body.total).toBe(0)
    expect((await t.api.del(apiPaths.user(lea.userId.id), t.asAdmin())).status).toBe(404)

    // The Journal: the deletion by the account's id alone, and her data gone from earlier entries.
    const [entry] = await auditOf('account.delete')
    expect(entry).toMatchObject({
      actor: { id: lea.userId.id, name: 'Compte supprimé', email: '' },
      targetId: String(lea.userId.id),
      targetLabel: null,
      before: null,
      after: null,
    })
    const history = await historyOf()
    expect(history).not.toContain(lea.email)
    expect(history).not.toContain('Avant')

    // The address is free again.
    await t.api.register({ email: lea.email })
  })

  it('the last active administrator cannot delete their own account (409)', async () => {
    const res = await t.api.request<ErrorBody>('DELETE', apiPaths.me(), {
      ...t.asAdmin(),
      body: { password: ADMIN.password },
    })
    expect(res.status).toBe(409)
    expect(res.body.message).toMatch(/dernier administrateur actif/)
    expect((await t.api.get(apiPaths.me(), t.asAdmin())).status).toBe(200)
  })
})

describe('DELETE /api/users/{id}/rgpd (administrator)', () => {
  it('only an administrator; unknown or already erased: 404; their own account: 409', async () => {
    const lea = await register()
    const other = await register('Bob')
    expect((await t.api.del(apiPaths.userRgpd(lea.userId.id))).status).toBe(401)
    expect((await t.api.del(apiPaths.userRgpd(lea.userId.id), as(other))).status).toBe(403)
    expect((await t.api.del(apiPaths.userRgpd(lea.userId.id), as(lea))).status).toBe(403)
    expect((await t.api.del(apiPaths.userRgpd(999_999), t.asAdmin())).status).toBe(404)
    const self = await t.api.del<ErrorBody>(apiPaths.userRgpd(t.admin.userId.id), t.asAdmin())
    expect(self.status).toBe(409)
    const long = await t.api.request<ErrorBody>('DELETE', apiPaths.userRgpd(lea.userId.id), {
      ...t.asAdmin(),
      body: { motif: 'x'.repeat(501) },
    })
    expect(long.status).toBe(400)
    expect((await t.api.get(apiPaths.me(), as(lea))).status).toBe(200)
  })

  it('erases the account as its holder would, journaled with the administrator and the motif', async () => {
    const lea = await register()
    const res = await t.api.request<{ message: string }>('DELETE', apiPaths.userRgpd(lea.userId.id), {
      ...t.asAdmin(),
      body: { motif: 'Demande reçue par courrier le 3 mars' },
    })
    expect(res.status).toBe(200)
    expect((await t.api.get(apiPaths.me(), as(lea))).status).toBe(401)
    expect((await mailsTo(lea.email)).at(-1)?.text_body).toContain('suite à votre demande')
    const [entry] = await auditOf('user.rgpdDelete')
    expect(entry).toMatchObject({
      actor: { id: t.admin.userId.id, email: ADMIN.email },
      targetId: String(lea.userId.id),
      targetLabel: null,
      motif: 'Demande reçue par courrier le 3 mars',
    })
    expect((await t.api.del(apiPaths.userRgpd(lea.userId.id), t.asAdmin())).status).toBe(404)
    // Without a body too (the motif is optional).
    const bob = await register('Bob')
    expect((await t.api.del(apiPaths.userRgpd(bob.userId.id), t.asAdmin())).status).toBe(200)
  })

  it('an administrator’s account can be erased by another administrator', async () => {
    const second = await register('Adèle')
    const { body: user } = await t.api.get<Record<string, unknown>>(
      apiPaths.user(second.userId.id),
      t.asAdmin(),
    )
    await t.api.put(
      apiPaths.user(second.userId.id),
      { ...user, roles: ['ROLE_USER', 'ROLE_ADMIN'] },
      t.asAdmin(),
    )
    const adele = await t.api.login(second.email, PASSWORD)
    expect((await t.api.del(apiPaths.userRgpd(second.userId.id), t.asAdmin())).status).toBe(200)
    expect((await t.api.get('/api/users', as(adele))).status).toBe(401)
  })
})

describe('GET /api/config: the legal pages’ facts', () => {
  it('null when unset, with the retention periods', async () => {
    const res = await t.api.get<ClientConfig>(apiPaths.config())
    expect(res.body.legal).toEqual({
      privacyContact: null,
      operatorName: null,
      operatorAddress: null,
      operatorContact: null,
      operatorRegistration: null,
      publicationDirector: null,
      hostName: null,
      hostAddress: null,
      hostContact: null,
      retention: { inactiveMonths: 36, auditMonths: 12, mailDays: 30 },
    })
  })

  it('read from the environment; a retention of 0 months stops the start in French', () => {
    const config = loadConfig({
      PRIVACY_CONTACT: 'dpo@exemple.fr',
      LEGAL_OPERATOR_NAME: 'Ville de Marseille',
      LEGAL_OPERATOR_ADDRESS: ' 2 quai du Port, 13002 Marseille ',
      LEGAL_PUBLICATION_DIRECTOR: 'Jeanne Martin',
      LEGAL_HOST_NAME: 'OVH SAS',
      RETENTION_INACTIVE_MONTHS: '24',
    })
    expect(config.legal).toMatchObject({
      privacyContact: 'dpo@exemple.fr',
      operatorName: 'Ville de Marseille',
      operatorAddress: '2 quai du Port, 13002 Marseille',
      publicationDirector: 'Jeanne Martin',
      hostName: 'OVH SAS',
      hostAddress: null,
    })
    expect(config.retention).toEqual({ inactiveMonths: 24, auditMonths: 12 })
    expect(() => loadConfig({ RETENTION_AUDIT_MONTHS: '0' })).toThrow(
      'RETENTION_AUDIT_MONTHS doit être un nombre de mois d’au moins 1 (reçu « 0 »)',
    )
  })
})
