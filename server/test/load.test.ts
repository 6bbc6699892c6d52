import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { resolve } from 'node:path'
import autocannon, { type Request } from 'autocannon'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuthUser, PartnerPage } from '@/contract/schemas.ts'
import { apiPaths } from '@/contract/paths.ts'
import { ADMIN, client, disposeStore, freshStore, serverProcessEnv } from './helpers.ts'

/**
 * Bounded loopback load test: the real entry point (server/main.ts, production settings, demo data) in a
 * child process, so its memory is measured alone (not mixed with autocannon's or vitest's) and a full GC
 * can be forced before each sample. Reads and writes mixed for LOAD_TEST_SECONDS (60 by default).
 * Passes with zero 5xx, zero socket errors or timeouts, only the expected statuses, and no memory growth
 * across the second half.
 */
const SECONDS = Number(process.env.LOAD_TEST_SECONDS ?? 60)
const SAMPLE_MS = 2000
const root = resolve(import.meta.dirname, '..', '..')
const MB = 1024 * 1024

interface Sample {
  t: number
  rss: number
  heapUsed: number
  external: number
}

let store: { dataDir: string; schema: string | null }
let child: ChildProcess
let url: string
let exited: Promise<number | null>

beforeAll(async () => {
  store = await freshStore()
  child = spawn(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', '--import', './server/test/memory-probe.ts', 'server/main.ts'],
    {
      cwd: root,
      env: serverProcessEnv(store.dataDir, {
        SEED_DEMO: '1',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        LOG_LEVEL: 'info',
        // Registrations are part of the mix: the per-address limit would otherwise answer 429 (loopback is one address).
        AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
        ...(process.env.DATABASE_URL
          ? { DATABASE_URL: process.env.DATABASE_URL, DATABASE_SCHEMA: store.schema ?? '' }
          : {}),
      }),
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    },
  )
  exited = new Promise((r) => child.on('exit', (code) => r(code)))
  let tail = ''
  url = await new Promise<string>((resolveUrl, reject) => {
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
}, 120_000)

afterAll(async () => {
  if (child.exitCode === null) {
    child.kill('SIGTERM')
    await exited
  }
  await disposeStore(store)
})

function sampleMemory(): Promise<Omit<Sample, 't'>> {
  return new Promise((resolveSample, reject) => {
    const timer = setTimeout(() => reject(new Error('no memory sample')), 10_000)
    child.once('message', (message: Omit<Sample, 't'> & { gc: boolean }) => {
      clearTimeout(timer)
      if (!message.gc) reject(new Error('server started without --expose-gc'))
      resolveSample(message)
    })
    child.send('memory')
  })
}

/** What a coupon round remembers between its two requests (autocannon's per-connection context). */
type Round = { round: { userId: number; offerId: number } }

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

describe('load', () => {
  it(
    `${SECONDS} s of mixed reads and writes on loopback: no error, no 5xx, no memory growth in the second half`,
    async () => {
      const api = client({ url })
      const admin = await api.login(ADMIN.email, ADMIN.password)
      const users: AuthUser[] = []
      for (let i = 0; i < 12; i++) users.push(await api.register({ email: `charge-${i}@test.fr` }))
      const partners = (
        await api.get<PartnerPage>(`${apiPaths.partners()}?pageSize=100`, { token: admin.access_token })
      ).body.items
      const today = new Date().toISOString().slice(0, 10)
      const active = partners.filter((p) => p.status === 'ACTIF')
      const coupons = active.flatMap((p) =>
        p.discountOffers
          .filter((o) => o.status === 'ENABLED' && (o.expirationDate === null || o.expirationDate >= today))
          .map((o) => ({ partnerId: p.partnerId.id, offerId: o.id.id })),
      )
      expect(active.length).toBeGreaterThan(10)
      expect(coupons.length).toBeGreaterThan(5)

      const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)]
      const bearer = (token: string) => ({ authorization: `Bearer ${token}`, accept: 'application/json' })
      const statuses = new Map<string, number>()
      const oddities: string[] = []
      const count = (name: string) => (status: number, body: string) => {
        statuses.set(`${name} ${status}`, (statuses.get(`${name} ${status}`) ?? 0) + 1)
        if (status >= 400 && oddities.length < 5) oddities.push(`${name} ${status} ${body.slice(0, 200)}`)
      }
      const expected: Record<string, number[]> = {
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
      const articles = (
        await api.get<{ image: { url: string } | null }[]>(apiPaths.articlesPublished(), {
          token: admin.access_token,
        })
      ).body
      const imageUrl = articles.find((a) => a.image)?.image?.url ?? active[0].images[0].url

      const get = (name: string, path: () => string): Request => ({
        method: 'GET',
        setupRequest: (request) => ({ ...request, path: path(), headers: bearer(pick(users).access_token) }),
        onResponse: count(name),
      })
      const reads = autocannon({
        url,
        connections: 6,
        duration: SECONDS,
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
        duration: SECONDS,
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
        duration: SECONDS,
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
      const samples: Sample[] = []
      let sampling = true
      const sampler = (async () => {
        while (sampling) {
          const t = (Date.now() - started) / 1000
          samples.push({ t, ...(await sampleMemory()) })
          await new Promise((r) => setTimeout(r, SAMPLE_MS))
        }
      })()
      const results = await Promise.all([reads, couponRounds, registrations])
      sampling = false
      await sampler

      const total = results.reduce((n, r) => n + r.requests.total, 0)
      const errors = results.reduce((n, r) => n + r.errors, 0)
      const timeouts = results.reduce((n, r) => n + r.timeouts, 0)
      const fiveXx = results.reduce((n, r) => n + r['5xx'], 0)
      const unexpected = [...statuses.entries()].filter(([key]) => {
        const [status, ...name] = key.split(' ').reverse()
        return !expected[name.reverse().join(' ')]?.includes(Number(status))
      })
      const half = SECONDS / 2
      const second = samples.filter((s) => s.t >= half)
      const first = samples.filter((s) => s.t < half)
      const third = Math.max(1, Math.floor(second.length / 3))
      const early = second.slice(0, third)
      const late = second.slice(-third)
      const summary = {
        seconds: SECONDS,
        requests: total,
        perSecond: Math.round(total / SECONDS),
        errors,
        timeouts,
        '5xx': fiveXx,
        latencyP99ms: Math.max(...results.map((r) => r.latency.p99)),
        statuses: Object.fromEntries([...statuses.entries()].sort()),
        rssMB: {
          firstHalf: Math.round(median(first.map((s) => s.rss)) / MB),
          secondHalf: Math.round(median(second.map((s) => s.rss)) / MB),
        },
        heapMB: {
          firstHalf: Math.round(median(first.map((s) => s.heapUsed)) / MB),
          secondHalf: Math.round(median(second.map((s) => s.heapUsed)) / MB),
        },
        secondHalfGrowthMB: {
          rss: Math.round((median(late.map((s) => s.rss)) - median(early.map((s) => s.rss))) / MB),
          heap:
            Math.round(
              ((median(late.map((s) => s.heapUsed)) - median(early.map((s) => s.heapUsed))) / MB) * 10,
            ) / 10,
        },
        samples: samples.length,
        oddities,
      }
      console.log(`Charge : ${JSON.stringify(summary)}`)

      expect(errors).toBe(0)
      expect(timeouts).toBe(0)
      expect(fiveXx).toBe(0)
      expect(unexpected).toEqual([])
      expect(statuses.get('register 201') ?? 0).toBeGreaterThan(SECONDS)
      expect(statuses.get('use coupon 200') ?? 0).toBeGreaterThan(SECONDS)
      expect(second.length).toBeGreaterThanOrEqual(4)
      // Retained heap (after a full GC) flat across the second half; RSS too, with room for allocator noise.
      expect(summary.secondHalfGrowthMB.heap).toBeLessThan(4)
      expect(summary.secondHalfGrowthMB.rss).toBeLessThan(24)
      // The server still answers and stops cleanly.
      expect((await api.get('/api/health')).status).toBe(200)
      child.kill('SIGTERM')
      expect(await exited).toBe(0)
    },
    (SECONDS + 120) * 1000,
  )
})
