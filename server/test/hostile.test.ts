import { Writable } from 'node:stream'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import type { AuthUser, Partner } from '@/contract/schemas.ts'
import { loggerOptions } from '../app.ts'
import { partnerBody, tokenFromMail, adminServerForFile, createPartner, type ApiResponse } from './helpers.ts'

/** Random and hostile inputs: always a 4xx with a message (or a success), never a 500, server still fine. */
const logLines: string[] = []
const logStream = new Writable({
  write(chunk, _encoding, callback) {
    logLines.push(chunk.toString())
    callback()
  },
})
const t = adminServerForFile({ logger: { ...loggerOptions({ logLevel: 'info' }), stream: logStream } })
let user: AuthUser
let partner: Partner

beforeAll(async () => {
  user = await t.api.register()
  partner = await createPartner(t.api, t.admin, { name: 'Témoin' })
})

const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.constantFrom(
    "' OR '1'='1",
    "'; DROP TABLE users; --",
    '<script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    'javascript:alert(1)',
    '\u0000\u0001\u001f',
    '%00',
    '../../etc/passwd',
    '{{7*7}}',
    '${jndi:ldap://x}',
    '\uFEFF\u202E',
    'x'.repeat(10_000),
    '',
    ' ',
  ),
)
const anyValue = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.object({ maxDepth: 1 }),
)

function expectClean(status: number, body: unknown, text: string) {
  expect(status, text).toBeLessThan(500)
  if (status >= 400) expect(body).toMatchObject({ message: expect.any(String) })
}

/** A valid body but for one of `fields`, set to a hostile value: each run answers cleanly, never a 500. */
async function oneFieldHostile(
  fields: string[],
  send: (key: string, value: unknown) => Promise<ApiResponse>,
  numRuns: number,
) {
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...fields), anyValue, async (key, value) => {
      const res = await send(key, value)
      expectClean(res.status, res.body, res.text)
    }),
    { numRuns },
  )
}

describe('property-based: request validators', () => {
  it('register: random bodies never give a 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          { firstname: anyValue, lastname: anyValue, email: anyValue, password: anyValue },
          { requiredKeys: [] },
        ),
        async (body) => {
          const res = await t.api.post('/api/auth/register', body)
          expectClean(res.status, res.body, res.text)
        },
      ),
      { numRuns: 60 },
    )
  })

  it('authenticate: random credentials get 400/401, never 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({ username: anyValue, password: anyValue }, { requiredKeys: [] }),
        async (body) => {
          const res = await t.api.post('/api/auth/authenticate', body)
          expect([400, 401]).toContain(res.status)
          expectClean(res.status, res.body, res.text)
        },
      ),
      { numRuns: 60 },
    )
  })

  it('partner create: random field values never give a 500', async () => {
    await oneFieldHostile(
      [
        'name',
        'description',
        'siren',
        'email',
        'phone',
        'status',
        'categories',
        'location',
        'rating',
        'userRatingsTotal',
        'representativeFirstName',
      ],
      (key, value) => t.api.post('/api/partners', partnerBody({ [key]: value }), t.asAdmin()),
      80,
    )
  })

  it('article create and offer create: random values never give a 500', async () => {
    await oneFieldHostile(
      ['title', 'status', 'position', 'image', 'link'],
      (key, value) =>
        t.api.post(
          '/api/articles',
          { title: 't', status: 'DRAFT', position: 1, image: null, link: null, [key]: value },
          t.asAdmin(),
        ),
      60,
    )
    await oneFieldHostile(
      ['status', 'libelle', 'expirationDate'],
      (key, value) =>
        t.api.post(
          `/api/partners/${partner.partnerId.id}/offer-discount`,
          { status: 'ENABLED', libelle: 'x', expirationDate: null, [key]: value },
          t.asAdmin(),
        ),
      60,
    )
  })

  it('search: random query parameters get 200 or 400, never 500', async () => {
    const param = fc.constantFrom(
      'name',
      'userPosition',
      'bounds',
      'categoryId',
      'city',
      'userId',
      'page',
      'pageSize',
    )
    const value = fc.oneof(
      hostileString,
      fc.integer().map(String),
      fc.double().map(String),
      fc.tuple(fc.double(), fc.double()).map(([a, b]) => `${a},${b}`),
      fc.array(fc.double(), { minLength: 4, maxLength: 4 }).map((a) => a.join(',')),
    )
    await fc.assert(
      fc.asyncProperty(fc.dictionary(param, value, { maxKeys: 4 }), async (query) => {
        const qs = new URLSearchParams(query).toString()
        const res = await t.api.get(`/api/partners/search?${qs}`, { token: user.access_token })
        expect([200, 400, 403]).toContain(res.status)
        expectClean(res.status, res.body, res.text)
      }),
      { numRuns: 120 },
    )
  })

  it('ids in paths: anything that is not a positive integer is 400, unknown is 404', async () => {
    await fc.assert(
      fc.asyncProperty(
        hostileString.filter((s) => s.length < 300),
        async (raw) => {
          const res = await t.api.get(`/api/partners/${encodeURIComponent(raw)}`, {
            token: user.access_token,
          })
          // A generated "1" is a real id: that one may be found.
          expect(/^0*[1-9]\d{0,8}$/.test(raw) ? [200, 404] : [400, 404]).toContain(res.status)
          expectClean(res.status, res.body, res.text)
        },
      ),
      { numRuns: 60 },
    )
  })
})

