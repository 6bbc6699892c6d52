import { createServer } from 'node:net'
import { describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import type { Image, Partner } from '@/contract/schemas.ts'
import { apiPaths } from '@/contract/paths.ts'
import {
  ADMIN,
  capturedLogger,
  client,
  expectDiskFull,
  fileForm,
  partnerBody,
  pngBytes,
  startServer,
  waitFor,
} from './helpers.ts'

/**
 * Faults from outside the process, on the suite's store: mail server down, database disk full. A PostgreSQL
 * whose disk really fills up, and one stopped then back, bring their own throwaway cluster: pg-outages.test.ts.
 */

async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

describe('mail server down', () => {
  it('forgot-password and invitations still answer; each failed delivery is logged with the mail id its request logged, without the link', async () => {
    const port = await closedPort()
    const { logger, lines } = capturedLogger()
    const server = await startServer({
      logger,
      config: { smtpUrl: `smtp://127.0.0.1:${port}/?ignoreTLS=true&connectionTimeout=3000` },
    })
    const api = client(server)
    try {
      await api.register({ email: 'sans-courrier@test.fr' })
      const res = await api.post('/api/auth/forgot-password', { email: 'sans-courrier@test.fr' })
      expect(res.status).toBe(200)
      expect(res.body).toEqual({
        message: 'Si un compte correspond à cette adresse, un e-mail de réinitialisation a été envoyé.',
      })
      // The request logs which mail it queued; the worker logs that mail's failure (a warning: it retries).
      const failureOf = (queuedMsg: string, reqId: string | null) =>
        waitFor(() => {
          const queued = lines.find((l) => l.msg === queuedMsg && l.reqId === reqId)
          return lines.find(
            (l) =>
              l.msg === 'mail delivery failed, will retry' && queued?.mailId && l.mailId === queued.mailId,
          )
        })
      const failed = await failureOf('reset mail queued', res.headers.get('x-request-id'))
      expect(failed.level).toBe(40)
      expect(JSON.stringify(failed.err)).toMatch(/ECONNREFUSED/)

      const admin = await api.login(ADMIN.email, ADMIN.password)
      const invited = await api.post(
        '/api/users',
        { firstname: 'Sans', lastname: 'Mail', email: 'invite-sans-courrier@test.fr', status: 'ACTIF' },
        { token: admin.access_token },
      )
      expect(invited.status).toBe(201)
      await failureOf('invitation mail queued', invited.headers.get('x-request-id'))

      const all = lines.map((l) => JSON.stringify(l)).join('\n')
      expect(all).not.toMatch(/reset-password\?token=/)
      expect(all).not.toContain('un mot de passe long')
      expect((await api.get('/api/health')).status).toBe(200)
    } finally {
      await server.close()
    }
  })
})

/**
 * Images are rows now: an upload is one insert, stored whole or not at all, and there is no file to leave
 * half-written. What remains of "disk full" is the database's own disk.
 */
describe('database disk full on upload', () => {
  it('the database answering disk_full (SQLSTATE 53100) gives 507 in French, stores nothing, and uploads work again once space is back', async () => {
    const server = await startServer()
    const api = client(server)
    const { db } = server.handle
    try {
      // What PostgreSQL raises when it cannot extend a file, on both PGlite and PostgreSQL.
      await sql`create function refuse_image() returns trigger language plpgsql as $$
        begin raise exception 'could not extend file: No space left on device' using errcode = 'disk_full'; end $$`.execute(
        db,
      )
      await sql`create trigger disque_plein before insert on images for each row execute function refuse_image()`.execute(
        db,
      )
      const admin = await api.login(ADMIN.email, ADMIN.password)
      const partner = (await api.post<Partner>('/api/partners', partnerBody(), { token: admin.access_token }))
        .body
      const png = await pngBytes(300, 200)
      await expectDiskFull(
        await api.request('POST', apiPaths.partnerImages(partner.partnerId.id), {
          token: admin.access_token,
          raw: fileForm(png),
        }),
        db,
      )
      await expectDiskFull(
        await api.request('POST', apiPaths.articleImage(), { token: admin.access_token, raw: fileForm(png) }),
        db,
      )
      expect(
        (await api.get<Partner>(apiPaths.partner(partner.partnerId.id), { token: admin.access_token })).body
          .images,
      ).toEqual([])

      await sql`drop trigger disque_plein on images`.execute(db)
      const ok = await api.request<Image>('POST', apiPaths.partnerImages(partner.partnerId.id), {
        token: admin.access_token,
        raw: fileForm(png),
      })
      expect(ok.status).toBe(201)
      expect((await fetch(server.url + ok.body.url)).status).toBe(200)
    } finally {
      await server.close()
    }
  })
})
