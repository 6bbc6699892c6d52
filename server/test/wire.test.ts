/**
 * The search, a partner's details and the user's discounts view are written as JSON text by PostgreSQL
 * (server/services/partnerWire.ts) and sent untouched. Here, for partners unlike one another, that text is
 * held to the contract: valid against its schema, the schema's keys in the schema's order, and byte for byte
 * what the schema's serializer writes from the objects the write path builds (an update's answer).
 */
import { beforeAll, describe, expect, it } from 'vitest'
import type { TSchema } from 'typebox'
import Type from 'typebox'
import { Compile } from 'typebox/compile'
import type { AuthUser, DiscountOffer, Partner } from '@/contract/schemas.ts'
import { Partner as PartnerSchema, PartnerSearchResult } from '@/contract/schemas.ts'
import { apiPaths } from '@/contract/paths.ts'
import {
  adminServerForFile,
  createOffer,
  createPartner,
  partnerBody,
  pngBytes,
  uploadPartnerPhoto,
} from './helpers.ts'

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
const checkPartner = Compile(PartnerSchema)

function expectWire(
  schema: TSchema,
  check: { Check(v: unknown): boolean },
  res: { status: number; text: string; headers: Headers },
) {
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8')
  const value: unknown = JSON.parse(res.text)
  expect(check.Check(value)).toBe(true)
  expect(keyOrderErrors(schema, value)).toEqual([])
  return value
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

/** The partner as the write path builds it and the schema's serializer writes it: an unchanged update. */
async function serializedByTheSchema(p: Partner): Promise<string> {
  const res = await t.api.put(
    `/api/partners/${p.partnerId.id}`,
    {
      ...partnerBody(),
      name: p.name,
      description: p.description,
      siren: p.siren,
      location: p.location,
      email: p.email,
      phone: p.phone,
      representativeFirstName: p.representativeFirstName,
      representativeLastName: p.representativeLastName,
      categories: p.categories.map((c) => ({ id: c.id, label: c.label })),
      status: p.status,
      rating: p.rating,
      userRatingsTotal: p.userRatingsTotal,
      partnerId: p.partnerId,
    },
    t.asAdmin(),
  )
  expect(res.status).toBe(200)
  return res.text
}

describe('the database’s wire text', () => {
  it('gives an admin’s details byte for byte as the schema’s serializer writes them, for varied partners', async () => {
    for (const p of [bare, rich, plain]) {
      const res = await t.api.get(`/api/partners/${p.partnerId.id}`, t.asAdmin())
      expectWire(PartnerSchema, checkPartner, res)
      expect(res.text).toBe(await serializedByTheSchema(p))
    }
    const details = JSON.parse(
      (await t.api.get(`/api/partners/${rich.partnerId.id}`, t.asAdmin())).text,
    ) as Partner
    expect(details.categories.map((c) => [c.icon, c.iconPath === null])).toEqual([
      ['coffee', false],
      ['pizza', false],
      ['pas-une-icone-mdi', true],
    ])
    expect(details.images).toHaveLength(2)
    expect(details.images[0].variants!.map((v) => `${v.type} ${v.width}`)).toEqual([
      'image/avif 320',
      'image/avif 640',
      'image/avif 700',
      'image/webp 320',
      'image/webp 640',
      'image/webp 700',
    ])
    expect(details.discountOffers.map((o) => o.libelle)).toEqual([
      'Expirée',
      'Utilisée « une fois »',
      'Désactivée',
      'Sans date',
    ])
  })

  it('gives a user the usable offers, and in their discounts view their used one DISABLED', async () => {
    const details = expectWire(
      PartnerSchema,
      checkPartner,
      await t.api.get(`/api/partners/${rich.partnerId.id}`, U()),
    ) as Partner
    expect(details.discountOffers.map((o) => [o.libelle, o.status, o.expirationDate])).toEqual([
      ['Utilisée « une fois »', 'ENABLED', nextYear],
      ['Sans date', 'ENABLED', null],
    ])
    const view = expectWire(
      PartnerSchema,
      checkPartner,
      await t.api.get(`/api/partners/${rich.partnerId.id}/discounts-user/${user.userId.id}`, U()),
    ) as Partner
    expect(view.discountOffers.map((o) => [o.id.id, o.status])).toEqual([
      [used.id.id, 'DISABLED'],
      [details.discountOffers[1].id.id, 'ENABLED'],
    ])
    expect({ ...view, discountOffers: [] }).toEqual({ ...details, discountOffers: [] })
    expect((await t.api.get(`/api/partners/${plain.partnerId.id}`, U())).status).toBe(404)
  })

  it('gives search results as the details show them: first photo, usable offers, distance present or absent', async () => {
    const asUser = async (id: number) =>
      JSON.parse((await t.api.get(`/api/partners/${id}`, U())).text) as Partner
    const byName = expectWire(
      searchPage,
      checkPage,
      await t.api.get(`/api/partners/search?city=Wirecity&userId=${user.userId.id}`, U()),
    ) as (Partner & { distanceToUser: number | null })[]
    expect(byName.map((p) => p.partnerId.id)).toEqual([bare.partnerId.id, rich.partnerId.id])
    for (const result of byName) {
      const details = await asUser(result.partnerId.id)
      expect(result.distanceToUser).toBeNull()
      expect(JSON.stringify(result)).toBe(
        JSON.stringify({
          ...details,
          discountOffers: details.discountOffers.map((o) =>
            o.id.id === used.id.id ? { ...o, status: 'DISABLED' } : o,
          ),
          images: details.images.slice(0, 1),
          distanceToUser: null,
        }),
      )
    }
    const near = expectWire(
      searchPage,
      checkPage,
      await t.api.get('/api/partners/search?city=Wirecity&userPosition=43.3,5.37', U()),
    ) as (Partner & { distanceToUser: number | null })[]
    expect(near.map((p) => p.partnerId.id)).toEqual([rich.partnerId.id, bare.partnerId.id])
    expect(near[0].distanceToUser).toBeGreaterThan(0)
    expect(near[0].distanceToUser).toBeLessThan(1)
    expect(Math.round(near[0].distanceToUser! * 1000) / 1000).toBe(near[0].distanceToUser)
    expect(near[0].discountOffers.map((o) => o.status)).toEqual(['ENABLED', 'ENABLED'])
    const empty = await t.api.get('/api/partners/search?city=Nulle-part&userPosition=43.3,5.37', U())
    expect(expectWire(searchPage, checkPage, empty)).toEqual([])
  })
})
