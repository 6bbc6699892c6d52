import { randomBytes } from 'node:crypto'
import { mkdir, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { sql } from 'kysely'
import nodemailer from 'nodemailer'
import type { Config } from '../config.ts'
import type { Db } from '../db/index.ts'

export interface MailMessage {
  to: string
  subject: string
  text: string
  html: string
}

/** A mail as the worker hands it to a transport: the outbox row's id and a Message-ID stable across resends. */
export interface OutgoingMail extends MailMessage {
  id: string
  messageId: string
}

/** Delivers one mail; a rejection is retried by the outbox worker. */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>
  close(): void
}

type MailConfig = Pick<Config, 'smtpUrl' | 'dataDir' | 'mailFrom'>

/**
 * Timeouts the SMTP transport runs with unless SMTP_URL sets its own. nodemailer's defaults (2 min to
 * connect, 10 min of socket silence) would hold a send far longer than the outbox lease allows for.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 }

export function outboxDir(dataDir: string): string {
  return join(dataDir, 'outbox')
}

/** SMTP when SMTP_URL is set; otherwise each mail is written as an .eml file in DATA_DIR/outbox. */
export function createMailTransport(config: MailConfig): MailTransport {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport({ ...SMTP_TIMEOUTS, url: config.smtpUrl })
    return {
      async send({ id: _id, ...mail }) {
        await transport.sendMail({ from: config.mailFrom, ...mail })
      },
      close: () => transport.close(),
    }
  }
  const dir = outboxDir(config.dataDir)
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    async send({ id, ...mail }) {
      const info = await transport.sendMail({ from: config.mailFrom, ...mail })
      await mkdir(dir, { recursive: true })
      // Sorted by name = in sending order; the row id breaks ties within one millisecond.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${id.padStart(12, '0')}.eml`
      // Written then renamed, so a reader never sees half a mail.
      const tmp = join(dir, `.${name}.${randomBytes(4).toString('hex')}.tmp`)
      await writeFile(tmp, info.message as Buffer)
      await rename(tmp, join(dir, name))
    },
    close: () => transport.close(),
  }
}

/**
 * Queues a mail in the caller's transaction: it exists if and only if the change that causes it commits.
 * Pass the transaction (on PGlite, a query on the outer db inside a transaction waits for ever).
 */
