import { sql } from 'kysely'
import { rmSync } from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import { migrateToLatest } from '../db/index.ts'
import { migrations } from '../db/migrations.ts'
import { storeMigratedTo, type OlderStore } from './helpers.ts'

/**
 * During a rolling deploy the new release migrates the database while the previous one still runs; an
 * instance of the previous release that restarts then (or a rollback) must still start on it
 * (ARCHITECTURE.md, "Migrations during a rolling deploy"). Kysely alone refuses migrations it does not know.
 */

const last = Object.keys(migrations).at(-1)!
let store: OlderStore | null = null
afterEach(async () => {
  await store?.handle.close()
  if (store) rmSync(store.dataDir, { recursive: true, force: true })
  store = null
})

const record = (name: string) =>
  sql`insert into kysely_migration (name, timestamp) values (${name}, ${new Date().toISOString()})`.execute(
    store!.handle.db,
  )

describe('a database migrated by a newer release', () => {
  it('is served as it is, with a warning naming the newer migrations', async () => {
    store = await storeMigratedTo(last)
    await record('9999_de_la_version_suivante')
    const warnings: { obj: object; msg: string }[] = []
    await migrateToLatest(store.handle, { info: () => {}, warn: (obj, msg) => warnings.push({ obj, msg }) })
    expect(warnings).toEqual([
      {
        obj: { migrations: ['9999_de_la_version_suivante'] },
        msg: 'La base a des migrations d’une version plus récente (9999_de_la_version_suivante) : cette version la sert telle quelle',
      },
    ])
  })

  it('still applies this release’s own pending migrations first, and refuses an unknown one among them', async () => {
    const names = Object.keys(migrations)
    store = await storeMigratedTo(names.at(-2)!)
    await migrateToLatest(store.handle)
    const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
      store.handle.db,
    )
    expect(applied.rows.map((r) => r.name)).toEqual(names)

    // An unknown migration sorted before this release's last one is not a newer release: the start stops.
    await record('0001a_inconnue')
    await expect(migrateToLatest(store.handle)).rejects.toThrow(/0001a_inconnue/)
  })
})
