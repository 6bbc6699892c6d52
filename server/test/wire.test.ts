/**
 * A search page is written as JSON text by PostgreSQL (server/services/partnerWire.ts) and sent untouched.
 * Here, for partners unlike one another, that text is held to the contract: valid against its schema, the
 * schema's keys in the schema's order, and byte for byte what the schema's serializer (fast-json-stringify,
 * as Fastify's) writes from the objects the details build for the same partners.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import type { TSchema } from 'typebox'
import Type from 'typebox'
import { Compile } from 'typebox/compile'
import type { AuthUser, DiscountOffer, Partner } from '@/contract/schemas.ts'
import { PartnerSearchResult } from '@/contract/schemas.ts'
import fastJson from 'fast-json-stringify'
import { apiPaths } from '@/contract/paths.ts'
import { listImageFrom } from '@/contract/images.ts'
import { CompiledQuery, sql } from 'kysely'
import { openDatabase, prepared, PREPARED, PREPARED_ANY, PREPARED_GENERIC } from '../db/index.ts'
import { loadPartner, searchPartners } from '../services/search.ts'
import { adminServerForFile, createOffer, createPartner, pngBytes, uploadPartnerPhoto } from './helpers.ts'

const t = adminServerForFile()
let user: AuthUser
const U = () => ({ token: user.access_token })

const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)
const nextYear = `${new Date().getFullYear() + 1}-06-30`

/** The paths of every object in `value` whose keys are not exactly its schema's properties, in order. */
function keyOrderErrors(schema: TSchema, value: unknown, path = '$'): string[] {
  const s = schema as {
    type?: string
    properties?: Record<string, TSchema>
    items?: TSchema
    anyOf?: TSchema[]
  }
  if (s.anyOf) {
    const branch = s.anyOf.find((b) =>
      value === null ? (b as { type?: string }).type === 'null' : (b as { type?: string }).type !== 'null',
    )
    return branch ? keyOrderErrors(branch, value, path) : [`${path}: no branch`]
  }
  if (s.type === 'array' && Array.isArray(value) && s.items)
    return value.flatMap((v, i) => keyOrderErrors(s.items!, v, `${path}[${i}]`))
  if (s.type === 'object' && s.properties && value !== null && typeof value === 'object') {
    const expected = Object.keys(s.properties)
    const actual = Object.keys(value)
    const own =
      actual.join(',') === expected.join(',')
        ? []
        : [`${path}: ${actual.join(',')} instead of ${expected.join(',')}`]
    return [
      ...own,
      ...expected.flatMap((k) =>
        keyOrderErrors(s.properties![k], (value as Record<string, unknown>)[k], `${path}.${k}`),
      ),
    ]
  }
  return []
}

const searchPage = Type.Array(PartnerSearchResult)
const checkPage = Compile(searchPage)
const serializePage = fastJson(searchPage as object)

type Result = PartnerSearchResult

function expectWire(res: { status: number; text: string; headers: Headers }): Result[] {
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8')
  const value: unknown = JSON.parse(res.text)
  expect(checkPage.Check(value)).toBe(true)
  expect(keyOrderErrors(searchPage, value)).toEqual([])
  return value as Result[]
}

/** What a search shows of a partner, from its details as `viewer` sees them (the object path). */
async function expectedResult(id: number, distanceToUser: number | null, usedBy: AuthUser | null) {
  const res = await t.api.get<Partner>(`/api/partners/${id}`, U())
  expect(res.status).toBe(200)
  const details = res.body
  return {
    ...details,
    discountOffers: details.discountOffers.map((o) =>
      usedBy && o.id.id === used.id.id ? { ...o, status: 'DISABLED' as const } : o,
    ),
    // A search result's photo as the app would derive it from the details' (its variants' widths).
    images: details.images.slice(0, 1).map(listImageFrom),
    distanceToUser,
  }
}

let bare: Partner
let rich: Partner
let plain: Partner
let used: DiscountOffer

