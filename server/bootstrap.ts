import type { FastifyBaseLogger } from 'fastify'
import type { Config } from './config.ts'
import type { Db } from './db/index.ts'
import { checkPasswordPolicy, createPasswordHasher } from './services/passwords.ts'
import { sql } from 'kysely'

/**
 * ADMIN_EMAIL + ADMIN_PASSWORD: creates that admin on first start; later starts keep the account
 * (and its password, possibly changed since) but make sure it is still an active admin.
 */
export async function ensureAdmin(
  db: Db,
  config: Config,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
): Promise<void> {
  if (!config.adminEmail) return
  const existing = await db
    .selectFrom('users')
    .select(['id', 'is_admin', 'status', 'password_hash'])
    .where('email', '=', config.adminEmail)
    .executeTakeFirst()
  if (existing) {
    if (
      !existing.is_admin ||
      existing.status !== 'ACTIF' ||
      (!existing.password_hash && config.adminPassword)
    ) {
      const password_hash =
        !existing.password_hash && config.adminPassword
          ? await createPasswordHasher(config.argon2).hash(config.adminPassword)
          : undefined
      await db
        .updateTable('users')
        .set({
          is_admin: true,
          status: 'ACTIF',
          token_version: sql`token_version + 1`,
          ...(password_hash ? { password_hash } : {}),
        })
        .where('id', '=', existing.id)
        .execute()
      log.info({ email: config.adminEmail }, 'admin account restored')
    }
    return
  }
  if (!config.adminPassword) {
    log.warn('ADMIN_EMAIL est défini sans ADMIN_PASSWORD : aucun administrateur créé')
    return
  }
  checkPasswordPolicy(config.adminPassword, 'ADMIN_PASSWORD')
  const passwordHash = await createPasswordHasher(config.argon2).hash(config.adminPassword)
  await db
    .insertInto('users')
    .values({
      email: config.adminEmail,
      firstname: 'Admin',
      lastname: 'Administrateur',
      password_hash: passwordHash,
      status: 'ACTIF',
      is_admin: true,
    })
    .execute()
  log.info({ email: config.adminEmail }, 'admin account created')
}
