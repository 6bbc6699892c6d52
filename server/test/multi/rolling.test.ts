/**
 * Operations without downtime (issue 42): request ids from nginx to the log line and the Journal, /metrics on
 * its own port and never through nginx, and deploy/roll.sh replacing both instances twice under mixed load
 * (searches, partner details, favourites added and removed, coupon uses by distinct users, back-office saves):
 * no GET fails, every write answered 2xx is in the database exactly once, no write without a 2xx is left half
 * done. Prints the p99 during the roll.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort, repoRoot, type Cluster } from '@/scripts/cluster/index.ts'
import { apiPaths } from '@/contract/paths.ts'
import type { AuthUser, DiscountOffer, Partner } from '@/contract/schemas.ts'
import { childNodeArgs } from '../child-node.ts'
import { client, createOffer, createPartner, partnerBody, type Client } from '../helpers.ts'
import { ADMIN, adminEnv, cluster, createUser, sleep, within } from './support.ts'

const USERS = 120
/** Seconds of load (the 60), at a light rate: some 40 requests a second through nginx. */
const LOAD_SECONDS = 60
const PARTNERS = 4
let c: Cluster
let api: Client
let admin: AuthUser
let metricsPort: number
let runDir: string
const partners: Partner[] = []
const offers: { partner: Partner; offer: DiscountOffer }[] = []
const users: { id: number; token: string }[] = []

beforeAll(async () => {
  metricsPort = await freePort()
  c = await cluster({
    instances: 2,
    env: { ...adminEnv, DRAIN_SECONDS: '1', DATABASE_POOL_MAX: '4' },
    instanceEnv: (i) => (i === 0 ? { METRICS_PORT: String(metricsPort) } : {}),
  })
  runDir = mkdtempSync(join(tmpdir(), 'partenaires-roll-'))
  api = client(c.instances[0])
  admin = await api.login(ADMIN.email, ADMIN.password)
  for (let p = 0; p < PARTNERS; p++) {
    const partner = await createPartner(api, admin, { name: `Roulement ${p}` })
    partners.push(partner)
    const offer = await createOffer(api, admin, partner.partnerId.id, {
      status: 'ENABLED',
      libelle: `Remise ${p}`,
      expirationDate: null,
    })
    offers.push({ partner, offer })
  }
  for (let u = 0; u < USERS; u++) {
    const email = `roule-${u}@multi.fr`
    const id = await createUser(c, email, 'mot de passe du roulement')
    users.push({ id, token: (await api.login(email, 'mot de passe du roulement')).access_token })
  }
})

afterAll(async () => {
  // Instances started by roll.sh are not the cluster's children: stopped by their PID files.
  if (runDir) {
    for (const file of readdirSync(runDir).filter((f) => f.endsWith('.pid'))) {
      try {
        process.kill(Number(readFileSync(join(runDir, file), 'utf8')), 'SIGKILL')
      } catch {
        // already gone
      }
    }
  }
  await c?.destroy()
  if (runDir) rmSync(runDir, { recursive: true, force: true })
})

describe('request ids through nginx', () => {
  it('nginx’s $request_id is the response’s X-Request-Id, the instance’s reqId and the Journal’s request_id', async () => {
    const via = client(c.nginx!)
    const res = await via.post<Partner>('/api/partners', partnerBody({ name: 'Référence nginx' }), {
      token: admin.access_token,
      // nginx replaces whatever the client sends.
      headers: { 'x-request-id': 'choisi-par-le-client' },
    })
    expect(res.status).toBe(201)
    const id = res.headers.get('x-request-id')!
    expect(id).toMatch(/^[0-9a-f]{32}$/)
    await within(
      5000,
      async () => c.nginx!.accessLog().some((l) => l.request_id === id),
      'ligne d’accès nginx',
    )
    // Instance output arrives through a pipe, a moment after the answer.
    await within(
      5000,
      async () =>
        c.instances.some((i) =>
          i.lines.some((l) => l.json?.reqId === id && l.json?.msg === 'request completed'),
        ),
      'ligne de journal de l’instance portant l’identifiant de nginx',
    )
    const [entry] = await c.query<{ request_id: string }>(
      `select request_id from audit_log where action = 'partner.create' and target_id = $1`,
      [String(res.body.partnerId.id)],
    )
    expect(entry.request_id).toBe(id)
  })
})

