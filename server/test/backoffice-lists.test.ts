import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuthUser, PartnerPage, UserPage } from '@/contract/schemas.ts'
import { apiPaths } from '@/contract/paths.ts'
import { createPartner, startAsAdmin, type Client, type TestServer } from './helpers.ts'

let server: TestServer
let api: Client
let admin: AuthUser
const A = () => ({ token: admin.access_token })

const partners = (query: string) => api.get<PartnerPage>(`${apiPaths.partners()}?${query}`, A())
const users = (query: string) => api.get<UserPage>(`${apiPaths.users()}?${query}`, A())
const names = (page: PartnerPage) => page.items.map((p) => p.name)

beforeAll(async () => {
  ;({ server, api, admin } = await startAsAdmin())
  const city = (name: string) => ({ address: '1 rue', city: name, position: { lat: 43.3, lng: 5.37 } })
  await createPartner(api, admin, { name: 'Épicerie Zoé', location: city('Aix-en-Provence') })
  await createPartner(api, admin, {
    name: 'boulangerie Alba',
    location: city('Marseille'),
    status: 'PROSPECT',
  })
  await createPartner(api, admin, { name: 'Café Marius', location: city('Évian') })
  // Two partners of the same name: only the id tells them apart, and the order must not change between calls.
  await createPartner(api, admin, { name: 'Jumeaux', location: city('Marseille') })
  await createPartner(api, admin, { name: 'Jumeaux', location: city('Marseille') })
  await api.register({ firstname: 'Zacharie', lastname: 'Abel', email: 'zach@exemple.fr' })
  await api.register({ firstname: 'Anne', lastname: 'Zola', email: 'anne.zola@exemple.fr' })
  await api.register({ firstname: 'Émile', lastname: 'Martin', email: 'emile@autre.fr' })
})
afterAll(() => server.close())

describe('GET /api/partners (back-office list)', () => {
  it('sorts by name, accents and case ignored, by default and with -name; ties by id', async () => {
    const byName = (await partners('')).body
    expect(byName).toMatchObject({ total: 5, page: 0, pageSize: 25 })
    expect(names(byName)).toEqual(['boulangerie Alba', 'Café Marius', 'Épicerie Zoé', 'Jumeaux', 'Jumeaux'])
    const twins = byName.items.filter((p) => p.name === 'Jumeaux').map((p) => p.partnerId.id)
    expect(twins).toEqual([...twins].sort((a, b) => a - b))
    const reversed = (await partners('sort=-name')).body
    expect(names(reversed)).toEqual(['Jumeaux', 'Jumeaux', 'Épicerie Zoé', 'Café Marius', 'boulangerie Alba'])
    // Descending by name, still ascending by id on the tie: one stable order.
    expect(reversed.items.slice(0, 2).map((p) => p.partnerId.id)).toEqual(twins)
  })

  it('sorts by city and by last change', async () => {
    expect((await partners('sort=city')).body.items.map((p) => p.location.city)).toEqual([
      'Aix-en-Provence',
      'Évian',
      'Marseille',
      'Marseille',
      'Marseille',
    ])
    const latest = (await partners('sort=-updatedAt&pageSize=1')).body
    expect(latest).toMatchObject({ total: 5, pageSize: 1 })
    expect(names(latest)).toEqual(['Jumeaux'])
  })

  it('filters by text in the name or the city (accents ignored) and by status, with the total', async () => {
    expect(names((await partners('q=epicerie')).body)).toEqual(['Épicerie Zoé'])
    const inEvian = (await partners('q=evian')).body
    expect(inEvian).toMatchObject({ total: 1 })
    expect(names(inEvian)).toEqual(['Café Marius'])
    expect((await partners('q=marseille')).body.total).toBe(3)
    expect(names((await partners('q=marseille&status=PROSPECT')).body)).toEqual(['boulangerie Alba'])
    expect((await partners('q=introuvable')).body).toEqual({ items: [], total: 0, page: 0, pageSize: 25 })
    // LIKE wildcards are plain characters.
    expect((await partners('q=%25')).body.total).toBe(0)
  })

  it('pages: page 1 of size 2 holds the third and fourth rows, the total stays', async () => {
    const page = (await partners('pageSize=2&page=1')).body
    expect(page).toMatchObject({ total: 5, page: 1, pageSize: 2 })
    expect(names(page)).toEqual(['Épicerie Zoé', 'Jumeaux'])
    expect((await partners('pageSize=2&page=9')).body).toMatchObject({ items: [], total: 5 })
  })

  it('matches category labels too, case and accents ignored (the spec: the search also matches categories)', async () => {
    const before = (await partners('q=velos electriques')).body.total
    expect(before).toBe(0)
    await createPartner(api, admin, {
      name: 'Atelier Roue Libre',
      categories: [{ label: 'Vélos électriques', icon: 'bike' }],
    })
    expect(names((await partners('q=VELOS ELEC')).body)).toEqual(['Atelier Roue Libre'])
    expect((await partners('q=lectriq&status=PROSPECT')).body.total).toBe(0)
  })

  it('refuses an unknown sort key, page size or status with a French 400', async () => {
    const bad = await partners('sort=password')
    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({ field: 'sort', message: expect.stringContaining('« sort »') })
    expect((await partners('sort=--name')).status).toBe(400)
    expect((await partners('sort=constructor')).status).toBe(400)
    expect((await partners('pageSize=1000')).status).toBe(400)
    const status = await partners('status=PERDU')
    expect(status.status).toBe(400)
    expect(JSON.stringify(status.body)).not.toMatch(/must be/)
  })
})

