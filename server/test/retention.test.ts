/**
 * The retention round (issue 40, item 4), driven with a clock moved months ahead: inactive accounts warned,
 * then erased a month later unless they signed in; sent mails dropped after 30 days; Journal entries older than
 * RETENTION_AUDIT_MONTHS deleted. Idempotent, and two rounds at once do the work once.
 */
import { describe, expect, it } from 'vitest'
import { apiPaths } from '@/contract/paths.ts'
import type { AuthUser } from '@/contract/schemas.ts'
import { runRetention } from '../services/retention.ts'
import { ADMIN, adminServerForFile } from './helpers.ts'

const t = adminServerForFile({ config: { retention: { inactiveMonths: 36, auditMonths: 12 } } })
const PASSWORD = 'un mot de passe long'
const DAY = 86_400_000

/** Now plus calendar months and days, as the job counts them. */
function later(months: number, days = 0): Date {
  const date = new Date()
  date.setUTCMonth(date.getUTCMonth() + months)
  return new Date(date.getTime() + days * DAY)
}

const ctx = () => ({ db: t.server.handle.db, config: t.server.config, mailer: { kick: () => {} } })
const round = async (now: Date) => (await runRetention(ctx(), { now }))!

const userRow = (id: number) =>
  t.server.handle.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
const subjectsTo = async (to: string) =>
  (
    await t.server.handle.db
      .selectFrom('mail_outbox')
      .select('subject')
      .where('recipient', '=', to)
      .orderBy('id')
      .execute()
  ).map((m) => m.subject)

describe('inactive accounts', () => {
  it('warned once after 36 months without sign-in, erased a month later; administrators left alone', async () => {
    const lea: AuthUser = await t.api.register({ firstname: 'Léa', password: PASSWORD })

    expect(await round(later(35, 27))).toMatchObject({ warned: 0, erased: 0 })
    expect((await userRow(lea.userId.id)).inactivity_warned_at).toBeNull()

    const warnedAt = later(36, 1)
    expect(await round(warnedAt)).toMatchObject({ warned: 1, erased: 0 })
    expect(await subjectsTo(lea.email)).toEqual(['Votre compte va être supprimé faute de connexion'])
    const mail = await t.server.handle.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('recipient', '=', lea.email)
      .executeTakeFirstOrThrow()
    expect(mail.text_body).toContain('depuis plus de 36 mois')
    expect(mail.text_body).toContain('http://app.test/login')
    // Idempotent: the same round again warns nobody twice.
    expect(await round(warnedAt)).toMatchObject({ warned: 0, erased: 0 })
    expect(await subjectsTo(lea.email)).toHaveLength(1)

    // Not before a month has passed since the warning.
    expect(await round(later(36, 20))).toMatchObject({ warned: 0, erased: 0 })
    expect((await t.api.get(apiPaths.me(), { token: lea.access_token })).status).toBe(200)

    expect(await round(later(37, 2))).toMatchObject({ warned: 0, erased: 1 })
    const row = await userRow(lea.userId.id)
    expect(row).toMatchObject({ email: `compte-supprime-${lea.userId.id}`, lastname: 'Compte supprimé' })
    expect(row.erased_at).not.toBeNull()
    expect((await t.api.get(apiPaths.me(), { token: lea.access_token })).status).toBe(401)
    expect((await subjectsTo(lea.email)).at(-1)).toBe('Votre compte a été supprimé')
    const entry = await t.server.handle.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'account.retentionDelete')
      .executeTakeFirstOrThrow()
    expect(entry).toMatchObject({
      actor_id: null,
      actor_name: 'Conservation automatique',
      actor_email: '',
      target_id: String(lea.userId.id),
      target_label: null,
    })

    // The administrator, as inactive, was neither warned nor erased.
    const admin = await t.server.handle.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', ADMIN.email)
      .executeTakeFirstOrThrow()
    expect(admin.inactivity_warned_at).toBeNull()
    expect(admin.erased_at).toBeNull()
  })

  it('a sign-in after the warning keeps the account', async () => {
    const bob = await t.api.register({ firstname: 'Bob', password: PASSWORD })
    await t.server.handle.db
      .updateTable('users')
      .set({ inactivity_warned_at: new Date(Date.now() - 40 * DAY) })
      .where('id', '=', bob.userId.id)
      .execute()
    await t.api.login(bob.email, PASSWORD)
    expect((await userRow(bob.userId.id)).inactivity_warned_at).toBeNull()
    await round(new Date(Date.now() + DAY))
    expect((await userRow(bob.userId.id)).erased_at).toBeNull()
  })

  it('two rounds at once do the work once', async () => {
    const eve = await t.api.register({ firstname: 'Ève', password: PASSWORD })
    const now = later(36, 3)
    const reports = await Promise.all([runRetention(ctx(), { now }), runRetention(ctx(), { now })])
    // A round that found the lock taken answers null; one that ran after the other finds nothing left.
    expect(reports.reduce((n, r) => n + (r?.warned ?? 0), 0)).toBeGreaterThanOrEqual(1)
    expect(await subjectsTo(eve.email)).toEqual(['Votre compte va être supprimé faute de connexion'])
  })
})

