import { createHash } from 'node:crypto'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Article, Image, Partner } from '@/contract/schemas.ts'
import { apiPaths } from '@/contract/paths.ts'
import { buildApp } from '../app.ts'
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../db/index.ts'
import { articles, partners } from '../seed/data.ts'
import { seedDemoIfFirstStart } from '../seed/index.ts'
import { importLegacyUploads, uploadsDir } from '../services/images.ts'
import {
  client,
  disposeStore,
  fileForm,
  freshStore,
  pngBytes,
  silentLog,
  startServer,
  testConfig,
  adminServerForFile,
  createPartner,
  uploadPartnerPhoto,
} from './helpers.ts'
import { legacyStore } from './legacy-store.ts'

const sha = (bytes: ArrayBuffer | Uint8Array) =>
  createHash('sha256')
    .update(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes))
    .digest('hex')
const usePg = Boolean(process.env.DATABASE_URL)

/** Several handles on one store, as several instances have: PostgreSQL pools, or PGlite's single one. */
async function instances(dataDir: string, schema: string | null, count: number): Promise<DatabaseHandle[]> {
  const config = testConfig(dataDir, { databaseSchema: schema })
  const first = await openDatabase(config)
  await migrateToLatest(first)
  if (!usePg) return [first]
  const others = await Promise.all(Array.from({ length: count - 1 }, () => openDatabase(config)))
  return [first, ...others]
}

describe('images served from the database', () => {
  const t = adminServerForFile()
  let token: string
  let photo: Image
  let bytes: ArrayBuffer
  beforeAll(async () => {
    token = t.admin.access_token
    photo = await uploadPartnerPhoto(t, await createPartner(t.api, t.admin), await pngBytes(90, 60))
    bytes = await (await fetch(t.server.url + photo.url)).arrayBuffer()
  })

  it('GET and HEAD: WebP, cached for good, nosniff, sandboxed, an ETag; nothing written to DATA_DIR', async () => {
    expect(photo.url).toMatch(/^\/uploads\/[a-f0-9]{24}\.webp$/)
    const stored = await t.server.handle.db
      .selectFrom('images')
      .select('data')
      .where('id', '=', photo.id)
      .executeTakeFirstOrThrow()
    expect(sha(stored.data!)).toBe(sha(bytes))
    expect(Buffer.from(bytes).subarray(8, 12).toString()).toBe('WEBP')
    expect(existsSync(uploadsDir(t.server.dataDir))).toBe(false)

    for (const method of ['GET', 'HEAD']) {
      const res = await fetch(t.server.url + photo.url, { method })
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('image/webp')
      expect(res.headers.get('content-length')).toBe(String(bytes.byteLength))
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox")
      expect(res.headers.get('etag')).toBe(`"${photo.id}"`)
      expect((await res.arrayBuffer()).byteLength).toBe(method === 'GET' ? bytes.byteLength : 0)
    }
    const again = await fetch(t.server.url + photo.url, { headers: { 'if-none-match': `"${photo.id}"` } })
    expect(again.status).toBe(304)
    expect((await again.arrayBuffer()).byteLength).toBe(0)
  })

  it.each([
    ['an unknown name', `/uploads/${'0'.repeat(24)}.webp`],
    ['a name of another shape', '/uploads/photo.webp'],
    ['upper-case hex', () => photo.url.toUpperCase().replace('/UPLOADS/', '/uploads/')],
    ['another extension', () => photo.url.replace('.webp', '.png')],
    ['an encoded path', '/uploads/..%2f..%2fpackage.json'],
    ['a folder', '/uploads/'],
  ])('404 in French JSON for %s', async (_label, path) => {
    for (const method of ['GET', 'HEAD']) {
      const res = await fetch(t.server.url + (typeof path === 'function' ? path() : path), { method })
      expect(res.status).toBe(404)
      expect(res.headers.get('content-type')).toMatch(/^application\/json/)
      if (method === 'GET')
        expect(await res.json()).toMatchObject({ message: expect.stringMatching(/introuvable|n’existe pas/) })
    }
  })

  it('an image uploaded through one instance is served by another with an empty DATA_DIR', async () => {
    const otherDir = mkdtempSync(join(tmpdir(), 'partenaires-autre-'))
    const config = testConfig(otherDir, { databaseSchema: t.server.config.databaseSchema })
    const handle = usePg ? await openDatabase(config) : t.server.handle
    const other = await buildApp({ db: handle.db, config })
    const url = await other.listen({ port: 0, host: '127.0.0.1' })
    try {
      const cover = (
        await t.api.request<Image>('POST', apiPaths.articleImage(), {
          token,
          raw: fileForm(await pngBytes(50, 50)),
        })
      ).body
      const res = await fetch(url + cover.url)
      expect(res.status).toBe(200)
      expect(sha(await res.arrayBuffer())).toBe(
        sha(await (await fetch(t.server.url + cover.url)).arrayBuffer()),
      )
      expect(sha(await (await fetch(url + photo.url)).arrayBuffer())).toBe(sha(bytes))
    } finally {
      await other.close()
      if (usePg) await handle.close()
      rmSync(otherDir, { recursive: true, force: true })
    }
  })
})

