import { imageFromList, listImageFrom } from '@/contract/images.ts'
import { beforeAll, describe, expect, it } from 'vitest'
import sharp from 'sharp'
import type { Article, Image, Partner, PartnerSearchResult } from '@/contract/schemas.ts'
import { apiPaths } from '@/contract/paths.ts'
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../db/index.ts'
import { renderDemoImage } from '../seed/images.ts'
import { backfillImageVariants, insertImage } from '../services/images.ts'
import {
  disposeStore,
  fileForm,
  freshStore,
  partnerBody,
  pngBytes,
  silentLog,
  testConfig,
  adminServerForFile,
  createPartner,
  uploadPartnerPhoto,
} from './helpers.ts'

const usePg = Boolean(process.env.DATABASE_URL)

/** The variants grouped as a srcset is: format → widths, in the answer's order. */
function widthsByType(image: Image): Record<string, number[]> {
  const grouped: Record<string, number[]> = {}
  for (const v of image.variants ?? []) (grouped[v.type] ??= []).push(v.width)
  return grouped
}

describe('responsive variants of uploaded images', () => {
  const t = adminServerForFile()
  let token: string
  let partner: Partner
  let photo: Image
  beforeAll(async () => {
    token = t.admin.access_token
    partner = await createPartner(t.api, t.admin, { status: 'ACTIF' })
    photo = await uploadPartnerPhoto(t, partner, await pngBytes(1600, 1000))
  }, 60_000)

  it('an upload answers its size and AVIF + WebP copies at 320, 640 and 1280 px, each served at that width', async () => {
    expect(photo).toMatchObject({ width: 1600, height: 1000 })
    expect(widthsByType(photo)).toEqual({ 'image/avif': [320, 640, 1280], 'image/webp': [320, 640, 1280] })
    for (const variant of photo.variants!) {
      expect(variant.url).toMatch(new RegExp(`^/uploads/${photo.id}-${variant.width}\\.(avif|webp)$`))
      const res = await fetch(t.server.url + variant.url)
      expect(res.status, variant.url).toBe(200)
      expect(res.headers.get('content-type')).toBe(variant.type)
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      const bytes = Buffer.from(await res.arrayBuffer())
      const meta = await sharp(bytes).metadata()
      expect(meta.width).toBe(variant.width)
      // Same proportions as the original (1600 × 1000), rounded to a pixel.
      expect(Math.abs(meta.height! - (variant.width * 1000) / 1600)).toBeLessThanOrEqual(1)
      expect(meta.format).toBe(variant.type === 'image/avif' ? 'heif' : 'webp')
      const etag = res.headers.get('etag')!
      expect((await fetch(t.server.url + variant.url, { headers: { 'if-none-match': etag } })).status).toBe(
        304,
      )
    }
    // The thumbnail a Find row shows weighs a fraction of the original.
    const original = (await (await fetch(t.server.url + photo.url)).arrayBuffer()).byteLength
    const thumbnail = photo.variants!.find((v) => v.width === 320 && v.type === 'image/webp')!
    const thumbBytes = (await (await fetch(t.server.url + thumbnail.url)).arrayBuffer()).byteLength
    expect(thumbBytes).toBeLessThan(original / 4)
  })

  it('a picture narrower than 1280 px is never enlarged: its own width is the largest copy', async () => {
    const small = (
      await t.api.request<Image>('POST', apiPaths.articleImage(), {
        token,
        raw: fileForm(await pngBytes(90, 60)),
      })
    ).body
    expect(small).toMatchObject({ width: 90, height: 60 })
    expect(widthsByType(small)).toEqual({ 'image/avif': [90], 'image/webp': [90] })
    const medium = (
      await t.api.request<Image>('POST', apiPaths.partnerImages(partner.partnerId.id), {
        token,
        raw: fileForm(await pngBytes(800, 500)),
      })
    ).body
    expect(widthsByType(medium)).toEqual({ 'image/avif': [320, 640, 800], 'image/webp': [320, 640, 800] })
    await t.api.del(apiPaths.partnerImage(partner.partnerId.id, medium.id), { token })
    // Deleted with its image.
    for (const v of medium.variants!) expect((await fetch(t.server.url + v.url)).status).toBe(404)
  })

  it('details, search and articles give the same variants as the upload did', async () => {
    const user = await t.api.register()
    const details = await t.api.get<Partner>(apiPaths.partner(partner.partnerId.id), {
      token: user.access_token,
    })
    expect(details.body.images).toEqual([photo])
    const found = await t.api.get<PartnerSearchResult[]>(
      `${apiPaths.partnerSearch()}?name=${encodeURIComponent(partner.name)}`,
      { token: user.access_token },
    )
    // The search sends the variants' widths (ListImage); the URLs the app builds from them are the upload's.
    const listed = found.body.find((p) => p.partnerId.id === partner.partnerId.id)!.images[0]
    expect(listed).toEqual(listImageFrom(photo))
    expect(imageFromList(listed)).toEqual(photo)

    const cover = (
      await t.api.request<Image>('POST', apiPaths.articleImage(), {
        token,
        raw: fileForm(await pngBytes(1080, 1600)),
      })
    ).body
    const article = (
      await t.api.post<Article>(
        apiPaths.articles(),
        { title: 'Avec image', status: 'PUBLISHED', position: 1, image: cover, link: null },
        { token },
      )
    ).body
    expect(article.image).toEqual(cover)
    const published = await t.api.get<Article[]>(apiPaths.articlesPublished(), { token: user.access_token })
    expect(published.body.find((a) => a.articleId.id === article.articleId.id)?.image).toEqual(cover)
    // A body with the image as older clients send it (no size, no variants) is still accepted.
    const older = await t.api.put<Article>(
      apiPaths.article(article.articleId.id),
      {
        articleId: article.articleId,
        title: 'Avec image',
        status: 'PUBLISHED',
        position: 1,
        image: { id: cover.id, type: cover.type, url: cover.url },
        link: null,
      },
      { token },
    )
    expect(older.status).toBe(200)
    expect(older.body.image).toEqual(cover)
  })

  it('a search row carries its first photo only; the details carry them all, oldest first', async () => {
    const user = await t.api.register()
    const owner = (
      await t.api.post<Partner>('/api/partners', partnerBody({ name: 'Trois photos', status: 'ACTIF' }), {
        token,
      })
    ).body
    const uploaded: Image[] = []
    for (const width of [60, 70, 80]) {
      uploaded.push(
        (
          await t.api.request<Image>('POST', apiPaths.partnerImages(owner.partnerId.id), {
            token,
            raw: fileForm(await pngBytes(width, 40)),
          })
        ).body,
      )
    }
    const details = await t.api.get<Partner>(apiPaths.partner(owner.partnerId.id), {
      token: user.access_token,
    })
    expect(details.body.images).toEqual(uploaded)
    for (const query of ['name=Trois%20photos', 'name=Trois%20photos&userPosition=43.3,5.37']) {
      const found = await t.api.get<PartnerSearchResult[]>(`${apiPaths.partnerSearch()}?${query}`, {
        token: user.access_token,
      })
      expect(found.body.find((p) => p.partnerId.id === owner.partnerId.id)?.images).toEqual([
        listImageFrom(uploaded[0]),
      ])
    }
  })

  it.each([
    ['a width that was not made', (i: Image) => `/uploads/${i.id}-500.avif`],
    ['a width of 0', (i: Image) => `/uploads/${i.id}-0.webp`],
    ['another format', (i: Image) => `/uploads/${i.id}-320.png`],
    ['an unknown image', () => `/uploads/${'0'.repeat(24)}-320.avif`],
  ])('404 in French JSON for %s', async (_label, path) => {
    const res = await fetch(t.server.url + path(photo))
    expect(res.status).toBe(404)
    expect(await res.json()).toMatchObject({ message: 'Image introuvable.' })
  })
})

