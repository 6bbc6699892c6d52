import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Article, Partner, PartnerPage, UserPage } from '@/contract/schemas.ts'
import { EARLY_SEARCH_SCRIPT } from '@/contract/earlySearch.ts'
import { PAGE_ROWS_SCRIPT } from '@/contract/pageRows.ts'
import { SCRIPT_LOADER, type PrerenderIndex } from '@/contract/prerender.ts'
import { loadConfig, parseTrustProxy } from '../config.ts'
import { seedDemoIfFirstStart } from '../seed/index.ts'
import { demoAccounts } from '../seed/data.ts'
import {
  ADMIN,
  client,
  partnerBody,
  silentLog,
  startServer,
  type Client,
  type TestServer,
  uploadArticleImage,
} from './helpers.ts'

let server: TestServer
let api: Client
let staticDir: string

beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), 'partenaires-dist-'))
  mkdirSync(join(staticDir, 'assets'))
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>App</title><div id="root"></div>')
  writeFileSync(join(staticDir, 'assets', 'index-abc123.js'), 'console.log(1)')
  writeFileSync(join(staticDir, 'manifest.webmanifest'), '{}')
  mkdirSync(join(staticDir, 'prerendered'))
  writeFileSync(
    join(staticDir, 'prerendered', 'login.html'),
    '<div id="root" data-prerendered="/login">Se connecter</div>',
  )
  writeFileSync(
    join(staticDir, 'prerendered', 'inscription.html'),
    '<div id="root" data-prerendered="/inscription">Inscription</div>',
  )
  writeFileSync(
    join(staticDir, 'prerendered', 'partenaire.html'),
    '<div id="root" data-prerendered="/partenaire/:id"></div>',
  )
  const prerenderIndex: PrerenderIndex = {
    routes: [
      {
        pattern: '/login',
        file: 'prerendered/login.html',
        preload: ['/assets/index-abc123.js', '/assets/Login-1.js'],
      },
      { pattern: '/partenaire/:id', file: 'prerendered/partenaire.html', preload: ['/assets/Partner-2.js'] },
      // A page whose scripts start after its first paint (its inline loader): nothing announced.
      { pattern: '/inscription', file: 'prerendered/inscription.html', preload: [] },
    ],
    fallback: { preload: ['/assets/index-abc123.js'] },
  }
  writeFileSync(join(staticDir, 'prerendered', 'routes.json'), JSON.stringify(prerenderIndex))
  server = await startServer({ staticDir, config: { googleMapsApiKey: 'cle-de-test' } })
  api = client(server)
})
afterAll(async () => {
  await server.close()
  rmSync(staticDir, { recursive: true, force: true })
})

describe('config, health, docs', () => {
  it('serves the client configuration', async () => {
    const res = await api.get('/api/config')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      googleMapsApiKey: 'cle-de-test',
      helpUrl: '/docs/aide.html',
      termsUrl: '/docs/conditions-generales-utilisation.pdf',
      privacyUrl: '/docs/politique-de-confidentialite.pdf',
      timeZone: 'Europe/Paris',
      // The legal pages' facts: account.test.ts.
      legal: expect.objectContaining({ privacyContact: null, operatorName: null }),
    })
  })

  it('serves a category icon by its Material Design Icons name, cached, to anyone', async () => {
    const res = await api.get<{ name: string; path: string }>('/api/icons/silverware-fork-knife')
    expect(res.status).toBe(200)
    expect(res.body.name).toBe('silverware-fork-knife')
    expect(res.body.path).toMatch(/^M[\d.]+/)
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400')
    const unknown = await api.get<{ message: string }>('/api/icons/pas-une-icone-connue')
    expect(unknown.status).toBe(404)
    expect(unknown.body.message).toContain('Icône inconnue')
    const hostile = await api.get<{ message: string }>('/api/icons/..%2F..%2Fetc%2Fpasswd')
    expect(hostile.status).toBe(400)
    expect(hostile.body.message).toBeTruthy()
  })

  it('reports health', async () => {
    const res = await api.get('/api/health')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ status: 'ok', database: true })
  })

  it('serves the OpenAPI document generated from the schemas, and the docs page with its own CSP', async () => {
    const doc = await api.get<{
      openapi: string
      paths: Record<string, Record<string, { parameters?: { name: string; description?: string }[] }>>
    }>('/api/docs/json')
    expect(doc.status).toBe(200)
    expect(doc.body.openapi).toMatch(/^3\./)
    for (const path of [
      '/api/auth/authenticate',
      '/api/partners/search',
      '/api/partners/{id}/offer-discount',
      '/api/users/deactivate-discountoffer/user/{userId}/partner/{partnerId}/offer/{offerId}',
    ]) {
      expect(doc.body.paths[path], path).toBeDefined()
    }
    expect(JSON.stringify(doc.body.paths['/api/partners/search'])).toMatch(/kilomètres/)
    const page = await fetch(`${server.url}/api/docs/static/index.html`)
    expect(page.status).toBe(200)
    const csp = page.headers.get('content-security-policy') ?? ''
    expect(csp).toMatch(/script-src 'self'/)
    expect(csp).not.toMatch(/unsafe-inline[^;]*;.*script|script-src[^;]*unsafe-inline/)
    expect(csp).not.toContain('upgrade-insecure-requests')
    expect(csp).toContain("frame-ancestors 'none'")
    expect(await page.text()).toContain('swagger-ui')
  })
})

