import { sql } from 'kysely'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Dashboard } from '@/contract/backoffice.ts'
import type { AuthUser, DiscountOffer, Partner } from '@/contract/schemas.ts'
import { apiPaths } from '@/contract/paths.ts'
import { loadConfig } from '../config.ts'
import { couponUseStatus, createOffer, createPartner, adminServerForFile, startAsAdmin } from './helpers.ts'

const t = adminServerForFile()
let alice: AuthUser
let bob: AuthUser
let cafe: Partner
let librairie: Partner
let cafeOffer: DiscountOffer

/** The calendar day `daysAgo` days before today in `timeZone` (Paris by default), as the dashboard writes it. */
function parisDay(daysAgo: number, timeZone = 'Europe/Paris'): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date())
  const date = new Date(`${today}T12:00:00Z`)
  date.setUTCDate(date.getUTCDate() - daysAgo)
  return date.toISOString().slice(0, 10)
}

beforeAll(async () => {
  alice = await t.api.register({ email: 'alice@test.fr' })
  bob = await t.api.register({ email: 'bob@test.fr' })
  await t.api.register({ email: 'carol@test.fr' })
  cafe = await createPartner(t.api, t.admin, {
    name: 'Café du Port',
    categories: [{ label: 'Restaurants' }, { label: 'Bars' }],
  })
  librairie = await createPartner(t.api, t.admin, { name: 'Librairie', categories: [{ label: 'Livres' }] })
  cafeOffer = await createOffer(t.api, t.admin, cafe.partnerId.id, {
    status: 'ENABLED',
    libelle: 'Café',
    expirationDate: null,
  })
  const bookOffer = await createOffer(t.api, t.admin, librairie.partnerId.id, {
    status: 'ENABLED',
    libelle: 'Livre',
    expirationDate: null,
  })
  // Alice uses the café's coupon, has it reactivated and uses it again: two uses. Bob uses the bookshop's.
  expect(await couponUseStatus(t.api, alice, alice, cafe, cafeOffer)).toBe(200)
  expect(
    (
      await t.api.put(
        apiPaths.reactivateOffer(alice.userId.id, cafeOffer.id.id),
        { motif: 'Erreur de caisse' },
        t.asAdmin(),
      )
    ).status,
  ).toBe(200)
  expect(await couponUseStatus(t.api, alice, alice, cafe, cafeOffer)).toBe(200)
  expect(await couponUseStatus(t.api, bob, bob, librairie, bookOffer)).toBe(200)
  // History: one use 29 days ago (the period's first day) and one 40 days ago (outside it).
  const at = (daysAgo: number) =>
    sql`((now() at time zone 'Europe/Paris')::date - ${daysAgo}::int + time '12:00') at time zone 'Europe/Paris'`
  for (const daysAgo of [29, 40]) {
    await sql`insert into offer_uses (user_id, offer_id, used_at, reactivated_at)
      values (${bob.userId.id}, ${cafeOffer.id.id}, ${at(daysAgo)}, ${at(daysAgo)})`.execute(
      t.server.handle.db,
    )
  }
})

describe('GET /api/dashboard', () => {
  it('counts the last 30 days in SQL: per day, per partner, per category, active users', async () => {
    const res = await t.api.get<Dashboard>('/api/dashboard', t.asAdmin())
    expect(res.status).toBe(200)
    const board = res.body
    expect(board.days).toBe(30)
    expect(board.usesPerDay).toHaveLength(30)
    expect(board.usesPerDay[0]).toEqual({ date: parisDay(29), uses: 1 })
    expect(board.usesPerDay[29]).toEqual({ date: parisDay(0), uses: 3 })
    expect(board.usesPerDay.slice(1, 29).every((day) => day.uses === 0)).toBe(true)
    expect(board.totalUses).toBe(4)
    expect(board.topPartners).toEqual([
      { partnerId: cafe.partnerId.id, name: 'Café du Port', uses: 3 },
      { partnerId: librairie.partnerId.id, name: 'Librairie', uses: 1 },
    ])
    expect(board.usesByCategory.map(({ label, uses }) => ({ label, uses }))).toEqual([
      { label: 'Bars', uses: 3 },
      { label: 'Restaurants', uses: 3 },
      { label: 'Livres', uses: 1 },
    ])
    // Alice and Bob used coupons; Carol and the administrator did not.
    expect(board.activeUsers).toBe(2)
    expect(board.totalUsers).toBe(4)
  })

  it('a use at 00:30 in Paris, still the day before in UTC, counts on the Paris day', async () => {
    const before = (await t.api.get<Dashboard>('/api/dashboard', t.asAdmin())).body
    await sql`insert into offer_uses (user_id, offer_id, used_at)
      values (${bob.userId.id}, ${cafeOffer.id.id},
        ((now() at time zone 'Europe/Paris')::date + time '00:30') at time zone 'Europe/Paris')`.execute(
      t.server.handle.db,
    )
    const after = (await t.api.get<Dashboard>('/api/dashboard', t.asAdmin())).body
    expect(after.usesPerDay[29]).toEqual({ date: parisDay(0), uses: before.usesPerDay[29]!.uses + 1 })
    expect(after.usesPerDay[28]).toEqual(before.usesPerDay[28])
  })

  it('counts the days of APP_TIME_ZONE when it says another zone', async () => {
    const zone = 'America/Martinique'
    const other = await startAsAdmin({ config: { appTimeZone: zone } })
    try {
      const member = await other.api.register({ email: 'fort-de-france@test.fr' })
      const partner = await createPartner(other.api, other.admin, { name: 'Rhumerie' })
      const offer = await createOffer(other.api, other.admin, partner.partnerId.id, {
        status: 'ENABLED',
        libelle: 'Ti-punch',
        expirationDate: null,
      })
      // Yesterday 23:30 in Martinique is already today 04:30 in Paris: Paris days would count it today.
      await sql`insert into offer_uses (user_id, offer_id, used_at)
        values (${member.userId.id}, ${offer.id.id},
          ((now() at time zone ${zone})::date - 1 + time '23:30') at time zone ${zone})`.execute(
        other.server.handle.db,
      )
      const board = (await other.api.get<Dashboard>('/api/dashboard', { token: other.admin.access_token }))
        .body
      expect(board.usesPerDay[29]).toEqual({ date: parisDay(0, zone), uses: 0 })
      expect(board.usesPerDay[28]).toEqual({ date: parisDay(1, zone), uses: 1 })
      expect((await other.api.get<{ timeZone: string }>('/api/config')).body.timeZone).toBe(zone)
    } finally {
      await other.server.close()
    }
  })

  it('APP_TIME_ZONE: Europe/Paris by default, an unknown zone stops the start in French', () => {
    expect(loadConfig({}).appTimeZone).toBe('Europe/Paris')
    expect(loadConfig({ APP_TIME_ZONE: ' America/Martinique ' }).appTimeZone).toBe('America/Martinique')
    expect(() => loadConfig({ APP_TIME_ZONE: 'Europe/Pariss' })).toThrow(
      'APP_TIME_ZONE doit être un fuseau horaire IANA, par exemple Europe/Paris ou America/Martinique (reçu « Europe/Pariss »)',
    )
  })

  it('admin only', async () => {
    expect((await t.api.get('/api/dashboard')).status).toBe(401)
    expect((await t.api.get('/api/dashboard', { token: alice.access_token })).status).toBe(403)
  })
})
