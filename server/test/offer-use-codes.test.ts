/**
 * Proof of use (issue 41): each coupon use carries a short code unique to it, written by the database with the
 * use; the person sees it in the use's answer and in their history, administrators find the use by it.
 */
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  AuditPage,
  AuthUser,
  DiscountOffer,
  Partner,
  UsedOffer,
  UserDetail,
} from '@/contract/schemas.ts'
import type { OfferUseCheck, RedeemedOffer } from '@/contract/offerUses.ts'
import { OFFER_USE_CODE_PATTERN } from '@/contract/offerUseCode.ts'
import { apiPaths } from '@/contract/paths.ts'
import { migrateToLatest } from '../db/index.ts'
import {
  adminServerForFile,
  client,
  createOffer,
  createPartner,
  disposeStore,
  startServer,
  storeMigratedTo,
  type TestServer,
} from './helpers.ts'

const t = adminServerForFile()
const as = (who: AuthUser) => ({ token: who.access_token })
const codePattern = new RegExp(OFFER_USE_CODE_PATTERN)

let partner: Partner
let offer: DiscountOffer
let alice: AuthUser
let bob: AuthUser

const use = (who: AuthUser, offerId = offer.id.id, api = t.api) =>
  api.put<RedeemedOffer>(
    apiPaths.deactivateOffer(who.userId.id, partner.partnerId.id, offerId),
    undefined,
    as(who),
  )
const history = async (who: AuthUser) => (await t.api.get<UsedOffer[]>(apiPaths.myUsedOffers(), as(who))).body

beforeAll(async () => {
  partner = await createPartner(t.api, t.admin, { name: 'Boulangerie du Code' })
  offer = await createOffer(t.api, t.admin, partner.partnerId.id, {
    status: 'ENABLED',
    libelle: 'Un croissant offert',
    expirationDate: null,
  })
  alice = await t.api.register({ firstname: 'Alice', lastname: 'Martin' })
  bob = await t.api.register({ firstname: 'Bob' })
})

describe('code of a use', () => {
  it('the use answers its code and date; the person’s history lists the same code', async () => {
    const res = await use(alice)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ id: offer.id, status: 'DISABLED', libelle: 'Un croissant offert' })
    expect(res.body.code).toMatch(codePattern)
    expect(Date.parse(res.body.usedAt!)).toBeGreaterThan(Date.now() - 60_000)
    const [latest] = await history(alice)
    expect(latest).toMatchObject({ offerId: offer.id, code: res.body.code, usedAt: res.body.usedAt })
  })

  it('a code is only visible to its person and administrators', async () => {
    const [{ code }] = await history(alice)
    expect(JSON.stringify(await history(bob))).not.toContain(code!)
    const byBob = await t.api.get<{ message: string }>(apiPaths.offerUse(code!), as(bob))
    expect(byBob.status).toBe(403)
    expect(byBob.body.message).toBe('Accès réservé aux administrateurs.')
    expect((await t.api.get(apiPaths.offerUse(code!))).status).toBe(401)
    // The administrator's page of the user shows it in the history.
    const page = await t.api.get<UserDetail>(apiPaths.user(alice.userId.id), t.asAdmin())
    expect(page.body.couponHistory?.[0].code).toBe(code)
  })

  it('Vérifier un code: who, which offer and partner, when; typed in lower case with a dash or spaces too', async () => {
    const [{ code, usedAt }] = await history(alice)
    const expected: OfferUseCheck = {
      code: code!,
      usedAt,
      reactivatedAt: null,
      userId: alice.userId,
      firstname: 'Alice',
      lastname: 'Martin',
      email: alice.email,
      offerId: offer.id,
      libelle: 'Un croissant offert',
      partnerId: partner.partnerId,
      partnerName: 'Boulangerie du Code',
    }
    const found = await t.api.get<OfferUseCheck>(apiPaths.offerUse(code!), t.asAdmin())
    expect(found.status).toBe(200)
    expect(found.body).toEqual(expected)
    const typed = `${code!.slice(0, 3).toLowerCase()}-${code!.slice(3)} `
    expect((await t.api.get<OfferUseCheck>(apiPaths.offerUse(typed), t.asAdmin())).body).toEqual(expected)
  })

  it('an unknown code is a 404 “Code inconnu”, a malformed one a French 400', async () => {
    const codes = new Set((await history(alice)).map((u) => u.code))
    const unknown = ['222222', '333333', '444444'].find((c) => !codes.has(c))!
    const missing = await t.api.get<{ message: string }>(apiPaths.offerUse(unknown), t.asAdmin())
    expect(missing.status).toBe(404)
    expect(missing.body.message).toBe('Code inconnu')
    for (const bad of ['ABC', 'O0I1L5', 'ABCDEFG']) {
      const res = await t.api.get<{ message: string }>(apiPaths.offerUse(bad), t.asAdmin())
      expect(res.status, bad).toBe(400)
      expect(res.body.message).toMatch(/^Code invalide/)
    }
  })

  it('a reactivated use keeps its code (marked reactivated); the next use gets a new one; the Journal names both', async () => {
    const [first] = await history(alice)
    const back = await t.api.put(
      apiPaths.reactivateOffer(alice.userId.id, offer.id.id),
      { motif: 'Erreur de caisse' },
      t.asAdmin(),
    )
    expect(back.status).toBe(200)
    const again = await use(alice)
    expect(again.status).toBe(200)
    expect(again.body.code).toMatch(codePattern)
    expect(again.body.code).not.toBe(first.code)
    const old = await t.api.get<OfferUseCheck>(apiPaths.offerUse(first.code!), t.asAdmin())
    expect(old.body.reactivatedAt).not.toBeNull()
    const [latest, earlier] = await history(alice)
    expect([latest.code, earlier.code]).toEqual([again.body.code, first.code])
    // The Journal's reactivation names the use it undid by its code; an administrator's own use carries its code.
    const journal = await t.api.get<AuditPage>(
      `${apiPaths.audit()}?targetType=user&targetId=${alice.userId.id}`,
      t.asAdmin(),
    )
    expect(JSON.stringify(journal.body)).toContain(first.code!)
    const own = await use(t.admin)
    const entries = await t.api.get<AuditPage>(`${apiPaths.audit()}?action=coupon.deactivate`, t.asAdmin())
    expect(JSON.stringify(entries.body)).toContain(own.body.code!)
  })
})