describe('errors', () => {
  it('unknown API routes are 404 JSON, not the SPA', async () => {
    const res = await api.get('/api/inexistant', { headers: { accept: 'text/html' } })
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ message: 'Cette adresse d’API n’existe pas.' })
  })

  it('malformed JSON is 400, wrong content type 415, empty body 400, huge body 413 — all JSON in French', async () => {
    const malformed = await api.request('POST', '/api/auth/authenticate', {
      raw: '{"username": "a", ',
      contentType: 'application/json',
    })
    expect(malformed.status).toBe(400)
    expect(malformed.body).toEqual({ message: 'Le corps de la requête n’est pas un JSON valide.' })
    const text = await api.request('POST', '/api/auth/authenticate', {
      raw: 'username=a',
      contentType: 'text/plain',
    })
    expect(text.status).toBe(415)
    expect((text.body as { message: string }).message).toMatch(/JSON/)
    const empty = await api.request('POST', '/api/auth/authenticate', {
      raw: '',
      contentType: 'application/json',
    })
    expect(empty.status).toBe(400)
    const arrayBody = await api.request('POST', '/api/auth/authenticate', {
      raw: '[1,2]',
      contentType: 'application/json',
    })
    expect(arrayBody.status).toBe(400)
    expect((arrayBody.body as { message: string }).message).toMatch(/objet JSON/)
    const huge = await api.request('POST', '/api/auth/register', {
      raw: JSON.stringify({ firstname: 'x'.repeat(2_000_000) }),
      contentType: 'application/json',
    })
    expect(huge.status).toBe(413)
    for (const res of [malformed, text, empty, huge]) {
      expect(res.text).not.toMatch(/at .*\.ts|stack|node_modules/)
    }
  })

  it('names the missing or mistyped field', async () => {
    const res = await api.post('/api/auth/authenticate', { username: 'a@b.fr' })
    expect(res.body).toEqual({ message: 'Le champ « password » est obligatoire.', field: 'password' })
    const typed = await api.post('/api/auth/authenticate', { username: 'a@b.fr', password: 12 })
    expect(typed.body).toEqual({
      message: 'Le champ « password » doit être une chaîne de caractères.',
      field: 'password',
    })
  })
})