describe('outbox, links and Journal', () => {
  it('sent mails go after 30 days, expired e-mail links at once, Journal entries after RETENTION_AUDIT_MONTHS', async () => {
    const db = t.server.handle.db
    const zoe = await t.api.register({ firstname: 'Zoé', password: PASSWORD })
    expect(
      (
        await t.api.post(
          apiPaths.myEmail(),
          { newEmail: 'zoe-nouvelle@test.fr', password: PASSWORD },
          { token: zoe.access_token },
        )
      ).status,
    ).toBe(200)
    const links = async () => (await db.selectFrom('email_changes').select('id').execute()).length
    expect(await links()).toBe(1)
    await db
      .insertInto('mail_outbox')
      .values([
        { recipient: 'ancien@test.fr', subject: 'Envoyé', text_body: '', html_body: '', sent_at: new Date() },
        { recipient: 'ancien@test.fr', subject: 'En attente', text_body: '', html_body: '' },
      ])
      .execute()
    const signIns = async () =>
      (await db.selectFrom('audit_log').select('id').where('action', '=', 'admin.signIn').execute()).length
    await t.api.login(ADMIN.email, ADMIN.password)
    expect(await signIns()).toBeGreaterThan(0)

    expect(await round(new Date(Date.now() + 3600_000))).toMatchObject({ linksDeleted: 0 })
    expect(await links()).toBe(1)
    expect(await round(new Date(Date.now() + 29 * DAY))).toMatchObject({
      mailsDeleted: 0,
      linksDeleted: 1,
      auditDeleted: 0,
    })
    expect(await links()).toBe(0)
    expect(await subjectsTo('ancien@test.fr')).toEqual(['Envoyé', 'En attente'])

    const report = await round(later(12, 1))
    expect(report.mailsDeleted).toBeGreaterThanOrEqual(1)
    expect(await subjectsTo('ancien@test.fr')).toEqual(['En attente'])
    expect(report.auditDeleted).toBeGreaterThan(0)
    expect(await signIns()).toBe(0)
    // What is left is younger than twelve months on the round's clock: the erasure journaled at its own date.
    const left = await db.selectFrom('audit_log').select(['action', 'created_at']).execute()
    expect(left.map((e) => e.action)).toEqual(['account.retentionDelete'])

    // Outside the round the Journal is still append-only (the administrator's sign-in is journaled).
    await t.api.login(ADMIN.email, ADMIN.password)
    await expect(db.deleteFrom('audit_log').execute()).rejects.toThrow(/ni modifié ni supprimé/)
    await expect(db.updateTable('audit_log').set({ actor_name: 'x' }).execute()).rejects.toThrow(
      /ni modifié ni supprimé/,
    )
  })
})
