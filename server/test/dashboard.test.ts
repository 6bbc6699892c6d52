import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Dashboard } from '@/contract/backoffice.ts'
import type { AuthUser, DiscountOffer, Partner } from '@/contract/schemas.ts'
import { apiPaths } from '@/contract/paths.ts'
import {
  couponUseStatus,
  createOffer,
  createPartner,
  startAsAdmin,
  type Client,
  type TestServer,
} from './helpers.ts'

let server: TestServer
let api: Client
let admin: AuthUser
let alice: AuthUser
let bob: AuthUser
let cafe: Partner
let librairie: Partner
let cafeOffer: DiscountOffer
const A = () => ({ token: admin.access_token })

/** The Paris calendar day `daysAgo` days before today, as the dashboard writes it. */
function parisDay(daysAgo: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date())
  const date = new Date(`${today}T12:00:00Z`)
  date.setUTCDate(date.getUTCDate() - daysAgo)
  return date.toISOString().slice(0, 10)
}

beforeAll(async () => {
  ;({ server, api, admin } = await startAsAdmin())
  alice = await api.register({ email: 'alice@test.fr' })
  bob = await api.register({ email: 'bob@test.fr' })
  await api.register({ email: 'carol@test.fr' })
  cafe = await createPartner(api, admin, {
    name: 'Café du Port',
    categories: [{ label: 'Restaurants' }, { label: 'Bars' }],
  })
  librairie = await createPartner(api, admin, { name: 'Librairie', categories: [{ label: 'Livres' }] })
  cafeOffer = await createOffer(api, admin, cafe.partnerId.id, {
    status: 'ENABLED',
    libelle: 'Café',
    expirationDate: null,
  })
  const bookOffer = await createOffer(api, admin, librairie.partnerId.id, {
    status: 'ENABLED',
    libelle: 'Livre',
    expirationDate: null,
  })
  // Alice uses the café's coupon, has it reactivated and uses it again: two uses. Bob uses the bookshop's.
  expect(await couponUseStatus(api, alice, alice, cafe, cafeOffer)).toBe(200)
  expect(
    (await api.put(apiPaths.reactivateOffer(alice.userId.id, cafeOffer.id.id), undefined, A())).status,
  ).toBe(200)
  expect(await couponUseStatus(api, alice, alice, cafe, cafeOffer)).toBe(200)
  expect(await couponUseStatus(api, bob, bob, librairie, bookOffer)).toBe(200)
  // History: one use 29 days ago (the period's first day) and one 40 days ago (outside it).
  const at = (daysAgo: number) =>
    sql`((now() at time zone 'Europe/Paris')::date - ${daysAgo}::int + time '12:00') at time zone 'Europe/Paris'`
  for (const daysAgo of [29, 40]) {
    await sql`insert into offer_uses (user_id, offer_id, used_at, reactivated_at)
      values (${bob.userId.id}, ${cafeOffer.id.id}, ${at(daysAgo)}, ${at(daysAgo)})`.execute(server.handle.db)
  }
})
afterAll(() => server.close())

describe('GET /api/dashboard', () => {
  it('counts the last 30 days in SQL: per day, per partner, per category, active users', async () => {
    const res = await api.get<Dashboard>('/api/dashboard', A())
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

  it('admin only', async () => {
    expect((await api.get('/api/dashboard')).status).toBe(401)
    expect((await api.get('/api/dashboard', { token: alice.access_token })).status).toBe(403)
  })
})
