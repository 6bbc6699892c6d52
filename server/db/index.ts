import { createHash } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { CompiledQuery, Kysely, PostgresDialect, sql } from 'kysely'
import { Migrator, type Migration } from 'kysely/migration'
import pg from 'pg'
import { defaultPoolMax, type Config } from '../config.ts'
import { migrationProvider, migrations } from './migrations.ts'
import { pgliteThreadDialect } from './pgliteDialect.ts'
import type { Database } from './types.ts'

export type Db = Kysely<Database>

export interface DatabaseHandle {
  db: Db
  kind: 'pglite' | 'postgres'
  /** PostgreSQL schema in use, when not the default one. */
  schema: string | null
  close(): Promise<void>
}

type DbConfig = Pick<Config, 'databaseUrl' | 'databaseSchema' | 'dataDir'> &
  Partial<Pick<Config, 'databasePoolMax' | 'databaseConnectTimeoutMs'>>

export interface DbLog {
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
}

const quietLog: DbLog = { info: () => {}, warn: () => {} }

// pg would parse `date` into a local-midnight Date; keep it as the 'YYYY-MM-DD' text it is.
pg.types.setTypeParser(1082, (value: string) => value)

export function pgliteDir(config: Pick<Config, 'dataDir'>): string {
  return join(config.dataDir, 'db')
}

const pools = new WeakMap<Db, pg.Pool>()

/** The PostgreSQL pool behind `db` (its figures for /metrics, server/metrics.ts); none for the embedded store. */
export const poolOf = (db: Db): pg.Pool | null => pools.get(db) ?? null

/**
 * PGlite under DATA_DIR/db by default (in its own thread, pgliteDialect.ts), PostgreSQL when DATABASE_URL is
 * set; same schema, same SQL.
 */
export async function openDatabase(config: DbConfig, log: DbLog = quietLog): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    const schema = config.databaseSchema
    if (schema && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error('DATABASE_SCHEMA invalide')
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: config.databasePoolMax ?? defaultPoolMax(),
      connectionTimeoutMillis: 5000,
      // No JIT compilation: the plan cached for any values estimates a LIMIT $n at a tenth of the table, so at
      // 1,000,000 partners Find's first page crossed jit_above_cost and spent 120 ms compiling its expressions
      // on every execution to read 51 rows (issue 16's measurements, in BENCHMARKS.md's git history). None of the application's
      // statements runs long enough for compiled expressions to pay back.
      options: ['-c jit=off', ...(schema ? [`-c search_path=${schema},public`] : [])].join(' '),
    })
    // A client whose server goes away emits 'error': idle ones through the pool, checked-out ones on
    // themselves. Without a listener either one crashes the process; the query in flight reports the failure.
    const lost = (error: Error) => log.warn({ err: error }, 'connexion à PostgreSQL perdue')
    pool.on('error', lost)
    pool.on('connect', (client) => {
      client.on('error', lost)
      namePreparedStatements(client)
    })
    await waitForDatabase(pool, config.databaseConnectTimeoutMs ?? 30_000, log)
    if (schema) await pool.query(`create schema if not exists "${schema}"`)
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
    pools.set(db, pool)
    return { db, kind: 'postgres', schema: schema ?? null, close: () => db.destroy() }
  }
  const dir = pgliteDir(config)
  mkdirSync(dir, { recursive: true })
  const db = new Kysely<Database>({ dialect: await pgliteThreadDialect(dir) })
  return { db, kind: 'pglite', schema: null, close: () => db.destroy() }
}

/**
 * Leading a statement's text, asks PostgreSQL to keep it parsed on the connection (a named statement): the
 * search's long text was parsed and analysed again on every request, about a quarter of its CPU in the
 * database (issue 16's measurements, in BENCHMARKS.md's git history). Only for statements whose text takes a bounded number of forms (values
 * as parameters). PGlite ignores it (a comment). A PREPARED statement is planned for each execution's values.
 */
export const PREPARED = '/* prepared */ '

/**
 * As PREPARED, but run with the plan PostgreSQL caches for any values (no planning per execution): only for
 * statements whose best plan is the same whatever the values, a lookup by primary key or the nearest-first walk
 * without a filter. Planning was half a partner details' database CPU and a third of Find's first page.
 */