describe('U+0000 (PostgreSQL cannot store it in text)', () => {
  it('is refused with a French 400 naming the field, wherever it is sent', async () => {
    const nul = 'a\u0000b'
    const cases: { name: string; field: string; send: () => Promise<{ status: number; body: unknown }> }[] = [
      {
        name: 'login',
        field: 'username',
        send: () => t.api.post('/api/auth/authenticate', { username: nul, password: 'x' }),
      },
      {
        name: 'register',
        field: 'email',
        send: () =>
          t.api.post('/api/auth/register', {
            firstname: 'A',
            lastname: 'B',
            email: `x${nul}@test.fr`,
            password: 'un mot de passe long',
          }),
      },
      { name: 'forgot', field: 'email', send: () => t.api.post('/api/auth/forgot-password', { email: nul }) },
      {
        name: 'partner email',
        field: 'email',
        send: () =>
          t.api.post('/api/partners', partnerBody({ email: `c${nul}@test.fr` }), {
            token: t.admin.access_token,
          }),
      },
      {
        name: 'search name',
        field: 'name',
        send: () =>
          t.api.get(`/api/partners/search?name=${encodeURIComponent(nul)}`, { token: user.access_token }),
      },
      {
        name: 'search city',
        field: 'city',
        send: () =>
          t.api.get(`/api/partners/search?city=${encodeURIComponent(nul)}`, { token: user.access_token }),
      },
    ]
    for (const c of cases) {
      const res = await c.send()
      expect(res.status, c.name).toBe(400)
      expect(res.body, c.name).toEqual({
        message: `Le champ « ${c.field} » contient un caractère nul (U+0000), qui n’est pas accepté.`,
        field: c.field,
      })
    }
  })
})

describe('other control characters and lone surrogates', () => {
  it('are refused with a French 400 naming the field and the character; tab and line breaks stay allowed', async () => {
    const register = (email: string, lastname = 'B') =>
      t.api.post<{ message: string; field: string }>('/api/auth/register', {
        firstname: 'A',
        lastname,
        email,
        password: 'un mot de passe long',
      })
    const cases = [
      { value: 'a\u0001b@test.fr', character: 'un caractère de contrôle (U+0001)' },
      { value: 'a\u001Fb@test.fr', character: 'un caractère de contrôle (U+001F)' },
      { value: 'a\u007Fb@test.fr', character: 'un caractère de contrôle (U+007F)' },
      { value: 'a\uD800b@test.fr', character: 'un caractère Unicode invalide (U+D800 isolé)' },
    ]
    for (const c of cases) {
      const res = await register(c.value)
      expect(res.status, c.value).toBe(400)
      expect(res.body).toEqual({
        message: `Le champ « email » contient ${c.character}, qui n’est pas accepté.`,
        field: 'email',
      })
    }
    const multiline = await t.api.post<Partner>(
      '/api/partners',
      partnerBody({ name: 'Lignes', description: 'Première ligne\r\n\tdeuxième ligne' }),
      { token: t.admin.access_token },
    )
    expect(multiline.status).toBe(201)
    expect(multiline.body.description).toBe('Première ligne\r\n\tdeuxième ligne')
    expect((await register('emoji@test.fr', 'Émile 😀')).status).toBe(201)
  })
})

describe('after the storm', () => {
  it('the server still answers and earlier data is intact', async () => {
    expect((await t.api.get('/api/health')).status).toBe(200)
    const p = await t.api.get<Partner>(`/api/partners/${partner.partnerId.id}`, { token: user.access_token })
    expect(p.body.name).toBe('Témoin')
    expect((await t.api.login(user.email, 'un mot de passe long')).userId).toEqual(user.userId)
  })

  it('logs carry request ids and never passwords or tokens', async () => {
    const secretUser = await t.api.register({
      email: 'logs@test.fr',
      password: 'mot-de-passe-secret-dans-les-logs',
    })
    await t.api.post('/api/auth/authenticate', { username: 'logs@test.fr', password: 'autre-secret-refuse' })
    await t.api.get('/api/articles/articles-published', { token: secretUser.access_token })
    await t.api.post('/api/auth/forgot-password', { email: 'logs@test.fr' })
    const { token } = await tokenFromMail(t.server.dataDir, 'logs@test.fr')
    await t.api.post('/api/auth/reset-password', { token, newPassword: 'nouveau-secret-des-logs' })
    const all = logLines.join('\n')
    expect(all).toContain('"reqId"')
    for (const secret of [
      'mot-de-passe-secret-dans-les-logs',
      'autre-secret-refuse',
      'nouveau-secret-des-logs',
      token,
      secretUser.access_token,
      t.server.config.jwtSecret,
    ]) {
      expect(all).not.toContain(secret)
    }
  })

  it('a request the HTTP parser rejects (raw non-ASCII path, broken header) gets a French JSON 400 and the server keeps going', async () => {
    const { connect } = await import('node:net')
    const { port } = new URL(t.server.url)
    for (const raw of [
      'GET /api/partners/search?name=\u00e9 HTTP/1.1\r\nHost: x\r\n\r\n',
      'GET / HTTP/1.1\r\nHost x\r\n\r\n',
    ]) {
      const answer = await new Promise<string>((resolve, reject) => {
        let text = ''
        const socket = connect(Number(port), '127.0.0.1', () => socket.end(Buffer.from(raw, 'utf8')))
        socket.on('data', (chunk) => (text += chunk.toString()))
        socket.on('close', () => resolve(text))
        socket.on('error', reject)
      })
      expect(answer).toMatch(/^HTTP\/1\.1 400/)
      expect(answer).toContain('{"message":"Requête HTTP mal formée."}')
    }
    expect((await t.api.get('/api/health')).status).toBe(200)
  })
})
