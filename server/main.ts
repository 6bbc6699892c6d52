import { existsSync, mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { buildApp } from './app.ts'
import { ensureAdmin } from './bootstrap.ts'
import { loadConfig } from './config.ts'
import { migrateToLatest, openDatabase } from './db/index.ts'
import { seedDemoIfFirstStart } from './seed/index.ts'
import { acquireDataDir, DataDirBusyError } from './services/datalock.ts'

const config = loadConfig()
// The embedded store takes DATA_DIR for this process alone (a second server or a backup would corrupt it).
if (!config.databaseUrl) {
  mkdirSync(config.dataDir, { recursive: true })
  try {
    process.on('exit', acquireDataDir(config.dataDir))
  } catch (error) {
    if (!(error instanceof DataDirBusyError)) throw error
    console.error(error.message)
    process.exit(1)
  }
}
const handle = await openDatabase(config)
await migrateToLatest(handle)
// STATIC_DIR lets a test run serve its own build without racing another run's dist/.
const distDir = resolve(process.env.STATIC_DIR || resolve(import.meta.dirname, '..', 'dist'))
const app = await buildApp({ db: handle.db, config, staticDir: existsSync(distDir) ? distDir : null })
if (config.seedDemo) await seedDemoIfFirstStart(handle.db, config, app.log)
await ensureAdmin(handle.db, config, app.log)

let closing = false
async function shutdown(signal: string) {
  if (closing) return
  closing = true
  app.log.info({ signal }, 'arrêt en cours')
  // Fastify stops accepting connections and lets in-flight requests finish before the store closes.
  const force = setTimeout(() => {
    app.log.error('arrêt forcé après 10 s')
    process.exit(1)
  }, 10_000)
  force.unref()
  // Keep-alive sockets that finish their request after close() began would otherwise linger until
  // their timeout: close each one as soon as it turns idle.
  const reaper = setInterval(() => app.server.closeIdleConnections(), 100)
  reaper.unref()
  try {
    await app.close()
    await handle.close()
    process.exit(0)
  } catch (error) {
    app.log.error({ err: error }, 'erreur pendant l’arrêt')
    process.exit(1)
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))

const address = await app.listen({ port: config.port, host: config.host })
app.log.info(
  { address },
  `Serveur prêt : ${config.publicUrl} (base ${handle.kind}${handle.kind === 'pglite' ? ` dans ${config.dataDir}` : ''})`,
)