describe('/metrics on METRICS_PORT', () => {
  it('is served on its own port with the pool’s figures, and not through nginx', async () => {
    const viaNginx = await fetch(`${c.nginx!.url}/metrics`)
    expect(viaNginx.status).toBe(404)
    await viaNginx.arrayBuffer()
    await fetch(`${c.instances[0].url}/api/health/ready`).then((r) => r.arrayBuffer())
    const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text()
    expect(text).toMatch(/^db_info\{kind="postgres"\} 1$/m)
    expect(text).toMatch(/^db_pool_max 4$/m)
    expect(text).toMatch(/^db_pool_size \d+$/m)
    expect(text).toMatch(/^db_pool_waiting 0$/m)
    expect(text).toMatch(
      /^http_requests_total\{method="GET",route="\/api\/health\/ready",status="200"\} [1-9]/m,
    )
    expect(text).toMatch(/^mail_outbox_pending \d+$/m)
  })
})

interface Sent {
  kind: 'search' | 'details' | 'favoriteAdd' | 'favoriteRemove' | 'coupon' | 'create' | 'save'
  method: string
  path: string
  status: number
  error: string | null
  start: number
  end: number
  requestId: string | null
  /** A GET sent again on a new connection after nginx closed the kept-alive one it went out on. */
  resent?: boolean
  /** What the write was about, to look it up in the database. */
  key?: string
}

/**
 * One request through nginx on a keep-alive agent; transport errors are status 0 with their code. A reload
 * makes nginx's old workers close their idle client connections, and a request can go out on one at that very
 * moment: as browsers do (RFC 9112 §9.3.1), a GET whose reused connection was closed before any answer is sent
 * again once on a new connection, and counted. Writes are not: their outcome is then unknown, and checked.
 */
async function send(
  agent: http.Agent,
  kind: Sent['kind'],
  method: string,
  path: string,
  token: string,
  body?: unknown,
): Promise<Sent> {
  const first = await sendOnce(agent, kind, method, path, token, body)
  if (method !== 'GET' || first.status !== 0 || !first.reused) return first
  // A new connection: the agent's other idle ones may be closing as well.
  const again = await sendOnce(false, kind, method, path, token, body)
  return { ...again, start: first.start, resent: true }
}

function sendOnce(
  agent: http.Agent | false,
  kind: Sent['kind'],
  method: string,
  path: string,
  token: string,
  body?: unknown,
): Promise<Sent & { reused: boolean }> {
  const url = new URL(c.nginx!.url)
  const payload = body === undefined ? undefined : JSON.stringify(body)
  const start = Date.now()
  return new Promise((done) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path,
        method,
        agent,
        timeout: 20_000,
        headers: {
          accept: 'application/json',
          authorization: `Bearer ${token}`,
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
      },
      (res) => {
        res.resume()
        res.on('end', () =>
          done({
            kind,
            method,
            path,
            status: res.statusCode ?? 0,
            error: null,
            start,
            end: Date.now(),
            requestId: (res.headers['x-request-id'] as string | undefined) ?? null,
            reused: req.reusedSocket,
          }),
        )
      },
    )
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })))
    req.on('error', (error: NodeJS.ErrnoException) =>
      done({
        kind,
        method,
        path,
        status: 0,
        error: error.code ?? error.message,
        start,
        end: Date.now(),
        requestId: null,
        reused: req.reusedSocket,
      }),
    )
    req.end(payload)
  })
}

/** Runs deploy/roll.sh as an operator would, without blocking the event loop (the load keeps going). */
function roll(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    const child = spawn('bash', [join(repoRoot, 'deploy', 'roll.sh')], { cwd: repoRoot, env })
    let output = ''
    child.stdout.on('data', (d: Buffer) => (output += d.toString()))
    child.stderr.on('data', (d: Buffer) => (output += d.toString()))
    child.on('exit', (code) => done({ code, output }))
  })
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0
}

