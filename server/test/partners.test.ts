import { mdiCoffee } from '@mdi/js'
import { sql } from 'kysely'
import { beforeAll, describe, expect, it } from 'vitest'
import { listImageFrom } from '@/contract/images.ts'
import type { HomeRows } from '@/contract/offerUses.ts'
import { apiPaths } from '@/contract/paths.ts'
import type {
  AuthUser,
  Category,
  DiscountOffer,
  ErrorBody,
  Image,
  Partner,
  PartnerPage,
  PartnerSearchResult,
} from '@/contract/schemas.ts'
import { normalizeForSearch } from '../validation.ts'
import {
  createPartner as createPartnerAs,
  client,
  fileForm,
  partnerBody,
  pngBytes,
  adminServerForFile,
  startServer,
  storeMigratedTo,
} from './helpers.ts'

const t = adminServerForFile()
let user: AuthUser
const U = () => ({ token: user.access_token })

const createPartner = (overrides: Record<string, unknown> = {}) => createPartnerAs(t.api, t.admin, overrides)

async function addOffer(partnerId: number, body: Record<string, unknown>): Promise<DiscountOffer> {
  const res = await t.api.post<DiscountOffer>(`/api/partners/${partnerId}/offer-discount`, body, t.asAdmin())
  if (res.status !== 201) throw new Error(`${res.status} ${res.text}`)
  return res.body
}

const today = new Date().toISOString().slice(0, 10)
const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)

beforeAll(async () => {
  user = await t.api.register()
})

/** All pages of a search, in order, each answered 200. */
async function allSearchPages(qs: string, pageSize: number): Promise<PartnerSearchResult[]> {
  const found: PartnerSearchResult[] = []
  for (let page = 0; ; page++) {
    const res = await t.api.get<PartnerSearchResult[]>(
      `/api/partners/search?${qs}&pageSize=${pageSize}&page=${page}`,
      U(),
    )
    expect(res.status).toBe(200)
    found.push(...res.body)
    if (res.body.length < pageSize) return found
  }
}

describe('partners CRUD and categories', () => {
  it('creates a partner, creating categories given without id (icon star by default), reusing known ones', async () => {
    const created = await createPartner({
      name: 'Chez <b>Marius</b>',
      categories: [{ label: 'Pizzerias' }, { label: 'Glaciers', icon: 'ice-cream' }],
      siren: '123 456 789',
      rating: 4.5,
      userRatingsTotal: 12,
    })
    expect(created.partnerId.id).toBeGreaterThan(0)
    expect(created.name).toBe('Chez <b>Marius</b>')
    expect(created.siren).toBe('123456789')
    expect(created.categories.map((c) => [c.label, c.icon])).toEqual([
      ['Pizzerias', 'star'],
      ['Glaciers', 'ice-cream'],
    ])
    const again = await createPartner({
      name: 'Autre',
      categories: [{ label: 'pizzerias' }, { id: created.categories[1].id, label: 'ignored' }],
    })
    expect(again.categories.map((c) => c.id)).toEqual(created.categories.map((c) => c.id))

    const categories = await t.api.get<Category[]>('/api/partners/categories', U())
    expect(categories.status).toBe(200)
    const labels = categories.body.map((c) => c.label)
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'fr')))
    expect(labels).toContain('Pizzerias')
  })

  it('sends each category with its icon’s SVG path (no request per icon), null for an unknown name', async () => {
    const created = await createPartner({
      name: 'Icônes',
      categories: [
        { label: 'Cafés', icon: 'coffee' },
        { label: 'Inclassables', icon: 'pas-une-icone-connue' },
      ],
    })
    expect(created.categories.map((c) => [c.icon, c.iconPath])).toEqual([
      ['coffee', mdiCoffee],
      ['pas-une-icone-connue', null],
    ])
    const categories = await t.api.get<Category[]>('/api/partners/categories', U())
    expect(categories.body.find((c) => c.label === 'Cafés')?.iconPath).toBe(mdiCoffee)
    expect(categories.body.find((c) => c.label === 'Inclassables')?.iconPath).toBeNull()
    const read = await t.api.get<Partner>(`/api/partners/${created.partnerId.id}`, U())
    expect(read.body.categories.map((c) => c.iconPath)).toEqual([mdiCoffee, null])
  })

  it('reads one partner; unknown id is 404; non-numeric id is 400', async () => {
    const p = await createPartner({ name: 'Lecture' })
    const res = await t.api.get<Partner>(`/api/partners/${p.partnerId.id}`, U())
    expect(res.status).toBe(200)
    expect(res.body.location).toEqual({
      address: '1 rue de la Paix',
      city: 'Marseille',
      position: { lat: 43.3, lng: 5.37 },
    })
    expect((await t.api.get('/api/partners/999999', U())).status).toBe(404)
    expect((await t.api.get('/api/partners/abc', U())).status).toBe(400)
    expect((await t.api.get('/api/partners/1.5', U())).status).toBe(400)
    expect((await t.api.get('/api/partners/99999999999999', U())).status).toBe(400)
  })

  it('hides non-active partners from users but not from admins', async () => {
    const p = await createPartner({ name: 'Prospect caché', status: 'PROSPECT' })
    expect((await t.api.get(`/api/partners/${p.partnerId.id}`, U())).status).toBe(404)
    expect((await t.api.get(`/api/partners/${p.partnerId.id}`, t.asAdmin())).status).toBe(200)
  })

  it('updates a partner; the body id must match the path', async () => {
    const p = await createPartner({ name: 'Avant' })
    const body = {
      ...partnerBody({ name: 'Après', categories: [{ label: 'Bars', icon: 'glass-cocktail' }] }),
      partnerId: p.partnerId,
    }
    const res = await t.api.put<Partner>(`/api/partners/${p.partnerId.id}`, body, t.asAdmin())
    expect(res.status).toBe(200)
    expect(res.body.name).toBe('Après')
    expect(res.body.categories.map((c) => c.label)).toEqual(['Bars'])
    expect(
      (
        await t.api.put(
          `/api/partners/${p.partnerId.id + 1000}`,
          { ...body, partnerId: { id: p.partnerId.id + 1000 } },
          t.asAdmin(),
        )
      ).status,
    ).toBe(404)
    const mismatch = await t.api.put<{ message: string }>(
      `/api/partners/${p.partnerId.id}`,
      { ...body, partnerId: { id: 1 } },
      t.asAdmin(),
    )
    expect(mismatch.status).toBe(400)
    expect(mismatch.body.message).toMatch(/partnerId/)
  })

  it.each([
    [{ name: '' }, 'Dénomination'],
    [{ email: 'pas-un-email' }, 'e-mail'],
    [{ phone: 'appelez-moi' }, 'téléphone'],
    [{ categories: [] }, 'catégorie'],
    [{ categories: [{ id: 999999, label: 'X' }] }, 'Catégorie inconnue'],
    [{ categories: [{ label: 'X', icon: '<svg onload=alert(1)>' }] }, 'icône'],
    [{ location: { address: 'a', city: 'b', position: { lat: 95, lng: 0 } } }, 'Latitude'],
    [{ location: { address: 'a', city: 'b', position: { lat: 0, lng: 'est' } } }, 'location.position.lng'],
    [{ location: { address: 'a', city: '', position: { lat: 0, lng: 0 } } }, 'Ville'],
    [{ status: 'SUPPRIME' }, 'status'],
    [{ siren: '12AB' }, 'SIREN'],
    [{ description: 'x'.repeat(5001) }, '5000'],
    [{ rating: 7 }, 'Note'],
  ])('refuses an invalid partner %# (400, field named)', async (overrides, expected) => {
    const res = await t.api.post<{ message: string }>('/api/partners', partnerBody(overrides), t.asAdmin())
    expect(res.status).toBe(400)
    expect(res.body.message).toContain(expected)
  })

  it('stores SQL metacharacters and markup as plain text', async () => {
    const name = `Robert'); DROP TABLE partners;-- <script>alert("x")</script> %_\\`
    const p = await createPartner({ name, description: '<img src=x onerror=alert(1)>' })
    const res = await t.api.get<Partner>(`/api/partners/${p.partnerId.id}`, t.asAdmin())
    expect(res.body.name).toBe(name)
    expect(res.body.description).toBe('<img src=x onerror=alert(1)>')
    expect((await t.api.get<PartnerPage>('/api/partners', t.asAdmin())).body.total).toBeGreaterThan(3)
  })

  it('lists distinct cities of active partners, French order, case-insensitive distinct', async () => {
    await createPartner({
      name: 'É1',
      location: { address: 'a', city: 'Évry', position: { lat: 48.6, lng: 2.4 } },
    })
    await createPartner({
      name: 'E2',
      location: { address: 'a', city: 'Eze', position: { lat: 43.7, lng: 7.3 } },
    })
    await createPartner({
      name: 'Z',
      location: { address: 'a', city: 'Zonza', position: { lat: 41.7, lng: 9.1 } },
      status: 'DESACTIVE',
    })
    await createPartner({
      name: 'M2',
      location: { address: 'a', city: 'MARSEILLE', position: { lat: 43.3, lng: 5.4 } },
    })
    const res = await t.api.get<string[]>('/api/partners/cities', U())
    expect(res.status).toBe(200)
    expect(res.body).not.toContain('Zonza')
    expect(res.body.filter((c) => c.toLowerCase() === 'marseille')).toHaveLength(1)
    expect(res.body.indexOf('Évry')).toBeLessThan(res.body.indexOf('Eze'))
  })

  it('serves status lists with French labels', async () => {
    const res = await t.api.get('/api/partners/statues', U())
    expect(res.body).toEqual([
      { code: 'ACTIF', label: 'Actif' },
      { code: 'PROSPECT', label: 'Prospect' },
      { code: 'DESACTIVE', label: 'Désactivé' },
    ])
  })
})