describe('GET /api/users (back-office list)', () => {
  it('sorts by name (last then first), by e-mail, and by role (administrators first)', async () => {
    const lastnames = (await users('')).body.items.map((u) => u.lastname.toLowerCase())
    expect(lastnames).toEqual([...lastnames].sort())
    const byName = (await users('sort=name')).body.items.map((u) => u.email)
    expect(byName.indexOf('zach@exemple.fr')).toBeLessThan(byName.indexOf('emile@autre.fr'))
    expect(byName.indexOf('emile@autre.fr')).toBeLessThan(byName.indexOf('anne.zola@exemple.fr'))
    const byEmail = (await users('sort=-email')).body.items.map((u) => u.email)
    expect(byEmail).toEqual([...byEmail].sort().reverse())
    const byRole = (await users('sort=role')).body.items
    expect(byRole[0].roles).toContain('ROLE_ADMIN')
    expect(byRole.slice(1).every((u) => !u.roles.includes('ROLE_ADMIN'))).toBe(true)
  })

  it('filters by text in the name or e-mail, by role, and gives the total', async () => {
    const exemple = (await users('q=EXEMPLE.fr')).body
    expect(exemple.total).toBe(2)
    expect(exemple.items.map((u) => u.firstname).sort()).toEqual(['Anne', 'Zacharie'])
    expect((await users('q=anne zola')).body.total).toBe(1)
    expect((await users('q=zola anne')).body.total).toBe(1)
    const admins = (await users('role=ROLE_ADMIN')).body
    expect(admins.total).toBe(1)
    expect(admins.items[0].roles).toContain('ROLE_ADMIN')
    expect((await users('role=ROLE_USER&pageSize=1')).body).toMatchObject({ total: 3, pageSize: 1 })
  })

  it('refuses an unknown sort key with a French 400; a user gets 403', async () => {
    const bad = await users('sort=password_hash')
    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({ field: 'sort' })
    const someone = await api.register()
    expect((await api.get(apiPaths.users(), { token: someone.access_token })).status).toBe(403)
    expect((await api.get(apiPaths.partners(), { token: someone.access_token })).status).toBe(403)
  })
})

describe('apostrophes and dashes in the lists’ search', () => {
  it('reads them as spaces in names, cities, category labels and users’ names, on both sides', async () => {
    await createPartner(api, admin, {
      name: 'Presqu’île Café',
      location: { address: '1 quai', city: 'Saint-Étienne', position: { lat: 45.43, lng: 4.39 } },
      categories: [{ label: 'Arts d’intérieur', icon: 'sofa' }],
    })
    for (const q of [
      "presqu'ile",
      'presqu ile',
      'PRESQU‘ÎLE',
      'saint etienne',
      'SAINT–ÉTIENNE',
      "arts d'interieur",
    ]) {
      expect(names((await partners(`q=${encodeURIComponent(q)}`)).body), q).toEqual(['Presqu’île Café'])
    }
    await api.register({ firstname: 'Jean-Pierre', lastname: 'O’Neil', email: 'jp.oneil@exemple.fr' })
    for (const q of ['jean pierre', "o'neil jean-pierre", 'JEAN–PIERRE O’NEIL', 'emile']) {
      const found = (await users(`q=${encodeURIComponent(q)}`)).body.items.map((u) => u.firstname)
      expect(found, q).toEqual([q === 'emile' ? 'Émile' : 'Jean-Pierre'])
    }
  })
})

describe('10,000 partners', () => {
  it('a sorted, filtered page with its total answers in well under a second', async () => {
    const db = server.handle.db
    await sql`insert into partners (name, search_name, description, address, city, lat, lng, email, phone, status)
      select 'Commerce ' || i, 'commerce ' || i, '', '1 rue', 'Ville ' || (i % 97), 43, 5,
             'c' || i || '@exemple.fr', '0491000000', 'ACTIF'
      from generate_series(1, 10000) as i`.execute(db)
    await sql`analyze partners`.execute(db)
    for (const query of ['sort=name&page=40', 'sort=-city&pageSize=100', 'q=ville 42&sort=-updatedAt']) {
      const started = performance.now()
      const res = await partners(query)
      const elapsed = performance.now() - started
      expect(res.status).toBe(200)
      expect(elapsed, query).toBeLessThan(1000)
    }
    const page = (await partners('q=commerce 999&sort=name')).body
    // commerce 999, 9990 … 9999: eleven, in name order.
    expect(page.total).toBe(11)
    expect(names(page)).toEqual(
      ['999', ...Array.from({ length: 10 }, (_, i) => `999${i}`)].map((n) => `Commerce ${n}`),
    )
  })
})