describe('headers', () => {
  it('sends a CSP allowing exactly the app and Google Maps, nosniff, frame-ancestors none, referrer policy, no CORS, no HSTS over http', async () => {
    const res = await fetch(`${server.url}/api/config`, { headers: { origin: 'https://evil.example' } })
    const csp = res.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("default-src 'self'")
    expect(csp).toContain("script-src 'self' https://maps.googleapis.com")
    // The prerendered pages' inline loader, by the hash of its exact text; no other inline script.
    const loaderHash = createHash('sha256').update(SCRIPT_LOADER).digest('base64')
    const scriptSrc = csp.split(';').find((directive) => directive.trim().startsWith('script-src '))
    expect(scriptSrc).toContain(`'sha256-${loaderHash}'`)
    // Find's early search (contract/earlySearch.ts), likewise.
    expect(scriptSrc).toContain(
      `'sha256-${createHash('sha256').update(EARLY_SEARCH_SCRIPT).digest('base64')}'`,
    )
    // And the script drawing Find's first rows from that answer (contract/pageRows.ts).
    expect(scriptSrc).toContain(`'sha256-${createHash('sha256').update(PAGE_ROWS_SCRIPT).digest('base64')}'`)
    expect(csp).toContain("style-src 'self' 'unsafe-inline'")
    expect(csp).toContain("img-src 'self' data: blob: https://*.googleapis.com https://*.gstatic.com")
    expect(csp).toContain("connect-src 'self' https://maps.googleapis.com")
    expect(csp).toContain("font-src 'self' https://fonts.gstatic.com")
    expect(csp).toContain("worker-src 'self'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain("object-src 'none'")
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(res.headers.get('x-frame-options')).toBe('DENY')
    expect(res.headers.get('access-control-allow-origin')).toBeNull()
    expect(res.headers.get('strict-transport-security')).toBeNull()
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    const preflight = await fetch(`${server.url}/api/config`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    })
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('sends HSTS only when the request came over https (behind a trusted proxy)', async () => {
    const proxied = await startServer({ config: { trustProxy: 1 } })
    try {
      const https = await fetch(`${proxied.url}/api/config`, { headers: { 'x-forwarded-proto': 'https' } })
      expect(https.headers.get('strict-transport-security')).toContain('max-age=')
      const http = await fetch(`${proxied.url}/api/config`)
      expect(http.headers.get('strict-transport-security')).toBeNull()
    } finally {
      await proxied.close()
    }
  })
})

describe('static client', () => {
  it('serves index.html for client routes (no-cache), hashed assets immutable, never for /api', async () => {
    for (const path of ['/', '/rechercher?c=1', '/bo/partenaires/edit/3']) {
      const res = await fetch(server.url + path, { headers: { accept: 'text/html' } })
      expect(res.status, path).toBe(200)
      expect(await res.text()).toContain('<div id="root">')
      expect(res.headers.get('cache-control')).toBe('no-cache')
    }
    const asset = await fetch(`${server.url}/assets/index-abc123.js`)
    expect(asset.status).toBe(200)
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect((await fetch(`${server.url}/manifest.webmanifest`)).headers.get('cache-control')).toBe('no-cache')
    expect((await fetch(`${server.url}/assets/missing.js`)).status).toBe(404)
    const json = await fetch(`${server.url}/nope`, { headers: { accept: 'application/json' } })
    expect(json.status).toBe(404)
  })

  it('answers each prerendered route with its own HTML and announces its chunks in a Link header', async () => {
    const page = async (path: string) => {
      const res = await fetch(server.url + path, { headers: { accept: 'text/html' } })
      expect(res.status, path).toBe(200)
      expect(res.headers.get('cache-control'), path).toBe('no-cache')
      return { html: await res.text(), link: res.headers.get('link') }
    }
    for (const path of ['/login', '/login/', '/login?next=1']) {
      expect(await page(path)).toEqual({
        html: expect.stringContaining('data-prerendered="/login"'),
        link: '</assets/index-abc123.js>; rel=modulepreload, </assets/Login-1.js>; rel=modulepreload',
      })
    }
    expect(await page('/inscription')).toEqual({
      html: expect.stringContaining('data-prerendered="/inscription"'),
      link: null,
    })
    expect(await page('/partenaire/42')).toEqual({
      html: expect.stringContaining('data-prerendered="/partenaire/:id"'),
      link: '</assets/Partner-2.js>; rel=modulepreload',
    })
    // Routes the build did not prerender (the back-office, unknown pages) get index.html and the entry's chunks.
    for (const path of ['/', '/partenaire/42/photos', '/bo/partenaires']) {
      expect(await page(path), path).toEqual({
        html: expect.not.stringContaining('data-prerendered'),
        link: '</assets/index-abc123.js>; rel=modulepreload',
      })
    }
  })
})

describe('configuration', () => {
  it('reads its settings from the environment, with French errors for bad values', () => {
    const dir = mkdtempSync(join(tmpdir(), 'partenaires-config-'))
    try {
      const config = loadConfig({ DATA_DIR: dir })
      expect(config).toMatchObject({
        port: 3000,
        host: '0.0.0.0',
        seedDemo: true,
        publicUrl: 'http://localhost:3000',
        databaseUrl: null,
        smtpUrl: null,
        // No JWT_SECRET: the key is generated once and kept in the database (test in instances.test.ts).
        jwtSecret: null,
        trustProxy: false,
        databasePoolMax: Math.min(10, 2 * availableParallelism()),
        databaseConnectTimeoutMs: 30_000,
        drainMs: 5000,
      })
      expect(loadConfig({ DATA_DIR: dir, SEED_DEMO: '0', PORT: '8080' })).toMatchObject({
        seedDemo: false,
        publicUrl: 'http://localhost:8080',
      })
      expect(
        loadConfig({
          DATA_DIR: dir,
          DATABASE_POOL_MAX: '4',
          DRAIN_SECONDS: '0',
          DATABASE_CONNECT_TIMEOUT_SECONDS: '2',
        }),
      ).toMatchObject({ databasePoolMax: 4, drainMs: 0, databaseConnectTimeoutMs: 2000 })
      expect(() => loadConfig({ DATA_DIR: dir, JWT_SECRET: 'court' })).toThrow(/32/)
      expect(() => loadConfig({ DATA_DIR: dir, PORT: 'abc' })).toThrow(/PORT/)
      expect(() => loadConfig({ DATA_DIR: dir, DATABASE_POOL_MAX: 'beaucoup' })).toThrow(/DATABASE_POOL_MAX/)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('TRUST_PROXY takes a hop count or proxy addresses/CIDRs, and refuses "true", which trusts any client', () => {
    expect(parseTrustProxy(undefined)).toBe(false)
    expect(parseTrustProxy('0')).toBe(false)
    expect(parseTrustProxy('1')).toBe(1)
    expect(parseTrustProxy('2')).toBe(2)
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8,::1,fd00::/8')).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
    ])
    expect(() => parseTrustProxy('true')).toThrow(/TRUST_PROXY.*nombre de proxys/)
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow(/10\.0\.0\.0\/33/)
    expect(() => parseTrustProxy('proxy.interne')).toThrow(/proxy\.interne/)
  })
})

describe('persistence', () => {
  it('keeps everything written across a restart on the same DATA_DIR', async () => {
    const first = await startServer()
    const a = client(first)
    const admin = await a.login(ADMIN.email, ADMIN.password)
    const user = await a.register({ email: 'persistant@test.fr', password: 'je survis au redemarrage' })
    const partner = (
      await a.post<Partner>('/api/partners', partnerBody({ name: 'Toujours là' }), {
        token: admin.access_token,
      })
    ).body
    const article = (
      await a.post<Article>(
        '/api/articles',
        {
          title: 'Durable',
          status: 'PUBLISHED',
          position: 1,
          image: await uploadArticleImage(a, admin),
          link: null,
        },
        { token: admin.access_token },
      )
    ).body
    await first.close({ keepData: true })

    const second = await startServer({
      dataDir: first.dataDir,
      schema: first.config.databaseSchema ?? undefined,
    })
    const b = client(second)
    try {
      // Same JWT secret, same token version: the old token still works.
      expect(
        (await b.get(`/api/partners/${partner.partnerId.id}`, { token: user.access_token })).status,
      ).toBe(200)
      const again = await b.login('persistant@test.fr', 'je survis au redemarrage')
      expect(again.userId).toEqual(user.userId)
      const admin2 = await b.login(ADMIN.email, ADMIN.password)
      expect(
        (await b.get<Article>(`/api/articles/${article.articleId.id}`, { token: admin2.access_token })).body
          .title,
      ).toBe('Durable')
      expect(
        (
          await b.get<UserPage>(`/api/users?q=${encodeURIComponent(ADMIN.email)}`, {
            token: admin2.access_token,
          })
        ).body.items.filter((u) => u.email === ADMIN.email),
      ).toHaveLength(1)
    } finally {
      await second.close()
    }
  })
})

describe('demo seed', () => {
  it('seeds once: partners in several cities (Marseille first), photos generated, an expired and a disabled coupon, articles, demo accounts', async () => {
    const seeded = await startServer({ config: { adminEmail: null, adminPassword: null } })
    const s = client(seeded)
    try {
      expect(await seedDemoIfFirstStart(seeded.handle.db, seeded.config, silentLog)).toBe(true)
      expect(await seedDemoIfFirstStart(seeded.handle.db, seeded.config, silentLog)).toBe(false)
      const admin = await s.login(demoAccounts.admin.email, demoAccounts.admin.password)
      expect(admin.roles).toContain('ROLE_ADMIN')
      const user = await s.login(demoAccounts.user.email, demoAccounts.user.password)
      const partners = (await s.get<PartnerPage>('/api/partners?pageSize=100', { token: admin.access_token }))
        .body.items
      expect(partners.length).toBeGreaterThanOrEqual(25)
      const first = (await s.get<Partner>('/api/partners/1', { token: user.access_token })).body
      expect(first.location.city).toBe('Marseille')
      expect(new Set(partners.map((p) => p.location.city)).size).toBeGreaterThanOrEqual(5)
      expect(partners.every((p) => p.images.length > 0 && p.categories.length > 0)).toBe(true)
      const offers = partners.flatMap((p) => p.discountOffers)
      const today = new Date().toISOString().slice(0, 10)
      expect(offers.some((o) => o.expirationDate !== null && o.expirationDate < today)).toBe(true)
      expect(offers.some((o) => o.status === 'DISABLED')).toBe(true)
      const articles = (await s.get<Article[]>('/api/articles', { token: admin.access_token })).body
      expect(articles.some((a) => a.status === 'DRAFT')).toBe(true)
      expect(articles.some((a) => a.link?.url.startsWith('/'))).toBe(true)
      expect(articles.some((a) => a.link?.url.startsWith('https://'))).toBe(true)
      const photo = await fetch(seeded.url + first.images[0].url)
      expect(photo.headers.get('content-type')).toBe('image/webp')
      // Home's banner pictures are sharp on a phone (412 CSS px wide at up to 2.6 device pixels per CSS pixel).
      const banner = articles.find((a) => a.image)?.image
      const bannerBytes = Buffer.from(await (await fetch(seeded.url + banner!.url)).arrayBuffer())
      expect(await sharp(bannerBytes).metadata()).toMatchObject({ width: 1080, height: 1600 })
      // The pictures are rows of the database, nothing is written to DATA_DIR.
      const stored = await seeded.handle.db
        .selectFrom('images')
        .select('id')
        .where('data', 'is not', null)
        .execute()
      expect(stored.length).toBeGreaterThan(30)
      expect(existsSync(join(seeded.dataDir, 'uploads'))).toBe(false)
      const marseille = (
        await s.get<Partner[]>('/api/partners/search?userPosition=43.296,5.370&pageSize=5', {
          token: user.access_token,
        })
      ).body
      expect(marseille[0].location.city).toBe('Marseille')
    } finally {
      await seeded.close()
    }
  })
})

describe('database outage', () => {
  it('answers 503 with a French message when the database is gone', async () => {
    const doomed = await startServer()
    const d = client(doomed)
    const user = await d.register()
    await doomed.handle.close()
    try {
      const health = await d.get('/api/health')
      expect(health.status).toBe(503)
      expect(health.body).toEqual({ status: 'degraded', database: false })
      const res = await d.get<{ message: string }>('/api/partners/categories', { token: user.access_token })
      expect(res.status).toBe(503)
      expect(res.body.message).toMatch(/indisponible/)
    } finally {
      await doomed.close()
    }
  })
})