describe('reference data revalidation (ETag, 304)', () => {
  const revalidate = async (path: string) => {
    const first = await t.api.get(path, U())
    expect(first.status).toBe(200)
    expect(first.headers.get('cache-control')).toBe('private, no-cache')
    const etag = first.headers.get('etag')!
    expect(etag).toMatch(/^"[\w-]+"$/)
    const again = await t.api.get(path, { ...U(), headers: { 'if-none-match': etag } })
    return { first, etag, again }
  }

  it('answers 304 without a body while unchanged, and the new list with a new ETag after a write', async () => {
    for (const path of ['/api/partners/statues', '/api/partners/categories', '/api/partners/cities']) {
      const { again, etag } = await revalidate(path)
      expect(again.status).toBe(304)
      expect(again.text).toBe('')
      expect(again.headers.get('etag')).toBe(etag)
      // An ETag from another version, or none: the full answer.
      expect((await t.api.get(path, { ...U(), headers: { 'if-none-match': '"autre"' } })).status).toBe(200)
    }
    const cities = await revalidate('/api/partners/cities')
    const categories = await revalidate('/api/partners/categories')
    await createPartner({
      location: { address: '3 rue', city: 'Ville révalidée', position: { lat: 45, lng: 4 } },
      categories: [{ label: 'Catégorie révalidée' }],
    })
    const citiesAfter = await t.api.get<string[]>('/api/partners/cities', {
      ...U(),
      headers: { 'if-none-match': cities.etag },
    })
    expect(citiesAfter.status).toBe(200)
    expect(citiesAfter.body).toContain('Ville révalidée')
    expect(citiesAfter.headers.get('etag')).not.toBe(cities.etag)
    const categoriesAfter = await t.api.get<Category[]>('/api/partners/categories', {
      ...U(),
      headers: { 'if-none-match': categories.etag },
    })
    expect(categoriesAfter.status).toBe(200)
    expect(categoriesAfter.body.map((c) => c.label)).toContain('Catégorie révalidée')
  })

  it('still needs a signed-in user, and search answers stay uncached', async () => {
    const { etag } = await revalidate('/api/partners/cities')
    const anonymous = await t.api.get('/api/partners/cities', { headers: { 'if-none-match': etag } })
    expect(anonymous.status).toBe(401)
    const search = await t.api.get('/api/partners/search', U())
    expect(search.headers.get('cache-control')).toBe('no-store')
    expect(search.headers.get('etag')).toBeNull()
  })
})

describe('offers', () => {
  it('creates and updates offers; validates date format; unknown ids 404', async () => {
    const p = await createPartner({ name: 'Offres' })
    const offer = await addOffer(p.partnerId.id, {
      status: 'ENABLED',
      libelle: '-10 %',
      expirationDate: '2099-12-31',
    })
    expect(offer).toEqual({
      id: { id: expect.any(Number) },
      libelle: '-10 %',
      status: 'ENABLED',
      expirationDate: '2099-12-31',
    })
    const noDate = await addOffer(p.partnerId.id, {
      status: 'ENABLED',
      libelle: 'Sans date',
      expirationDate: '',
    })
    expect(noDate.expirationDate).toBeNull()

    const upd = await t.api.put<DiscountOffer>(
      `/api/partners/${p.partnerId.id}/offer-discount`,
      { id: offer.id, status: 'DISABLED', libelle: '-20 %', expirationDate: null },
      t.asAdmin(),
    )
    expect(upd.status).toBe(200)
    expect(upd.body).toEqual({ id: offer.id, libelle: '-20 %', status: 'DISABLED', expirationDate: null })

    for (const expirationDate of ['31/12/2099', '2099-13-01', '2099-02-30', '2099-1-1', 'demain']) {
      const res = await t.api.post<{ message: string }>(
        `/api/partners/${p.partnerId.id}/offer-discount`,
        { status: 'ENABLED', libelle: 'x', expirationDate },
        t.asAdmin(),
      )
      expect(res.status).toBe(400)
      expect(res.body.message).toContain('La date doit être au format AAAA-MM-JJ')
    }
    // The form marks the field with a short French message; no message names the JSON field.
    const impossible = await t.api.post<ErrorBody>(
      `/api/partners/${p.partnerId.id}/offer-discount`,
      { status: 'ENABLED', libelle: 'x', expirationDate: '2026-02-31' },
      t.asAdmin(),
    )
    expect(impossible.body).toEqual({
      message:
        'La date doit être au format AAAA-MM-JJ et être une date réelle (champ « Date d’expiration »).',
      field: 'expirationDate',
      fields: { expirationDate: 'Date invalide' },
    })
    const badFormat = await t.api.post<ErrorBody>(
      `/api/partners/${p.partnerId.id}/offer-discount`,
      { status: 'ENABLED', libelle: 'x', expirationDate: '31/12/2099' },
      t.asAdmin(),
    )
    expect(badFormat.body.fields).toEqual({ expirationDate: 'La date doit être au format AAAA-MM-JJ' })
    const noLabel = await t.api.post<ErrorBody>(
      `/api/partners/${p.partnerId.id}/offer-discount`,
      { status: 'ENABLED', libelle: '  ', expirationDate: null },
      t.asAdmin(),
    )
    expect(noLabel.body).toEqual({
      message: 'Le champ « Libelle » est obligatoire.',
      field: 'libelle',
      fields: { libelle: 'Ce champ est obligatoire' },
    })
    expect(
      (
        await t.api.post(
          `/api/partners/${p.partnerId.id}/offer-discount`,
          { status: 'ENABLED', libelle: '  ', expirationDate: null },
          t.asAdmin(),
        )
      ).status,
    ).toBe(400)
    expect(
      (
        await t.api.post(
          `/api/partners/${p.partnerId.id}/offer-discount`,
          { status: 'ACTIVE', libelle: 'x', expirationDate: null },
          t.asAdmin(),
        )
      ).status,
    ).toBe(400)
    expect(
      (
        await t.api.post(
          '/api/partners/999999/offer-discount',
          { status: 'ENABLED', libelle: 'x', expirationDate: null },
          t.asAdmin(),
        )
      ).status,
    ).toBe(404)
    const other = await createPartner({ name: 'Autre partenaire' })
    expect(
      (
        await t.api.put(
          `/api/partners/${other.partnerId.id}/offer-discount`,
          { id: offer.id, status: 'ENABLED', libelle: 'x', expirationDate: null },
          t.asAdmin(),
        )
      ).status,
    ).toBe(404)
  })

  it('discounts-activated lists only enabled, unexpired offers; admins see every offer on the partner', async () => {
    const p = await createPartner({ name: 'Filtre offres' })
    const ok = await addOffer(p.partnerId.id, { status: 'ENABLED', libelle: 'ok', expirationDate: today })
    await addOffer(p.partnerId.id, { status: 'ENABLED', libelle: 'expirée', expirationDate: yesterday })
    await addOffer(p.partnerId.id, { status: 'DISABLED', libelle: 'désactivée', expirationDate: null })
    const res = await t.api.get<DiscountOffer[]>(`/api/partners/${p.partnerId.id}/discounts-activated`, U())
    expect(res.status).toBe(200)
    expect(res.body.map((o) => o.id)).toEqual([ok.id])
    expect(
      (await t.api.get<Partner>(`/api/partners/${p.partnerId.id}`, U())).body.discountOffers.map(
        (o) => o.libelle,
      ),
    ).toEqual(['ok'])
    expect(
      (await t.api.get<Partner>(`/api/partners/${p.partnerId.id}`, t.asAdmin())).body.discountOffers,
    ).toHaveLength(3)
    expect((await t.api.get('/api/partners/999999/discounts-activated', U())).status).toBe(404)
  })
})

