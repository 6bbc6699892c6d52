import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { migrateToLatest, openDatabase } from '../db/index.ts'
import { vacuumEmbeddedStore } from '../db/vacuum.ts'
import { disposeStore, freshStore, silentLog, testConfig } from './helpers.ts'

describe('VACUUM of the embedded store (PGlite has no autovacuum)', () => {
  it('vacuums the tables written since the last VACUUM, once; leaves PostgreSQL to its autovacuum', async () => {
    const store = await freshStore()
    const handle = await openDatabase(testConfig(store.dataDir, { databaseSchema: store.schema }))
    try {
      await migrateToLatest(handle)
      await sql`insert into mail_outbox (recipient, subject, text_body, html_body)
        select 'n' || i || '@exemple.fr', 'Objet ' || i, repeat('texte ', 20), repeat('<p>html</p>', 10)
        from generate_series(1, 3000) i`.execute(handle.db)
      const visible = async () =>
        (
          await sql<{ pages: number; visible: number }>`
            select pg_relation_size('mail_outbox') / current_setting('block_size')::int as pages,
              relallvisible as visible
            from pg_class where oid = 'mail_outbox'::regclass`.execute(handle.db)
        ).rows[0]
      const before = await visible()
      expect(Number(before.pages)).toBeGreaterThanOrEqual(8)

      const first = await vacuumEmbeddedStore(handle, silentLog)
      if (handle.kind === 'pglite') {
        expect(first).toContain('mail_outbox')
        // Every page of the table is now marked all-visible, so index-only scans skip the heap.
        const after = await visible()
        expect(Number(after.visible)).toBeGreaterThanOrEqual(Number(after.pages) * 0.9)
        // Nothing written since: the next start does nothing.
        expect(await vacuumEmbeddedStore(handle, silentLog)).toEqual([])
      } else {
        expect(first).toEqual([])
      }
    } finally {
      await handle.close()
      await disposeStore(store)
    }
  }, 60_000)
})
