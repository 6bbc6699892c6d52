/**
 * Prometheus metrics (prom-client), off unless METRICS_PORT or METRICS_TOKEN is set: the RED figures per route
 * (requests by method, route and status; latency histograms), the PostgreSQL pool (size, idle, waiting,
 * connection errors), the mail outbox (pending, abandoned, age of the oldest pending mail, read at scrape time),
 * rate-limit refusals and the process's own figures (CPU, memory, event loop, GC). Each app has its own
 * registry, so several apps in one process (the API tests) never mix their counts.
 *
 * Never public: on METRICS_PORT, a listener of its own that nginx does not proxy; on the public port only with
 * `Authorization: Bearer <METRICS_TOKEN>`. Alerts to start from: server/README.md, "Metrics".
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import http from 'node:http'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { sql } from 'kysely'
import type pg from 'pg'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import type { Db } from './db/index.ts'

export interface MetricsSettings {
  /** A listener of its own for GET /metrics (no token needed there unless METRICS_TOKEN is set), or null. */
  port: number | null
  /** Bearer token for GET /metrics on the public port (and on METRICS_PORT when both are set), or null. */
  token: string | null
}

/** METRICS_PORT and METRICS_TOKEN; throws a French message on a value that cannot be meant. */
export function metricsSettings(
  env: Record<string, string | undefined>,
  publicPort: number,
): MetricsSettings {
  const rawPort = env.METRICS_PORT?.trim()
  const rawToken = env.METRICS_TOKEN?.trim()
  let port: number | null = null
  if (rawPort) {
    port = Number(rawPort)
    if (!/^\d+$/.test(rawPort) || port < 1 || port > 65535)
      throw new Error(`METRICS_PORT doit être un port entre 1 et 65535 (reçu « ${rawPort} »)`)
    if (port === publicPort)
      throw new Error('METRICS_PORT doit différer de PORT : les métriques ne doivent pas être publiques')
  }
  // Guessable tokens would make the figures public again.
  if (rawToken && rawToken.length < 24) throw new Error('METRICS_TOKEN doit compter au moins 24 caractères')
  return { port, token: rawToken || null }
}

export const metricsEnabled = (settings: MetricsSettings | null | undefined): settings is MetricsSettings =>
  Boolean(settings && (settings.port !== null || settings.token !== null))

export interface AppMetrics {
  registry: Registry
  settings: MetricsSettings
  /** True when the request carries the configured token (or none is configured). */
  authorized(header: string | undefined): boolean
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics | null
  }
}

/** The route's pattern (/api/partners/:partnerId), never the raw URL: one series per route, not per id. */
function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? 'sans route'
}

const digest = (text: string) => createHash('sha256').update(text).digest()

/**
 * Registers the hooks and, with a token, GET /metrics on the app. Call it before the routes, so every route
 * gets the hooks. `pool` is the PostgreSQL pool (none with the embedded store, which has a single connection).
 */