describe('deploy/roll.sh when the new release cannot take over', () => {
  /** roll.sh on instance A alone, towards a spare port, with these overrides. */
  async function rollA(overrides: Record<string, string>) {
    const spare = await freePort()
    const before = readFileSync(c.nginx!.confPath, 'utf8')
    const result = await roll({
      PATH: process.env.PATH ?? '',
      NGINX_CONF: c.nginx!.confPath,
      PORT_PAIRS: `${c.instances[0].port}:${spare}`,
      RUN_DIR: runDir,
      ...overrides,
    })
    return { result, spare, before }
  }
  const listening = (port: number) =>
    fetch(`http://127.0.0.1:${port}/api/health/ready`).then(
      () => true,
      () => false,
    )

  it('stops a new instance that never gets ready and leaves the old one serving (exit 1)', async () => {
    const { result, spare, before } = await rollA({ START_COMMAND: 'exec sleep 60', READY_TIMEOUT: '2' })
    expect(result.code, result.output).toBe(1)
    expect(result.output).toMatch(/n’est pas prête : arrêtée, l’ancienne \(\d+\) reste en service/)
    expect(readFileSync(c.nginx!.confPath, 'utf8')).toBe(before)
    expect(readdirSync(runDir)).not.toContain(`${spare}.pid`)
    expect(c.instances[0].running).toBe(true)
  })

  it('restores nginx’s configuration and stops the new instance when the reload is refused (exit 1)', async () => {
    // A stand-in that is ready at once: what is checked is the script, not a start.
    const ready = `exec '${process.execPath}' -e "require('http').createServer((q, s) => s.end('ok')).listen(Number(process.env.PORT), '127.0.0.1')"`
    const { result, spare, before } = await rollA({ START_COMMAND: ready, NGINX_RELOAD: 'false' })
    expect(result.code, result.output).toBe(1)
    expect(result.output).toMatch(/rechargement de nginx refusé : configuration rétablie/)
    expect(readFileSync(c.nginx!.confPath, 'utf8')).toBe(before)
    expect(await listening(spare)).toBe(false)
    expect(c.instances[0].running).toBe(true)
    expect((await fetch(`${c.nginx!.url}/api/health/ready`)).status).toBe(200)
  })
})

