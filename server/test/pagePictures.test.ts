import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import {
  MAIN_PICTURE_SIZES,
  PAGE_PICTURE_ATTRIBUTE,
  PAGE_PICTURE_SLOT,
  type PrerenderIndex,
} from '@/contract/prerender.ts'
import type { Article, Image } from '@/contract/schemas.ts'
import { adminServerForFile, createPartner, fileForm, pngBytes, uploadPartnerPhoto } from './helpers.ts'

// A build with Home and the partner page prerendered, each announcing one chunk.
const staticDir = mkdtempSync(join(tmpdir(), 'partenaires-pictures-'))
mkdirSync(join(staticDir, 'prerendered'), { recursive: true })
writeFileSync(join(staticDir, 'index.html'), '<!doctype html><div id="root"></div>')
// Home's HTML holds the picture slot (scripts/prerender.ts); the partner page's too, to fill at request time.
const slot = `<div ${PAGE_PICTURE_ATTRIBUTE} aria-hidden="true">${PAGE_PICTURE_SLOT}</div>`
writeFileSync(
  join(staticDir, 'prerendered', 'home.html'),
  `<div id="root" data-prerendered="/"></div>${slot}`,
)
writeFileSync(
  join(staticDir, 'prerendered', 'partenaire.html'),
  `<div id="root" data-prerendered="/p"></div>${slot}`,
)
const index: PrerenderIndex = {
  routes: [
    { pattern: '/', file: 'prerendered/home.html', preload: ['/assets/Home-1.js'], pictureSlot: true },
    {
      pattern: '/partenaire/:id',
      file: 'prerendered/partenaire.html',
      preload: ['/assets/Partner-2.js'],
      pictureSlot: true,
    },
  ],
  fallback: { preload: [] },
}
writeFileSync(join(staticDir, 'prerendered', 'routes.json'), JSON.stringify(index))
afterAll(() => rmSync(staticDir, { recursive: true, force: true }))

const t = adminServerForFile({ staticDir })

describe('Home without compression', () => {
  it('answers its page to a client that accepts no compression (a health check, curl), not a 403', async () => {
    for (const method of ['GET', 'HEAD']) {
      const res = await fetch(t.server.url + '/', {
        method,
        headers: { accept: 'text/html', 'accept-encoding': 'identity' },
      })
      expect(res.status, method).toBe(200)
      expect(res.headers.get('content-type'), method).toContain('text/html')
      if (method === 'GET') expect(await res.text()).toContain('data-prerendered="/"')
    }
  })
})

/** The page as a browser asks for it: no session (the token lives in localStorage). */
async function page(path: string) {
  const res = await fetch(t.server.url + path, { headers: { accept: 'text/html' } })
  return { status: res.status, link: res.headers.get('link') ?? '', html: await res.text() }
}

/**
 * The picture the page's HTML carries for `image`, in its slot: the <picture> the screen draws (AVIF, then
 * WebP copies with the page's sizes; the original as the <img>), decorative, fetched first.
 */
function expectedPicture(image: Image): string {
  const srcset = (type: string) =>
    image
      .variants!.filter((v) => v.type === type)
      .sort((a, b) => a.width - b.width)
      .map((v) => `${v.url} ${v.width}w`)
      .join(', ')
  const source = (type: string) =>
    `<source type="${type}" sizes="${MAIN_PICTURE_SIZES}" srcset="${srcset(type)}">`
  return `<div ${PAGE_PICTURE_ATTRIBUTE} aria-hidden="true"><picture>${source('image/avif')}${source('image/webp')}<img src="${image.url}" alt="" width="${image.width}" height="${image.height}" fetchpriority="high" decoding="sync"></picture></div>`
}

/** The hint for `image` as the page's <picture> takes it: its AVIF copies, the page's sizes, high priority. */
function expectedHint(image: Image): string {
  const avif = image.variants!.filter((v) => v.type === 'image/avif')
  const srcset = avif.map((v) => `${v.url} ${v.width}w`).join(', ')
  return `<${avif.at(-1)!.url}>; rel=preload; as=image; type="image/avif"; imagesrcset="${srcset}"; imagesizes="${MAIN_PICTURE_SIZES}"; fetchpriority=high`
}

async function uploadArticleImage(): Promise<Image> {
  const res = await t.api.request<Image>('POST', '/api/articles/image', {
    ...t.asAdmin(),
    raw: fileForm(await pngBytes(1080, 1600)),
  })
  if (res.status !== 201) throw new Error(`${res.status} ${res.text}`)
  return res.body
}

async function createArticle(title: string, status: 'PUBLISHED' | 'DRAFT', position: number, image: Image) {
  const res = await t.api.post<Article>(
    '/api/articles',
    { title, status, position, image, link: null },
    t.asAdmin(),
  )
  if (res.status !== 201) throw new Error(`${res.status} ${res.text}`)
  return res.body
}

