import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../db/index.ts'
import { isDatabaseUnavailable } from '../errors.ts'
import { disposeStore, freshStore, testConfig } from './helpers.ts'

/** The embedded store in its own thread (server/db/pgliteDialect.ts): what the services rely on still holds. */
describe('PGlite in its own thread', () => {
  it('a transaction holds the store, errors keep PostgreSQL’s fields, bytes and dates come back as such, and a closed store reads as unavailable', async () => {
    const store = await freshStore()
    const handle = await openDatabase(testConfig(store.dataDir, { databaseUrl: null, databaseSchema: null }))
    const { db } = handle
    try {
      await sql`create table thread_probe (id int primary key, data bytea)`.execute(db)

      // A statement sent while a transaction is open waits for its end: run inside it, it would have seen the
      // row the rollback removes.
      let outside: Promise<number> | undefined
      await expect(
        db.transaction().execute(async (trx) => {
          await sql`insert into thread_probe values (1, null)`.execute(trx)
          outside = sql<{ n: number }>`select count(*)::int as n from thread_probe`
            .execute(db)
            .then((r) => r.rows[0].n)
          await sql`select pg_sleep(0.05)`.execute(trx)
          throw new Error('annulée')
        }),
      ).rejects.toThrow('annulée')
      expect(await outside).toBe(0)

      await sql`insert into thread_probe values (2, ${Buffer.from([0, 1, 255])})`.execute(db)
      const duplicate = await sql`insert into thread_probe values (2, null)`.execute(db).then(
        () => null,
        (error: unknown) => error,
      )
      expect(duplicate).toMatchObject({
        code: '23505',
        constraint: 'thread_probe_pkey',
        detail: 'Key (id)=(2) already exists.',
        message: expect.stringContaining('duplicate key'),
      })
      expect(duplicate).toBeInstanceOf(Error)

      // Statements from concurrent requests, sent together, each get their own answer.
      const answers = await Promise.all(
        [1, 2, 3, 4].map((i) =>
          sql<{ i: number }>`select ${i}::int as i`.execute(db).then((r) => r.rows[0].i),
        ),
      )
      expect(answers).toEqual([1, 2, 3, 4])
      const [row] = (
        await sql<{ data: Uint8Array; at: Date }>`select data, now() as at from thread_probe`.execute(db)
      ).rows
      expect([...row.data]).toEqual([0, 1, 255])
      expect(row.at).toBeInstanceOf(Date)
    } finally {
      await handle.close()
    }
    const closed = await sql`select 1`.execute(db).then(
      () => null,
      (error: unknown) => error,
    )
    expect(isDatabaseUnavailable(closed)).toBe(true)
    await disposeStore(store)
  }, 60_000)
})
