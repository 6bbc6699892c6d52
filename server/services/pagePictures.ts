/**
 * The main picture of a page, announced with its HTML: Home's first published article and a partner's first
 * photo are each page's largest paint, and without a hint the browser finds them only once the scripts have
 * run, the API has answered and the screen has rendered. A `Link: rel=preload` for the same AVIF copies the
 * page's `<picture>` offers (same `srcset` and `sizes`) starts that download with the HTML.
 *
 * The pictures are public (`/uploads/…` needs no session); so are published articles and active partners to
 * any signed-in user. A draft article or an inactive partner is never announced.
 */
import { MAIN_PICTURE_SIZES } from '@/contract/prerender.ts'
import type { Image } from '@/contract/schemas.ts'
import type { Db } from '../db/index.ts'
import { toWireImage } from './images.ts'

const PARTNER_PAGE = /^\/partenaire\/([1-9][0-9]{0,9})$/
// Bounded: partner pages are many and anyone can ask for any address; the pictures change rarely.
const MAX_ENTRIES = 2_000

const quoted = (value: string) => `"${value.replace(/["\\]/g, '')}"`

/** The `Link` header value preloading `image` as the page's `<picture>` draws it, or null without a picture. */
export function pictureLink(image: Image | null): string | null {
  if (!image) return null
  // The first <source> a browser takes (ResponsiveImage: AVIF, then WebP): the same list, so the preload is reused.
  const avif = (image.variants ?? []).filter((v) => v.type === 'image/avif').sort((a, b) => a.width - b.width)
  if (avif.length === 0) return `<${image.url}>; rel=preload; as=image; fetchpriority=high`
  const srcset = avif.map((v) => `${v.url} ${v.width}w`).join(', ')
  // `type` makes a browser that cannot decode AVIF skip the hint (it takes the WebP source instead).
  return `<${avif[avif.length - 1].url}>; rel=preload; as=image; type="image/avif"; imagesrcset=${quoted(srcset)}; imagesizes=${quoted(MAIN_PICTURE_SIZES)}; fetchpriority=high`
}

const attribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/**
 * The page's main picture as HTML, for the prerendered page's picture slot: the `<picture>` the screen draws
 * (ResponsiveImage: AVIF then WebP copies, the same `sizes`, the original as the `<img>`), so the browser takes
 * the preloaded copy and paints it before any script runs. Decorative here (empty alt, the slot is
 * aria-hidden): the screen's own picture, with its text alternative, replaces it.
 */
export function pictureHtml(image: Image | null): string {
  if (!image) return ''
  const byType = new Map<string, string[]>()
  for (const v of [...(image.variants ?? [])].sort((a, b) => a.width - b.width)) {
    byType.set(v.type, [...(byType.get(v.type) ?? []), `${v.url} ${v.width}w`])
  }
  const order = ['image/avif', 'image/webp']
  const rank = (type: string) => (order.includes(type) ? order.indexOf(type) : order.length)
  const sources = [...byType.entries()]
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(
      ([type, srcset]) =>
        `<source type="${attribute(type)}" sizes="${attribute(MAIN_PICTURE_SIZES)}" srcset="${attribute(srcset.join(', '))}">`,
    )
  const size = image.width && image.height ? ` width="${image.width}" height="${image.height}"` : ''
  return `<picture>${sources.join('')}<img src="${attribute(image.url)}" alt=""${size} fetchpriority="high" decoding="sync"></picture>`
}

/**
 * For a page's path, its main picture, or null (another page, no picture). Each answer is kept while the articles' and partners' reference versions are unchanged (migration 0004: bumped by
 * every write to articles, partners and images), so a page costs one primary-key read of those versions.
 */
export function pagePictures(db: Db): (pathname: string) => Promise<Image | null> {
  const memo = new Map<string, { version: string; image: Image | null }>()
  return async (pathname) => {
    const partnerId = PARTNER_PAGE.exec(pathname)?.[1]
    if (pathname !== '/' && partnerId === undefined) return null
    const version = await referenceVersion(db)
    const hit = memo.get(pathname)
    if (hit && hit.version === version) return hit.image
    const image =
      partnerId === undefined ? await homePicture(db) : await partnerPicture(db, Number(partnerId))
    if (memo.size >= MAX_ENTRIES) memo.clear()
    memo.set(pathname, { version, image })
    return image
  }
}

async function referenceVersion(db: Db): Promise<string> {
  const rows = await db
    .selectFrom('reference_versions')
    .select(['name', 'version'])
    .where('name', 'in', ['articles', 'partners'])
    .orderBy('name')
    .execute()
  return rows.map((r) => `${r.name}:${String(r.version)}`).join(',')
}

const imageColumns = ['i.id', 'i.type', 'i.file_name', 'i.width', 'i.height', 'i.variant_widths'] as const

/** The first slide of Home as a user sees it: published articles by position, then id (listPublishedArticles). */
async function homePicture(db: Db): Promise<Image | null> {
  const first = await db
    .selectFrom('articles as a')
    .leftJoin('images as i', 'i.id', 'a.image_id')
    .select(imageColumns)
    .where('a.status', '=', 'PUBLISHED')
    .orderBy('a.position')
    .orderBy('a.id')
    .limit(1)
    .executeTakeFirst()
  return first?.id && first.file_name && first.type
    ? toWireImage({ ...first, id: first.id, type: first.type, file_name: first.file_name })
    : null
}

/** An active partner's first photo (oldest first, as its details list them: search.ts relationColumns). */
async function partnerPicture(db: Db, id: number): Promise<Image | null> {
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) return null
  const first = await db
    .selectFrom('images as i')
    .innerJoin('partners as p', 'p.id', 'i.partner_id')
    .select(imageColumns)
    .where('p.id', '=', id)
    .where('p.status', '=', 'ACTIF')
    .orderBy('i.created_at')
    .orderBy('i.id')
    .limit(1)
    .executeTakeFirst()
  return first ? toWireImage(first) : null
}