describe('the main picture of a page is preloaded with its HTML', () => {
  it('Home without articles announces its chunks only', async () => {
    const home = await page('/')
    expect(home.status).toBe(200)
    expect(home.html).toContain('data-prerendered="/"')
    expect(home.link).toBe('</assets/Home-1.js>; rel=modulepreload')
    // The slot is emptied: nothing paints over the skeleton.
    expect(home.html).toContain(`<div ${PAGE_PICTURE_ATTRIBUTE} aria-hidden="true"></div>`)
  })

  it('Home announces its first published article’s picture (never a draft), first and with high priority', async () => {
    const draftImage = await uploadArticleImage()
    const publishedImage = await uploadArticleImage()
    await createArticle('Brouillon en tête', 'DRAFT', 0, draftImage)
    await createArticle('Publié', 'PUBLISHED', 5, publishedImage)
    expect(publishedImage.variants!.map((v) => v.width)).toContain(1080)

    const home = await page('/')
    expect(home.link).toBe(`${expectedHint(publishedImage)}, </assets/Home-1.js>; rel=modulepreload`)
    expect(home.link).not.toContain(draftImage.id)
    // The same picture in the page's HTML, painted before any script.
    expect(home.html).toContain(expectedPicture(publishedImage))
    expect(home.html).not.toContain(draftImage.id)
    // The hinted copies are public, as the page's <img> needs them before any sign-in check.
    const avif = publishedImage.variants!.find((v) => v.type === 'image/avif')!
    const res = await fetch(t.server.url + avif.url)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/avif')
  })

  it('follows a change of articles at once (the kept answer is tied to the articles’ version)', async () => {
    const earlier = await uploadArticleImage()
    await createArticle('Publié avant', 'PUBLISHED', 1, earlier)
    const home = await page('/')
    expect(home.link).toBe(`${expectedHint(earlier)}, </assets/Home-1.js>; rel=modulepreload`)
    expect(home.html).toContain(expectedPicture(earlier))
  })

  it('a partner page announces the active partner’s first photo, an inactive partner’s none', async () => {
    const partner = await createPartner(t.api, t.admin, { status: 'ACTIF' })
    const first = await uploadPartnerPhoto(t, partner, await pngBytes(800, 500))
    const second = await uploadPartnerPhoto(t, partner, await pngBytes(800, 500))
    const details = await page(`/partenaire/${partner.partnerId.id}`)
    expect(details.status).toBe(200)
    expect(details.link).toBe(`${expectedHint(first)}, </assets/Partner-2.js>; rel=modulepreload`)
    expect(details.link).not.toContain(second.id)
    expect(details.html).toContain(expectedPicture(first))
    expect(details.html).not.toContain(second.id)

    const hidden = await createPartner(t.api, t.admin, { status: 'PROSPECT' })
    const hiddenPhoto = await uploadPartnerPhoto(t, hidden, await pngBytes(800, 500))
    const prospect = await page(`/partenaire/${hidden.partnerId.id}`)
    expect(prospect.link).toBe('</assets/Partner-2.js>; rel=modulepreload')
    expect(prospect.link).not.toContain(hiddenPhoto.id)
    expect(prospect.html).not.toContain(hiddenPhoto.id)
    expect(prospect.html).not.toContain(PAGE_PICTURE_SLOT)
  })

  it('a partner who becomes inactive stops being announced', async () => {
    const partner = await createPartner(t.api, t.admin, { status: 'ACTIF' })
    const photo = await uploadPartnerPhoto(t, partner, await pngBytes(800, 500))
    const path = `/partenaire/${partner.partnerId.id}`
    expect((await page(path)).link).toContain(photo.id)
    const partnerBodyNow = (
      await t.api.get<Record<string, unknown>>(`/api/partners/${partner.partnerId.id}`, t.asAdmin())
    ).body
    const updated = await t.api.put(
      `/api/partners/${partner.partnerId.id}`,
      { ...partnerBodyNow, status: 'DESACTIVE' },
      t.asAdmin(),
    )
    expect(updated.status).toBe(200)
    expect((await page(path)).link).toBe('</assets/Partner-2.js>; rel=modulepreload')
  })

  it('an unknown, malformed or out-of-range partner address is still its page, without a picture', async () => {
    for (const path of [
      '/partenaire/999999',
      '/partenaire/abc',
      '/partenaire/99999999999',
      '/partenaire/0',
    ]) {
      const res = await page(path)
      expect(res.status, path).toBe(200)
      expect(res.link, path).toBe('</assets/Partner-2.js>; rel=modulepreload')
    }
  })
})