export async function enqueueMail(trx: Db, message: MailMessage): Promise<string> {
  const row = await trx
    .insertInto('mail_outbox')
    .values({
      recipient: message.to,
      subject: message.subject,
      text_body: message.text,
      html_body: message.html,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return String(row.id)
}

export interface MailOutboxOptions {
  /** How often each instance looks for due mails (retries, mails queued by other instances). */
  pollMs: number
  /** Mails claimed per query. */
  batchSize: number
  /** How long a claim keeps other instances off a mail. */
  leaseMs: number
  /**
   * Time a send may take (SMTP timeouts plus margin). A send starts only while at least this much of the
   * lease is left, so the lease always outlasts it; the rest of the batch is released instead.
   */
  sendBudgetMs: number
  /** Delay before the first retry, doubled at each failure up to retryMaxMs. */
  retryBaseMs: number
  retryMaxMs: number
  /** Attempts before a mail is abandoned (logged as an error). */
  maxAttempts: number
  /** Sent mails are deleted after this long; abandoned ones after this long since they were queued. */
  keepMs: number
  purgeEveryMs: number
}

export const defaultMailOutboxOptions: MailOutboxOptions = {
  pollMs: 5_000,
  batchSize: 10,
  leaseMs: 10 * 60_000,
  sendBudgetMs: 2 * 60_000,
  retryBaseMs: 10_000,
  retryMaxMs: 3600_000,
  // 10 s doubling to 1 h: about 12 hours of retries.
  maxAttempts: 20,
  keepMs: 30 * 24 * 3600_000,
  purgeEveryMs: 3600_000,
}

export function retryDelayMs(
  attempts: number,
  options: Pick<MailOutboxOptions, 'retryBaseMs' | 'retryMaxMs'>,
) {
  return Math.min(options.retryBaseMs * 2 ** Math.max(0, attempts - 1), options.retryMaxMs)
}

/**
 * Deletes the mails sent more than keepMs ago, and the abandoned ones queued that long ago; `now` is the
 * database's clock unless a test (the retention job's) gives one. Returns how many went.
 */
export async function purgeOutbox(db: Db, keepMs: number, now?: Date): Promise<number> {
  const keep = sql<Date>`${now ?? sql`now()`}::timestamptz - make_interval(secs => ${keepMs / 1000}::double precision)`
  const result = await db
    .deleteFrom('mail_outbox')
    .where((eb) =>
      eb.or([
        eb('sent_at', '<', keep),
        eb.and([
          eb('sent_at', 'is', null),
          eb('next_attempt_at', '=', sql<Date>`'infinity'::timestamptz`),
          eb('created_at', '<', keep),
        ]),
      ]),
    )
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}

export interface OutboxLog {
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
  error(obj: object, msg: string): void
}

/** The delivery worker as routes see it. */
export interface MailOutbox {
  /** Looks for due mails now (call after committing a transaction that queued one). */
  kick(): void
  start(): void
  /** Waits for the send in flight, releases what was claimed but not sent, and leaves no timer behind. */
  stop(): Promise<void>
}

interface ClaimedMail {
  id: string
  recipient: string
  subject: string
  text_body: string
  html_body: string
  attempts: number
  created_at: Date
}

/** SMTP 5xx: the server refuses for good (unknown recipient, policy); retrying changes nothing. */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode
  return typeof code === 'number' && code >= 500 && code < 600
}

/**
 * Transactional outbox worker, one per instance. Each round claims due mails with FOR UPDATE SKIP LOCKED and
 * a lease (locked_until), sends them outside any transaction, then marks them sent or schedules a retry.
 * Two instances never send the same mail while the lease holds, and a send only starts with sendBudgetMs of
 * lease left. A crash (or a lost database) between the SMTP server's acceptance and the sent_at update
 * leaves the mail claimed: it is sent again once the lease expires. At-least-once is the most SMTP allows;
 * the Message-ID stays the same so a receiving system can recognise the duplicate.
 */
export function createMailOutbox(
  db: Db,
  transport: MailTransport,
  log: OutboxLog,
  mailFrom: string,
  overrides: Partial<MailOutboxOptions> = {},
): MailOutbox {
  const options = { ...defaultMailOutboxOptions, ...overrides }
  const domain = /@([^>\s]+)/.exec(mailFrom)?.[1] ?? 'localhost'
  let started = false
  let stopped = false
  let running: Promise<void> | null = null
  let again = false
  let timer: NodeJS.Timeout | null = null
  let lastPurge = 0
  let failing = false

  async function claim(): Promise<ClaimedMail[]> {
    const { rows } = await sql<ClaimedMail>`
      update mail_outbox
      set locked_until = now() + make_interval(secs => ${options.leaseMs / 1000}::double precision),
          attempts = attempts + 1
      where id in (
        select id from mail_outbox
        where sent_at is null and next_attempt_at <= now()
          and (locked_until is null or locked_until < now())
        order by id
        limit ${options.batchSize}
        for update skip locked
      )
      returning id, recipient, subject, text_body, html_body, attempts, created_at`.execute(db)
    return rows.map((row) => ({ ...row, id: String(row.id) })).sort((a, b) => Number(a.id) - Number(b.id))
  }

  /** Hands claimed mails back without counting an attempt (stopping, or too little lease left). */
  async function release(mails: ClaimedMail[]): Promise<void> {
    if (mails.length === 0) return
    await db
      .updateTable('mail_outbox')
      .set({ locked_until: null, attempts: sql`attempts - 1` })
      .where(
        'id',
        'in',
        mails.map((m) => m.id),
      )
      .where('sent_at', 'is', null)
      .execute()
  }

  async function deliver(mail: ClaimedMail): Promise<void> {
    try {
      await transport.send({
        id: mail.id,
        to: mail.recipient,
        subject: mail.subject,
        text: mail.text_body,
        html: mail.html_body,
        messageId: `<outbox-${mail.id}.${new Date(mail.created_at).getTime()}@${domain}>`,
      })
    } catch (error) {
      const giveUp = isPermanent(error) || mail.attempts >= options.maxAttempts
      const message = error instanceof Error ? error.message : String(error)
      const delay = retryDelayMs(mail.attempts, options)
      await db
        .updateTable('mail_outbox')
        .set({
          locked_until: null,
          last_error: message.slice(0, 1000),
          // 'infinity' keeps an abandoned mail out of every claim (and out of the pending index scan).
          next_attempt_at: giveUp
            ? sql`'infinity'::timestamptz`
            : sql`now() + make_interval(secs => ${delay / 1000}::double precision)`,
        })
        .where('id', '=', mail.id)
        .execute()
      if (giveUp)
        log.error({ mailId: mail.id, attempts: mail.attempts, err: error }, 'mail delivery abandoned')
      else
        log.warn(
          { mailId: mail.id, attempts: mail.attempts, retryInMs: delay, err: error },
          'mail delivery failed, will retry',
        )
      return
    }
    await db
      .updateTable('mail_outbox')
      .set({ sent_at: sql`now()`, locked_until: null })
      .where('id', '=', mail.id)
      .execute()
    log.info({ mailId: mail.id, attempts: mail.attempts }, 'mail sent')
  }

  async function purge(): Promise<void> {
    if (Date.now() - lastPurge < options.purgeEveryMs) return
    await purgeOutbox(db, options.keepMs)
    lastPurge = Date.now()
  }

  async function round(): Promise<void> {
    await purge()
    for (;;) {
      if (stopped) return
      const batch = await claim()
      const claimedAt = Date.now()
      for (let i = 0; i < batch.length; i++) {
        if (stopped || Date.now() - claimedAt + options.sendBudgetMs > options.leaseMs) {
          await release(batch.slice(i))
          return
        }
        await deliver(batch[i])
      }
      if (batch.length < options.batchSize) return
    }
  }

  async function loop(): Promise<void> {
    do {
      again = false
      try {
        await round()
        if (failing) log.info({}, 'mail outbox reachable again')
        failing = false
      } catch (error) {
        // The database is away (restart, outage): said once, then retried at every poll.
        if (!failing) log.warn({ err: error }, 'mail outbox round failed')
        failing = true
      }
    } while (again && !stopped)
  }

  function schedule(): void {
    if (timer) clearTimeout(timer)
    timer = null
    if (stopped) return
    timer = setTimeout(kick, options.pollMs)
    timer.unref()
  }

  function kick(): void {
    if (stopped || !started) return
    if (running) {
      again = true
      return
    }
    running = loop().finally(() => {
      running = null
      // A kick that landed after the loop's last check must not wait for the next poll.
      if (again && !stopped) kick()
      else schedule()
    })
  }

  return {
    kick,
    start() {
      if (started || stopped) return
      started = true
      kick()
    },
    async stop() {
      stopped = true
      if (timer) clearTimeout(timer)
      timer = null
      await running
    },
  }
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

export function passwordMail(
  kind: 'reset' | 'invite',
  to: string,
  firstname: string,
  link: string,
): MailMessage {
  const hello = `Bonjour ${firstname},`
  if (kind === 'invite') {
    const text = `${hello}\n\nUn compte a été créé pour vous. Choisissez votre mot de passe en ouvrant ce lien (valable 7 jours) :\n${link}\n\nSi vous n'attendiez pas cette invitation, ignorez ce message.`
    return {
      to,
      subject: 'Votre invitation : choisissez votre mot de passe',
      text,
      html: `<p>${escapeHtml(hello)}</p><p>Un compte a été créé pour vous. Choisissez votre mot de passe (lien valable 7 jours) :</p><p><a href="${escapeHtml(link)}">Choisir mon mot de passe</a></p><p>Si vous n'attendiez pas cette invitation, ignorez ce message.</p>`,
    }
  }
  const text = `${hello}\n\nPour réinitialiser votre mot de passe, ouvrez ce lien (valable 1 heure) :\n${link}\n\nSi vous n'avez rien demandé, ignorez ce message : votre mot de passe reste inchangé.`
  return {
    to,
    subject: 'Réinitialisation de votre mot de passe',
    text,
    html: `<p>${escapeHtml(hello)}</p><p>Pour réinitialiser votre mot de passe, ouvrez ce lien (valable 1 heure) :</p><p><a href="${escapeHtml(link)}">Réinitialiser mon mot de passe</a></p><p>Si vous n'avez rien demandé, ignorez ce message : votre mot de passe reste inchangé.</p>`,
  }
}
