import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Transaction } from 'kysely'
import sharp from 'sharp'
import type { Db } from '../db/index.ts'
import { startupLocks, withAdvisoryLock } from '../db/locks.ts'
import type { Database } from '../db/types.ts'
import { HttpError } from '../errors.ts'

const ACCEPTED = new Set(['jpeg', 'png', 'webp'])

/** Server-chosen image names: 24 hex digits (the row id) and .webp. Anything else is not ours. */
export const IMAGE_FILE_NAME = /^([a-f0-9]{24})\.webp$/

type Executor = Db | Transaction<Database>

export interface StoredImage {
  id: string
  type: string
  fileName: string
  url: string
}

/** Where images lived before they moved into the database; read once at start, never written. */
export function uploadsDir(dataDir: string): string {
  return join(dataDir, 'uploads')
}

export function imageUrl(fileName: string): string {
  return `/uploads/${fileName}`
}

/** A served image's bytes and type by its file name, or null when the name is not one of ours. */
export async function readServedImage(
  db: Db,
  fileName: string,
): Promise<{ id: string; type: string; bytes: Buffer } | null> {
  const match = IMAGE_FILE_NAME.exec(fileName)
  if (!match) return null
  const image = await db
    .selectFrom('images')
    .select(['type', 'data'])
    .where('id', '=', match[1])
    .where('file_name', '=', fileName)
    .where('data', 'is not', null)
    .executeTakeFirst()
  if (!image?.data) return null
  const bytes = image.data
  return {
    id: match[1],
    type: image.type,
    bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
  }
}

/**
 * Recognises JPEG, PNG or WebP from the bytes (never the name or declared type) and re-encodes to WebP
 * without metadata (EXIF, GPS...).
 */
export async function encodeImage(input: Buffer): Promise<Buffer> {
  let format: string | undefined
  try {
    format = (await sharp(input, { limitInputPixels: 50_000_000 }).metadata()).format
  } catch {
    format = undefined
  }
  if (!format || !ACCEPTED.has(format)) {
    throw new HttpError(
      415,
      'Format de fichier non pris en charge : envoyez une image JPEG, PNG ou WebP.',
      'file',
    )
  }
  try {
    return await sharp(input, { limitInputPixels: 50_000_000 })
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
  return { id, type, fileName, url: imageUrl(fileName) }
}

/** An uploaded file, checked and re-encoded, stored in the database. */
export async function storeImage(
  db: Executor,
  input: Buffer,
  partnerId: number | null,
): Promise<StoredImage> {
  return insertImage(db, await encodeImage(input), partnerId)
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
