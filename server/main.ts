import { existsSync, mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Server } from 'node:http'
import pino from 'pino'
import { buildApp, loggerOptions } from './app.ts'
import { ensureAdmin } from './bootstrap.ts'
import { loadConfig, type Config } from './config.ts'
import type { Lifecycle } from './context.ts'
import { metricsSettings, serveMetrics, type MetricsSettings } from './metrics.ts'
import { DatabaseUnreachableError, migrateToLatest, openDatabase, type DatabaseHandle } from './db/index.ts'
import { vacuumEmbeddedStore } from './db/vacuum.ts'
import { seedDemoIfFirstStart } from './seed/index.ts'
import { acquireDataDir, DataDirBusyError } from './services/datalock.ts'
import { backfillImageVariants, importLegacyUploads } from './services/images.ts'
import { SigningKeyFileError } from './services/secret.ts'

// JSON lines from the first message on, so a supervisor or log collector reads start-up failures too.
let log = pino(loggerOptions({ logLevel: process.env.LOG_LEVEL?.trim() || 'info' }))

function fail(message: string, error?: unknown): never {
  log.fatal(error instanceof Error ? { err: error } : {}, message)
  log.flush()
  process.exit(1)
}

let config: Config
try {
  config = loadConfig()
} catch (error) {
  fail(`Configuration invalide : ${error instanceof Error ? error.message : String(error)}`)
}
log = pino(loggerOptions(config))
let metrics: MetricsSettings
try {
  metrics = metricsSettings(process.env, config.port)
} catch (error) {
  fail(`Configuration invalide : ${error instanceof Error ? error.message : String(error)}`)
}

// The embedded store takes DATA_DIR for this process alone (a second server or a backup would corrupt it).
if (!config.databaseUrl) {
  mkdirSync(config.dataDir, { recursive: true })
  try {
    process.on('exit', acquireDataDir(config.dataDir))
  } catch (error) {
    if (error instanceof DataDirBusyError) fail(error.message)
    throw error
  }
}

const lifecycle: Lifecycle = { draining: false }
let handle: DatabaseHandle
let app: Awaited<ReturnType<typeof buildApp>>
try {
  handle = await openDatabase(config, log)
  await migrateToLatest(handle, log)
  // Photos of a store from before images moved into the database.
  await importLegacyUploads(handle.db, config.dataDir, log)
  // STATIC_DIR lets a test run serve its own build without racing another run's dist/.
  const distDir = resolve(process.env.STATIC_DIR || resolve(import.meta.dirname, '..', 'dist'))
  app = await buildApp({
    db: handle.db,
    config,
    staticDir: existsSync(distDir) ? distDir : null,
    lifecycle,
    metrics,
  })
  if (config.seedDemo) await seedDemoIfFirstStart(handle.db, config, app.log)
  await ensureAdmin(handle.db, config, app.log)
  // PGlite has no autovacuum: its tables written since the last VACUUM are vacuumed before it serves.
  await vacuumEmbeddedStore(handle, app.log)
} catch (error) {
  fail(
    `Démarrage impossible : ${error instanceof Error ? error.message : String(error)}`,
    // Operators' matters: the message says it all, a stack would only add noise.
    error instanceof DatabaseUnreachableError || error instanceof SigningKeyFileError ? undefined : error,
  )
}

let metricsServer: Server | null = null
let closing = false
/**
 * SIGTERM: readiness turns 503 at once and stays so for DRAIN_SECONDS while requests are still served (each
 * response closing its connection), so a balancer stops sending new ones; then the server stops listening,
 * lets in-flight requests finish, closes the store and exits 0.
 */
async function shutdown(signal: string) {
  if (closing) return
  closing = true
  lifecycle.draining = true
  app.log.info({ signal, drainMs: config.drainMs }, 'arrêt demandé : l’instance se retire du répartiteur')
  const force = setTimeout(() => {
    app.log.error('arrêt forcé : des requêtes ne se sont pas terminées à temps')
    process.exit(1)
  }, config.drainMs + 10_000)
  force.unref()
  await new Promise((done) => setTimeout(done, config.drainMs))
  // Keep-alive sockets that finish a request after close() began would otherwise linger until their
  // timeout: close each one as soon as it turns idle.
  const reaper = setInterval(() => app.server.closeIdleConnections(), 100)
  reaper.unref()
  try {
    await app.close()
    // Last, so the drain itself can be watched.
    metricsServer?.close()
    await handle.close()
    app.log.info('arrêt terminé')
    process.exit(0)
  } catch (error) {
    app.log.error({ err: error }, 'erreur pendant l’arrêt')
    process.exit(1)
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))

try {
  const address = await app.listen({ port: config.port, host: config.host })
  app.log.info(
    { address },
    `Serveur prêt : ${config.publicUrl} (base ${handle.kind}${handle.kind === 'pglite' ? ` dans ${config.dataDir}` : ''})`,
  )
} catch (error) {
  fail(`Écoute impossible sur ${config.host}:${config.port}`, error)
}
if (metrics.port !== null && app.metrics) {
  try {
    metricsServer = await serveMetrics(app.metrics, config.host, metrics.port)
    app.log.info({ port: metrics.port }, `Métriques Prometheus sur le port ${metrics.port} (/metrics)`)
  } catch (error) {
    fail(`Écoute impossible sur ${config.host}:${metrics.port} (METRICS_PORT)`, error)
  }
}

// Variants of images stored without them (older stores, the demo seed), while already serving: the app
// shows the originals meanwhile. Stops between two images when the instance drains; closing waits for it.
app.backgroundWork.track(
  backfillImageVariants(handle.db, app.log, () => lifecycle.draining).catch((error: unknown) =>
    app.log.error({ err: error }, 'copies réduites des images interrompues'),
  ),
)