describe('partner images', () => {
  it('accepts JPEG/PNG/WebP by content, re-encodes to WebP without metadata, serves it cached and nosniff, deletes file on removal', async () => {
    const p = await createPartner({ name: 'Photos' })
    const png = await pngBytes()
    expect(png.includes(Buffer.from('secret-gps-data'))).toBe(true)
    // Declared as text: the bytes decide.
    const res = await t.api.request<Image>('POST', `/api/partners/${p.partnerId.id}/image`, {
      ...t.asAdmin(),
      raw: fileForm(png, 'notes.txt', 'text/plain'),
    })
    expect(res.status).toBe(201)
    expect(res.body.type).toBe('image/webp')
    expect(res.body.url).toMatch(/^\/uploads\/[a-f0-9]{24}\.webp$/)
    const file = await fetch(t.server.url + res.body.url)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('image/webp')
    expect(file.headers.get('cache-control')).toContain('immutable')
    expect(file.headers.get('x-content-type-options')).toBe('nosniff')
    const bytes = Buffer.from(await file.arrayBuffer())
    expect(bytes.subarray(8, 12).toString()).toBe('WEBP')
    expect(bytes.includes(Buffer.from('secret-gps-data'))).toBe(false)

    const sharp = (await import('sharp')).default
    const jpeg = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#00f' } })
      .jpeg()
      .toBuffer()
    const webp = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#0f0' } })
      .webp()
      .toBuffer()
    for (const bytesIn of [jpeg, webp]) {
      expect(
        (
          await t.api.request('POST', `/api/partners/${p.partnerId.id}/image`, {
            ...t.asAdmin(),
            raw: fileForm(bytesIn, 'x.bin', 'application/octet-stream'),
          })
        ).status,
      ).toBe(201)
    }
    const partner = (await t.api.get<Partner>(`/api/partners/${p.partnerId.id}`, t.asAdmin())).body
    expect(partner.images).toHaveLength(3)

    const del = await t.api.del(`/api/partners/${p.partnerId.id}/image/${res.body.id}`, t.asAdmin())
    expect(del.status).toBe(200)
    expect((await fetch(t.server.url + res.body.url)).status).toBe(404)
    expect(
      (await t.api.del(`/api/partners/${p.partnerId.id}/image/${res.body.id}`, t.asAdmin())).status,
    ).toBe(404)
    expect(
      (await t.api.get<Partner>(`/api/partners/${p.partnerId.id}`, t.asAdmin())).body.images,
    ).toHaveLength(2)
  })

  it('refuses non-images (415), renamed HTML/SVG (415), oversized (413), missing file (400), JSON body (415)', async () => {
    const p = await createPartner({ name: 'Refus' })
    const path = `/api/partners/${p.partnerId.id}/image`
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'
    for (const [bytes, name, type] of [
      ['<html><script>alert(1)</script></html>', 'x.png', 'image/png'],
      [svg, 'x.svg', 'image/svg+xml'],
      ['GIF89a' + 'x'.repeat(50), 'x.gif', 'image/gif'],
      [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]), 'broken.png', 'image/png'],
    ] as const) {
      const res = await t.api.request<{ message: string }>('POST', path, {
        ...t.asAdmin(),
        raw: fileForm(bytes, name, type),
      })
      expect(res.status).toBe(415)
      expect(res.body.message).toMatch(/JPEG, PNG ou WebP|illisible/)
    }
    const big = Buffer.alloc(t.server.config.maxUploadBytes + 10, 1)
    const tooBig = await t.api.request<{ message: string }>('POST', path, {
      ...t.asAdmin(),
      raw: fileForm(big),
    })
    expect(tooBig.status).toBe(413)
    expect(tooBig.body.message).toMatch(/^Le fichier dépasse [0-9,]+ Mo\.$/)
    expect(
      (
        await t.api.request('POST', path, {
          ...t.asAdmin(),
          raw: fileForm(await pngBytes(), 'x.png', 'image/png', 'autre'),
        })
      ).status,
    ).toBe(400)
    expect((await t.api.post(path, { file: 'x' }, t.asAdmin())).status).toBe(415)
    expect(
      (
        await t.api.request('POST', '/api/partners/999999/image', {
          ...t.asAdmin(),
          raw: fileForm(await pngBytes()),
        })
      ).status,
    ).toBe(404)
    expect((await t.api.get('/api/health')).status).toBe(200)
    expect(
      (await t.api.get<Partner>(`/api/partners/${p.partnerId.id}`, t.asAdmin())).body.images,
    ).toHaveLength(0)
  })
})

