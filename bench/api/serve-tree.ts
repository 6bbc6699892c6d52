/**
 * The API of a source tree (this one, or an older commit's extracted with git archive) on the kept store of
 * perquery.ts, for abhttp.ts: prints its port once listening. The server logs every request, as in production;
 * the parent discards the output.
 *
 *   DATABASE_URL=… PERQUERY_SCHEMA=… node --import tsx bench/api/serve-tree.ts <tree>
 */
import { join, resolve } from 'node:path'
import { keptStoreEnv } from './keptStore.ts'

const root = resolve(process.argv[2] ?? '.')
const { buildApp } = (await import(join(root, 'server/app.ts'))) as typeof import('@/server/app.ts')
const { loadConfig } = (await import(join(root, 'server/config.ts'))) as typeof import('@/server/config.ts')
const { openDatabase } = (await import(
  join(root, 'server/db/index.ts')
)) as typeof import('@/server/db/index.ts')

const config = loadConfig(keptStoreEnv({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' }))
const handle = await openDatabase(config)
const app = await buildApp({ db: handle.db, config, staticDir: null })
await app.listen({ port: 0, host: '127.0.0.1' })
const address = app.server.address()
process.stderr.write(`PORT ${typeof address === 'object' && address ? address.port : 0}\n`)
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => handle.close())
    .then(() => process.exit(0))
})
