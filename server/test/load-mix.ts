/**
 * The mixed loopback load shared by the load test (server/test/load.test.ts: a few seconds, behaviour only)
 * and the bench's memory section (bench/memory: 60 s with GC'd memory samples). The real entry point
 * (server/main.ts, production settings, demo data) runs in a child process, so its memory can be measured
 * alone (not mixed with autocannon's or the runner's). No vitest import: the bench runs it outside vitest.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { resolve } from 'node:path'
import autocannon, { type Request, type Result } from 'autocannon'
import type { AuthUser, PartnerPage } from '../../contract/schemas.ts'
import { apiPaths } from '../../contract/paths.ts'
import { childNodeArgs } from './child-node.ts'

const root = resolve(import.meta.dirname, '..', '..')
export const LOAD_ADMIN = { email: 'admin@test.fr', password: 'admin-de-test-42' }

export interface MemorySample {
  rss: number
  heapUsed: number
  external: number
}

export interface LoadServer {
  url: string
  child: ChildProcess
  /** The exit code once the child has exited. */
  exited: Promise<number | null>
  /** process.memoryUsage() right after a full GC, in the child (only with `probeMemory`). */
  sampleMemory(): Promise<MemorySample>
}

export interface LoadServerOptions {
  dataDir: string
  /** PostgreSQL, when set: the database and the schema the server gets to itself. */
  databaseUrl?: string | null
  schema?: string | null
  /** Starts the child with --expose-gc and the memory probe (bench/memory's samples). */
  probeMemory?: boolean
}

