import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.ts'
import { metricsSettings, serveMetrics, type MetricsSettings } from '../metrics.ts'
import { ADMIN, client, startServer, type TestServer } from './helpers.ts'

/**
 * /metrics (server/metrics.ts): off by default, behind METRICS_TOKEN on the public port, or on METRICS_PORT
 * alone; Prometheus's text format, counting requests by route pattern. The multi-instance suite checks the same
 * through main.ts and nginx (server/test/multi/rolling.test.ts).
 */

const TOKEN = 'jeton-de-metriques-assez-long-0123'
let base: TestServer
const opened: { app: FastifyInstance; url: string }[] = []

/** A second app on the test server's store, with these metrics settings. */
async function appWith(metrics: MetricsSettings, config: Partial<TestServer['config']> = {}) {
  const app = await buildApp({ db: base.handle.db, config: { ...base.config, ...config }, metrics })
  const url = await app.listen({ port: 0, host: '127.0.0.1' })
  opened.push({ app, url })
  return { app, url, api: client({ url }) }
}

/** Every line is a comment or `name{labels} value`: what Prometheus's text parser accepts. */
function parse(text: string): Map<string, number> {
  const samples = new Map<string, number>()
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('# HELP ') || line.startsWith('# TYPE ')) continue
    const match =
      /^([a-zA-Z_:][a-zA-Z0-9_:]*(?:\{(?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\]|\\.)*",?)*\})?) (\S+)$/.exec(line)
    if (!match) throw new Error(`ligne hors format Prometheus : ${line}`)
    samples.set(match[1], Number(match[2]))
  }
  return samples
}

beforeAll(async () => {
  base = await startServer()
})
afterAll(async () => {
  for (const { app } of opened) await app.close()
  await base?.close()
})

describe('/metrics', () => {
  it('is off by default: no /metrics on the public port', async () => {
    const res = await client(base).get<{ message: string }>('/metrics')
    expect(res.status).toBe(404)
    expect(base.app.metrics).toBeNull()
  })

  it('behind METRICS_TOKEN: 401 in French without it or with another, the text format with it', async () => {
    const { api } = await appWith({ port: null, token: TOKEN })
    const none = await api.get<{ message: string }>('/metrics')
    expect(none.status).toBe(401)
    expect(none.body).toEqual({ message: 'Jeton des métriques absent ou invalide.' })
    const wrong = await api.get('/metrics', { headers: { authorization: `Bearer ${TOKEN}x` } })
    expect(wrong.status).toBe(401)
    expect(wrong.text).not.toMatch(/http_requests_total/)

    const ok = await api.get('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })
    expect(ok.status).toBe(200)
    expect(ok.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
    const samples = parse(ok.text)
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_p99_seconds',
      'mail_outbox_pending',
      'mail_outbox_failed',
      'mail_outbox_oldest_pending_seconds',
    ])
      expect(samples.has(name), name).toBe(true)
    expect(samples.get(`db_info{kind="${base.handle.kind}"}`)).toBe(1)
    // The pool's figures exist only with PostgreSQL (the embedded store has one connection, no pool).
    expect(samples.has('db_pool_size')).toBe(base.handle.kind === 'postgres')
    expect(samples.has('db_pool_waiting')).toBe(base.handle.kind === 'postgres')
  })

  it('counts requests by method, route pattern and status, with latency histograms by route', async () => {
    const { api } = await appWith({ port: null, token: TOKEN })
    const scrape = async () =>
      parse((await api.get('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).text)
    await api.get('/api/health/ready')
    await api.get('/api/health/ready')
    await api.get('/api/partners/987654')
    await api.get('/api/partners/987655')
    const samples = await scrape()
    expect(samples.get('http_requests_total{method="GET",route="/api/health/ready",status="200"}')).toBe(2)
    // The pattern, not the ids: one series for both partners (401 without a token).
    expect(samples.get('http_requests_total{method="GET",route="/api/partners/:id",status="401"}')).toBe(2)
    expect([...samples.keys()].some((k) => k.includes('987654'))).toBe(false)
    expect(samples.get('http_request_duration_seconds_count{method="GET",route="/api/health/ready"}')).toBe(2)
    expect(
      samples.get('http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/health/ready"}'),
    ).toBe(2)
  })

  it('counts rate-limit refusals by route', async () => {
    const { api } = await appWith({ port: null, token: TOKEN }, { authRateLimitPerMinute: 2 })
    const statuses: number[] = []
    for (let i = 0; i < 4; i++)
      statuses.push((await api.post('/api/auth/forgot-password', { email: 'limite@test.fr' })).status)
    expect(statuses).toContain(429)
    const text = (await api.get('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).text
    expect(parse(text).get('http_rate_limited_total{route="/api/auth/forgot-password"}')).toBe(
      statuses.filter((s) => s === 429).length,
    )
  })

  it('on METRICS_PORT alone: served there, not on the public port', async () => {
    const { app, api } = await appWith({ port: 1, token: null })
    expect((await api.get('/metrics')).status).toBe(404)
    const server: Server = await serveMetrics(app.metrics!, '127.0.0.1', 0)
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
      await api.get('/api/health/ready')
      const res = await fetch(`${url}/metrics`)
      expect(res.status).toBe(200)
      expect(
        parse(await res.text()).get(
          'http_requests_total{method="GET",route="/api/health/ready",status="200"}',
        ),
      ).toBe(1)
      const other = await fetch(`${url}/api/health/ready`)
      expect(other.status).toBe(404)
      expect(await other.json()).toEqual({ message: 'Seule l’adresse /metrics est servie sur ce port.' })
    } finally {
      server.close()
    }
  })

  it('asks for the token on METRICS_PORT too when both are set', async () => {
    const { app } = await appWith({ port: 1, token: TOKEN })
    const server = await serveMetrics(app.metrics!, '127.0.0.1', 0)
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`
      expect((await fetch(url)).status).toBe(401)
      expect((await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200)
    } finally {
      server.close()
    }
  })

  it('refuses settings that would make the figures public or guessable, in French', () => {
    expect(metricsSettings({}, 3000)).toEqual({ port: null, token: null })
    expect(metricsSettings({ METRICS_PORT: '9464', METRICS_TOKEN: TOKEN }, 3000)).toEqual({
      port: 9464,
      token: TOKEN,
    })
    expect(() => metricsSettings({ METRICS_PORT: '3000' }, 3000)).toThrow(
      /METRICS_PORT doit différer de PORT/,
    )
    expect(() => metricsSettings({ METRICS_PORT: 'neuf' }, 3000)).toThrow(/METRICS_PORT doit être un port/)
    expect(() => metricsSettings({ METRICS_TOKEN: 'court' }, 3000)).toThrow(/au moins 24 caractères/)
  })

  it('the admin’s sign-in is counted like any route', async () => {
    const { api } = await appWith({ port: null, token: TOKEN })
    await api.login(ADMIN.email, ADMIN.password)
    const text = (await api.get('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).text
    expect(
      parse(text).get('http_requests_total{method="POST",route="/api/auth/authenticate",status="200"}'),
    ).toBe(1)
  })
})