describe('search', () => {
  let ids: Record<string, number>
  let categoryId: number
  beforeAll(async () => {
    const make = async (
      name: string,
      city: string,
      lat: number,
      lng: number,
      extra: Record<string, unknown> = {},
    ) =>
      (
        await createPartner({
          name,
          location: { address: '1 rue', city, position: { lat, lng } },
          categories: [{ label: 'Recherche' }],
          ...extra,
        })
      ).partnerId.id
    ids = {
      creperie: await make('Crêperie Bretonne', 'Rennes', 48.11, -1.68),
      cafe: await make('Café de la Gare', 'Rennes', 48.103, -1.672),
      boulangerie: await make('BOULANGERIE Élise', 'Saint-Malo', 48.65, -2.02),
      inactive: await make('Crêperie fermée', 'Rennes', 48.11, -1.68, { status: 'DESACTIVE' }),
      prospect: await make('Crêperie prospect', 'Rennes', 48.11, -1.68, { status: 'PROSPECT' }),
      other: await make('Bistro autre catégorie', 'Rennes', 48.12, -1.69, {
        categories: [{ label: 'Autre catégorie de recherche' }],
      }),
    }
    categoryId = (await t.api.get<Category[]>('/api/partners/categories', U())).body.find(
      (c) => c.label === 'Recherche',
    )!.id
    await addOffer(ids.creperie, { status: 'ENABLED', libelle: 'valide', expirationDate: null })
    await addOffer(ids.creperie, { status: 'ENABLED', libelle: 'expirée', expirationDate: yesterday })
    await addOffer(ids.creperie, { status: 'DISABLED', libelle: 'désactivée', expirationDate: null })
  })

  const search = (qs: string) => t.api.get<PartnerSearchResult[]>(`/api/partners/search?${qs}`, U())

  it('matches the name case- and accent-insensitively anywhere, active partners only', async () => {
    for (const q of ['creperie', 'CRÊPERIE', 'crep', 'bretonne', 'ÊPE']) {
      const res = await search(`name=${encodeURIComponent(q)}`)
      expect(res.status).toBe(200)
      expect(res.body.map((p) => p.partnerId.id)).toEqual([ids.creperie])
    }
    expect((await search('name=elise')).body.map((p) => p.partnerId.id)).toEqual([ids.boulangerie])
    // LIKE wildcards match literally: only the partner whose name really contains them.
    for (const wildcard of ['%', '_']) {
      const found = (await search(`name=${encodeURIComponent(wildcard)}`)).body
      expect(found.length).toBeGreaterThan(0)
      expect(found.every((p) => p.name.includes(wildcard))).toBe(true)
    }
    expect((await search(`name=${encodeURIComponent("' or 1=1 --")}`)).body).toHaveLength(0)
  })

  it('matches a name of several words only where they follow each other as given', async () => {
    // The trigram index is asked for the long words in order (trigramLookup): a name holding them apart must
    // still not match the whole name.
    const apart = (
      await createPartner({
        name: 'Café près de la Gare',
        location: { address: '3 quai', city: 'Marseille', position: { lat: 43.3, lng: 5.37 } },
        categories: [{ label: 'Autre catégorie de recherche' }],
      })
    ).partnerId.id
    const found = async (name: string) =>
      (await search(`name=${encodeURIComponent(name)}`)).body.map((p) => p.partnerId.id)
    expect(await found('Café de la Gare')).toEqual([ids.cafe])
    expect(await found('de la gare')).toEqual([ids.cafe, apart])
    expect(await found('près de la')).toEqual([apart])
    expect(await found('cafe gare')).toEqual([])
    expect(await found('gare de la cafe')).toEqual([])
  })

  it('reads apostrophes and dashes as spaces on both sides, whichever kind is typed or stored', async () => {
    const at = async (name: string, city: string) =>
      (
        await createPartner({
          name,
          location: { address: '5 quai', city, position: { lat: 47.28, lng: -2.2 } },
          categories: [{ label: 'Autre catégorie de recherche' }],
        })
      ).partnerId.id
    const presquile = await at('Presqu’île Café', 'Saint-Nazaire')
    const etienne = await at('Brasserie Saint-Étienne', 'Saint-Étienne')
    // A non-breaking hyphen (U+2011), as word processors put in « Port-Neuf ».
    const atelier = await at("L'Atelier du Port\u2011Neuf", 'Nantes')
    const stored = await t.server.handle.db
      .selectFrom('partners')
      .select('search_name')
      .where('id', 'in', [presquile, etienne, atelier])
      .orderBy('id')
      .execute()
    expect(stored.map((r) => r.search_name)).toEqual([
      'presqu ile cafe',
      'brasserie saint etienne',
      'l atelier du port neuf',
    ])
    const cases: [number, string[]][] = [
      [
        presquile,
        [
          "presqu'ile",
          'presqu ile',
          'Presqu’île',
          'PRESQU‘ILE',
          'presquʼile',
          'presqu-ile',
          "qu'ile caf",
          'ile cafe',
        ],
      ],
      [
        etienne,
        ['saint etienne', 'saint-etienne', 'Saint–Étienne', 'SAINT—ETIENNE', 'brasserie saint etienne'],
      ],
      [atelier, ["l'atelier du port-neuf", 'l’atelier', 'port neuf', 'atelier du port neuf']],
    ]
    for (const [id, names] of cases) {
      for (const name of names) {
        const qs = `name=${encodeURIComponent(name)}`
        // By name (the prefix range and the trigram index) and nearest first (the KNN index).
        expect(
          (await search(qs)).body.map((p) => p.partnerId.id),
          name,
        ).toEqual([id])
        const near = await search(`${qs}&userPosition=47.2,-2.1`)
        expect(
          near.body.map((p) => p.partnerId.id),
          `${name}, nearest first`,
        ).toEqual([id])
      }
    }
    // The city filter stays an exact choice from the list of cities, as its picker offers them.
    expect(
      (await search(`city=${encodeURIComponent('saint-étienne')}`)).body.map((p) => p.partnerId.id),
    ).toEqual([etienne])
  })

  it('returns only enabled, unexpired offers', async () => {
    const [p] = (await search('name=bretonne')).body
    expect(p.discountOffers.map((o) => o.libelle)).toEqual(['valide'])
    expect(p.distanceToUser).toBeNull()
  })

  it('filters by city (exact, case-insensitive) and category', async () => {
    const rennes = (await search(`city=rennes&categoryId=${categoryId}`)).body
      .map((p) => p.partnerId.id)
      .sort()
    expect(rennes).toEqual([ids.creperie, ids.cafe].sort())
    expect((await search('city=Renn')).body).toHaveLength(0)
    expect(
      (await search(`city=${encodeURIComponent('SAINT-MALO')}`)).body.map((p) => p.partnerId.id),
    ).toEqual([ids.boulangerie])
  })

  it('filters by bounds (east,north,south,west) and sorts by distance (km) from userPosition', async () => {
    const box = (await search(`bounds=-1.6,48.2,48.0,-1.7&categoryId=${categoryId}`)).body
      .map((p) => p.partnerId.id)
      .sort()
    expect(box).toEqual([ids.creperie, ids.cafe].sort())
    const near = (await search(`userPosition=48.103,-1.672&categoryId=${categoryId}`)).body
    expect(near.map((p) => p.partnerId.id)).toEqual([ids.cafe, ids.creperie, ids.boulangerie])
    expect(near[0].distanceToUser).toBeLessThan(0.01)
    // Rennes to Saint-Malo is about 65 km as the crow flies.
    expect(near[2].distanceToUser).toBeGreaterThan(55)
    expect(near[2].distanceToUser).toBeLessThan(75)
  })

  it('pages from 0 with a stable order, never repeating or skipping', async () => {
    const all = (await search('pageSize=50')).body.map((p) => p.partnerId.id)
    const paged: number[] = []
    for (let page = 0; ; page++) {
      const res = await search(`pageSize=2&page=${page}`)
      if (res.body.length === 0) break
      paged.push(...res.body.map((p) => p.partnerId.id))
    }
    expect(paged).toEqual(all)
    expect(new Set(paged).size).toBe(paged.length)
  })

  // The French message each bad parameter gets, the field it names: the route's schema and the search's own
  // checks of the coordinates' values must keep them word for word (the app shows them).
  const positiveId = (field: string) => `Le paramètre « ${field} » doit être un identifiant positif.`
  const format = (field: string, shape: string) =>
    `Le paramètre « ${field} » doit être au format ${shape} (nombres décimaux avec un point).`
  const latitude = (field: string) => `Le paramètre « ${field} » contient une latitude hors de [-90, 90].`
  const longitude = (field: string) => `Le paramètre « ${field} » contient une longitude hors de [-180, 180].`
  it.each([
    ['pageSize=51', 'Le champ « pageSize » doit être inférieur ou égal à 50.'],
    ['pageSize=0', 'Le champ « pageSize » doit être supérieur ou égal à 1.'],
    ['page=-1', 'Le champ « page » doit être supérieur ou égal à 0.'],
    ['page=abc', 'Le champ « page » doit être un nombre entier.'],
    ['page=1.5', 'Le champ « page » doit être un nombre entier.'],
    ['page=100000', 'Le paramètre « page » doit être au plus 10000.'],
    ['categoryId=x', 'Le champ « categoryId » doit être un nombre entier.'],
    ['categoryId=0', positiveId('categoryId')],
    ['categoryId=2147483648', positiveId('categoryId')],
    ['userId=0', positiveId('userId')],
    ['userId=2147483648', positiveId('userId')],
    ['bounds=1,2,3', format('bounds', 'est,nord,sud,ouest')],
    ['bounds=a,b,c,d', format('bounds', 'est,nord,sud,ouest')],
    ['bounds=1,2,3,4,5', format('bounds', 'est,nord,sud,ouest')],
    ['bounds=1,10,20,0', 'Le paramètre « bounds » a une latitude sud supérieure à la latitude nord.'],
    ['bounds=1,95,20,0', latitude('bounds')],
    ['bounds=190,10,0,0', longitude('bounds')],
    ['userPosition=48.1', format('userPosition', 'lat,lng')],
    ['userPosition=48.1;-1.6', format('userPosition', 'lat,lng')],
    ['userPosition=1e3,2', format('userPosition', 'lat,lng')],
    ['userPosition=91,0', latitude('userPosition')],
    ['userPosition=48,200', longitude('userPosition')],
    [`name=${'x'.repeat(201)}`, 'Le paramètre « name » ne doit pas dépasser 200 caractères.'],
    [`city=${'x'.repeat(101)}`, 'Le paramètre « city » ne doit pas dépasser 100 caractères.'],
    ['expiring=oui', 'Le champ « expiring » doit être un booléen (true ou false).'],
    ['new=1', 'Le champ « new » doit être un booléen (true ou false).'],
  ])('refuses bad parameter %s with a 400 and its French message', async (qs, message) => {
    const res = await search(qs)
    expect(res.status).toBe(400)
    expect((res.body as unknown as { message: string }).message).toBe(message)
  })

  it('takes coordinates with spaces around their numbers, and empty name and city as no filter', async () => {
    const plain = (await search('userPosition=48.1,-1.6&pageSize=5')).body.map((p) => p.partnerId.id)
    const spaced = await search(`userPosition=${encodeURIComponent(' 48.1 , -1.6 ')}&name=&city=&pageSize=5`)
    expect(spaced.status).toBe(200)
    expect(spaced.body.map((p) => p.partnerId.id)).toEqual(plain)
  })

  it('follows a partner’s category changes in the category filter, by name and by distance', async () => {
    const location = { address: '2 rue', city: 'Vitré', position: { lat: 48.124, lng: -1.209 } }
    const name = 'Épicerie qui change de rayon'
    const id = (
      await createPartner({ name, location, categories: [{ label: 'Rayon A' }, { label: 'Rayon B' }] })
    ).partnerId.id
    const categoryIds = async () =>
      new Map((await t.api.get<Category[]>('/api/partners/categories', U())).body.map((c) => [c.label, c.id]))
    const found = async (categoryId: number) => ({
      byName: (await search(`city=${encodeURIComponent('vitré')}&categoryId=${categoryId}`)).body.map(
        (p) => p.partnerId.id,
      ),
      byDistance: (await search(`userPosition=48.124,-1.209&categoryId=${categoryId}`)).body
        .map((p) => p.partnerId.id)
        .filter((other) => other === id),
    })
    const before = await categoryIds()
    expect(await found(before.get('Rayon A')!)).toEqual({ byName: [id], byDistance: [id] })
    expect(await found(before.get('Rayon B')!)).toEqual({ byName: [id], byDistance: [id] })
    const res = await t.api.put(
      `/api/partners/${id}`,
      partnerBody({
        partnerId: { id },
        name,
        location,
        categories: [{ id: before.get('Rayon B'), label: 'Rayon B' }, { label: 'Rayon C' }],
      }),
      t.asAdmin(),
    )
    expect(res.status).toBe(200)
    const after = await categoryIds()
    expect(await found(after.get('Rayon A')!)).toEqual({ byName: [], byDistance: [] })
    expect(await found(after.get('Rayon B')!)).toEqual({ byName: [id], byDistance: [id] })
    expect(await found(after.get('Rayon C')!)).toEqual({ byName: [id], byDistance: [id] })
    const [result] = (await search(`city=${encodeURIComponent('vitré')}&categoryId=${after.get('Rayon C')}`))
      .body
    expect(result.categories.map((c) => c.label)).toEqual(['Rayon B', 'Rayon C'])
  })

  it('shows the oldest photo and the usable offers as the details do, following every write to them', async () => {
    // The search reads copies kept in the partner's row by triggers (migration 0009): compared after each write.
    const p = await createPartner({
      name: 'Vitrine suivie',
      location: { address: '3 rue', city: 'Fougères', position: { lat: 48.35, lng: -1.2 } },
    })
    const id = p.partnerId.id
    const same = async () => {
      const details = (await t.api.get<Partner>(`/api/partners/${id}`, U())).body
      for (const qs of ['name=vitrine%20suivie', 'userPosition=48.35,-1.2&pageSize=5']) {
        const found = (await search(qs)).body.find((r) => r.partnerId.id === id)!
        expect(found.images).toEqual(details.images.slice(0, 1).map(listImageFrom))
        expect(found.discountOffers).toEqual(details.discountOffers)
      }
      return details
    }
    expect(await same()).toMatchObject({ images: [], discountOffers: [] })
    const later = await addOffer(id, {
      status: 'ENABLED',
      libelle: 'plus tard',
      expirationDate: '2099-12-31',
    })
    await addOffer(id, { status: 'ENABLED', libelle: 'sans date', expirationDate: null })
    await addOffer(id, { status: 'ENABLED', libelle: 'bientôt', expirationDate: today })
    await addOffer(id, { status: 'DISABLED', libelle: 'désactivée', expirationDate: null })
    expect((await same()).discountOffers.map((o) => o.libelle)).toEqual(['bientôt', 'plus tard', 'sans date'])
    const put = (body: Record<string, unknown>) =>
      t.api.put(`/api/partners/${id}/offer-discount`, { id: later.id, ...body }, t.asAdmin())
    expect((await put({ status: 'ENABLED', libelle: 'renommée', expirationDate: yesterday })).status).toBe(
      200,
    )
    expect((await same()).discountOffers.map((o) => o.libelle)).toEqual(['bientôt', 'sans date'])
    expect((await put({ status: 'ENABLED', libelle: 'renommée', expirationDate: null })).status).toBe(200)
    expect((await same()).discountOffers.map((o) => o.libelle)).toEqual(['bientôt', 'renommée', 'sans date'])
    expect((await put({ status: 'DISABLED', libelle: 'renommée', expirationDate: null })).status).toBe(200)
    expect((await same()).discountOffers.map((o) => o.libelle)).toEqual(['bientôt', 'sans date'])

    const upload = async () => {
      const res = await t.api.request<Image>('POST', `/api/partners/${id}/image`, {
        ...t.asAdmin(),
        raw: fileForm(await pngBytes(), 'photo.png', 'image/png'),
      })
      expect(res.status).toBe(201)
      return res.body
    }
    const first = await upload()
    await upload()
    expect((await same()).images.map((i) => i.id)[0]).toBe(first.id)
    expect((await t.api.del(`/api/partners/${id}/image/${first.id}`, t.asAdmin())).status).toBe(200)
    const after = await same()
    expect(after.images).toHaveLength(1)
    expect(after.images[0].id).not.toBe(first.id)
  })

  it('marks offers the user already used as DISABLED when userId is given, and refuses another user’s id', async () => {
    const [p] = (await search('name=bretonne')).body
    const offerId = p.discountOffers[0].id.id
    expect(
      (
        await t.api.put(
          `/api/users/deactivate-discountoffer/user/${user.userId.id}/partner/${ids.creperie}/offer/${offerId}`,
          undefined,
          U(),
        )
      ).status,
    ).toBe(200)
    const mine = (await search(`name=bretonne&userId=${user.userId.id}`)).body[0]
    expect(mine.discountOffers[0].status).toBe('DISABLED')
    expect((await search('name=bretonne')).body[0].discountOffers[0].status).toBe('ENABLED')
    expect((await search(`name=bretonne&userId=${t.admin.userId.id}`)).status).toBe(403)
    expect((await t.api.get(`/api/partners/search?userId=99999999999999`, t.asAdmin())).status).toBe(400)
  })
})