export const PREPARED_GENERIC = '/* prepared, generic */ '

/**
 * As PREPARED, but run under whichever plan mode the connection is in: a primary-key lookup every signed-in
 * request makes before its main statement (the user), so that the connection switches at most once a request.
 */
export const PREPARED_ANY = '/* prepared, any plan */ '

type PlanMode = 'custom' | 'generic'
const markers: [string, PlanMode | 'any'][] = [
  [PREPARED, 'custom'],
  [PREPARED_GENERIC, 'generic'],
  [PREPARED_ANY, 'any'],
]

/** A built query marked PREPARED (or another marker), for db.executeQuery. */
export function prepared<Row>(query: CompiledQuery<Row>, marker = PREPARED): CompiledQuery<Row> {
  return CompiledQuery.raw(marker + query.sql, [...query.parameters]) as CompiledQuery<Row>
}

/** Statements kept per connection at most; past it, marked ones are sent unnamed as before. */
const PREPARED_MAX = 500

/**
 * Statement names by text, for every connection: hashing a search's few kilobytes of text on each query was
 * 1 % of the server's CPU under load.
 */
const statementNames = new Map<string, string>()
function statementName(text: string): string {
  let name = statementNames.get(text)
  if (name === undefined) {
    name = createHash('sha1').update(text).digest('base64url')
    if (statementNames.size < PREPARED_MAX * 4) statementNames.set(text, name)
  }
  return name
}

/** Statements that may write, whose foreign-key checks and PL/pgSQL triggers run cached plans. */
const WRITES = /^\s*(begin|start|insert|update|delete|merge|copy|call)\b/i
const ROLLBACKS = /^\s*(rollback|abort)\b/i

/**
 * Sends the texts marked with PREPARED, PREPARED_GENERIC or PREPARED_ANY (Kysely's two-argument calls) as
 * node-postgres named statements, named by their text's hash. PREPARED ones under plan_cache_mode =
 * force_custom_plan: planned for each execution's values, because the plan PostgreSQL caches for generic values
 * made a map-box search 5 to 8 times slower. PREPARED_GENERIC ones under
 * force_generic_plan; PREPARED_ANY ones under whichever the connection has. The connection goes back to its
 * default before a write: forced custom plans doubled the cost of inserting rows with a foreign key (the checks
 * are cached plans too). Only speed depends on the mode, never an answer; after a rollback (which may undo a
 * SET) it is set again before the next statement that cares.
 */
function namePreparedStatements(client: pg.PoolClient): void {
  const original = client.query.bind(client) as (...args: unknown[]) => unknown
  // Through node-postgres's callback form: the promise its query() returns kept each result reachable past the
  // next young-generation GC, so every search page (44 KB) was copied, then promoted, and collected by a
  // mark-compact: 12-13 MB promoted per scavenge under the search's load against ~0.1 MB this way (a bare
  // server, same pool and statement: 0.3-1.7 ms scavenges against 20-70 ms; issue 16's measurements).
  const query = (text: unknown, values?: unknown) =>
    new Promise<unknown>((resolve, reject) => {
      const done = (error: Error | null, result: unknown) => (error ? reject(error) : resolve(result))
      if (values === undefined) original(text, done)
      else original(text, values, done)
    })
  const names = new Set<string>()
  let mode: 'default' | PlanMode | 'unknown' = 'default'
  const switchTo = async (to: 'default' | PlanMode) => {
    await query(to === 'default' ? 'reset plan_cache_mode' : `set plan_cache_mode = force_${to}_plan`)
    mode = to
  }
  ;(client as { query: unknown }).query = (...args: unknown[]) => {
    const [text, values] = args
    if (typeof text !== 'string' || args.length > 2) return original(...args)
    const marked = text.startsWith('/* prepared') ? markers.find(([m]) => text.startsWith(m)) : undefined
    if (!marked) {
      if (ROLLBACKS.test(text)) mode = 'unknown'
      else if (mode !== 'default' && WRITES.test(text))
        return switchTo('default').then(() => query(text, values))
      return query(text, values)
    }
    const name = statementName(text)
    if (!names.has(name)) {
      // An unnamed statement is always planned for its values.
      if (names.size >= PREPARED_MAX) return query(text, values)
      names.add(name)
    }
    const named = { name, text, values }
    const wanted = marked[1]
    if (wanted === 'any' || wanted === mode) return query(named)
    return switchTo(wanted).then(() => query(named))
  }
}

