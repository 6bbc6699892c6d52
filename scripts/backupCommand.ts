/**
 * `npm run backup [-- fichier]`: a complete backup (accounts, partners, articles, images, generated JWT key).
 * Embedded store (PGlite): one 0600 .tar.gz of DATA_DIR's database, server stopped (it is checked).
 * With DATABASE_URL: pg_dump in custom format (0600) of that whole database; servers may keep running.
 */
import { existsSync, readdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { createBackup, dumpPostgres } from '../server/services/backup.ts'
import { IMAGE_FILE_NAME, uploadsDir } from '../server/services/images.ts'

/** What a command reads from its process (scripts/backup.ts passes the real ones) and where it prints. */
export interface CommandIo {
  env: Record<string, string | undefined>
  args: readonly string[]
  out: (line: string) => void
  err: (line: string) => void
}

const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(1)

/** Runs `npm run backup` with `io` in place of the process: the exit status. */
export async function runBackup({ env, args, out, err }: CommandIo): Promise<number> {
  const dataDir = resolve(env.DATA_DIR?.trim() || './data')
  const databaseUrl = env.DATABASE_URL?.trim() || null
  const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-')
  try {
    if (databaseUrl) {
      const file = resolve(args[0] ?? `sauvegardes/partenaires-${stamp}.dump`)
      const { bytes } = await dumpPostgres({ databaseUrl, file, path: env.PATH ?? '' })
      out(`Sauvegarde PostgreSQL écrite : ${file} (${megabytes(bytes)} Mo, pg_dump au format custom).`)
      out(
        'Ce seul fichier est une sauvegarde complète de la base : comptes, partenaires, articles, images comprises, et la clé de signature générée si JWT_SECRET n’est pas défini.',
      )
      out(`Restauration : npm run restore -- "${file}"`)
      // Files of a store from before images moved into the database, if this machine still has them.
      const legacy = existsSync(uploadsDir(dataDir))
        ? readdirSync(uploadsDir(dataDir)).filter((n) => IMAGE_FILE_NAME.test(n)).length
        : 0
      if (legacy > 0) {
        out(
          `${uploadsDir(dataDir)} contient encore ${legacy} image(s) de l’ancien stockage : le serveur les importe dans la base à son démarrage ; une fois fait et cette sauvegarde faite, ce dossier peut être supprimé.`,
        )
      }
    } else {
      const file = resolve(args[0] ?? `sauvegardes/partenaires-${stamp}.tar.gz`)
      const { bytes, manifest, jwtSecretFile } = await createBackup({ dataDir, file })
      out(
        `Sauvegarde écrite : ${file} (${megabytes(bytes)} Mo) : base PGlite complète, comptes, partenaires, articles, images et clé de signature générée compris.`,
      )
      if (manifest.uploads > 0 || jwtSecretFile) {
        out(
          `Elle contient aussi ${manifest.uploads} image(s) de DATA_DIR/uploads${jwtSecretFile ? ' et DATA_DIR/jwt-secret' : ''}, que le serveur n’a pas encore importés dans la base (il le fait à son prochain démarrage).`,
        )
      }
    }
  } catch (error) {
    err(`Échec de la sauvegarde : ${error instanceof Error ? error.message : String(error)}`)
    return 1
  }
  return 0
}
