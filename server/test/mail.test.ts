import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { rmSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { sql } from 'kysely'
import { SMTPServer } from 'smtp-server'
import { describe, expect, it } from 'vitest'
import type { Db } from '../db/index.ts'
import {
  createMailOutbox,
  enqueueMail,
  type MailOutbox,
  type MailTransport,
  type OutgoingMail,
} from '../services/mail.ts'
import { lockFile } from '../services/datalock.ts'
import { childNodeArgs } from './child-node.ts'
import {
  ADMIN,
  capturedLogger,
  client,
  outboxMails,
  startServer,
  tokenFromMail,
  waitFor,
  type TestServer,
} from './helpers.ts'

/** The transactional outbox: mails commit with their change and are delivered by every instance's worker. */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const quiet = { info: () => {}, warn: () => {}, error: () => {} }

function message(to: string, subject = 'Essai') {
  return { to, subject, text: `Bonjour ${to}`, html: `<p>Bonjour ${to}</p>` }
}

function rows(db: Db) {
  return db.selectFrom('mail_outbox').selectAll().orderBy('id').execute()
}

/** Mails handed to the transport, in order; optionally slow. */
function recordingTransport(sent: OutgoingMail[], delayMs = 0): MailTransport {
  return {
    async send(mail) {
      if (delayMs) await sleep(delayMs)
      sent.push(mail)
    },
    close() {},
  }
}

interface LoopbackSmtp {
  port: number
  url: string
  received: string[]
  /** When each connection was opened (ms since epoch). */
  connections: number[]
  /** While true, every connection is greeted with 421 (service unavailable). */
  down: boolean
  close(): Promise<void>
}

async function loopbackSmtp(refuse: (recipient: string) => boolean = () => false): Promise<LoopbackSmtp> {
  const state = { received: [] as string[], connections: [] as number[], down: false }
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onConnect(_session, callback) {
      state.connections.push(Date.now())
      if (state.down)
        return callback(Object.assign(new Error('Service momentanément indisponible'), { responseCode: 421 }))
      callback()
    },
    onRcptTo(address, _session, callback) {
      if (refuse(address.address))
        return callback(Object.assign(new Error('Destinataire inconnu'), { responseCode: 550 }))
      callback()
    },
    onData(stream, _session, callback) {
      let data = ''
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()))
      stream.on('end', () => {
        state.received.push(data.replace(/=\r?\n/g, ''))
        callback()
      })
    },
  })
  smtp.listen(0, '127.0.0.1')
  await once(smtp.server, 'listening')
  const port = (smtp.server.address() as { port: number }).port
  return Object.assign(state, {
    port,
    url: `smtp://127.0.0.1:${port}/?ignoreTLS=true`,
    close: () => new Promise<void>((r) => smtp.close(() => r())),
  })
}

