/**
 * Global setup of playwright.cluster.config.ts: builds the client once, starts scripts/cluster (a throwaway
 * PostgreSQL, two `server/main.ts` instances serving that build, nginx from deploy/nginx/partenaires.conf) and
 * hands the journey its URLs through the environment. Returns the teardown.
 *
 * The cluster lives in this (runner) process while the test runs in a worker, so nginx's access log — read by
 * the harness — is served to the worker by a small loopback endpoint (see clusterAccessLog in ./env.ts).
 */
import { rmSync } from 'node:fs'
import { createServer } from 'node:http'
import { join } from 'node:path'
import { e2eAdmin } from '@/playwright.config.ts'
import { repoRoot, startCluster } from '@/scripts/cluster/index.ts'
import { appBuild } from '../build.ts'
import { clusterEnvKeys } from './env.ts'

export default async function globalSetup() {
  const dir = process.env[clusterEnvKeys.dir]
  if (!dir) throw new Error(`${clusterEnvKeys.dir} absent : lancer avec -c playwright.cluster.config.ts`)
  try {
    return await start(dir)
  } catch (error) {
    rmSync(dir, { recursive: true, force: true })
    throw error
  }
}

async function start(dir: string) {
  // The instances only read it: a build shared with the single-server journeys (E2E_BUILD_DIR) serves as is.
  const staticDir = appBuild(join(dir, 'dist'), repoRoot)

  const cluster = await startCluster({
    instances: 2,
    env: {
      SEED_DEMO: '1',
      ADMIN_EMAIL: e2eAdmin.email,
      ADMIN_PASSWORD: e2eAdmin.password,
      STATIC_DIR: staticDir,
      GOOGLE_MAPS_API_KEY: '',
      LOG_LEVEL: 'warn',
    },
  })
  const nginx = cluster.nginx
  if (!nginx) {
    await cluster.destroy()
    throw new Error('la grappe a démarré sans nginx')
  }

  const control = createServer((request, response) => {
    const json = (value: unknown) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value))
    if (request.url === '/nginx-access') json(nginx.accessLog())
    // For the failure report: what each instance said during the run.
    else if (request.url === '/logs')
      json(Object.fromEntries(cluster.instances.map((i) => [i.name, i.tail(80)])))
    else response.writeHead(404).end()
  })
  await new Promise<void>((done) => control.listen(0, '127.0.0.1', done))
  const address = control.address()
  const controlPort = typeof address === 'object' && address ? address.port : 0

  process.env[clusterEnvKeys.url] = cluster.url
  process.env[clusterEnvKeys.instances] = JSON.stringify(
    cluster.instances.map((i) => ({ name: i.name, url: i.url, port: i.port })),
  )
  process.env[clusterEnvKeys.control] = `http://127.0.0.1:${controlPort}`

  return async () => {
    await new Promise((done) => control.close(done))
    await cluster.destroy()
    rmSync(dir, { recursive: true, force: true })
  }
}