describe('unique codes', () => {
  let second: TestServer | null = null
  afterAll(() => second?.close({ keepData: true }))

  it('50 uses at once, split between two instances on PostgreSQL, get 50 different codes', async () => {
    // On PostgreSQL a second instance serves the same schema; PGlite is one process's store, so there all 50 go
    // to the one instance, still at once.
    if (process.env.DATABASE_URL) {
      second = await startServer({
        dataDir: t.server.dataDir,
        schema: t.server.config.databaseSchema ?? undefined,
      })
    }
    const other = second ? client(second) : t.api
    const people = await Promise.all(
      Array.from({ length: 50 }, (_, i) => t.api.register({ firstname: `P${i}` })),
    )
    const answers = await Promise.all(people.map((p, i) => use(p, offer.id.id, i % 2 ? other : t.api)))
    expect(answers.map((a) => a.status)).toEqual(people.map(() => 200))
    const codes = answers.map((a) => a.body.code)
    expect(codes.every((c) => codePattern.test(c!))).toBe(true)
    expect(new Set(codes).size).toBe(50)
    const { rows } = await sql<{ n: number; distinct: number }>`
      select count(*)::int as n, count(distinct code)::int as distinct from offer_uses`.execute(
      t.server.handle.db,
    )
    expect(rows[0].distinct).toBe(rows[0].n)
  })

  it('the database refuses a code given twice', async () => {
    const [{ code }] = await history(alice)
    await expect(
      sql`insert into offer_uses (user_id, offer_id, used_at, code) values (${bob.userId.id}, ${offer.id.id}, now(), ${code})`.execute(
        t.server.handle.db,
      ),
    ).rejects.toThrow(/offer_uses_code_idx|unique/)
  })
})

describe('migration 0020', () => {
  it('gives every use made before it a code of its own, and keeps writing them for writers that know nothing of codes', async () => {
    const store = await storeMigratedTo('0019_account_rights')
    const { db } = store.handle
    try {
      await sql`insert into users (email, firstname, lastname, status)
        select 'u' || i || '@test.fr', 'U', 'T', 'ACTIF' from generate_series(1, 30) i`.execute(db)
      await sql`insert into partners (name, search_name, description, address, city, lat, lng, email, phone, status)
        values ('Ancien', 'ancien', 'd', 'a', 'Marseille', 43.3, 5.4, 'a@b.fr', '0400000000', 'ACTIF')`.execute(
        db,
      )
      await sql`insert into offers (partner_id, libelle, status) select id, 'Ancienne offre', 'ENABLED' from partners`.execute(
        db,
      )
      await sql`insert into used_coupons (user_id, offer_id) select u.id, o.id from users u, offers o`.execute(
        db,
      )
      await migrateToLatest(store.handle)
      const before = await sql<{ code: string }>`select code from offer_uses`.execute(db)
      expect(before.rows).toHaveLength(30)
      expect(before.rows.every((r) => codePattern.test(r.code))).toBe(true)
      expect(new Set(before.rows.map((r) => r.code)).size).toBe(30)
      // The previous release writes used_coupons only: the database gives that use its code.
      await sql`delete from used_coupons`.execute(db)
      await sql`insert into used_coupons (user_id, offer_id) select u.id, o.id from users u, offers o`.execute(
        db,
      )
      const after = await sql<{
        code: string
      }>`select code from offer_uses where reactivated_at is null`.execute(db)
      expect(after.rows).toHaveLength(30)
      expect(new Set([...before.rows, ...after.rows].map((r) => r.code)).size).toBe(60)
    } finally {
      await store.handle.close()
      await disposeStore(store)
    }
  })
})
