/**
 * Property-based fuzzing of every route the server registers, generated from each route's own JSON schemas
 * (body, querystring, params; multipart for upload routes). Each generated request is sent four times: as
 * anonymous, as a user, as another user and as an admin (tokens from real sign-ins), through app.inject.
 *
 * Properties, for every answer:
 * - the status is below 500;
 * - a 4xx is JSON { message, field? } whose message is French, not a framework's English;
 * - a route documented with a bearer security answers no 2xx to a request that carries no valid token;
 * - a rejected (4xx) request other than GET/HEAD leaves every table as it was (digest before and after).
 *
 * Replay: FUZZ_SEED (default fixed, printed at the start), FUZZ_RUNS (cases per route), FUZZ_ROUTE ("POST
 * /api/partners": that route only) and FUZZ_PATH (fast-check's counterexample path, printed on failure).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { loadConfig, type LoginThrottleConfig } from '../config.ts'
import { clientErrorProblem } from './fuzz/checks.ts'
import { changedTables, digester, type Digest } from './fuzz/digest.ts'
import { build, caseArb, type FuzzCase } from './fuzz/request.ts'
import { collectedRoutes, type CollectedRoute } from './fuzz/routes.ts'
import type { JsonSchema } from './fuzz/schema.ts'
import { IDENTITIES, World } from './fuzz/world.ts'
import { capturedLogger, partnerBody, pngBytes, startServer } from './helpers.ts'

// The server project shares its module cache between files (isolate: false): a file run before this one may
// have loaded the app with the real Fastify already. Hoisted above the imports, this makes them load anew,
// with the mock below.
vi.hoisted(() => vi.resetModules())
vi.mock('fastify', async (importOriginal) => {
  const { withRouteCollector } = await import('./fuzz/routes.ts')
  return withRouteCollector(await importOriginal<{ default: unknown }>())
})

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123)
const RUNS = Number(process.env.FUZZ_RUNS ?? 40)
const ONLY = process.env.FUZZ_ROUTE
const PATH = process.env.FUZZ_PATH
const STORE = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'
const MAX_UPLOAD_BYTES = 256 * 1024

/**
 * Sign-in lockout and the per-address limit on auth routes would turn most requests into 429s after the
 * first few dozen: every count limit of the production defaults is raised out of reach (durations unchanged),
 * so the fuzz exercises validation and handlers. The limiter itself is tested in auth.test.ts.
 */
function unthrottled(): LoginThrottleConfig {
  const defaults = loadConfig({ DATA_DIR: tmpdir() }).loginThrottle
  return Object.fromEntries(
    Object.entries(defaults).map(([key, value]) => [key, key.startsWith('maxPer') ? 1_000_000_000 : value]),
  ) as unknown as LoginThrottleConfig
}

// Errors the server logs, shown with a 5xx so its cause is in the failure report.
const log = capturedLogger('error')
/** A stand-in client build, with a dotfile inside and a file beside it: neither may ever be served. */
const CANARY = 'canari-ne-jamais-servir'
const staticBase = mkdtempSync(join(tmpdir(), 'fuzz-static-'))
const staticDir = join(staticBase, 'dist')
mkdirSync(join(staticDir, 'assets'), { recursive: true })
writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Partenaires</title>')
writeFileSync(join(staticDir, 'assets', 'app-1234.js'), 'console.log(1)')
writeFileSync(join(staticDir, '.env'), `SECRET=${CANARY}`)
writeFileSync(join(staticBase, 'outside.txt'), CANARY)
const server = await startServer({
  logger: log.logger,
  staticDir,
  config: {
    authRateLimitPerMinute: 1_000_000_000,
    loginThrottle: unthrottled(),
    // Small, so an oversized upload (413) costs a few hundred kilobytes, not megabytes.
    maxUploadBytes: MAX_UPLOAD_BYTES,
  },
})
afterAll(async () => {
  await server.close()
  rmSync(staticBase, { recursive: true, force: true })
})

/**
 * Nothing is skipped: the docs UI (@fastify/swagger-ui) and the built client's static files (@fastify/static,
 * a stand-in build below) are fuzzed like the API; their wildcard routes are where path tricks (.., %2e, %00)
 * would reach files.
 */
