/**
 * What the multi-instance files share: the cluster (failing loudly when nginx or PostgreSQL is missing),
 * users written straight into the database, and raw HTTP with a chosen source address.
 */
import http from 'node:http'
import { hash } from '@node-rs/argon2'
import {
  clusterUnavailable,
  startCluster,
  type Cluster,
  type ClusterOptions,
  type LogLine,
} from '@/scripts/cluster/index.ts'

export const ADMIN = { email: 'admin@multi.fr', password: 'admin-multi-instances-42' }
export const adminEnv = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }

/** The cluster, or a failure naming what to install: in CI a missing nginx must not pass as a skip. */
export async function cluster(options: ClusterOptions): Promise<Cluster> {
  const why = clusterUnavailable({ nginx: options.nginx })
  if (why) throw new Error(why)
  return startCluster(options)
}

/**
 * A user row with a cheap argon2id hash: verification reads the cost from the hash, so sign-ins stay fast,
 * and no call to the (rate-limited) register route is spent on fixtures.
 */
export async function createUser(
  c: Cluster,
  email: string,
  password: string,
  options: { admin?: boolean } = {},
): Promise<number> {
  const passwordHash = await hash(password, { algorithm: 2, memoryCost: 256, timeCost: 1, parallelism: 1 })
  const [row] = await c.query<{ id: number }>(
    `insert into users (email, firstname, lastname, password_hash, status, is_admin)
     values ($1, 'Test', 'Multi', $2, 'ACTIF', $3) returning id`,
    [email, passwordHash, options.admin ?? false],
  )
  return row.id
}

export interface RawResponse {
  status: number
  headers: http.IncomingHttpHeaders
  text: string
  json: { message?: string } & Record<string, unknown>
}

/**
 * One request over a fresh connection from `localAddress` (any 127.x.y.z): each test can be its own client
 * address, so per-address counters of one test never eat into another's.
 */
export function rawRequest(
  baseUrl: string,
  options: {
    method?: string
    path: string
    headers?: Record<string, string>
    body?: unknown
    localAddress?: string
  },
): Promise<RawResponse> {
  const url = new URL(baseUrl)
  const body = options.body === undefined ? undefined : JSON.stringify(options.body)
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: options.path,
        method: options.method ?? (body ? 'POST' : 'GET'),
        localAddress: options.localAddress,
        agent: false,
        headers: {
          accept: 'application/json',
          // Explicit: Node sends no body for a DELETE without it.
          ...(body
            ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }
            : {}),
          ...options.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8')
          let json = {}
          try {
            json = JSON.parse(text) as Record<string, unknown>
          } catch {
            // not JSON: left empty, the status says enough
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json })
        })
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

/** A pino line at warn level or above. */
export const isWarnOrWorse = (line: LogLine) => typeof line.json?.level === 'number' && line.json.level >= 40

/** French wording of operator messages (start-up retries, outages). */
export const FRENCH =
  /base de données|connexion|tentative|essai|injoignable|indisponible|démarrage|impossible|réessayez|PostgreSQL.*(?:répond|joignable)/i

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Polls until fn resolves true; returns the milliseconds it took. */
export async function within(ms: number, fn: () => Promise<boolean>, what: string): Promise<number> {
  const start = Date.now()
  for (;;) {
    if (await fn().catch(() => false)) return Date.now() - start
    if (Date.now() - start > ms) throw new Error(`${what} : pas en ${ms} ms`)
    await sleep(50)
  }
}

export async function isReady(url: string): Promise<boolean> {
  const res = await fetch(`${url}/api/health/ready`, { signal: AbortSignal.timeout(1000) })
  await res.arrayBuffer()
  return res.status === 200
}