beforeAll(async () => {
  user = await t.api.register()
  // No photo, no offer, one category, every nullable field null, a coordinate near 0.
  bare = await createPartner(t.api, t.admin, {
    name: 'Fil Zéro',
    siren: null,
    representativeFirstName: null,
    representativeLastName: null,
    rating: null,
    userRatingsTotal: null,
    location: { address: '0 quai Null', city: 'Wirecity', position: { lat: 0.5, lng: -0.25 } },
    categories: [{ label: 'Fil sans icône connue', icon: 'pas-une-icone-mdi' }],
  })
  // Several categories, text that needs escaping, a photo with its variants, offers of every kind.
  rich = await createPartner(t.api, t.admin, {
    name: 'Fil « riche » "guillemets" \\ barre 😀 \u2028',
    description: 'Ligne 1\r\nLigne 2\ttab </script> & é',
    siren: '123456789',
    rating: 4.25,
    userRatingsTotal: 1234,
    location: {
      address: '12 rue du Fil',
      city: 'Wirecity',
      position: { lat: 43.296482123, lng: 5.369779987 },
    },
    categories: [
      { label: 'Fil cafés', icon: 'coffee' },
      { label: 'Fil pizzas', icon: 'pizza' },
      { label: 'Fil sans icône connue', icon: 'pas-une-icone-mdi' },
    ],
  })
  await uploadPartnerPhoto(t, rich, await pngBytes(700, 400))
  await uploadPartnerPhoto(t, rich, await pngBytes(90, 60))
  used = await createOffer(t.api, t.admin, rich.partnerId.id, {
    status: 'ENABLED',
    libelle: 'Utilisée « une fois »',
    expirationDate: nextYear,
  })
  await createOffer(t.api, t.admin, rich.partnerId.id, {
    status: 'ENABLED',
    libelle: 'Sans date',
    expirationDate: null,
  })
  await createOffer(t.api, t.admin, rich.partnerId.id, {
    status: 'DISABLED',
    libelle: 'Désactivée',
    expirationDate: nextYear,
  })
  await createOffer(t.api, t.admin, rich.partnerId.id, {
    status: 'ENABLED',
    libelle: 'Expirée',
    expirationDate: yesterday,
  })
  const deactivate = await t.api.put(
    apiPaths.deactivateOffer(user.userId.id, rich.partnerId.id, used.id.id),
    undefined,
    U(),
  )
  expect(deactivate.status).toBe(200)
  // A prospect: admins only.
  plain = await createPartner(t.api, t.admin, {
    name: 'Fil prospect',
    status: 'PROSPECT',
    location: { address: '1 rue', city: 'Wirecity', position: { lat: 48.8566, lng: 2.3522 } },
  })
})

