/**
 * What the shipped nginx file retries on the other instance, with stand-in instances that fail on cue: a read
 * is replayed, a write (POST, PUT, DELETE) already sent is never sent again, and a write refused by a stopped
 * instance (nothing sent) goes to the other. The real instances under a rolling deploy are in rolling.test.ts.
 */
import http from 'node:http'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clusterUnavailable, freePort, startNginx, type Nginx } from '@/scripts/cluster/index.ts'
import { rawRequest, within } from './support.ts'

interface Received {
  upstream: 'A' | 'B'
  method: string
  url: string
  headers: http.IncomingHttpHeaders
  bodyBytes: number
}

/**
 * A stand-in instance recording what reaches it. Paths under /tombe/ read the whole request then close the
 * connection without answering (an instance killed mid-request); /tombe-une-fois/ does so for the first
 * request of that path across both stand-ins, then answers; anything else answers 200 with what it received.
 */
function standIn(name: 'A' | 'B', received: Received[], seen: Set<string>): http.Server {
  return http.createServer((req, res) => {
    let bodyBytes = 0
    req.on('data', (c: Buffer) => (bodyBytes += c.length))
    req.on('end', () => {
      received.push({ upstream: name, method: req.method!, url: req.url!, headers: req.headers, bodyBytes })
      const url = req.url!
      const dropOnce = url.startsWith('/tombe-une-fois/') && !seen.has(url)
      seen.add(url)
      if (url.startsWith('/tombe/') || dropOnce) {
        req.socket.destroy()
        return
      }
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify({ upstream: name, method: req.method, bodyBytes }))
    })
  })
}

const listen = (server: http.Server, port: number) =>
  new Promise<void>((done) => server.listen(port, '127.0.0.1', done))
const close = (server: http.Server) =>
  new Promise<void>((done) => {
    server.closeAllConnections()
    server.close(() => done())
  })