export class DatabaseUnreachableError extends Error {}

/**
 * Start-up may race the database (both started together, or PostgreSQL restarting): retry with backoff
 * (0.25 s doubling to 5 s) for up to timeoutMs, then give up with a message an operator can act on.
 */
async function waitForDatabase(pool: pg.Pool, timeoutMs: number, log: DbLog): Promise<void> {
  const deadline = Date.now() + timeoutMs
  let delay = 250
  for (let attempt = 1; ; attempt++) {
    try {
      await pool.query('select 1')
      if (attempt > 1) log.info({ attempt }, 'PostgreSQL joignable : démarrage')
      return
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      if (Date.now() + delay > deadline) {
        await pool.end().catch(() => {})
        throw new DatabaseUnreachableError(
          `PostgreSQL est injoignable depuis ${Math.round(timeoutMs / 1000)} s (${reason}) : vérifiez DATABASE_URL et que le serveur de base de données est démarré, ou allongez DATABASE_CONNECT_TIMEOUT_SECONDS.`,
        )
      }
      log.warn(
        { attempt, retryInMs: delay, reason },
        `PostgreSQL injoignable (essai ${attempt}) : nouvel essai dans ${(delay / 1000).toFixed(2)} s`,
      )
      await new Promise((resolve) => setTimeout(resolve, delay))
      delay = Math.min(delay * 2, 5000)
    }
  }
}

/**
 * Migrations recorded in the database that this release does not know and that come after all of its own: a
 * newer release has migrated the database (a rolling deploy in progress, or a rollback after one).
 */
async function newerReleaseMigrations(handle: Pick<DatabaseHandle, 'db' | 'schema'>): Promise<string[]> {
  const table = `${handle.schema ? `"${handle.schema}".` : ''}kysely_migration`
  const { rows } = await sql<{ exists: boolean }>`select to_regclass(${table}) is not null as exists`.execute(
    handle.db,
  )
  if (!rows[0]?.exists) return []
  const executed = await sql<{ name: string }>`select name from ${sql.raw(table)} order by name`.execute(
    handle.db,
  )
  const last = Object.keys(migrations).sort().at(-1) ?? ''
  return executed.rows.map((r) => r.name).filter((name) => !(name in migrations) && name > last)
}

/**
 * Applies this release's pending migrations. A database already migrated by a newer release is accepted as it
 * is (Kysely alone refuses to start on migrations it does not know): migrations are additive within a
 * release (ARCHITECTURE.md, "Migrations during a rolling deploy"), so an instance of the previous release
 * restarted during a roll, or a rollback, keeps serving. Anything else unknown still stops the start.
 */
export async function migrateToLatest(
  handle: Pick<DatabaseHandle, 'db' | 'schema'>,
  log: DbLog = quietLog,
): Promise<void> {
  const newer = await newerReleaseMigrations(handle)
  if (newer.length > 0)
    log.warn(
      { migrations: newer },
      `La base a des migrations d’une version plus récente (${newer.join(', ')}) : cette version la sert telle quelle`,
    )
  // Already applied, so never run; listed only so the migrator does not take them for missing ones.
  const applied: Migration = {
    up: async () => {
      throw new Error('migration d’une version plus récente')
    },
  }
  // Kysely finds its bookkeeping table in any schema unless told which one.
  const migrator = new Migrator({
    db: handle.db,
    provider:
      newer.length > 0
        ? {
            getMigrations: async () => ({
              ...migrations,
              ...Object.fromEntries(newer.map((n) => [n, applied])),
            }),
          }
        : migrationProvider,
    ...(handle.schema ? { migrationTableSchema: handle.schema } : {}),
  })
  const { error, results } = await migrator.migrateToLatest()
  const failed = results?.find((r) => r.status === 'Error')
  if (error || failed) {
    throw new Error(`Échec de la migration ${failed?.migrationName ?? ''}: ${String(error)}`)
  }
}

export async function pingDatabase(db: Db, timeoutMs = 2000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  try {
    await Promise.race([
      sql`select 1`.execute(db),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), timeoutMs)
      }),
    ])
    return true
  } catch {
    return false
  } finally {
    clearTimeout(timer)
  }
}