export function installMetrics(
  app: FastifyInstance,
  options: { db: Db; pool: pg.Pool | null; settings: MetricsSettings },
): AppMetrics {
  const { db, pool, settings } = options
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requêtes HTTP terminées, par méthode, route (motif) et statut',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  })
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Durée des requêtes HTTP (de l’arrivée à la fin de la réponse), par méthode et route',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  })
  const rateLimited = new Counter({
    name: 'http_rate_limited_total',
    help: 'Requêtes refusées par une limite de débit (429), par route',
    labelNames: ['route'] as const,
    registers: [registry],
  })
  app.addHook('onResponse', (request, reply, done) => {
    const route = routeOf(request)
    const method = request.method
    requests.inc({ method, route, status: String(reply.statusCode) })
    duration.observe({ method, route }, reply.elapsedTime / 1000)
    if (reply.statusCode === 429) rateLimited.inc({ route })
    done()
  })

  new Gauge({
    name: 'db_info',
    help: 'Base utilisée : postgres (pool de connexions) ou pglite (intégrée, une seule connexion)',
    labelNames: ['kind'] as const,
    registers: [registry],
    collect() {
      this.set({ kind: pool ? 'postgres' : 'pglite' }, 1)
    },
  })
  if (pool) {
    const poolGauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read())
        },
      })
    poolGauge('db_pool_size', 'Connexions ouvertes du pool PostgreSQL', () => pool.totalCount)
    poolGauge('db_pool_idle', 'Connexions ouvertes inoccupées', () => pool.idleCount)
    poolGauge('db_pool_waiting', 'Requêtes en attente d’une connexion', () => pool.waitingCount)
    poolGauge('db_pool_max', 'Connexions au plus (DATABASE_POOL_MAX)', () => pool.options.max ?? 10)
    const errors = new Counter({
      name: 'db_pool_errors_total',
      help: 'Connexions PostgreSQL perdues (serveur arrêté, redémarré, réseau coupé)',
      registers: [registry],
    })
    // Idle clients report through the pool, checked-out ones on themselves (db/index.ts listens to both).
    const onError = () => errors.inc()
    const onConnect = (client: pg.PoolClient) => client.on('error', onError)
    pool.on('error', onError)
    pool.on('connect', onConnect)
    app.addHook('onClose', async () => {
      pool.off('error', onError)
      pool.off('connect', onConnect)
    })
  }

  // Read at scrape time through the partial index on unsent mails: cheap while the backlog is small, which is
  // what the alert watches for.
  let outbox: Promise<{ pending: number; failed: number; oldest: number }> | null = null
  const readOutbox = () =>
    (outbox ??= sql<{ pending: string; failed: string; oldest: string | null }>`
      select count(*) filter (where next_attempt_at <> 'infinity') as pending,
             count(*) filter (where next_attempt_at = 'infinity') as failed,
             extract(epoch from now() - min(created_at) filter (where next_attempt_at <> 'infinity')) as oldest
      from mail_outbox where sent_at is null`
      .execute(db)
      .then(({ rows: [row] }) => ({
        pending: Number(row.pending),
        failed: Number(row.failed),
        oldest: Number(row.oldest ?? 0),
      }))
      .finally(() => (outbox = null)))
  const outboxGauge = (
    name: string,
    help: string,
    pick: (o: Awaited<ReturnType<typeof readOutbox>>) => number,
  ) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        try {
          this.set(pick(await readOutbox()))
        } catch {
          // Database unreachable: the series is left out of this scrape (absent() alerts see it), the
          // other figures are still served.
          this.reset()
        }
      },
    })
  outboxGauge(
    'mail_outbox_pending',
    'Mails en attente d’envoi (y compris ceux qui seront réessayés)',
    (o) => o.pending,
  )
  outboxGauge(
    'mail_outbox_failed',
    'Mails abandonnés après échecs (non envoyés, plus réessayés)',
    (o) => o.failed,
  )
  outboxGauge(
    'mail_outbox_oldest_pending_seconds',
    'Âge du plus ancien mail en attente (0 sans attente)',
    (o) => o.oldest,
  )

  const expected = settings.token === null ? null : digest(`Bearer ${settings.token}`)
  const metrics: AppMetrics = {
    registry,
    settings,
    authorized: (header) => expected === null || timingSafeEqual(digest(header ?? ''), expected),
  }

  if (settings.token !== null) {
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!metrics.authorized(request.headers.authorization))
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer realm="metrics"')
          .send({ message: 'Jeton des métriques absent ou invalide.' })
      return reply
        .header('content-type', registry.contentType)
        .header('cache-control', 'no-store')
        .send(await registry.metrics())
    })
  }
  return metrics
}

/**
 * GET /metrics on METRICS_PORT, beside the public server: bind it where only Prometheus reaches it (the
 * instances' private network), never publish it. Answers 404 to anything else.
 */
export async function serveMetrics(metrics: AppMetrics, host: string, port: number): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const send = (status: number, body: string, type = 'application/json; charset=utf-8') => {
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' })
      res.end(body)
    }
    if ((req.url ?? '').split('?')[0] !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD'))
      return send(404, JSON.stringify({ message: 'Seule l’adresse /metrics est servie sur ce port.' }))
    if (!metrics.authorized(req.headers.authorization))
      return send(401, JSON.stringify({ message: 'Jeton des métriques absent ou invalide.' }))
    metrics.registry.metrics().then(
      (text) => send(200, text, metrics.registry.contentType),
      () => send(500, JSON.stringify({ message: 'Métriques indisponibles.' })),
    )
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => resolve())
  })
  return server
}
