import { readFileSync } from 'node:fs'
import pg from 'pg'
import { loadConfig } from '@/server/config.ts'
import { openDatabase } from '@/server/db/index.ts'
import { keptStoreEnv } from './keptStore.ts'

/** /proc's clock ticks per second (USER_HZ). */
export const HZ = 100

/**
 * The kept PostgreSQL store of perquery.ts, opened twice: the server's handle (one connection, to build the
 * statements as the services do) and a plain client whose backend's CPU is read from /proc (`ticks`).
 */
export async function openMeasuredBackend() {
  const databaseUrl = process.env.DATABASE_URL
  if (!databaseUrl) throw new Error('DATABASE_URL: the kept PostgreSQL store of perquery.ts')
  const schema = process.env.PERQUERY_SCHEMA ?? 'perquery_bench'
  const config = loadConfig(keptStoreEnv({ DATABASE_POOL_MAX: '1' }))
  const handle = await openDatabase({ ...config, databasePoolMax: 1 })
  const client = new pg.Client({ connectionString: databaseUrl, options: `-c search_path=${schema},public` })
  await client.connect()
  const pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0].pid
  /** The backend's user + system CPU so far, in ticks of 1 / HZ s. */
  const ticks = () => {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    return Number(fields[11]) + Number(fields[12])
  }
  return { schema, handle, client, ticks }
}