/** Starts server/main.ts on the store and resolves once it listens. */
export async function startLoadServer(options: LoadServerOptions): Promise<LoadServer> {
  const probe = options.probeMemory ? ['--expose-gc', '--import', './bench/memory/probe.ts'] : []
  const child = spawn(process.execPath, [...childNodeArgs, ...probe, 'server/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      // The run's temporary folder (tsx keeps its compile cache there when childNodeArgs falls back to it).
      ...(process.env.TMPDIR ? { TMPDIR: process.env.TMPDIR } : {}),
      DATA_DIR: options.dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: '1',
      ADMIN_EMAIL: LOAD_ADMIN.email,
      ADMIN_PASSWORD: LOAD_ADMIN.password,
      LOG_LEVEL: 'info',
      // Registrations are part of the mix: the per-address limit would otherwise answer 429 (loopback is one address).
      AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
      ...(options.databaseUrl
        ? { DATABASE_URL: options.databaseUrl, DATABASE_SCHEMA: options.schema ?? '' }
        : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  })
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)))
  let tail = ''
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${tail}`)), 90_000)
    const keep = (chunk: Buffer) => {
      // Logs are drained (a full pipe would block the server) but only the end is kept, for failures.
      tail = (tail + chunk.toString()).slice(-20_000)
      const match = /"address":"(http:\/\/127\.0\.0\.1:\d+)"/.exec(tail)
      if (match) {
        clearTimeout(timer)
        resolveUrl(match[1])
      }
    }
    child.stdout!.on('data', keep)
    child.stderr!.on('data', keep)
    child.on('exit', () => reject(new Error(`server exited: ${tail}`)))
  })
  function sampleMemory(): Promise<MemorySample> {
    return new Promise((resolveSample, reject) => {
      const timer = setTimeout(() => reject(new Error('no memory sample')), 10_000)
      child.once('message', (message: MemorySample & { gc: boolean }) => {
        clearTimeout(timer)
        if (!message.gc) reject(new Error('server started without --expose-gc'))
        resolveSample(message)
      })
      child.send('memory')
    })
  }
  return { url, child, exited, sampleMemory }
}

/** Statuses each kind of request may answer under the mix; anything else is a finding. */
export const expectedStatuses: Record<string, number[]> = {
  search: [200],
  'search by name': [200],
  partner: [200],
  'partner as user': [200],
  articles: [200],
  'article image': [200],
  categories: [200],
  'use coupon': [200, 409],
  'give coupon back': [200, 404],
  register: [201],
}

export interface MixResult {
  /** How long the mix took. */
  seconds: number
  results: Result[]
  total: number
  errors: number
  timeouts: number
  fiveXx: number
  latencyP99ms: number
  /** 'name status' → count. */
  statuses: Map<string, number>
  /** 'name status' entries outside expectedStatuses. */
  unexpected: [string, number][]
  /** The first few 4xx/5xx bodies, for the log. */
  oddities: string[]
}

/** What a coupon round remembers between its two requests (autocannon's per-connection context). */
type Round = { round: { userId: number; offerId: number } }

/**
 * Reads (6 connections), coupon use and give-back rounds (2) and a trickle of sign-ups at the production
 * argon2id cost (3/s), all at once against `url`, after signing 12 users up.
 */
/**
 * How long the mix runs: for `seconds` (the bench: rates over a fixed time), or until each part has sent its
 * number of requests (the test: the same work whatever the machine's load, however long it takes).
 */
export type MixLength = { seconds: number } | { reads: number; couponRounds: number; signUps: number }

export async function mixedLoad(url: string, length: MixLength): Promise<MixResult> {
  const span = (amount: number) => ('seconds' in length ? { duration: length.seconds } : { amount })
  const fixed = 'seconds' in length ? null : length
  const { login, register, get: getJson } = jsonClient(url)
  const admin = await login(LOAD_ADMIN.email, LOAD_ADMIN.password)
  const users: AuthUser[] = []
  for (let i = 0; i < 12; i++) users.push(await register(`charge-${i}@test.fr`))
  const partners = (await getJson<PartnerPage>(`${apiPaths.partners()}?pageSize=100`, admin.access_token))
    .items
  const today = new Date().toISOString().slice(0, 10)
  const active = partners.filter((p) => p.status === 'ACTIF')
  const coupons = active.flatMap((p) =>
    p.discountOffers
      .filter((o) => o.status === 'ENABLED' && (o.expirationDate === null || o.expirationDate >= today))
      .map((o) => ({ partnerId: p.partnerId.id, offerId: o.id.id })),
  )
  if (active.length <= 10 || coupons.length <= 5)
    throw new Error(`demo seed too small: ${active.length} active partners, ${coupons.length} coupons`)

  const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)]
  const bearer = (token: string) => ({ authorization: `Bearer ${token}`, accept: 'application/json' })
  const statuses = new Map<string, number>()
  const oddities: string[] = []
  const count = (name: string) => (status: number, body: string) => {
    statuses.set(`${name} ${status}`, (statuses.get(`${name} ${status}`) ?? 0) + 1)
    if (status >= 400 && oddities.length < 5) oddities.push(`${name} ${status} ${body.slice(0, 200)}`)
  }
  const articles = await getJson<{ image: { url: string } | null }[]>(
    apiPaths.articlesPublished(),
    admin.access_token,
  )
  const imageUrl = articles.find((a) => a.image)?.image?.url ?? active[0].images[0].url

  const get = (name: string, path: () => string): Request => ({
    method: 'GET',
    setupRequest: (request) => ({ ...request, path: path(), headers: bearer(pick(users).access_token) }),
    onResponse: count(name),
  })
  const reads = autocannon({
    url,
    connections: 6,
    ...span(fixed?.reads ?? 0),
    timeout: 20,
    requests: [
      get(
        'search',
        () =>
          `${apiPaths.partnerSearch()}?userPosition=43.29${Math.floor(Math.random() * 10)},5.37&pageSize=20`,
      ),
      get('partner', () => apiPaths.partner(pick(active).partnerId.id)),
      get('articles', () => apiPaths.articlesPublished()),
      get(
        'search by name',
        () =>
          `${apiPaths.partnerSearch()}?name=${encodeURIComponent(pick(['bou', 'caf', 'la', 'é', 'zzz']))}`,
      ),
      {
        method: 'GET',
        setupRequest: (request) => {
          const user = pick(users)
          return {
            ...request,
            path: apiPaths.partnerDiscountsUser(pick(active).partnerId.id, user.userId.id),
            headers: bearer(user.access_token),
          }
        },
        onResponse: count('partner as user'),
      },
      get('categories', () => apiPaths.categories()),
      { method: 'GET', path: imageUrl, onResponse: count('article image') },
    ],
  })
  // Coupon use by its owner, then an admin gives it back: every round is a real write, not only 409s.
  const couponRounds = autocannon({
    url,
    connections: 2,
    // Two requests a round.
    ...span((fixed?.couponRounds ?? 0) * 2),
    timeout: 20,
    requests: [
      {
        method: 'PUT',
        setupRequest: (request, context) => {
          const user = pick(users)
          const coupon = pick(coupons)
          Object.assign(context, {
            round: { userId: user.userId.id, offerId: coupon.offerId },
          } satisfies Round)
          return {
            ...request,
            path: apiPaths.deactivateOffer(user.userId.id, coupon.partnerId, coupon.offerId),
            headers: bearer(user.access_token),
          }
        },
        onResponse: count('use coupon'),
      },
      {
        method: 'PUT',
        setupRequest: (request, context) => {
          const { round } = context as Round
          return {
            ...request,
            path: apiPaths.reactivateOffer(round.userId, round.offerId),
            headers: { ...bearer(admin.access_token), 'content-type': 'application/json' },
            body: JSON.stringify({ motif: 'Essai de charge' }),
          }
        },
        onResponse: count('give coupon back'),
      },
    ],
  })
  // Sign-ups hash with the production argon2id cost (19 MiB each): a steady trickle, as in real life.
  const registrations = autocannon({
    url,
    connections: 1,
    overallRate: 3,
    ...span(fixed?.signUps ?? 0),
    timeout: 20,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => ({
          ...request,
          path: apiPaths.register(),
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({
            firstname: 'Charge',
            lastname: 'Test',
            email: `inscrit-${randomBytes(6).toString('hex')}@test.fr`,
            password: 'une phrase de passe assez longue',
          }),
        }),
        onResponse: count('register'),
      },
    ],
  })
  const started = Date.now()
  const results = await Promise.all([reads, couponRounds, registrations])
  const unexpected = [...statuses.entries()].filter(([key]) => {
    const [status, ...name] = key.split(' ').reverse()
    return !expectedStatuses[name.reverse().join(' ')]?.includes(Number(status))
  })
  return {
    seconds: (Date.now() - started) / 1000,
    results,
    total: results.reduce((n, r) => n + r.requests.total, 0),
    errors: results.reduce((n, r) => n + r.errors, 0),
    timeouts: results.reduce((n, r) => n + r.timeouts, 0),
    fiveXx: results.reduce((n, r) => n + r['5xx'], 0),
    latencyP99ms: Math.max(...results.map((r) => r.latency.p99)),
    statuses,
    unexpected,
    oddities,
  }
}

/** The few JSON calls the mix makes before the load; any unexpected status throws. */
function jsonClient(url: string) {
  async function call<T>(method: string, path: string, token: string | null, body?: unknown): Promise<T> {
    const res = await fetch(url + path, {
      method,
      headers: {
        accept: 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await res.text()
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`)
    return JSON.parse(text) as T
  }
  return {
    get: <T>(path: string, token: string) => call<T>('GET', path, token),
    login: (email: string, password: string) =>
      call<AuthUser>('POST', apiPaths.authenticate(), null, { username: email, password }),
    register: (email: string) =>
      call<AuthUser>('POST', apiPaths.register(), null, {
        firstname: 'Léa',
        lastname: 'Testeuse',
        email,
        password: 'un mot de passe long',
      }),
  }
}
