import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * The settings (for loadConfig) of the kept, seeded store that perquery.ts, compare-wire.ts and serve-tree.ts
 * share: PostgreSQL when DATABASE_URL is set (schema PERQUERY_SCHEMA, default perquery_bench), else PGlite in
 * PERQUERY_DIR (default $TMPDIR/perquery-pglite).
 */
export function keptStoreEnv(extra: Record<string, string> = {}): Record<string, string | undefined> {
  return {
    ...process.env,
    DATA_DIR: process.env.PERQUERY_DIR ?? join(tmpdir(), 'perquery-pglite'),
    DATABASE_SCHEMA: process.env.DATABASE_URL ? (process.env.PERQUERY_SCHEMA ?? 'perquery_bench') : '',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
    SMTP_URL: '',
    ...extra,
  }
}
