/**
 * `npm run restore -- fichier.tar.gz [--force]`: puts an archive made by `npm run backup` back into
 * DATA_DIR, server stopped. Existing data is refused without --force, and moved aside (not deleted) with it.
 */
import { resolve } from 'node:path'
import { restoreBackup } from '../server/services/backup.ts'

const args = process.argv.slice(2)
const force = args.includes('--force')
const file = args.find((a) => !a.startsWith('--'))
if (!file) {
  console.error('Usage : npm run restore -- <sauvegarde.tar.gz> [--force]')
  process.exit(2)
}
const dataDir = resolve(process.env.DATA_DIR?.trim() || './data')

try {
  const summary = await restoreBackup({ file: resolve(file), dataDir, force })
  console.log(
    `Restauré dans ${dataDir} : ${summary.uploads} images${summary.users === null ? '' : `, ${summary.users} comptes`} (sauvegarde du ${summary.manifest.createdAt}).`,
  )
  if (summary.previous) console.log(`Les données remplacées ont été déplacées dans ${summary.previous}.`)
  if (summary.manifest.database === 'postgresql') {
    console.log('Base PostgreSQL : restaurez-la à part, par exemple :')
    console.log('  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" sauvegarde.dump')
  }
} catch (error) {
  console.error(`Échec de la restauration : ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}