describe('mail outbox: written in the transaction of the change', () => {
  it('a change that fails after queuing its mail leaves neither change nor mail; a committed one has its mail even with SMTP down', async () => {
    const server = await startServer({
      config: { smtpUrl: 'smtp://127.0.0.1:1/?ignoreTLS=true&connectionTimeout=500' },
      mailOutbox: { retryBaseMs: 60_000 },
    })
    const api = client(server)
    const db = server.handle.db
    try {
      // The mail insert fails for these recipients: whatever the route did before it must roll back too.
      await sql`create function refuse_mail() returns trigger language plpgsql as $$
        begin
          if new.recipient like 'refus%' then raise exception 'boîte refusée'; end if;
          return new;
        end $$`.execute(db)
      await sql`create trigger refuse_mail after insert on mail_outbox
        for each row execute function refuse_mail()`.execute(db)

      const refused = await api.register({ email: 'refus@test.fr' })
      // Forgot-password answers before its work (so its timing reveals no account): still 200; the token
      // it then fails to queue is checked at the end, once closing has waited for that work.
      expect((await api.post('/api/auth/forgot-password', { email: 'refus@test.fr' })).status).toBe(200)

      const admin = await api.login(ADMIN.email, ADMIN.password)
      /** The administrator invites someone: the user is created and the invitation mail queued, or neither. */
      const invite = (firstname: string, email: string) =>
        api.post(
          '/api/users',
          { firstname, lastname: 'Invité', email, status: 'ACTIF' },
          { token: admin.access_token },
        )
      const invitation = await invite('Refus', 'refus-invite@test.fr')
      expect(invitation.status).toBe(500)
      const users = await db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'refus-invite@test.fr')
        .execute()
      expect(users).toEqual([])

      // A transaction that throws after enqueueMail keeps nothing.
      await expect(
        db.transaction().execute(async (trx) => {
          await enqueueMail(trx, message('annule@test.fr'))
          throw new Error('changement refusé')
        }),
      ).rejects.toThrow('changement refusé')
      expect(await rows(db)).toEqual([])

      // Committed changes: the mail rows are there although the SMTP server is unreachable.
      await api.register({ email: 'garde@test.fr' })
      expect((await api.post('/api/auth/forgot-password', { email: 'garde@test.fr' })).status).toBe(200)
      const invited = await invite('Ivo', 'invite-garde@test.fr')
      expect(invited.status).toBe(201)
      const pending = await waitFor(async () => {
        const all = await rows(db)
        return all.length === 2 && all.every((r) => r.last_error !== null) ? all : undefined
      })
      const byRecipient = [...pending].sort((a, b) => a.recipient.localeCompare(b.recipient))
      expect(byRecipient.map((r) => [r.recipient, r.subject])).toEqual([
        ['garde@test.fr', 'Réinitialisation de votre mot de passe'],
        ['invite-garde@test.fr', 'Votre invitation : choisissez votre mot de passe'],
      ])
      for (const row of pending) {
        expect(row.sent_at).toBeNull()
        expect(row.attempts).toBe(1)
        expect(row.last_error).toMatch(/ECONNREFUSED/)
        expect(row.locked_until).toBeNull()
        expect(row.text_body).toMatch(/reset-password\?token=[A-Za-z0-9_-]+/)
        // First retry 60 s later (retryBaseMs of this server).
        expect(new Date(row.next_attempt_at).getTime()).toBeGreaterThan(Date.now() + 50_000)
      }
      await server.app.close()
      const tokens = await db
        .selectFrom('password_tokens')
        .select('id')
        .where('user_id', '=', refused.userId.id)
        .execute()
      expect(tokens).toEqual([])
    } finally {
      await server.close()
    }
  })
})