const routes = collectedRoutes
const keyOf = (route: CollectedRoute) => `${route.method} ${route.url}`

/** Cases for a route: full count when it takes input, half for input-less routes and HEAD twins of GETs. */
function runsFor(route: CollectedRoute): number {
  const { schema } = route
  const takesInput = Boolean(schema.body || schema.querystring || schema.params || schema.consumes)
  return route.method === 'HEAD' || !takesInput ? Math.ceil(RUNS / 2) : RUNS
}

/** Route seeds derive from FUZZ_SEED and the route, so adding a route does not change the others' cases. */
function seedFor(route: CollectedRoute): number {
  let h = SEED | 0
  for (const c of keyOf(route)) h = (Math.imul(h, 31) + c.charCodeAt(0)) | 0
  return h
}

const selected = ONLY ? routes.filter((r) => keyOf(r) === ONLY) : routes
const planned = selected.reduce((sum, route) => sum + runsFor(route) * IDENTITIES.length, 0)
console.info(
  `fuzz (${STORE}): FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}, ${selected.length} routes, ${planned} requests planned` +
    `${ONLY ? ` (FUZZ_ROUTE=${ONLY})` : ''}`,
)

const world = new World(server.app, server.handle.db)
await world.setup()
const digest = await digester(server.handle.db)
const png = await pngBytes()
let sent = 0
/** Answers per route and status class, printed at the end: a route answering only 4xx is fuzzed shallowly. */
const tally = new Map<string, Record<string, number>>()

/** A few rows of each kind, so placeholders in generated requests reach existing partners, offers, images. */
async function seedStore(): Promise<void> {
  const admin = { authorization: `Bearer ${world.token('admin')}` }
  for (const name of ['Boulangerie Témoin', 'Café Témoin', 'Garage Témoin']) {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/partners',
      headers: admin,
      payload: partnerBody({ name }),
    })
    const id = res.json<{ partnerId: { id: number } }>().partnerId.id
    await server.app.inject({
      method: 'POST',
      url: `/api/partners/${id}/offer-discount`,
      headers: admin,
      payload: { status: 'ENABLED', libelle: '-10 %', expirationDate: null },
    })
  }
  const image = await server.app.inject({
    method: 'POST',
    url: '/api/articles/image',
    headers: { ...admin, 'content-type': 'multipart/form-data; boundary=b' },
    payload: Buffer.concat([
      Buffer.from('--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n'),
      png,
      Buffer.from('\r\n--b--\r\n'),
    ]),
  })
  await server.app.inject({
    method: 'POST',
    url: '/api/articles',
    headers: admin,
    payload: { title: 'Article témoin', status: 'PUBLISHED', position: 1, image: image.json(), link: null },
  })
  await world.refresh()
}
await seedStore()

const otherBodies = routes.map((r) => r.schema.body).filter((b): b is JsonSchema => Boolean(b))

