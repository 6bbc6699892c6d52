/**
 * A store as versions before migration 0003 left it: the schema of 0002, `images` rows without bytes, and
 * the WebP files in DATA_DIR/uploads. Built through the real migrations, stopped at 0002.
 */
import { randomBytes } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { sql } from 'kysely'
import { encodeImage, uploadsDir } from '../services/images.ts'
import { pngBytes, storeMigratedTo } from './helpers.ts'

export interface LegacyImage {
  id: string
  url: string
  bytes: Buffer
}

export interface LegacyStore {
  dataDir: string
  /** The PostgreSQL schema holding it, or null for PGlite (DATA_DIR/db). */
  schema: string | null
  databaseUrl: string | null
  partnerId: number
  articleId: number
  /** Rows whose file is in DATA_DIR/uploads. */
  images: LegacyImage[]
  /** A row whose file was lost (deleted by hand, or never copied). */
  missing: LegacyImage
}

export async function legacyStore(
  options: { databaseUrl?: string | null; dataDir?: string } = {},
): Promise<LegacyStore> {
  const { dataDir, schema, databaseUrl, handle } = await storeMigratedTo('0002_search_knn', options)
  try {
    const db = handle.db
    const { rows: partners } = await sql<{ id: number }>`
      insert into partners (name, search_name, description, address, city, lat, lng, email, phone, status)
      values ('Ancienne boutique', 'ancienne boutique', 'D’avant la migration.', '1 rue Vieille', 'Marseille',
              43.3, 5.37, 'vieux@exemple.fr', '04 91 00 00 00', 'ACTIF')
      returning id`.execute(db)
    const partnerId = partners[0].id
    mkdirSync(uploadsDir(dataDir), { recursive: true })
    const make = async (width: number, partner: number | null, onDisk: boolean): Promise<LegacyImage> => {
      const id = randomBytes(12).toString('hex')
      const bytes = await encodeImage(await pngBytes(width, 40))
      await sql`insert into images (id, type, file_name, partner_id)
                values (${id}, 'image/webp', ${`${id}.webp`}, ${partner})`.execute(db)
      if (onDisk) writeFileSync(join(uploadsDir(dataDir), `${id}.webp`), bytes)
      return { id, url: `/uploads/${id}.webp`, bytes }
    }
    const photo = await make(60, partnerId, true)
    const cover = await make(70, null, true)
    const missing = await make(80, partnerId, false)
    const { rows: articles } = await sql<{ id: number }>`
      insert into articles (title, status, position, image_id)
      values ('Article ancien', 'PUBLISHED', 1, ${cover.id}) returning id`.execute(db)
    return {
      dataDir,
      schema,
      databaseUrl,
      partnerId,
      articleId: articles[0].id,
      images: [photo, cover],
      missing,
    }
  } finally {
    await handle.close()
  }
}