describe('variants of images stored without them (older stores, the demo seed)', () => {
  it('are made after start, once, by whichever instances run the backfill together', async () => {
    const store = await freshStore()
    const config = testConfig(store.dataDir, { databaseSchema: store.schema })
    const first = await openDatabase(config)
    await migrateToLatest(first)
    const handles: DatabaseHandle[] = [first, ...(usePg ? [await openDatabase(config)] : [])]
    try {
      // As the demo seed stores them: bare WebP, no variants yet.
      const banner = await insertImage(
        first.db,
        await renderDemoImage(['#1565c0', '#90caf9'], 1080, 1600),
        null,
      )
      // One photo belongs to a partner: the search's copy of it (migration 0009) must follow the backfill.
      const { id: partnerId } = await first.db
        .insertInto('partners')
        .values({
          name: 'Vitrine',
          search_name: 'vitrine',
          description: '',
          address: '1 rue',
          city: 'Rennes',
          lat: 48.1,
          lng: -1.7,
          email: 'vitrine@exemple.fr',
          phone: '0102030405',
          status: 'ACTIF',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      const photos = []
      for (let i = 0; i < 3; i++)
        photos.push(
          await insertImage(
            first.db,
            await renderDemoImage(['#c62828', '#ffcdd2'], 800, 500, i),
            i === 0 ? partnerId : null,
          ),
        )
      const pending = await first.db
        .selectFrom('images')
        .select('id')
        .where('variant_widths', 'is', null)
        .execute()
      expect(pending).toHaveLength(4)

      const counts = await Promise.all(
        [0, 1].map((i) => backfillImageVariants(handles[i % handles.length].db, silentLog)),
      )
      // Each image encoded by one instance only (the lease), all of them done.
      expect(counts[0] + counts[1]).toBe(4)
      const rows = await first.db
        .selectFrom('images')
        .select(['id', 'width', 'height', 'variant_widths', 'variants_lease'])
        .orderBy('id')
        .execute()
      const byId = new Map(rows.map((r) => [r.id, r]))
      expect(byId.get(banner.id)).toMatchObject({
        width: 1080,
        height: 1600,
        variant_widths: [320, 640, 1080],
      })
      for (const p of photos)
        expect(byId.get(p.id)).toMatchObject({ width: 800, height: 500, variant_widths: [320, 640, 800] })
      expect(rows.every((r) => r.variants_lease === null)).toBe(true)
      const copy = await first.db
        .selectFrom('partners')
        .select('list_image')
        .where('id', '=', partnerId)
        .executeTakeFirstOrThrow()
      expect(copy.list_image).toMatchObject({ id: photos[0].id, width: 800, variant_widths: [320, 640, 800] })
      const variants = await first.db
        .selectFrom('image_variants')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
      expect(Number(variants.n)).toBe(4 * 3 * 2)
      // Started again: nothing left.
      expect(await backfillImageVariants(first.db, silentLog)).toBe(0)
    } finally {
      await Promise.all(handles.map((h) => h.close()))
      await disposeStore(store)
    }
  }, 120_000)

  it('an instance that drains stops between two images and leaves the rest to the next start', async () => {
    const store = await freshStore()
    const config = testConfig(store.dataDir, { databaseSchema: store.schema })
    const handle = await openDatabase(config)
    await migrateToLatest(handle)
    try {
      for (let i = 0; i < 2; i++)
        await insertImage(handle.db, await renderDemoImage(['#000000', '#ffffff'], 100 + i, 50), null)
      let asked = 0
      expect(await backfillImageVariants(handle.db, silentLog, () => asked++ >= 1)).toBe(1)
      expect(await backfillImageVariants(handle.db, silentLog)).toBe(1)
    } finally {
      await handle.close()
      await disposeStore(store)
    }
  }, 60_000)
})
