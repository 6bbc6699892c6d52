import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ADMIN,
  capturedLogger,
  client,
  partnerBody,
  startServer,
  type Client,
  type TestServer,
} from './helpers.ts'
import type { AuthUser, Partner } from '@/contract/schemas.ts'

/**
 * One id per request (server/requestId.ts): taken from X-Request-Id when nginx (or any client) sends a safe
 * one, made otherwise; answered back, on every log line of the request, in the Journal entry of an
 * administrator write, and at the end of a 5xx's French message.
 */

const NGINX_ID = '5f0c6e1d2b3a49788f1e2d3c4b5a6978'
let server: TestServer
let api: Client
let admin: AuthUser
const log = capturedLogger()

beforeAll(async () => {
  server = await startServer({ logger: log.logger })
  api = client(server)
  admin = await api.login(ADMIN.email, ADMIN.password)
})
afterAll(() => server?.close())

describe('request ids', () => {
  it('keeps the id nginx sent: answered back and on the request’s log line', async () => {
    const res = await api.get('/api/health/ready', { headers: { 'x-request-id': NGINX_ID } })
    expect(res.status).toBe(200)
    expect(res.headers.get('x-request-id')).toBe(NGINX_ID)
    const lines = log.lines.filter((l) => l.reqId === NGINX_ID)
    expect(lines.map((l) => l.msg)).toContain('request completed')
  })

  it.each([
    ['spaces and quotes', 'abc def"ghi'],
    ['too short', 'abc'],
    ['too long', 'a'.repeat(129)],
    ['a forged log line', 'abcdefgh\\n{"level":60}'],
  ])('replaces an unsafe id (%s) with its own', async (_why, sent) => {
    const res = await api.get('/api/health/ready', { headers: { 'x-request-id': sent } })
    const id = res.headers.get('x-request-id')
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
    expect(log.lines.some((l) => l.reqId === sent)).toBe(false)
    expect(log.lines.some((l) => l.reqId === id && l.msg === 'request completed')).toBe(true)
  })

  it('writes the id in the Journal entry of an administrator write, whether sent or made', async () => {
    const sentId = 'journal-0001-abcdef'
    const created = await api.post<Partner>('/api/partners', partnerBody({ name: 'Réf Journal' }), {
      token: admin.access_token,
      headers: { 'x-request-id': sentId },
    })
    expect(created.status, created.text).toBe(201)
    const own = await api.post<Partner>('/api/partners', partnerBody({ name: 'Réf Sans En-tête' }), {
      token: admin.access_token,
    })
    expect(own.status, own.text).toBe(201)
    const entries = await server.handle.db
      .selectFrom('audit_log')
      .select(['target_id', 'request_id'])
      .where('action', '=', 'partner.create')
      .where('target_id', 'in', [String(created.body.partnerId.id), String(own.body.partnerId.id)])
      .execute()
    expect(new Map(entries.map((e) => [e.target_id, e.request_id]))).toEqual(
      new Map([
        [String(created.body.partnerId.id), sentId],
        [String(own.body.partnerId.id), own.headers.get('x-request-id')],
      ]),
    )
  })

  it('ends a 500’s French message with « Référence : <id> », the id of its log lines', async () => {
    // A table the route reads is missing: an unexpected database error, not an outage.
    await sql`alter table articles rename to articles_hidden`.execute(server.handle.db)
    try {
      const res = await api.get<{ message: string }>('/api/articles', {
        token: admin.access_token,
        headers: { 'x-request-id': NGINX_ID.replace('5f', '50') },
      })
      expect(res.status).toBe(500)
      expect(Object.keys(res.body)).toEqual(['message'])
      expect(res.body.message).toBe(
        `Une erreur interne est survenue. Réessayez plus tard. Référence : ${NGINX_ID.replace('5f', '50')}`,
      )
      const lines = log.lines.filter((l) => l.reqId === NGINX_ID.replace('5f', '50'))
      expect(lines.map((l) => l.msg)).toEqual(
        expect.arrayContaining(['unexpected error', 'request completed']),
      )
    } finally {
      await sql`alter table articles_hidden rename to articles`.execute(server.handle.db)
    }
  })

  it('ends a 503’s message (database gone) with the reference too', async () => {
    const doomed = await startServer()
    const d = client(doomed)
    const user = await d.login(ADMIN.email, ADMIN.password)
    await doomed.handle.close()
    try {
      const res = await d.get<{ message: string }>('/api/partners/categories', { token: user.access_token })
      expect(res.status).toBe(503)
      const id = res.headers.get('x-request-id')!
      expect(res.body.message).toMatch(/indisponible/)
      expect(res.body.message.endsWith(` Référence : ${id}`)).toBe(true)
    } finally {
      await doomed.close()
    }
  })

  it('leaves 4xx messages as they are', async () => {
    const res = await api.get<{ message: string }>('/api/nulle-part')
    expect(res.status).toBe(404)
    expect(res.body.message).not.toMatch(/Référence/)
  })
})
