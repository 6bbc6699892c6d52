import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Config } from '../config.ts'
import type { Db } from '../db/index.ts'
import { startupLocks, withAdvisoryLock } from '../db/locks.ts'

const SECRET_KEY = 'jwt_secret'
const MIN_LENGTH = 32

interface Log {
  info(obj: object, msg: string): void
}

export class SigningKeyFileError extends Error {}

/**
 * DATA_DIR/jwt-secret as written before the key moved to the database. A file that is there but unusable
 * (unreadable, a directory, too short, not text) stops the start: replacing it would sign every user out
 * without anyone deciding it.
 */
function legacySecretFile(dataDir: string): string | null {
  const file = join(dataDir, 'jwt-secret')
  let text: string
  try {
    text = readFileSync(file, 'utf8').trim()
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT') return null
    throw new SigningKeyFileError(
      `Le fichier de clé de signature ${file} est illisible (${code ?? 'erreur inconnue'}) : corrigez-le, ou supprimez-le pour qu’une nouvelle clé soit générée (les utilisateurs devront se reconnecter).`,
    )
  }
  if (text.length >= MIN_LENGTH && /^[\x21-\x7e]+$/.test(text)) return text
  throw new SigningKeyFileError(
    `Le fichier de clé de signature ${file} est endommagé (${text.length < MIN_LENGTH ? `moins de ${MIN_LENGTH} caractères` : 'caractères non imprimables'}) : restaurez-le, ou supprimez-le pour qu’une nouvelle clé soit générée (les utilisateurs devront se reconnecter).`,
  )
}

/**
 * The key that signs sign-in tokens. JWT_SECRET wins; otherwise the key generated once is kept in the
 * database (app_meta), so every instance signs and verifies alike and a database backup carries it. A key
 * left in DATA_DIR/jwt-secret by an older version is adopted, so signed-in users stay signed in.
 */
export async function resolveJwtSecret(
  db: Db,
  config: Pick<Config, 'jwtSecret' | 'dataDir'>,
  log: Log,
): Promise<string> {
  if (config.jwtSecret) return config.jwtSecret
  const stored = await db
    .selectFrom('app_meta')
    .select('value')
    .where('key', '=', SECRET_KEY)
    .executeTakeFirst()
  if (stored && stored.value.length >= MIN_LENGTH) return stored.value
  return withAdvisoryLock(db, startupLocks.jwtSecret, async (trx) => {
    const again = await trx
      .selectFrom('app_meta')
      .select('value')
      .where('key', '=', SECRET_KEY)
      .executeTakeFirst()
    if (again && again.value.length >= MIN_LENGTH) return again.value
    const legacy = legacySecretFile(config.dataDir)
    const secret = legacy ?? randomBytes(48).toString('base64url')
    await trx
      .insertInto('app_meta')
      .values({ key: SECRET_KEY, value: secret })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: secret }))
      .execute()
    log.info(
      {},
      legacy
        ? 'secret JWT repris de DATA_DIR/jwt-secret et conservé dans la base'
        : 'secret JWT généré et conservé dans la base (partagé par toutes les instances)',
    )
    return secret
  })
}