describe('rolling deploy under load (deploy/roll.sh)', () => {
  it('replaces both instances twice: no GET fails, every 2xx write is there once, nothing half done', async () => {
    const [spareA, spareB] = [await freePort(), await freePort()]
    const [A, B] = c.instances
    // The instances the cluster started, as an init system would record them.
    writeFileSync(join(runDir, `${A.port}.pid`), String(A.pid))
    writeFileSync(join(runDir, `${B.port}.pid`), String(B.pid))
    const base = Object.fromEntries(
      Object.entries(A.env).filter(([k]) => !['PORT', 'DATA_DIR', 'METRICS_PORT'].includes(k)),
    )
    const nodeCommand = [process.execPath, ...childNodeArgs, 'server/main.ts'].map((a) => `'${a}'`).join(' ')
    const rollEnv = {
      ...base,
      NGINX_CONF: c.nginx!.confPath,
      NGINX_RELOAD: `kill -HUP "$(cat '${join(c.dir, 'nginx.pid')}')"`,
      START_COMMAND: `mkdir -p "$RUN_DIR/data-$PORT" && DATA_DIR="$RUN_DIR/data-$PORT" exec ${nodeCommand}`,
      PORT_PAIRS: `${A.port}:${spareA} ${B.port}:${spareB}`,
      RUN_DIR: runDir,
      READY_TIMEOUT: '90',
      STOP_TIMEOUT: '30',
    }

    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 })
    const sent: Sent[] = []
    let stopping = false
    const loop = async (step: (i: number) => Promise<Sent | null>, pauseMs: number) => {
      for (let i = 0; !stopping; i++) {
        const result = await step(i)
        if (result) sent.push(result)
        await sleep(pauseMs)
      }
    }
    const reader = users[0].token
    const readers = [0, 1].map((w) =>
      loop(
        (i) =>
          i % 2 === 0
            ? send(agent, 'search', 'GET', `/api/partners/search?name=Roulement&pageSize=20&page=0`, reader)
            : send(
                agent,
                'details',
                'GET',
                apiPaths.partnerDiscountsUser(partners[(w + i) % PARTNERS].partnerId.id, users[0].id),
                reader,
              ),
        60,
      ),
    )
    // Favourites: users 1-8 each toggle one partner, added then removed, one request after the other.
    const favorites = loop(async (i) => {
      const u = 1 + (i % 8)
      const partner = partners[u % PARTNERS]
      const adding = Math.floor(i / 8) % 2 === 0
      const res = await send(
        agent,
        adding ? 'favoriteAdd' : 'favoriteRemove',
        adding ? 'PUT' : 'DELETE',
        apiPaths.myFavorite(partner.partnerId.id),
        users[u].token,
      )
      return { ...res, key: `${users[u].id}:${partner.partnerId.id}` }
    }, 120)
    // Coupon uses: each (user, offer) once, users 10 onwards, offer after offer.
    const coupons = loop(async (i) => {
      const u = 10 + (i % (USERS - 10))
      const round = Math.floor(i / (USERS - 10))
      if (round >= offers.length) return null
      const { partner, offer } = offers[round]
      const res = await send(
        agent,
        'coupon',
        'PUT',
        apiPaths.deactivateOffer(users[u].id, partner.partnerId.id, offer.id.id),
        users[u].token,
      )
      return { ...res, key: `${users[u].id}:${offer.id.id}` }
    }, 120)
    // Back-office: a new partner (POST, never replayed by nginx) then a save of partner 0 (PUT).
    let saves = 0
    const backOffice = loop(async (i) => {
      if (i % 2 === 0) {
        const name = `Créé pendant le roulement ${i}`
        const res = await send(
          agent,
          'create',
          'POST',
          '/api/partners',
          admin.access_token,
          partnerBody({ name }),
        )
        return { ...res, key: name }
      }
      const description = `Enregistrement ${++saves}`
      const res = await send(
        agent,
        'save',
        'PUT',
        apiPaths.partner(partners[0].partnerId.id),
        admin.access_token,
        {
          ...partnerBody({ name: 'Roulement 0', description }),
          partnerId: partners[0].partnerId,
        },
      )
      return { ...res, key: description }
    }, 300)

    const loadStart = Date.now()
    await sleep(5000)
    const rollStart = Date.now()
    const first = await roll(rollEnv)
    expect(first.code, first.output).toBe(0)
    const second = await roll(rollEnv)
    expect(second.code, second.output).toBe(0)
    const rollEnd = Date.now()
    // LOAD_SECONDS of load in all, the rolls in the first part, at least 3 s after them.
    await sleep(Math.max(3000, loadStart + LOAD_SECONDS * 1000 - Date.now()))
    stopping = true
    await Promise.all([...readers, favorites, coupons, backOffice])
    agent.destroy()

    // Both pairs went there and back: the upstream lists the original ports again, served by new processes.
    const conf = readFileSync(c.nginx!.confPath, 'utf8')
    expect(conf).toContain(`127.0.0.1:${A.port} `)
    expect(conf).toContain(`127.0.0.1:${B.port} `)
    expect(A.running || B.running).toBe(false)
    expect(first.output + second.output).toMatch(/remplacée par/)

    const during = sent.filter((s) => s.start >= rollStart && s.start <= rollEnd)
    const latencies = during.map((s) => s.end - s.start)
    const byKind = (kind: Sent['kind']) => sent.filter((s) => s.kind === kind)
    const summary = {
      seconds: Math.round((Date.now() - loadStart) / 1000),
      rollSeconds: Math.round((rollEnd - rollStart) / 1000),
      requests: sent.length,
      resentAfterReload: sent.filter((s) => s.resent).length,
      duringRoll: during.length,
      p50Ms: percentile(latencies, 50),
      p99Ms: percentile(latencies, 99),
      maxMs: Math.max(...latencies),
      getP99Ms: percentile(
        during.filter((s) => s.method === 'GET').map((s) => s.end - s.start),
        99,
      ),
      writeP99Ms: percentile(
        during.filter((s) => s.method !== 'GET').map((s) => s.end - s.start),
        99,
      ),
      statuses: Object.fromEntries(
        [...new Set(sent.map((s) => `${s.kind} ${s.status || s.error}`))].map((k) => [
          k,
          sent.filter((s) => `${s.kind} ${s.status || s.error}` === k).length,
        ]),
      ),
    }
    console.log(`rolling deploy under load: ${JSON.stringify(summary)}`)

    // 0 failed GETs.
    const failedGets = sent.filter((s) => s.method === 'GET' && s.status !== 200)
    expect(failedGets, JSON.stringify(failedGets.slice(0, 5))).toEqual([])
    expect(during.length).toBeGreaterThan(100)

    // No write refused for another reason than an unknown outcome (a 409 would mean a replayed coupon use).
    const writes = sent.filter((s) => s.method !== 'GET')
    const odd = writes.filter((s) => s.status !== 0 && s.status < 500 && (s.status < 200 || s.status >= 300))
    expect(odd, JSON.stringify(odd.slice(0, 5))).toEqual([])
    const ok = (s: Sent) => s.status >= 200 && s.status < 300

    // Coupon uses: a 2xx is one use (offer_uses) and the coupon marked used (used_coupons); anything else is
    // both or neither.
    const uses = await c.query<{ key: string; uses: string; marked: string }>(
      `select u.user_id || ':' || u.offer_id as key, count(*)::text as uses,
              (select count(*) from used_coupons m where m.user_id = u.user_id and m.offer_id = u.offer_id)::text as marked
       from offer_uses u group by u.user_id, u.offer_id`,
    )
    const useByKey = new Map(uses.map((u) => [u.key, u]))
    for (const s of byKind('coupon')) {
      const row = useByKey.get(s.key!)
      if (ok(s)) expect(row && [row.uses, row.marked], s.key).toEqual(['1', '1'])
      else expect(row ? row.uses === row.marked : true, `${s.key} à moitié fait`).toBe(true)
    }
    // And no use the load did not ask for.
    const asked = new Set(byKind('coupon').map((s) => s.key))
    expect(uses.filter((u) => !asked.has(u.key))).toEqual([])
    expect(byKind('coupon').filter(ok).length).toBeGreaterThan(20)

    // New partners: a 2xx is one partner with its Journal entry, made by the request that answered; anything
    // else is both or neither.
    const created = await c.query<{ name: string; partners: string; entries: string; ids: string[] }>(
      `select p.name, count(distinct p.id)::text as partners, count(a.id)::text as entries,
              array_agg(a.request_id) as ids
       from partners p left join audit_log a on a.action = 'partner.create' and a.target_id = p.id::text
       where p.name like 'Créé pendant le roulement %' group by p.name`,
    )
    const createdByName = new Map(created.map((r) => [r.name, r]))
    for (const s of byKind('create')) {
      const row = createdByName.get(s.key!)
      if (ok(s)) {
        expect(row && [row.partners, row.entries], s.key).toEqual(['1', '1'])
        expect(row!.ids).toEqual([s.requestId])
      } else expect(row ? row.partners === row.entries : true, `${s.key} à moitié fait`).toBe(true)
    }
    expect(created.length).toBeLessThanOrEqual(byKind('create').length)

    // Saves: the partner holds the last description answered 2xx, one Journal entry per 2xx save.
    const lastSave = byKind('save').filter(ok).at(-1)!
    const [saved] = await c.query<{ description: string }>(`select description from partners where id = $1`, [
      partners[0].partnerId.id,
    ])
    if (byKind('save').at(-1) === lastSave) expect(saved.description).toBe(lastSave.key)
    const [saveEntries] = await c.query<{ n: string }>(
      `select count(*)::text as n from audit_log where action = 'partner.update' and target_id = $1`,
      [String(partners[0].partnerId.id)],
    )
    expect(Number(saveEntries.n)).toBe(byKind('save').filter(ok).length)

    // Favourites: each pair is as its last answered request left it.
    const favs = await c.query<{ key: string }>(`select user_id || ':' || partner_id as key from favorites`)
    const present = new Set(favs.map((f) => f.key))
    for (const key of new Set(byKind('favoriteAdd').map((s) => s.key!))) {
      const last = sent.filter((s) => s.key === key && s.kind.startsWith('favorite')).at(-1)!
      if (ok(last)) expect(present.has(key), key).toBe(last.kind === 'favoriteAdd')
    }
  }, 240_000)
})