describe('mail outbox: delivery', () => {
  it('retries with exponential backoff while the SMTP server is down, then delivers once when it is back', async () => {
    const smtp = await loopbackSmtp()
    smtp.down = true
    const retry = { retryBaseMs: 300, retryMaxMs: 5000 }
    const { logger, lines } = capturedLogger()
    const server = await startServer({
      logger,
      config: { smtpUrl: smtp.url },
      mailOutbox: { ...retry, pollMs: 50 },
    })
    const api = client(server)
    try {
      await api.register({ email: 'patient@test.fr' })
      expect((await api.post('/api/auth/forgot-password', { email: 'patient@test.fr' })).status).toBe(200)
      await waitFor(() => (smtp.connections.length >= 4 ? true : undefined), 10_000)
      smtp.down = false
      const failedAttempts = smtp.connections.slice(0, 4)
      // Never before the backoff: 300, 600 then 1200 ms after each failure.
      const gaps = failedAttempts.slice(1).map((t, i) => t - failedAttempts[i])
      gaps.forEach((gap, i) => expect(gap).toBeGreaterThanOrEqual([300, 600, 1200][i] - 5))
      const retried = () => lines.filter((l) => l.msg === 'mail delivery failed, will retry')
      await waitFor(() => (retried().length >= 4 ? true : undefined))
      expect(retried().every((l) => l.level === 40)).toBe(true)
      expect(JSON.stringify(lines)).not.toMatch(/reset-password\?token=/)

      const mail = await waitFor(() => smtp.received.find((m) => m.includes('patient@test.fr')), 10_000)
      expect(mail).toMatch(/reset-password\?token=3D[A-Za-z0-9_-]+/)
      const [row] = await waitFor(async () => {
        const all = await rows(server.handle.db)
        return all[0]?.sent_at ? all : undefined
      })
      expect(mail).toContain(`Message-ID: <outbox-${row.id}.`)
      expect(row.attempts).toBe(smtp.connections.length)
      expect(row.attempts).toBeGreaterThanOrEqual(5)
      expect(row.locked_until).toBeNull()
      // Nothing more once sent.
      await sleep(400)
      expect(smtp.received.filter((m) => m.includes('patient@test.fr'))).toHaveLength(1)
    } finally {
      await server.close()
      await smtp.close()
    }
  })

  it('gives up after the last attempt, and at once on a permanent (5xx) refusal; both logged as errors', async () => {
    const smtp = await loopbackSmtp((recipient) => recipient.startsWith('inconnu'))
    const { logger, lines } = capturedLogger()
    const server = await startServer({
      logger,
      config: { smtpUrl: smtp.url },
      mailOutbox: { retryBaseMs: 50, retryMaxMs: 100, pollMs: 30, maxAttempts: 3 },
    })
    const db = server.handle.db
    try {
      const unknown = await enqueueMail(db, message('inconnu@test.fr'))
      const abandoned = (id: string) =>
        lines.find((l) => l.msg === 'mail delivery abandoned' && l.mailId === id)
      const refusal = await waitFor(() => abandoned(unknown))
      expect(refusal.level).toBe(50)
      expect(JSON.stringify(refusal.err)).toMatch(/Destinataire inconnu/)

      smtp.down = true
      const before = smtp.connections.length
      const flaky = await enqueueMail(db, message('lointain@test.fr'))
      expect((await waitFor(() => abandoned(flaky))).level).toBe(50)
      expect(smtp.connections.length - before).toBe(3)
      await sleep(500)
      expect(smtp.connections.length - before).toBe(3)

      const { rows: states } = await sql<{ id: string; attempts: number; retrying: boolean; sent: boolean }>`
        select id, attempts, isfinite(next_attempt_at) as retrying, sent_at is not null as sent
        from mail_outbox order by id`.execute(db)
      expect(states.map((s) => ({ ...s, id: String(s.id) }))).toEqual([
        { id: unknown, attempts: 1, retrying: false, sent: false },
        { id: flaky, attempts: 3, retrying: false, sent: false },
      ])
      expect(smtp.received).toEqual([])
    } finally {
      await server.close()
      await smtp.close()
    }
  })

  it('a commit sends its mail at once (no waiting for the poll); the poll picks up mails queued elsewhere and leases that expired', async () => {
    const server = await startServer({ mailOutbox: { pollMs: 60_000 } })
    const api = client(server)
    try {
      await api.register({ email: 'presse@test.fr' })
      const start = Date.now()
      expect((await api.post('/api/auth/forgot-password', { email: 'presse@test.fr' })).status).toBe(200)
      const { mail } = await tokenFromMail(server.dataDir, 'presse@test.fr')
      expect(Date.now() - start).toBeLessThan(2000)
      expect(mail).toMatch(/^Subject: =\?UTF-8\?Q\?R=C3=A9initialisation/m)
      // No SMTP: the row stays readable, marked sent (once the .eml is written: the row's update may land just after).
      const row = await waitFor(async () => {
        const [first] = await rows(server.handle.db)
        return first?.sent_at ? first : undefined
      })
      expect(row).toMatchObject({ recipient: 'presse@test.fr', attempts: 1, last_error: null })
      expect(row.sent_at).not.toBeNull()
    } finally {
      await server.close()
    }

    const sent: OutgoingMail[] = []
    const polling = await startServer({
      mailTransport: recordingTransport(sent),
      mailOutbox: { pollMs: 100 },
    })
    const db = polling.handle.db
    try {
      // As another instance would leave them: one queued, one claimed by an instance that died, one claimed by
      // an instance still sending.
      await enqueueMail(db, message('autre-instance@test.fr'))
      await db
        .insertInto('mail_outbox')
        .values([
          {
            ...columns(message('instance-morte@test.fr')),
            attempts: 1,
            locked_until: sql<Date>`now() - interval '1 second'`,
          },
          {
            ...columns(message('instance-vivante@test.fr')),
            attempts: 1,
            locked_until: sql<Date>`now() + interval '1 hour'`,
          },
        ])
        .execute()
      await waitFor(() => (sent.length >= 2 ? true : undefined))
      await sleep(400)
      expect(sent.map((m) => m.to).sort()).toEqual(['autre-instance@test.fr', 'instance-morte@test.fr'])
      const all = await rows(db)
      const resent = all.find((r) => r.recipient === 'instance-morte@test.fr')!
      expect(resent).toMatchObject({ attempts: 2 })
      // The Message-ID comes from the row alone: the dead instance's send, if it got through, carried the same.
      expect(sent.find((m) => m.to === 'instance-morte@test.fr')?.messageId).toBe(
        `<outbox-${resent.id}.${new Date(resent.created_at).getTime()}@localhost>`,
      )
      expect(all.find((r) => r.recipient === 'instance-vivante@test.fr')).toMatchObject({
        attempts: 1,
        sent_at: null,
      })
    } finally {
      await polling.close()
    }
  })

  it('closing the app waits for the send in flight, hands back the rest of the batch and stops polling', async () => {
    const started: string[] = []
    let finishSend!: () => void
    const gate = new Promise<void>((r) => (finishSend = r))
    const transport: MailTransport = {
      async send(mail) {
        started.push(mail.to)
        await gate
      },
      close() {},
    }
    const server = await startServer({ mailTransport: transport, mailOutbox: { pollMs: 50 } })
    const db = server.handle.db
    try {
      await db.transaction().execute(async (trx) => {
        for (const to of ['un@test.fr', 'deux@test.fr', 'trois@test.fr']) await enqueueMail(trx, message(to))
      })
      await waitFor(() => (started.length === 1 ? true : undefined))
      let closed = false
      const closing = server.app.close().then(() => (closed = true))
      await sleep(300)
      expect(closed).toBe(false)
      finishSend()
      await closing
      expect(started).toEqual(['un@test.fr'])
      const after = await rows(db)
      expect(after.map((r) => [r.recipient, r.sent_at !== null, r.attempts, r.locked_until])).toEqual([
        ['un@test.fr', true, 1, null],
        ['deux@test.fr', false, 0, null],
        ['trois@test.fr', false, 0, null],
      ])
      await enqueueMail(db, message('apres@test.fr'))
      await sleep(300)
      expect(started).toEqual(['un@test.fr'])
    } finally {
      await server.close()
    }
  })

  it('deletes sent mails after 30 days, and abandoned ones 30 days after they were queued', async () => {
    const sent: OutgoingMail[] = []
    const server = await startServer({
      mailTransport: recordingTransport(sent),
      mailOutbox: { pollMs: 50, purgeEveryMs: 0 },
    })
    const db = server.handle.db
    const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3600_000)
    try {
      await db
        .insertInto('mail_outbox')
        .values([
          {
            ...columns(message('envoye-31j@test.fr')),
            created_at: daysAgo(40),
            sent_at: daysAgo(31),
            attempts: 1,
          },
          {
            ...columns(message('envoye-29j@test.fr')),
            created_at: daysAgo(40),
            sent_at: daysAgo(29),
            attempts: 1,
          },
          {
            ...columns(message('abandon-31j@test.fr')),
            created_at: daysAgo(31),
            next_attempt_at: 'infinity',
            attempts: 20,
          },
          {
            ...columns(message('abandon-29j@test.fr')),
            created_at: daysAgo(29),
            next_attempt_at: 'infinity',
            attempts: 20,
          },
        ])
        .execute()
      const left = await waitFor(async () => {
        const all = await rows(db)
        return all.length === 2 ? all : undefined
      })
      expect(left.map((r) => r.recipient)).toEqual(['envoye-29j@test.fr', 'abandon-29j@test.fr'])
      expect(sent).toEqual([])
    } finally {
      await server.close()
    }
  })
})