async function inject(options: InjectOptions): Promise<LightMyRequestResponse> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('no answer within 20 s')), 20_000)
  })
  try {
    return await Promise.race([server.app.inject(options), timeout])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * After an accepted write, work it started after answering (a reset link queued once forgot-password has
 * answered) must land before the next "before" digest: the app tracks that work, then two digests must agree.
 */
async function settle(): Promise<void> {
  // onResponse hooks (where such work starts) have run once the timers phase comes.
  await new Promise((r) => setTimeout(r, 0))
  await server.app.backgroundWork.settled()
  let previous = JSON.stringify(await digest())
  for (let i = 0; i < 100; i++) {
    await new Promise((r) => setTimeout(r, 10))
    await server.app.backgroundWork.settled()
    const current = JSON.stringify(await digest())
    if (current === previous) return
    previous = current
  }
  throw new Error('the store kept changing for a second after an accepted request')
}

const shorten = (text: string, max = 300) =>
  text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text

async function sendCase(route: CollectedRoute, c: FuzzCase): Promise<void> {
  for (const as of IDENTITIES) {
    const { options, unauthenticated } = build(route, c, world, as)
    const write = c.method !== 'GET' && c.method !== 'HEAD'
    const before: Digest | null = write ? await digest() : null
    const res = await inject(options)
    sent++
    const counts = tally.get(keyOf(route)) ?? {}
    const bucket = `${Math.floor(res.statusCode / 100)}xx`
    counts[bucket] = (counts[bucket] ?? 0) + 1
    tally.set(keyOf(route), counts)
    const where = `as ${as}: ${c.method} ${shorten(String(options.url), 200)} -> ${res.statusCode} ${shorten(res.body)}`
    if (res.statusCode >= 500) {
      const logged = log.lines.filter((l) => l.reqId === res.headers['x-request-id'])
      throw new Error(`server error ${where}\nserver log: ${shorten(JSON.stringify(logged), 2000)}`)
    }
    if (res.statusCode >= 400) {
      const problem = clientErrorProblem(
        { status: res.statusCode, headers: res.headers, body: res.body },
        String(options.method),
      )
      if (problem) throw new Error(`malformed 4xx (${problem}) ${where}`)
    }
    if (res.body.includes(CANARY)) throw new Error(`served a dotfile or a file outside the root ${where}`)
    if (route.schema.security && c.method === route.method && unauthenticated && res.statusCode < 400)
      throw new Error(`accepted without a valid token ${where}`)
    if (before && res.statusCode >= 400) {
      const changed = changedTables(before, await digest())
      if (changed.length > 0) throw new Error(`rejected request changed ${changed.join(', ')}: ${where}`)
    } else if (before && res.statusCode < 300) {
      await settle()
      await world.repair()
    }
  }
}

/** Long strings and buffers cut short, so a counterexample with a 1 MB leaf stays readable. */
function summarize(value: unknown): string {
  return fc.stringify(
    JSON.parse(
      JSON.stringify(value, (_key, v: unknown) => {
        if (typeof v === 'string') return shorten(v, 120)
        if (v && typeof v === 'object' && (v as { type?: unknown }).type === 'Buffer')
          return `<${(v as { data: unknown[] }).data.length} bytes>`
        return v
      }),
    ),
  )
}

describe(`fuzz from the contract (${STORE})`, () => {
  it('covers every registered route', () => {
    // Sanity: the hook saw the API (a regression here would silently fuzz nothing).
    expect(routes.length).toBeGreaterThan(30)
    expect(routes.map(keyOf)).toEqual(
      expect.arrayContaining([
        'POST /api/partners',
        'GET /uploads/:name',
        'GET /api/docs/static/*',
        'GET /*',
      ]),
    )
    if (!process.env.FUZZ_RUNS && !ONLY) expect(planned).toBeGreaterThanOrEqual(10_000)
  })

  for (const route of selected) {
    it(keyOf(route), { timeout: 300_000 }, async () => {
      const details = await fc.check(
        fc.asyncProperty(caseArb(route, { otherBodies, png, maxUploadBytes: MAX_UPLOAD_BYTES }), (c) =>
          sendCase(route, c),
        ),
        { seed: seedFor(route), numRuns: runsFor(route), ...(PATH ? { path: PATH } : {}) },
      )
      if (details.failed) {
        const error =
          details.errorInstance instanceof Error
            ? details.errorInstance.message
            : String(details.errorInstance)
        throw new Error(
          [
            `Replay: FUZZ_SEED=${SEED} FUZZ_ROUTE='${keyOf(route)}' FUZZ_PATH='${details.counterexamplePath}'`,
            `fast-check seed ${details.seed}, path ${details.counterexamplePath}, after ${details.numRuns} runs and ${details.numShrinks} shrinks`,
            `Counterexample: ${details.counterexample ? summarize(details.counterexample[0]) : '(none)'}`,
            `Error: ${error}`,
          ].join('\n'),
        )
      }
    })
  }

  it('sent every planned request', () => {
    expect(sent).toBeGreaterThanOrEqual(planned)
    const lines = [...tally].map(
      ([key, counts]) =>
        `  ${key}: ${Object.entries(counts)
          .sort()
          .map(([k, n]) => `${k} ${n}`)
          .join(', ')}`,
    )
    console.info(`fuzz (${STORE}): ${sent} requests sent\n${lines.join('\n')}`)
  })
})
