/**
 * `npm run restore -- fichier [--force]`: puts back what `npm run backup` wrote.
 * A .tar.gz goes into DATA_DIR, server stopped; existing data is refused without --force, and moved aside
 * (not deleted) with it. A pg_dump file goes into the database of DATABASE_URL with pg_restore; a database
 * that already holds tables is refused without --force, and replaced with it.
 */
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { isPgDump, restoreBackup, restorePostgres } from '../server/services/backup.ts'
import type { CommandIo } from './backupCommand.ts'

/** Runs `npm run restore` with `io` in place of the process: the exit status. */
export async function runRestore({ env, args, out, err }: CommandIo): Promise<number> {
  const force = args.includes('--force')
  const arg = args.find((a) => !a.startsWith('--'))
  if (!arg) {
    err('Usage : npm run restore -- <sauvegarde.tar.gz | sauvegarde.dump> [--force]')
    return 2
  }
  const file = resolve(arg)
  const dataDir = resolve(env.DATA_DIR?.trim() || './data')
  const databaseUrl = env.DATABASE_URL?.trim() || null

  try {
    if (!existsSync(file)) throw new Error(`Sauvegarde introuvable : ${file}`)
    if (isPgDump(file)) {
      if (!databaseUrl)
        throw new Error(
          'Ce fichier est une sauvegarde PostgreSQL (pg_dump) : définissez DATABASE_URL vers la base où la restaurer.',
        )
      const { users, images } = await restorePostgres({
        databaseUrl,
        file,
        force,
        schema: env.DATABASE_SCHEMA?.trim() || null,
      })
      const counts = users === null ? '' : ` : ${users} comptes, ${images ?? 0} images`
      out(`Base PostgreSQL restaurée depuis ${file} (pg_restore)${counts}.`)
      out('Un pg_dump étant une sauvegarde complète (images comprises), il n’y a rien d’autre à restaurer.')
    } else {
      const summary = await restoreBackup({ file, dataDir, force, postgres: Boolean(databaseUrl) })
      if (summary.manifest.database === 'pglite') {
        out(
          `Restauré dans ${dataDir} : base PGlite, ${summary.users} comptes, ${summary.images} images (sauvegarde du ${summary.manifest.createdAt}).`,
        )
      } else {
        out(
          `Restauré dans ${dataDir} : fichiers d’une sauvegarde de l’ancien format (du ${summary.manifest.createdAt}).`,
        )
        out('La base PostgreSQL se restaure avec son pg_dump : npm run restore -- sauvegarde.dump')
      }
      if (summary.uploads > 0)
        out(
          `${summary.uploads} image(s) remise(s) dans DATA_DIR/uploads : le serveur les importe dans la base à son prochain démarrage.`,
        )
      if (summary.previous) out(`Les données remplacées ont été déplacées dans ${summary.previous}.`)
    }
  } catch (error) {
    err(`Échec de la restauration : ${error instanceof Error ? error.message : String(error)}`)
    return 1
  }
  return 0
}
