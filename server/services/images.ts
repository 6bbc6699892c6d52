import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { sql, type Transaction } from 'kysely'
import sharp, { type Metadata } from 'sharp'
import { imageVariants } from '@/contract/images.ts'
import type { Image, ListImage } from '@/contract/schemas.ts'
import type { Db } from '../db/index.ts'
import { startupLocks, withAdvisoryLock } from '../db/locks.ts'
import type { Database } from '../db/types.ts'
import { HttpError } from '../errors.ts'

const ACCEPTED = new Set(['jpeg', 'png', 'webp'])

/** Server-chosen image names: 24 hex digits (the row id) and .webp. Anything else is not ours. */
export const IMAGE_FILE_NAME = /^([a-f0-9]{24})\.webp$/
/** A variant's name: the image's id, its width, its format (`<id>-640.avif`). */
const VARIANT_FILE_NAME = /^([a-f0-9]{24})-([1-9][0-9]{0,3})\.(avif|webp)$/

/**
 * Widths kept for srcset: a Find row's 72 px thumbnail at 2-3× (320), a list or details photo on a phone
 * (640), the home banner on a phone at 2.6× or a desktop column (1280).
 */
export const VARIANT_WIDTHS = [320, 640, 1280] as const
const VARIANT_FORMATS = ['avif', 'webp'] as const
type VariantFormat = (typeof VARIANT_FORMATS)[number]
const VARIANT_TYPES: Record<VariantFormat, string> = { avif: 'image/avif', webp: 'image/webp' }

type Executor = Db | Transaction<Database>

export interface StoredImage extends Image {
  fileName: string
}

/** Where images lived before they moved into the database; read once at start, never written. */
export function uploadsDir(dataDir: string): string {
  return join(dataDir, 'uploads')
}

export function imageUrl(fileName: string): string {
  return `/uploads/${fileName}`
}

/**
 * The widths made for an original `width` pixels wide: each of VARIANT_WIDTHS below it, and the original's
 * own width when it is not wider than the largest (never enlarged: a 800 px photo gives 320, 640 and 800).
 */
export function variantWidthsFor(width: number): number[] {
  const widths: number[] = VARIANT_WIDTHS.filter((w) => w < width)
  if (width <= VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1]) widths.push(width)
  return widths
}

/** An images row as the wire format gives it: the original, its size, and its variants once they exist. */
export interface ImageRow {
  id: string
  type: string
  file_name: string
  width: number | null
  height: number | null
  variant_widths: number[] | null
}

export function toWireImage(row: ImageRow): Image {
  const { variantWidths, ...image } = toListImage(row)
  return { ...image, variants: imageVariants(row.id, variantWidths) }
}

/** A search result's photo (ListImage): the variants as their widths; the app builds their URLs. */
export function toListImage(row: ImageRow): ListImage {
  return {
    id: row.id,
    type: row.type,
    url: imageUrl(row.file_name),
    width: row.width,
    height: row.height,
    variantWidths: row.variant_widths ?? [],
  }
}

interface EncodedVariants {
  width: number
  height: number
  variants: { width: number; format: VariantFormat; data: Buffer }[]
}

/**
 * The AVIF and WebP copies of an image (our re-encoded original: no metadata, already rotated) at
 * variantWidthsFor its width. AVIF at effort 2: measured here on a 1,080 × 1,600 banner, 1280 wide in
 * 0.3 s (effort 4, sharp's default: 1.6 s for 13 % fewer bytes); the encodes run on libvips' threads.
 */
export async function encodeVariants(original: Buffer): Promise<EncodedVariants> {
  const { width, height } = await sharp(original).metadata()
  if (!width || !height) throw new Error('image sans dimensions')
  const jobs = variantWidthsFor(width).flatMap((w) =>
    VARIANT_FORMATS.map(async (format) => {
      const resized = sharp(original).resize({ width: w, withoutEnlargement: true })
      const data = await (
        format === 'avif' ? resized.avif({ quality: 55, effort: 2 }) : resized.webp({ quality: 80 })
      ).toBuffer()
      return { width: w, format, data }
    }),
  )
  return { width, height, variants: await Promise.all(jobs) }
}

/** Writes an image's variants and marks them present, in one transaction. */
async function saveVariants(trx: Transaction<Database>, id: string, encoded: EncodedVariants): Promise<void> {
  if (encoded.variants.length > 0) {
    await trx
      .insertInto('image_variants')
      .values(encoded.variants.map((v) => ({ image_id: id, width: v.width, format: v.format, data: v.data })))
      .onConflict((oc) => oc.doNothing())
      .execute()
  }
  await trx
    .updateTable('images')
    .set({
      width: encoded.width,
      height: encoded.height,
      variant_widths: [...new Set(encoded.variants.map((v) => v.width))],
      variants_lease: null,
    })
    .where('id', '=', id)
    .execute()
}