describe('a search page as the database writes it', () => {
  it('is byte for byte the schema serializer’s page, for varied partners (distance absent, used offer)', async () => {
    const res = await t.api.get(`/api/partners/search?city=Wirecity&userId=${user.userId.id}`, U())
    const page = expectWire(res)
    expect(page.map((p) => p.partnerId.id)).toEqual([bare.partnerId.id, rich.partnerId.id])
    const expected = [
      await expectedResult(bare.partnerId.id, null, user),
      await expectedResult(rich.partnerId.id, null, user),
    ]
    expect(res.text).toBe(serializePage(expected))
    const [, r] = page
    // No icon path on a search result's category (CategoryRef): the app has them from the categories list.
    expect(r.categories.map((c) => [c.icon, Object.keys(c)])).toEqual([
      ['coffee', ['id', 'label', 'icon']],
      ['pizza', ['id', 'label', 'icon']],
      ['pas-une-icone-mdi', ['id', 'label', 'icon']],
    ])
    // The photo's variants as their widths (ListImage): the app builds their URLs.
    expect(r.images[0]).toMatchObject({ width: 700, height: 400, variantWidths: [320, 640, 700] })
    expect(Object.keys(r.images[0])).toEqual(['id', 'type', 'url', 'width', 'height', 'variantWidths'])
    expect(r.discountOffers.map((o) => [o.libelle, o.status, o.expirationDate])).toEqual([
      ['Utilisée « une fois »', 'DISABLED', nextYear],
      ['Sans date', 'ENABLED', null],
    ])
    expect(page[0].images).toEqual([])
    expect(page[0].discountOffers).toEqual([])
  })

  it('is byte for byte the schema serializer’s page nearest first, with the distance in km', async () => {
    const res = await t.api.get('/api/partners/search?city=Wirecity&userPosition=43.3,5.37', U())
    const page = expectWire(res)
    expect(page.map((p) => p.partnerId.id)).toEqual([rich.partnerId.id, bare.partnerId.id])
    const [near, far] = page.map((p) => p.distanceToUser!)
    expect(near).toBeGreaterThan(0)
    expect(near).toBeLessThan(1)
    expect(far).toBeGreaterThan(100)
    for (const d of [near, far]) expect(Math.round(d * 1000) / 1000).toBe(d)
    expect(res.text).toBe(
      serializePage([
        await expectedResult(rich.partnerId.id, near, null),
        await expectedResult(bare.partnerId.id, far, null),
      ]),
    )
    expect(page[0].discountOffers.map((o) => o.status)).toEqual(['ENABLED', 'ENABLED'])
  })

  it('sends the offers’ text kept in the row when none has expired and the viewer used none, byte for byte', async () => {
    const fresh = await createPartner(t.api, t.admin, {
      name: 'Fil frais',
      location: { address: '2 rue', city: 'Freshcity', position: { lat: 45, lng: 1 } },
    })
    const soon = await createOffer(t.api, t.admin, fresh.partnerId.id, {
      status: 'ENABLED',
      libelle: 'Bientôt « fini »',
      expirationDate: nextYear,
    })
    await createOffer(t.api, t.admin, fresh.partnerId.id, {
      status: 'ENABLED',
      libelle: 'Toujours',
      expirationDate: null,
    })
    await createOffer(t.api, t.admin, fresh.partnerId.id, {
      status: 'DISABLED',
      libelle: 'Éteinte',
      expirationDate: nextYear,
    })
    // The row keeps the wire's text of its ENABLED offers (the serializer's bytes), their earliest expiry and ids.
    const kept = await t.server.handle.db
      .selectFrom('partners')
      // As text: PGlite would give a Date.
      .select([
        'list_offers_wire',
        'list_offer_ids',
        sql<string>`to_char(list_offers_until, 'YYYY-MM-DD')`.as('until'),
      ])
      .where('id', '=', fresh.partnerId.id)
      .executeTakeFirstOrThrow()
    const enabled = (await expectedResult(fresh.partnerId.id, null, null)).discountOffers
    expect(kept.list_offers_wire).toBe(
      serializePage([{ ...fresh, discountOffers: enabled, distanceToUser: null }]).match(
        /"discountOffers":(\[.*?\]),"images"/,
      )![1],
    )
    expect(kept.until).toBe(nextYear)
    expect([...kept.list_offer_ids!].sort((a, b) => a - b)).toEqual(
      enabled.map((o) => o.id.id).sort((a, b) => a - b),
    )
    const path = '/api/partners/search?city=Freshcity'
    // Without a viewer, and a viewer whose used coupon is another partner's.
    for (const query of [path, `${path}&userId=${user.userId.id}`]) {
      const res = await t.api.get(query, U())
      expect(expectWire(res).map((p) => p.partnerId.id)).toEqual([fresh.partnerId.id])
      expect(res.text).toBe(serializePage([await expectedResult(fresh.partnerId.id, null, null)]))
    }
    // A viewer who used one of them: built again from the offers, that one DISABLED.
    const other = await t.api.register()
    const use = await t.api.put(
      apiPaths.deactivateOffer(other.userId.id, fresh.partnerId.id, soon.id.id),
      undefined,
      {
        token: other.access_token,
      },
    )
    expect(use.status).toBe(200)
    const res = await t.api.get(`${path}&userId=${other.userId.id}`, { token: other.access_token })
    const expected = await expectedResult(fresh.partnerId.id, null, null)
    expected.discountOffers = expected.discountOffers.map((o) =>
      o.id.id === soon.id.id ? { ...o, status: 'DISABLED' as const } : o,
    )
    expect(res.text).toBe(serializePage([expected]))
    expect(expectWire(res)[0].discountOffers.map((o) => [o.libelle, o.status])).toEqual([
      ['Bientôt « fini »', 'DISABLED'],
      ['Toujours', 'ENABLED'],
    ])
  })

  it('orders partners tied on distance by id, across pages (the walk fetched again with more)', async () => {
    const tied = []
    for (const name of ['Fil égal C', 'Fil égal A', 'Fil égal B'])
      tied.push(
        await createPartner(t.api, t.admin, {
          name,
          location: { address: '3 rue', city: 'Tiecity', position: { lat: 10.5, lng: 20.25 } },
        }),
      )
    const ids = tied.map((p) => p.partnerId.id).sort((a, b) => a - b)
    const page = async (n: number) =>
      expectWire(
        await t.api.get(
          `/api/partners/search?city=Tiecity&userPosition=10.5,20.25&pageSize=2&page=${n}`,
          U(),
        ),
      ).map((p) => p.partnerId.id)
    expect([...(await page(0)), ...(await page(1))]).toEqual(ids)
  })

  it('keeps each row’s text in step with its partner and its categories: an edit, their order, a category renamed', async () => {
    const partner = await createPartner(t.api, t.admin, {
      name: 'Fil tête',
      location: { address: '4 rue', city: 'Headcity', position: { lat: 44.5, lng: 3.25 } },
      categories: [
        { label: 'Fil tête A', icon: 'coffee' },
        { label: 'Fil tête B', icon: 'pizza' },
      ],
    })
    const [a, b] = partner.categories
    const path = '/api/partners/search?city=Headcity'
    const expectSerialized = async () => {
      const res = await t.api.get(path, U())
      expect(expectWire(res).map((p) => p.partnerId.id)).toEqual([partner.partnerId.id])
      expect(res.text).toBe(serializePage([await expectedResult(partner.partnerId.id, null, null)]))
      return expectWire(res)[0]
    }
    await expectSerialized()
    const edit = await t.api.put(
      apiPaths.partner(partner.partnerId.id),
      {
        partnerId: partner.partnerId,
        name: 'Fil tête « modifiée »',
        description: 'Nouvelle\ndescription',
        siren: '987654321',
        location: { address: '5 rue', city: 'Headcity', position: { lat: 44.75, lng: 3.5 } },
        email: 'tete@exemple.fr',
        phone: '01 02 03 04 05',
        representativeFirstName: 'Ada',
        representativeLastName: null,
        categories: [b, a],
        status: 'ACTIF',
        rating: 3.5,
        userRatingsTotal: 7,
      },
      t.asAdmin(),
    )
    expect(edit.status, edit.text).toBe(200)
    const edited = await expectSerialized()
    expect(edited.name).toBe('Fil tête « modifiée »')
    expect(edited.categories.map((c) => c.id)).toEqual([b.id, a.id])
    // No API renames a category; an operator's SQL may, and the rows holding it follow.
    await t.server.handle.db
      .updateTable('categories')
      .set({ label: 'Fil tête B renommée', icon: 'spa' })
      .where('id', '=', b.id)
      .execute()
    const renamed = await expectSerialized()
    expect(renamed.categories[0]).toEqual({ id: b.id, label: 'Fil tête B renommée', icon: 'spa' })
  })

  it('is an empty array when nothing matches, and leaves prospects out', async () => {
    expect(
      expectWire(await t.api.get('/api/partners/search?city=Nulle-part&userPosition=43.3,5.37', U())),
    ).toEqual([])
    expect(expectWire(await t.api.get('/api/partners/search?name=Fil%20prospect', U()))).toEqual([])
    expect(plain.status).toBe('PROSPECT')
  })
})

