import type { FastifyBaseLogger } from 'fastify'
import { sql } from 'kysely'
import type { Config } from './config.ts'
import type { Db } from './db/index.ts'
import { startupLocks, withAdvisoryLock } from './db/locks.ts'
import { checkPasswordPolicy, createPasswordHasher } from './services/passwords.ts'

/**
 * ADMIN_EMAIL + ADMIN_PASSWORD: creates that admin on first start; later starts keep the account
 * (and its password, possibly changed since) but make sure it is still an active admin. Runs under an
 * advisory lock: instances starting at the same instant create the account once.
 */
export async function ensureAdmin(
  db: Db,
  config: Config,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
): Promise<void> {
  if (!config.adminEmail) return
  const email = config.adminEmail
  const before = await db
    .selectFrom('users')
    .select(['is_admin', 'status', 'password_hash'])
    .where('email', '=', email)
    .executeTakeFirst()
  if (before?.is_admin && before.status === 'ACTIF' && (before.password_hash || !config.adminPassword)) return
  if (!before && !config.adminPassword) {
    log.warn('ADMIN_EMAIL est défini sans ADMIN_PASSWORD : aucun administrateur créé')
    return
  }
  if (!before && config.adminPassword) checkPasswordPolicy(config.adminPassword, 'ADMIN_PASSWORD')
  // Hashed before taking the lock (argon2 is slow); used only if the account still lacks a password then.
  const passwordHash =
    config.adminPassword && !before?.password_hash
      ? await createPasswordHasher(config.argon2).hash(config.adminPassword)
      : undefined

  const outcome = await withAdvisoryLock(db, startupLocks.admin, async (trx) => {
    const existing = await trx
      .selectFrom('users')
      .select(['id', 'is_admin', 'status', 'password_hash'])
      .where('email', '=', email)
      .executeTakeFirst()
    if (existing) {
      const addHash = !existing.password_hash && passwordHash
      if (existing.is_admin && existing.status === 'ACTIF' && !addHash) return 'unchanged'
      await trx
        .updateTable('users')
        .set({
          is_admin: true,
          status: 'ACTIF',
          token_version: sql`token_version + 1`,
          ...(addHash ? { password_hash: passwordHash } : {}),
        })
        .where('id', '=', existing.id)
        .execute()
      return 'restored'
    }
    if (!passwordHash) return 'unchanged'
    await trx
      .insertInto('users')
      .values({
        email,
        firstname: 'Admin',
        lastname: 'Administrateur',
        password_hash: passwordHash,
        status: 'ACTIF',
        is_admin: true,
      })
      .execute()
    return 'created'
  })
  if (outcome === 'created') log.info({ email }, 'admin account created')
  if (outcome === 'restored') log.info({ email }, 'admin account restored')
}