async function startPair(options: { stopped?: 'A' }) {
  const received: Received[] = []
  const seen = new Set<string>()
  const [portA, portB, listenPort] = await Promise.all([freePort(), freePort(), freePort()])
  const servers: http.Server[] = []
  if (options.stopped !== 'A') servers.push(standIn('A', received, seen))
  servers.push(standIn('B', received, seen))
  if (options.stopped !== 'A') await listen(servers[0], portA)
  await listen(servers[servers.length - 1], portB)
  const dir = mkdtempSync(join(tmpdir(), 'partenaires-nginx-'))
  const nginx = await startNginx(dir, { listenPort, upstreamPorts: [portA, portB] })
  return {
    nginx,
    received,
    portA,
    portB,
    async stop() {
      await nginx.stop()
      await Promise.all(servers.map(close))
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

beforeAll(() => {
  // In CI a missing nginx must fail, not pass as a skip.
  const why = clusterUnavailable({ nginx: true })
  if (why) throw new Error(why)
})

describe('an instance that falls after receiving the request', () => {
  let pair: Awaited<ReturnType<typeof startPair>>
  let nginx: Nginx
  beforeAll(async () => {
    pair = await startPair({})
    nginx = pair.nginx
  })
  afterAll(() => pair?.stop())

  it.each(['PUT', 'DELETE', 'POST'])(
    'a %s already sent is not sent to the other instance: the person gets the French 503',
    async (method) => {
      const path = `/tombe/ecriture-${method.toLowerCase()}`
      const res = await rawRequest(nginx.url, { method, path, body: { offre: 12 } })
      expect(res.status).toBe(503)
      expect(res.json.message).toBe('Service momentanément indisponible : réessayez dans quelques secondes.')
      const arrived = pair.received.filter((r) => r.url === path)
      expect(arrived).toHaveLength(1)
      // The relay gives the write its own method back, with its body.
      expect(arrived[0].method).toBe(method)
      expect(arrived[0].bodyBytes).toBe(JSON.stringify({ offre: 12 }).length)
    },
  )

  it('a read is replayed on the other instance and answered', async () => {
    const path = '/tombe-une-fois/lecture'
    const res = await rawRequest(nginx.url, { path })
    expect(res.status).toBe(200)
    const arrived = pair.received.filter((r) => r.url === path)
    expect(arrived.map((r) => r.upstream).sort()).toEqual(['A', 'B'])
    // The same request id both times: one request, followed from nginx to the instance that answered.
    expect(new Set(arrived.map((r) => r.headers['x-request-id'])).size).toBe(1)
  })

  it('a PUT that is answered reaches one instance once, as the instance expects it', async () => {
    const res = await rawRequest(nginx.url, {
      method: 'PUT',
      path: '/api/users/deactivate-discountoffer/7',
      headers: { 'x-forwarded-for': '203.0.113.9', 'x-partenaires-methode': 'DELETE' },
      body: { x: 1 },
    })
    expect(res.status).toBe(200)
    const arrived = pair.received.filter((r) => r.url === '/api/users/deactivate-discountoffer/7')
    expect(arrived).toHaveLength(1)
    const { headers, method } = arrived[0]
    expect(method).toBe('PUT')
    expect(headers['content-type']).toBe('application/json')
    // The client's address appended by the public server, nothing added by the relay.
    expect(headers['x-forwarded-for']).toBe('203.0.113.9, 127.0.0.1')
    expect(headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/)
    // The relay's own headers stay between nginx and itself.
    expect(headers['x-partenaires-methode']).toBeUndefined()
    expect(res.headers['x-partenaires-amont']).toBeUndefined()
    // The access line names the instance that answered and carries the id the instance received.
    await within(
      5000,
      async () =>
        nginx
          .accessLog()
          .some(
            (l) =>
              l.request.startsWith('PUT /api/users/deactivate-discountoffer/7') &&
              l.request_id === headers['x-request-id'] &&
              l.upstream === `127.0.0.1:${arrived[0].upstream === 'A' ? pair.portA : pair.portB}` &&
              l.upstream_status === '200',
          ),
      'ligne d’accès de l’écriture',
    )
  })

  it('a client cannot pick the method through the relay’s header', async () => {
    const res = await rawRequest(nginx.url, {
      method: 'POST',
      path: '/api/favoris-forges',
      headers: { 'x-partenaires-methode': 'DELETE' },
      body: {},
    })
    expect(res.status).toBe(200)
    const [arrived] = pair.received.filter((r) => r.url === '/api/favoris-forges')
    expect(arrived.method).toBe('POST')
    expect(arrived.headers['x-partenaires-methode']).toBeUndefined()
  })

  it('a PUT body up to the limit passes through the relay; beyond it, the French 413', async () => {
    const big = 'x'.repeat(5 * 1024 * 1024)
    const ok = await rawRequest(nginx.url, { method: 'PUT', path: '/api/gros', body: { big } })
    expect(ok.status).toBe(200)
    expect(pair.received.find((r) => r.url === '/api/gros')?.bodyBytes).toBe(JSON.stringify({ big }).length)
    const tooBig = await rawRequest(nginx.url, {
      method: 'PUT',
      path: '/api/trop-gros',
      body: { big: big + big },
    })
    expect(tooBig.status).toBe(413)
    expect(tooBig.json.message).toBe('Fichier ou corps de requête trop volumineux (5 Mo au plus).')
    expect(pair.received.some((r) => r.url === '/api/trop-gros')).toBe(false)
  })
})

describe('an instance that is stopped (it refuses connections)', () => {
  let pair: Awaited<ReturnType<typeof startPair>>
  beforeAll(async () => {
    pair = await startPair({ stopped: 'A' })
  })
  afterAll(() => pair?.stop())

  it('writes go to the other instance, each once', async () => {
    const writes = [
      ['PUT', '/api/refus/1'],
      ['DELETE', '/api/refus/2'],
      ['POST', '/api/refus/3'],
      ['PUT', '/api/refus/4'],
    ] as const
    for (const [method, path] of writes) {
      const res = await rawRequest(pair.nginx.url, { method, path, body: { n: path } })
      expect(res.status, `${method} ${path}`).toBe(200)
      expect(res.json).toMatchObject({ upstream: 'B', method })
    }
    expect(pair.received.map((r) => `${r.method} ${r.url}`)).toEqual(writes.map((w) => w.join(' ')))
    // nginx tried the stopped instance first at least once, then the other: both in the access line.
    await within(
      5000,
      async () =>
        pair.nginx
          .accessLog()
          .some(
            (l) =>
              /^(PUT|DELETE) /.test(l.request) &&
              l.upstream === `127.0.0.1:${pair.portA}, 127.0.0.1:${pair.portB}`,
          ),
      'écriture refusée par A puis servie par B',
    )
  })
})