describe('the search statement on the connection', () => {
  it('is parsed once per PostgreSQL connection whatever the values; planned for each box search’s values, once for any values for the details and the nearest-first searches (a city too); writes under the default', async () => {
    const postgres = t.server.handle.kind === 'postgres'
    // One connection, so the session's prepared statements are the ones these searches made.
    const handle = postgres ? await openDatabase({ ...t.server.config, databasePoolMax: 1 }) : t.server.handle
    try {
      const db = handle.db
      // Around the rich partner (Marseille).
      const box = { bounds: '5.5,43.4,43.2,5.2' }
      const first = await searchPartners(db, box)
      expect(JSON.parse(first).length).toBeGreaterThan(0)
      expect(await searchPartners(db, box)).toBe(first)
      expect(JSON.parse(await searchPartners(db, { bounds: '2,1.5,1,1.5' }))).toEqual([])
      expect(await loadPartner(db, rich.partnerId.id, { offers: 'usable' })).toMatchObject({
        name: rich.name,
      })
      // Nearest first without a filter: the same walk whatever the position.
      const near = JSON.parse(await searchPartners(db, { userPosition: '43.3,5.37', pageSize: 5 }))
      expect(JSON.parse(await searchPartners(db, { userPosition: '48.85,2.35', pageSize: 5 }))).toHaveLength(
        near.length,
      )
      // A name is tested in the walk's own index whatever it is.
      expect(
        JSON.parse(await searchPartners(db, { userPosition: '43.3,5.37', name: 'Fil' })).length,
      ).toBeGreaterThan(0)
      // A city too, one that some partners have as one that none has.
      expect(
        JSON.parse(await searchPartners(db, { city: 'Wirecity', userPosition: '43.3,5.37' })).length,
      ).toBeGreaterThan(0)
      expect(JSON.parse(await searchPartners(db, { city: 'Nulle part', userPosition: '1,2' }))).toEqual([])
      if (!postgres) return
      const { rows } = await sql<{
        statement: string
        generic_plans: string
        custom_plans: string
      }>`select statement, generic_plans, custom_plans from pg_prepared_statements order by prepare_time`.execute(
        db,
      )
      // The box search's text once (other values are parameters), planned for each execution; the details' and
      // the nearest-first searches' (with a name or a city too) under the plan kept for any values.
      expect(
        rows.map((r) => [
          r.statement.slice(0, r.statement.indexOf('*/') + 7),
          Number(r.generic_plans) > 0,
          Number(r.custom_plans) > 0,
        ]),
      ).toEqual([
        [`${PREPARED}with`, false, true],
        [`${PREPARED_GENERIC}sele`, true, false],
        [`${PREPARED_GENERIC}with`, true, false],
        [`${PREPARED_GENERIC}with`, true, false],
        [`${PREPARED_GENERIC}with`, true, false],
      ])
      const mode = async () =>
        (await sql<{ plan_cache_mode: string }>`show plan_cache_mode`.execute(db)).rows[0].plan_cache_mode
      // Never JIT-compiled, whatever a cached plan's estimate (at 1,000,000 partners it crossed jit_above_cost).
      expect((await sql<{ jit: string }>`show jit`.execute(db)).rows[0].jit).toBe('off')
      expect(await mode()).toBe('force_generic_plan')
      await searchPartners(db, box)
      expect(await mode()).toBe('force_custom_plan')
      // A lookup every request makes before its own statement keeps the connection's mode.
      const any = CompiledQuery.raw('select $1::int as one', [1])
      expect((await db.executeQuery(prepared(any, PREPARED_ANY))).rows).toEqual([{ one: 1 }])
      expect(await mode()).toBe('force_custom_plan')
      // A write (here a transaction) runs its foreign-key checks and triggers under the default again.
      await db.transaction().execute((trx) => sql`select 1`.execute(trx))
      expect(await mode()).toBe('auto')
      await loadPartner(db, rich.partnerId.id, { offers: 'usable' })
      expect(await mode()).toBe('force_generic_plan')
      await db.executeQuery(prepared(any, PREPARED_ANY))
      expect(await mode()).toBe('force_generic_plan')
    } finally {
      if (postgres) await handle.close()
    }
  })
})