describe('search: the Home rows’ filters expiring and new (issue 41)', () => {
  const day = (offset: number) => {
    const d = new Date()
    d.setDate(d.getDate() + offset)
    return d.toISOString().slice(0, 10)
  }
  let ids: Record<string, number>
  let categoryId: number
  let other: AuthUser
  const found = async (qs: string, who: AuthUser = user) => {
    const res = await t.api.get<PartnerSearchResult[]>(`/api/partners/search?${qs}`, {
      token: who.access_token,
    })
    expect(res.status, res.text).toBe(200)
    return res.body.map((p) => p.partnerId.id)
  }
  const names = (list: number[]) =>
    list.map((id) => Object.entries(ids).find(([, known]) => known === id)?.[0] ?? id)

  beforeAll(async () => {
    other = await t.api.register()
    const make = async (name: string, lng: number, extra: Record<string, unknown> = {}) =>
      (
        await createPartner({
          name,
          location: { address: '1 quai', city: 'Quimper', position: { lat: 47.99, lng } },
          categories: [{ label: 'Filtres de l’accueil' }],
          ...extra,
        })
      ).partnerId.id
    // West to east: nearest first from the west end is this order.
    ids = {
      dernierJour: await make('Odet dernier jour', -4.11),
      sixJours: await make('Odet six jours', -4.1),
      septJours: await make('Odet sept jours', -4.09),
      utilisee: await make('Odet utilisée', -4.08),
      desactivee: await make('Odet désactivée', -4.07),
      expiree: await make('Odet expirée', -4.06),
      ancien: await make('Odet ancien', -4.05),
      ancienNouvelleOffre: await make('Odet ancien nouvelle offre', -4.04),
      ancienOffreDesactivee: await make('Odet ancien offre désactivée', -4.03),
      prospect: await make('Odet prospect', -4.02, { status: 'PROSPECT' }),
      autreCategorie: await make('Odet autre catégorie', -4.01, {
        categories: [{ label: 'Autre filtre de l’accueil' }],
      }),
    }
    categoryId = (await t.api.get<Category[]>('/api/partners/categories', U())).body.find(
      (c) => c.label === 'Filtres de l’accueil',
    )!.id
    await addOffer(ids.dernierJour, { status: 'ENABLED', libelle: 'Dernier jour', expirationDate: day(0) })
    await addOffer(ids.sixJours, { status: 'ENABLED', libelle: 'Six jours', expirationDate: day(6) })
    await addOffer(ids.septJours, { status: 'ENABLED', libelle: 'Sept jours', expirationDate: day(7) })
    const used = await addOffer(ids.utilisee, {
      status: 'ENABLED',
      libelle: 'Utilisée',
      expirationDate: day(2),
    })
    await addOffer(ids.desactivee, { status: 'DISABLED', libelle: 'Désactivée', expirationDate: day(1) })
    await addOffer(ids.expiree, { status: 'ENABLED', libelle: 'Expirée', expirationDate: day(-1) })
    await addOffer(ids.ancien, { status: 'ENABLED', libelle: 'Ancienne', expirationDate: null })
    await addOffer(ids.ancienOffreDesactivee, {
      status: 'DISABLED',
      libelle: 'Pas encore',
      expirationDate: null,
    })
    await addOffer(ids.prospect, { status: 'ENABLED', libelle: 'Prospect', expirationDate: day(1) })
    await addOffer(ids.autreCategorie, { status: 'ENABLED', libelle: 'Autre', expirationDate: day(3) })
    // These four arrived a month ago, with their offers; then one of them gets a new offer.
    const db = t.server.handle.db
    const old = [ids.ancien, ids.ancienNouvelleOffre, ids.ancienOffreDesactivee]
    await db
      .updateTable('partners')
      .set({ created_at: sql`now() - interval '30 days'` })
      .where('id', 'in', old)
      .execute()
    await db
      .updateTable('offers')
      .set({ created_at: sql`now() - interval '30 days'` })
      .where('partner_id', 'in', old)
      .execute()
    await addOffer(ids.ancienNouvelleOffre, { status: 'ENABLED', libelle: 'Nouvelle', expirationDate: null })
    const res = await t.api.put(
      `/api/users/deactivate-discountoffer/user/${user.userId.id}/partner/${ids.utilisee}/offer/${used.id.id}`,
      undefined,
      U(),
    )
    expect(res.status).toBe(200)
  })

  it('expiring: partners with an offer the person can still use ending within 7 days, as Home’s row', async () => {
    const expected = ['dernierJour', 'sixJours']
    // By name, nearest first, and with a name (the trigram statement): the same partners.
    expect(names(await found(`categoryId=${categoryId}&expiring=true`))).toEqual(expected)
    expect(names(await found(`categoryId=${categoryId}&expiring=true&userPosition=47.99,-4.2`))).toEqual(
      expected,
    )
    expect(names(await found(`name=odet&expiring=true&userId=${user.userId.id}`))).toEqual([
      'autreCategorie',
      'dernierJour',
      'sixJours',
    ])
    // The offer used by this person counts for anyone else.
    expect(names(await found(`categoryId=${categoryId}&expiring=true`, other))).toEqual([
      'dernierJour',
      'sixJours',
      'utilisee',
    ])
    // Without a category: the other category's partner too; never a prospect, an expired or disabled offer.
    const all = names(await found('expiring=true&pageSize=50'))
    expect(all).toEqual(expect.arrayContaining(['dernierJour', 'sixJours', 'autreCategorie']))
    for (const left of ['septJours', 'utilisee', 'desactivee', 'expiree', 'ancien', 'prospect'])
      expect(all).not.toContain(left)
    // Home's 'Expire bientôt' names the same partners (its row holds offers; these are its first ones).
    const home = await t.api.get<HomeRows>(apiPaths.myHome(), U())
    const homePartners = new Set(home.body.expiring.map((o) => o.partnerId.id))
    for (const id of [ids.dernierJour, ids.sixJours]) expect(homePartners).toContain(id)
    for (const id of [ids.septJours, ids.utilisee, ids.desactivee]) expect(homePartners).not.toContain(id)
    // false is no filter.
    expect(await found(`categoryId=${categoryId}&expiring=false`)).toEqual(
      await found(`categoryId=${categoryId}`),
    )
  })

  it('new: partners that arrived, or have a usable offer created, in the last 14 days, as Home’s row', async () => {
    // In the names' code-point order ('odet ancien…' first).
    const expected = [
      'ancienNouvelleOffre',
      'dernierJour',
      'desactivee',
      'expiree',
      'septJours',
      'sixJours',
      'utilisee',
    ]
    const byName = await found(`categoryId=${categoryId}&new=true`)
    expect(names(byName)).toEqual(expected)
    const near = await found(`categoryId=${categoryId}&new=true&userPosition=47.99,-4.2`)
    expect(names(near)).toEqual([
      'dernierJour',
      'sixJours',
      'septJours',
      'utilisee',
      'desactivee',
      'expiree',
      'ancienNouvelleOffre',
    ])
    expect(names(await found(`categoryId=${categoryId}&new=true&expiring=true`))).toEqual([
      'dernierJour',
      'sixJours',
    ])
    const all = names(await found('new=true&name=odet&pageSize=50'))
    expect(all).toContain('autreCategorie')
    for (const left of ['ancien', 'ancienOffreDesactivee', 'prospect']) expect(all).not.toContain(left)
    expect(await found(`categoryId=${categoryId}&new=false`)).toEqual(await found(`categoryId=${categoryId}`))
  })

  it.each(['expiring=oui', 'expiring=1', 'expiring=', 'new=2', 'new=vrai', 'new=true&new=false'])(
    'refuses %s with a French 400',
    async (qs) => {
      const res = await t.api.get<ErrorBody>(`/api/partners/search?${qs}`, U())
      expect(res.status, res.text).toBe(400)
      expect(res.body.message).toMatch(/Le champ « (expiring|new) » doit être un booléen \(true ou false\)\./)
    },
  )
})