describe('stores from before migration 0003 (image files in DATA_DIR/uploads)', () => {
  it('after a start the same images are served from the database, and still once the folder is gone', async () => {
    const store = await legacyStore()
    let server = await startServer({ dataDir: store.dataDir, schema: store.schema ?? undefined })
    try {
      const user = await client(server).register()
      const check = async () => {
        const api = client(server)
        for (const image of store.images) {
          const res = await fetch(server.url + image.url)
          expect(res.status, image.url).toBe(200)
          expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
          expect(sha(await res.arrayBuffer())).toBe(sha(image.bytes))
        }
        const partner = await api.get<Partner>(apiPaths.partner(store.partnerId), {
          token: user.access_token,
        })
        expect(partner.body.images.map((i) => i.url)).toEqual([store.images[0].url, store.missing.url])
        const article = await api.get<Article>(apiPaths.article(store.articleId), {
          token: user.access_token,
        })
        expect(article.body.image?.url).toBe(store.images[1].url)
        // A row whose file was lost stays in place without bytes: 404, as it was before.
        expect((await fetch(server.url + store.missing.url)).status).toBe(404)
      }
      await check()
      // Files are left where they were.
      expect(existsSync(join(uploadsDir(store.dataDir), `${store.images[0].id}.webp`))).toBe(true)

      await server.close({ keepData: true })
      rmSync(uploadsDir(store.dataDir), { recursive: true })
      server = await startServer({ dataDir: store.dataDir, schema: store.schema ?? undefined })
      await check()
    } finally {
      await server.close()
    }
  }, 60_000)

  it('imports once when instances start together, logs what it did and which files are missing, and never crashes on them', async () => {
    const store = await legacyStore()
    const handles = await instances(store.dataDir, store.schema, 3)
    const logs: { level: string; obj: Record<string, unknown>; msg: string }[] = []
    const log = {
      info: (obj: object, msg: string) =>
        void logs.push({ level: 'info', obj: obj as Record<string, unknown>, msg }),
      warn: (obj: object, msg: string) =>
        void logs.push({ level: 'warn', obj: obj as Record<string, unknown>, msg }),
    }
    try {
      const counts = await Promise.all(
        [0, 1, 2].map((i) => importLegacyUploads(handles[i % handles.length].db, store.dataDir, log)),
      )
      expect(counts.sort()).toEqual([0, 0, 2])
      const rows = await handles[0].db.selectFrom('images').select(['id', 'data']).execute()
      for (const image of store.images) {
        expect(sha(rows.find((r) => r.id === image.id)!.data!)).toBe(sha(image.bytes))
      }
      expect(rows.find((r) => r.id === store.missing.id)!.data).toBeNull()

      const imported = logs.filter((l) => l.level === 'info')
      expect(imported).toHaveLength(1)
      expect(imported[0].obj).toMatchObject({ imported: 2 })
      expect(imported[0].msg).toMatch(
        /2 image\(s\) importée\(s\) .* peut être supprimé une fois une sauvegarde faite/,
      )
      const warned = logs.filter((l) => l.level === 'warn')
      expect(warned.length).toBeGreaterThan(0)
      expect(warned.every((l) => (l.obj.files as string[]).includes(`${store.missing.id}.webp`))).toBe(true)

      // Started again: nothing left to import (the lost file is reported again, it is still lost).
      expect(await importLegacyUploads(handles[0].db, store.dataDir, silentLog)).toBe(0)
    } finally {
      await Promise.all(handles.map((h) => h.close()))
      await disposeStore(store)
    }
  }, 60_000)
})

describe('demo seed with several instances starting at once', () => {
  it('seeds exactly once, images in the database', async () => {
    const store = await freshStore()
    const handles = await instances(store.dataDir, store.schema, 3)
    const config = testConfig(store.dataDir, { databaseSchema: store.schema })
    try {
      const results = await Promise.all(
        [0, 1, 2].map((i) => seedDemoIfFirstStart(handles[i % handles.length].db, config, silentLog)),
      )
      expect(results.filter(Boolean)).toHaveLength(1)
      const db = handles[0].db
      const count = async (table: 'partners' | 'articles' | 'images') =>
        Number(
          (
            await db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        )
      expect(await count('partners')).toBe(partners.length)
      expect(await count('articles')).toBe(articles.length)
      expect(await count('images')).toBe(
        partners.reduce((sum, p) => sum + (p.photos ?? 1), 0) + articles.length,
      )
      const empty = await db.selectFrom('images').select('id').where('data', 'is', null).execute()
      expect(empty).toEqual([])
      expect(existsSync(uploadsDir(store.dataDir))).toBe(false)
      expect(await seedDemoIfFirstStart(db, config, silentLog)).toBe(false)
    } finally {
      await Promise.all(handles.map((h) => h.close()))
      await disposeStore(store)
    }
  }, 120_000)
})