/** Bytes as Fastify sends them, without copying the driver's array. */
function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
}

/**
 * A served file by its name, an original (`<id>.webp`) or a variant (`<id>-640.avif`), or null when the name
 * is not one of ours or there is no such file. `cacheKey` names it for good (an image never changes under
 * its name): the original's id, or the variant's whole name.
 */
export async function readServedImage(
  db: Db,
  fileName: string,
): Promise<{ cacheKey: string; type: string; bytes: Buffer } | null> {
  const original = IMAGE_FILE_NAME.exec(fileName)
  if (original) {
    const image = await db
      .selectFrom('images')
      .select(['type', 'data'])
      .where('id', '=', original[1])
      .where('file_name', '=', fileName)
      .where('data', 'is not', null)
      .executeTakeFirst()
    return image?.data ? { cacheKey: original[1], type: image.type, bytes: asBuffer(image.data) } : null
  }
  const variant = VARIANT_FILE_NAME.exec(fileName)
  if (!variant) return null
  const format = variant[3] as VariantFormat
  const row = await db
    .selectFrom('image_variants')
    .select('data')
    .where('image_id', '=', variant[1])
    .where('width', '=', Number(variant[2]))
    .where('format', '=', format)
    .executeTakeFirst()
  return row ? { cacheKey: fileName, type: VARIANT_TYPES[format], bytes: asBuffer(row.data) } : null
}

/**
 * The most pixels an uploaded image may have (width × height): decoding one costs about 4 bytes a pixel, so
 * this caps the memory of a single upload near 200 MB whatever its file size (a few KB of PNG may claim
 * 30000 × 30000).
 */
export const MAX_INPUT_PIXELS = 50_000_000

/**
 * Recognises JPEG, PNG or WebP from the bytes (never the name or declared type) and re-encodes to WebP
 * without metadata (EXIF, GPS...). An image over MAX_INPUT_PIXELS is refused with its dimensions (413).
 */
export async function encodeImage(input: Buffer): Promise<Buffer> {
  let metadata: Metadata | undefined
  try {
    // Reads the header only (nothing is decoded), so the dimensions of a too large image can be told.
    metadata = await sharp(input, { limitInputPixels: false }).metadata()
  } catch {
    metadata = undefined
  }
  if (!metadata?.format || !ACCEPTED.has(metadata.format)) {
    throw new HttpError(
      415,
      'Format de fichier non pris en charge : envoyez une image JPEG, PNG ou WebP.',
      'file',
    )
  }
  const { width = 0, height = 0 } = metadata
  if (width * height > MAX_INPUT_PIXELS) {
    throw new HttpError(
      413,
      `Image trop grande : ${width} × ${height} pixels, ${MAX_INPUT_PIXELS / 1_000_000} millions de pixels au plus (par exemple 8000 × 6000).`,
      'file',
    )
  }
  try {
    return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: 2400, height: 2400, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer()
  } catch {
    throw new HttpError(415, 'Cette image est illisible ou endommagée.', 'file')
  }
}

/**
 * Inserts an `images` row holding the WebP bytes under a server-chosen name. One statement: the image is
 * stored whole or not at all, whichever instance serves it later.
 */
export async function insertImage(
  db: Executor,
  webp: Buffer,
  partnerId: number | null,
): Promise<StoredImage> {
  const id = randomBytes(12).toString('hex')
  const fileName = `${id}.webp`
  const type = 'image/webp'
  try {
    await db
      .insertInto('images')
      .values({ id, type, file_name: fileName, partner_id: partnerId, data: webp })
      .execute()
  } catch (error) {
    // SQLSTATE 53100 disk_full: the database could not grow its files. The client can retry later.
    if ((error as { code?: unknown }).code === '53100') {
      throw new HttpError(507, 'Espace disque insuffisant pour enregistrer l’image.', 'file')
    }
    throw error
  }
  return { id, type, fileName, url: imageUrl(fileName), width: null, height: null, variants: [] }
}

/**
 * An uploaded file, checked and re-encoded, stored in the database with its variants (one transaction, or
 * the caller's): the answer lists them at once.
 */