describe('search by name against a brute-force filter', () => {
  // Names chosen so that each way the by-name statement finds matches is taken: many names starting with the
  // searched text (more than a page), names holding it later (sorting before and after those), inside a word,
  // twice, behind many fillers that sort first, ties, accents, inactive partners.
  type Row = { id: number; searchName: string; lat: number; city: string; categoryIds: number[] }
  let categoryId: number

  beforeAll(async () => {
    const db = t.server.handle.db
    categoryId = (
      await db
        .insertInto('categories')
        .values({ label: 'Noms triés', icon: 'sort' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id
    const names = [
      // First by name: a walk of the name index goes past all of them before the other matches.
      ...Array.from({ length: 150 }, (_, i) => `Aaa remplissage ${i}`),
      ...Array.from({ length: 60 }, (_, i) => `Pizzeria du Port ${i}`),
      ...Array.from({ length: 12 }, (_, i) => `Bar du Port ${i}`),
      ...Array.from({ length: 8 }, (_, i) => `Sport Club ${i}`),
      'Chez la pizzeria du port',
      'Port du Port',
      'Port du Port',
      'Zèbre du port',
      'Crêperie du Pôrt',
      'Aaa remplissage pizzeria du port',
      'Œuvre du port 🍕',
      'Ports de pêche',
    ]
    const values = names.map((name, i) => ({
      name,
      search_name: normalizeForSearch(name),
      description: 'Tri.',
      address: '1 rue',
      city: i % 3 === 0 ? 'Saint-Malo' : 'Dinard',
      lat: 48 + (i % 10) / 10,
      lng: -2,
      email: `tri${i}@test.fr`,
      phone: '02 99 00 00 00',
      status: i % 11 === 5 ? 'PROSPECT' : 'ACTIF',
    }))
    const ids = await db.insertInto('partners').values(values).returning('id').execute()
    await db
      .insertInto('partner_categories')
      .values(
        ids
          .filter((_, i) => i % 2 === 0)
          .map(({ id }) => ({ partner_id: id, category_id: categoryId, position: 0 })),
      )
      .execute()
  })

  /** Every active partner of the store, straight from the table. */
  async function everyActive(): Promise<Row[]> {
    const rows = await t.server.handle.db
      .selectFrom('partners')
      .select(['id', 'search_name', 'lat', 'city', 'category_ids'])
      .where('status', '=', 'ACTIF')
      .execute()
    return rows.map((r) => ({
      id: r.id,
      searchName: r.search_name,
      lat: r.lat,
      city: r.city,
      categoryIds: r.category_ids,
    }))
  }

  /** The contract's order: names by code point (their UTF-8 bytes), then id. */
  const byName = (rows: Row[]) =>
    rows
      .sort((a, b) => Buffer.compare(Buffer.from(a.searchName), Buffer.from(b.searchName)) || a.id - b.id)
      .map((r) => r.id)

  const allPages = async (qs: string, pageSize: number) =>
    (await allSearchPages(qs, pageSize)).map((p) => p.partnerId.id)

  it('finds every active partner whose name holds the text, sorted by name then id, across pages', async () => {
    const active = await everyActive()
    for (const name of [
      'pizzeria du port',
      'PORT',
      'du port',
      'pizz',
      'ort ',
      'remplissage',
      'la p',
      'zzz',
    ]) {
      const expected = byName(active.filter((r) => r.searchName.includes(normalizeForSearch(name))))
      if (name !== 'zzz') expect(expected.length).toBeGreaterThan(0)
      for (const size of [1, 7, 50]) {
        expect(await allPages(`name=${encodeURIComponent(name)}`, size), `${name}, pages of ${size}`).toEqual(
          expected,
        )
      }
    }
  })

  it('applies the city, category and map box to the same order', async () => {
    const active = (await everyActive()).filter((r) => r.searchName.includes('port'))
    expect(await allPages('name=port&city=SAINT-MALO', 5)).toEqual(
      byName(active.filter((r) => r.city === 'Saint-Malo')),
    )
    expect(await allPages(`name=port&categoryId=${categoryId}`, 5)).toEqual(
      byName(active.filter((r) => r.categoryIds.includes(categoryId))),
    )
    expect(await allPages('name=port&bounds=-1.5,48.45,48.25,-2.5', 5)).toEqual(
      byName(active.filter((r) => r.lat >= 48.25 && r.lat <= 48.45)),
    )
  })
})

describe('search by distance against a brute-force haversine', () => {
  // Deterministic pseudo-random numbers (mulberry32): a failure replays identically.
  let state = 20261122
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  type Row = { id: number; name: string; lat: number; lng: number; status: string; categoryId: number | null }
  let categoryId: number
  let others: number

  const haversineKm = (lat1: number, lng1: number, lat2: number, lng2: number) => {
    const rad = Math.PI / 180
    const h =
      Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
      Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2
    return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)))
  }

  /** Every active partner of the store, straight from the table, with its link to the test category. */
  async function everyActive(): Promise<Row[]> {
    const rows = await t.server.handle.db
      .selectFrom('partners as p')
      .leftJoin('partner_categories as pc', (join) =>
        join.onRef('pc.partner_id', '=', 'p.id').on('pc.category_id', '=', categoryId),
      )
      .select(['p.id', 'p.name', 'p.lat', 'p.lng', 'p.status', 'pc.category_id as categoryId'])
      .where('p.status', '=', 'ACTIF')
      .execute()
    return rows
  }

  const byDistance = (rows: Row[], lat: number, lng: number) =>
    rows
      .map((r) => ({ id: r.id, km: haversineKm(lat, lng, r.lat, r.lng) }))
      .sort((a, b) => a.km - b.km || a.id - b.id)

  function expectSameOrder(found: PartnerSearchResult[], expected: { id: number; km: number }[]) {
    expect(found.map((p) => p.partnerId.id)).toEqual(expected.map((e) => e.id))
    // distanceToUser is in km, rounded to the metre.
    found.forEach((p, i) => expect(Math.abs(p.distanceToUser! - expected[i].km)).toBeLessThanOrEqual(0.0006))
  }

  beforeAll(async () => {
    const db = t.server.handle.db
    categoryId = (
      await db
        .insertInto('categories')
        .values({ label: 'Hasard', icon: 'dice-5' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id
    const other = await db
      .insertInto('categories')
      .values({ label: 'Hasard bis', icon: 'dice-6' })
      .returning('id')
      .executeTakeFirstOrThrow()
    others = other.id
    const values = Array.from({ length: 300 }, (_, i) => {
      // Mostly around Rennes, some anywhere (antipodes and the antimeridian included), a few on one spot (ties by id).
      const spot = i % 25 === 0
      const world = i % 10 === 1
      const lat = spot ? 48.1 : world ? -89 + random() * 178 : 47.5 + random() * 1.5
      const lng = spot ? -1.65 : world ? -180 + random() * 360 : -2.5 + random() * 2
      const name = `${i % 3 === 0 ? 'Aléa' : 'Tirage'} ${i}`
      const r = random()
      return {
        name,
        search_name: normalizeForSearch(name),
        description: 'Aléatoire.',
        address: '1 rue',
        city: i % 4 === 0 ? 'Vitré' : 'Fougères',
        lat,
        lng,
        email: `hasard${i}@test.fr`,
        phone: '02 99 00 00 00',
        status: r < 0.85 ? 'ACTIF' : r < 0.93 ? 'PROSPECT' : 'DESACTIVE',
      }
    })
    const ids = await db.insertInto('partners').values(values).returning('id').execute()
    await db
      .insertInto('partner_categories')
      .values(
        ids.map(({ id }, i) => ({
          partner_id: id,
          category_id: i % 2 === 0 ? categoryId : others,
          position: 0,
        })),
      )
      .execute()
  })

  it('orders every active partner by great-circle distance then id, with the distance in km, across pages', async () => {
    const active = await everyActive()
    for (const [lat, lng] of [
      [48.11, -1.68],
      [-48.11, 178.32],
      [0, 0],
    ]) {
      const found = await allSearchPages(`userPosition=${lat},${lng}`, 50)
      expectSameOrder(found, byDistance(active, lat, lng))
    }
  })

  it('pages never repeat or skip, whatever the page size', async () => {
    const qs = 'userPosition=48.1,-1.65'
    const reference = (await allSearchPages(qs, 50)).map((p) => p.partnerId.id)
    expect(new Set(reference).size).toBe(reference.length)
    for (const size of [3, 7, 13]) {
      const paged = (await allSearchPages(qs, size)).map((p) => p.partnerId.id)
      expect(paged).toEqual(reference)
    }
  })

  it('finds a name under 3 letters nearest first exactly, whether the nearest partners hold its matches or not', async () => {
    // Short names are looked for among the nearest partners first (20 per row wanted), then by the names' index:
    // with pages of 3 the nearest 80 partners of the 255 active ones are looked at first, so a rare name ('19')
    // takes both ways from page to page, a frequent one ('ti') the first, one nobody has ('zq') the second.
    const active = await everyActive()
    const [lat, lng] = [48.2, -1.2]
    for (const name of ['ti', '19', '7', 'zq']) {
      const named = active.filter((r) => normalizeForSearch(r.name).includes(name))
      for (const size of [3, 10, 50]) {
        expectSameOrder(
          await allSearchPages(`userPosition=${lat},${lng}&name=${name}`, size),
          byDistance(named, lat, lng),
        )
      }
    }
    const inCategory = active.filter(
      (r) => r.categoryId === categoryId && normalizeForSearch(r.name).includes('1'),
    )
    expectSameOrder(
      await allSearchPages(`userPosition=${lat},${lng}&name=1&categoryId=${categoryId}`, 4),
      byDistance(inCategory, lat, lng),
    )
  })

  it('combines position with category, name, city and bounds (also across the antimeridian)', async () => {
    const active = await everyActive()
    const [lat, lng] = [48.2, -1.2]
    const inCategory = active.filter((r) => r.categoryId === categoryId)
    expectSameOrder(
      await allSearchPages(`userPosition=${lat},${lng}&categoryId=${categoryId}`, 10),
      byDistance(inCategory, lat, lng),
    )

    const named = inCategory.filter((r) => normalizeForSearch(r.name).includes('alea'))
    expect(named.length).toBeGreaterThan(10)
    expectSameOrder(
      await allSearchPages(`userPosition=${lat},${lng}&categoryId=${categoryId}&name=AL%C3%89A`, 10),
      byDistance(named, lat, lng),
    )

    const cityRows = await t.server.handle.db
      .selectFrom('partners')
      .select('id')
      .where('city', '=', 'Vitré')
      .execute()
    const inVitre = new Set(cityRows.map((r) => r.id))
    expectSameOrder(
      await allSearchPages(`userPosition=${lat},${lng}&city=vitr%C3%A9&categoryId=${categoryId}`, 10),
      byDistance(
        inCategory.filter((r) => inVitre.has(r.id)),
        lat,
        lng,
      ),
    )

    const boxed = active.filter((r) => r.lat >= -60 && r.lat <= 60 && (r.lng >= 150 || r.lng <= -150))
    expect(boxed.length).toBeGreaterThan(0)
    expectSameOrder(
      await allSearchPages(`userPosition=0,180&bounds=-150,60,-60,150`, 10),
      byDistance(boxed, 0, 180),
    )
  })
})

describe('names stored by an earlier version (migration 0015)', () => {
  /** normalizeForSearch before migration 0015: apostrophes and dashes kept as typed. */
  const earlierForm = (value: string) =>
    value
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/œ/g, 'oe')
      .replace(/æ/g, 'ae')
      .replace(/\s+/g, ' ')
      .trim()

  it('are rewritten in the new form, which the search then finds by name and nearest first', async () => {
    const names = [
      'Presqu’île Café',
      'Brasserie Saint-Étienne',
      "L'Atelier — d’Œuvre",
      '-Tiret au début-',
      'Auberge de l ‘Ouest',
      'Sans séparateur',
    ]
    const older = await storeMigratedTo('0014_search_name_split')
    try {
      await older.handle.db
        .insertInto('partners')
        .values(
          names.map((name, i) => ({
            name,
            search_name: earlierForm(name),
            description: 'Écrit avant la migration 0015.',
            address: '1 rue',
            city: 'Nantes',
            lat: 47.2 + i / 100,
            lng: -1.55,
            email: `avant${i}@test.fr`,
            phone: '02 40 00 00 00',
            status: 'ACTIF',
          })),
        )
        .execute()
    } finally {
      await older.handle.close()
    }
    const server = await startServer({ dataDir: older.dataDir, schema: older.schema ?? undefined })
    try {
      const rows = await server.handle.db
        .selectFrom('partners')
        .select(['name', 'search_name'])
        .orderBy('id')
        .execute()
      expect(rows.map((r) => r.search_name)).toEqual(names.map(normalizeForSearch))
      expect(rows.map((r) => r.search_name)).toEqual([
        'presqu ile cafe',
        'brasserie saint etienne',
        'l atelier d oeuvre',
        'tiret au debut',
        'auberge de l ouest',
        'sans separateur',
      ])
      const api = client(server)
      const { access_token: token } = await api.register()
      for (const [name, expected] of [
        ["presqu'ile", 'Presqu’île Café'],
        ['saint etienne', 'Brasserie Saint-Étienne'],
        ["l'atelier", "L'Atelier — d’Œuvre"],
      ]) {
        for (const position of ['', '&userPosition=47.2,-1.55']) {
          const res = await api.get<PartnerSearchResult[]>(
            `/api/partners/search?name=${encodeURIComponent(name)}${position}`,
            { token },
          )
          expect(res.status).toBe(200)
          expect(
            res.body.map((p) => p.name),
            `${name}${position}`,
          ).toEqual([expected])
        }
      }
    } finally {
      await server.close()
    }
  })
})