function columns(m: ReturnType<typeof message>) {
  return { recipient: m.to, subject: m.subject, text_body: m.text, html_body: m.html }
}

describe('mail outbox: several instances', () => {
  it('two workers on one database never send the same mail twice under a burst of 30', async () => {
    const options = { batchSize: 2, pollMs: 20 }
    const sentA: OutgoingMail[] = []
    const sentB: OutgoingMail[] = []
    const a = await startServer({ mailTransport: recordingTransport(sentA, 5), mailOutbox: options })
    // PostgreSQL: a second app on the same schema, as a second instance. PGlite (one process per store): a
    // second worker on the same store.
    let b: TestServer | null = null
    let second: MailOutbox | null = null
    if (a.config.databaseSchema) {
      b = await startServer({
        schema: a.config.databaseSchema,
        mailTransport: recordingTransport(sentB, 5),
        mailOutbox: options,
      })
    } else {
      second = createMailOutbox(a.handle.db, recordingTransport(sentB, 5), quiet, a.config.mailFrom, options)
      second.start()
    }
    const apis = [client(a), client(b ?? a)]
    try {
      const emails = Array.from({ length: 30 }, (_, i) => `rafale-${i}@test.fr`)
      for (const email of emails) await apis[0].register({ email })
      const answers = await Promise.all(
        emails.map((email, i) => apis[i % 2].post('/api/auth/forgot-password', { email })),
      )
      expect(answers.map((r) => r.status)).toEqual(emails.map(() => 200))
      await waitFor(async () => {
        const all = await rows(a.handle.db)
        return all.length === 30 && all.every((r) => r.sent_at !== null) ? true : undefined
      }, 20_000)
      await sleep(300)
      const ids = [...sentA, ...sentB].map((m) => m.id)
      expect(ids).toHaveLength(30)
      expect(new Set(ids).size).toBe(30)
      expect([...sentA, ...sentB].map((m) => m.to).sort()).toEqual([...emails].sort())
      // Both took part, so the claims really competed.
      expect(sentA.length).toBeGreaterThan(0)
      expect(sentB.length).toBeGreaterThan(0)
      expect((await rows(a.handle.db)).every((r) => r.attempts === 1)).toBe(true)

      // Then 200 mails committed at once, found by both polls: claims collide all the time.
      await a.handle.db.transaction().execute(async (trx) => {
        for (let i = 0; i < 200; i++) await enqueueMail(trx, message(`lot-${i}@test.fr`))
      })
      await waitFor(async () => {
        const { count } = await a.handle.db
          .selectFrom('mail_outbox')
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .where('sent_at', 'is', null)
          .executeTakeFirstOrThrow()
        return Number(count) === 0 ? true : undefined
      }, 30_000)
      await sleep(300)
      const all = [...sentA, ...sentB].map((m) => m.id)
      expect(all).toHaveLength(230)
      expect(new Set(all).size).toBe(230)
    } finally {
      await second?.stop()
      if (b) {
        await b.close({ keepData: true })
        rmSync(b.dataDir, { recursive: true, force: true })
      }
      await a.close()
    }
  })
})