export async function storeImage(
  db: Executor,
  input: Buffer,
  partnerId: number | null,
  /** More writes in the same transaction, e.g. the audit entry of an administrator's upload. */
  alongside?: (trx: Transaction<Database>, stored: StoredImage) => Promise<void>,
): Promise<StoredImage> {
  const webp = await encodeImage(input)
  const encoded = await encodeVariants(webp)
  const store = async (trx: Transaction<Database>) => {
    const stored = await insertImage(trx, webp, partnerId)
    await saveVariants(trx, stored.id, encoded)
    await alongside?.(trx, stored)
    return stored
  }
  const stored = db.isTransaction
    ? await store(db as Transaction<Database>)
    : await db.transaction().execute(store)
  return {
    ...toWireImage({
      id: stored.id,
      type: stored.type,
      file_name: stored.fileName,
      width: encoded.width,
      height: encoded.height,
      variant_widths: [...new Set(encoded.variants.map((v) => v.width))],
    }),
    fileName: stored.fileName,
  }
}

interface Log {
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
}

/**
 * Stores from before migration 0003 kept image bytes in DATA_DIR/uploads: every row still without bytes
 * gets its file's content. Under an advisory lock so instances starting together import once; rows already
 * filled are skipped, so running it again does nothing. Files are left in place (the operator deletes the
 * folder once a backup holds the images); a missing file is logged and its row stays as it is.
 */
export async function importLegacyUploads(db: Db, dataDir: string, log: Log): Promise<number> {
  // Cheap check first: almost every start has nothing to import and needs no lock.
  const pending = await db.selectFrom('images').select('id').where('data', 'is', null).executeTakeFirst()
  if (!pending) return 0
  const folder = uploadsDir(dataDir)
  return withAdvisoryLock(db, startupLocks.legacyUploads, async (trx) => {
    const rows = await trx
      .selectFrom('images')
      .select(['id', 'file_name'])
      .where('data', 'is', null)
      .orderBy('id')
      .execute()
    let imported = 0
    const missing: string[] = []
    for (const row of rows) {
      // The name comes from our own table, but a file outside the uploads folder is never read.
      if (!IMAGE_FILE_NAME.test(row.file_name)) {
        missing.push(row.file_name)
        continue
      }
      let bytes: Buffer
      try {
        bytes = await readFile(join(folder, row.file_name))
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code
        if (code !== 'ENOENT') log.warn({ file: row.file_name, code }, 'image illisible sur le disque')
        missing.push(row.file_name)
        continue
      }
      await trx.updateTable('images').set({ data: bytes }).where('id', '=', row.id).execute()
      imported++
    }
    if (missing.length > 0) {
      log.warn(
        { folder, missing: missing.length, files: missing.slice(0, 20) },
        `${missing.length} image(s) introuvable(s) dans ${folder} : elles restent sans contenu (404) jusqu’à ce que le fichier y soit remis et le serveur redémarré`,
      )
    }
    if (imported > 0) {
      log.info(
        { folder, imported },
        `${imported} image(s) importée(s) de ${folder} dans la base : ce dossier peut être supprimé une fois une sauvegarde faite`,
      )
    }
    return imported
  })
}

/** How long an instance may take over one image before another one may claim it again. */
const VARIANT_LEASE = '5 minutes'

/**
 * Images stored before migration 0005 (and the demo seed's, inserted as bare WebP to keep the first start
 * fast) get their variants after start, in the background, one image at a time and never inside a long
 * transaction (PGlite has one connection: the app keeps answering between images). Each image is claimed
 * with a lease (`for update skip locked`), so instances starting together share the work instead of
 * repeating it, and one that stopped mid-way leaves it to the next start. Until an image has its variants
 * the wire format lists none and the app shows the original. Returns how many images were done.
 */
export async function backfillImageVariants(
  db: Db,
  log: Log,
  shouldStop: () => boolean = () => false,
): Promise<number> {
  let done = 0
  while (!shouldStop()) {
    const claimed = await sql<{ id: string; data: Uint8Array }>`
      update images set variants_lease = now() + ${VARIANT_LEASE}::interval
      where id = (select id from images
                  where variant_widths is null and data is not null
                    and (variants_lease is null or variants_lease < now())
                  order by id limit 1 for update skip locked)
      returning id, data`.execute(db)
    const image = claimed.rows[0]
    if (!image) break
    let encoded: EncodedVariants
    try {
      encoded = await encodeVariants(
        Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength),
      )
    } catch (error) {
      // Marked done with no variant, so it is not tried again at every start; the original is still served.
      log.warn({ image: image.id, err: error }, 'copies réduites impossibles pour cette image')
      await db
        .updateTable('images')
        .set({ variant_widths: [], variants_lease: null })
        .where('id', '=', image.id)
        .execute()
      continue
    }
    await db.transaction().execute((trx) => saveVariants(trx, image.id, encoded))
    done++
  }
  if (done > 0) log.info({ images: done }, `${done} image(s) : copies réduites AVIF et WebP créées`)
  return done
}
