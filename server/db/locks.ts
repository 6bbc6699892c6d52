import { sql, type Transaction } from 'kysely'
import type { Db } from './index.ts'
import type { Database } from './types.ts'

/**
 * Keys of the PostgreSQL advisory locks taken at start. Any number of instances may start at the same
 * instant: each one-time step (demo seed, admin bootstrap, legacy file import, generated secret) runs in a
 * transaction holding its lock, and checks inside it whether another instance already did the work.
 */
export const startupLocks = {
  seed: 72_301,
  admin: 72_302,
  legacyUploads: 72_303,
  jwtSecret: 72_304,
} as const

/**
 * Keys of the advisory locks that serialize a few writes whose rule spans several rows, on every instance: the
 * count of active administrators (none may be left without one) and the order of the articles (one position
 * each). Each is taken inside the write's transaction, so the rule is checked on what the others committed.
 */
export const writeLocks = {
  administrators: 72_401,
  articlePositions: 72_402,
} as const

/**
 * Keys of the advisory locks of periodic jobs every instance runs: whoever takes the lock does the round, the
 * others skip it (pg_try_advisory_xact_lock), so a round never runs twice at once.
 */
export const jobLocks = {
  retention: 72_501,
} as const

/** Takes the advisory lock `key` until `trx` commits or rolls back. */
export async function lockForTransaction(trx: Transaction<Database>, key: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(${key})`.execute(trx)
}

/** Runs fn in a transaction that holds the advisory lock `key` until it commits or rolls back. */
export async function withAdvisoryLock<T>(
  db: Db,
  key: number,
  fn: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await lockForTransaction(trx, key)
    return fn(trx)
  })
}