describe('npm run mails', () => {
  const root = resolve(import.meta.dirname, '..', '..')

  function runMails(server: TestServer, args: string[] = []) {
    const child = spawn(process.execPath, [...childNodeArgs, 'scripts/mails.ts', ...args], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        DATA_DIR: server.dataDir,
        ...(server.config.databaseSchema
          ? { DATABASE_URL: process.env.DATABASE_URL, DATABASE_SCHEMA: server.config.databaseSchema }
          : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    child.stdout.on('data', (c: Buffer) => (out += c.toString()))
    child.stderr.on('data', (c: Buffer) => (out += c.toString()))
    return new Promise<{ code: number | null; out: string }>((r) =>
      child.on('close', (code) => r({ code, out })),
    )
  }

  // Three script processes one after the other: 30 s was not always enough on a loaded 2-core machine.
  it(
    'prints the last mails with recipient, subject, state and text; refuses an embedded store a server holds',
    { timeout: 90_000 },
    async () => {
      const server = await startServer({
        config: { smtpUrl: 'smtp://127.0.0.1:1/?ignoreTLS=true&connectionTimeout=500' },
        mailOutbox: { retryBaseMs: 60_000 },
      })
      const api = client(server)
      try {
        await api.register({ email: 'lecteur@test.fr', firstname: 'Lucie' })
        expect((await api.post('/api/auth/forgot-password', { email: 'lecteur@test.fr' })).status).toBe(200)
        await waitFor(async () => ((await rows(server.handle.db))[0]?.last_error ? true : undefined))
        await server.handle.db
          .insertInto('mail_outbox')
          .values({ ...columns(message('parti@test.fr', 'Déjà envoyé')), sent_at: new Date(), attempts: 2 })
          .execute()
        if (!server.config.databaseSchema) {
          await server.app.close()
          await server.handle.close()
          // A live process holds DATA_DIR (this test's own, seen from the script's process).
          writeFileSync(lockFile(server.dataDir), `${process.pid}\n`)
          const busy = await runMails(server)
          expect(busy.code).toBe(1)
          expect(busy.out).toMatch(/est utilisé par le processus \d+ \(serveur en marche \?\)/)
          rmSync(lockFile(server.dataDir))
        }
        const { code, out } = await runMails(server)
        expect(code).toBe(0)
        expect(out).toMatch(
          /à : lecteur@test\.fr\nObjet : Réinitialisation de votre mot de passe\nÉtat : en erreur \(1 tentative\) : .*ECONNREFUSED.* ; nouvel essai le /,
        )
        expect(out).toContain('    Bonjour Lucie,')
        expect(out).toMatch(/reset-password\?token=[A-Za-z0-9_-]+/)
        expect(out).toMatch(/à : parti@test\.fr\nObjet : Déjà envoyé\nÉtat : envoyé le .* \(2 tentatives\)/)
        // The last one only.
        const last = await runMails(server, ['1'])
        expect(last.out).toContain('parti@test.fr')
        expect(last.out).not.toContain('lecteur@test.fr')
        expect(await outboxMails(server.dataDir)).toEqual([])
      } finally {
        await server.close()
      }
    },
  )
})
