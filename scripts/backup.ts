/**
 * `npm run backup [-- fichier.tar.gz]`: the embedded store (PGlite), the uploaded images and the JWT secret
 * of DATA_DIR in one archive, 0600. Stop the server first (it is checked). With DATABASE_URL set, the
 * archive holds the images and the secret; the database is saved with pg_dump (printed below).
 */
import { resolve } from 'node:path'
import { createBackup } from '../server/services/backup.ts'

const dataDir = resolve(process.env.DATA_DIR?.trim() || './data')
const postgres = Boolean(process.env.DATABASE_URL?.trim())
const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-')
const file = resolve(process.argv[2] ?? `sauvegardes/partenaires-${stamp}.tar.gz`)

try {
  const { bytes, manifest } = await createBackup({ dataDir, file, postgres })
  console.log(
    `Sauvegarde écrite : ${file} (${(bytes / 1024 / 1024).toFixed(1)} Mo, ${manifest.uploads} images${postgres ? '' : ', base PGlite'})`,
  )
  if (postgres) {
    console.log('Base PostgreSQL : sauvegardez-la à part, par exemple :')
    console.log(`  pg_dump --format=custom --file="${file.replace(/\.tar\.gz$/, '')}.dump" "$DATABASE_URL"`)
  }
} catch (error) {
  console.error(`Échec de la sauvegarde : ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}
