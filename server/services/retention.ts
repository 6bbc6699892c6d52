/**
 * The retention policy (issue 40, item 4), as one idempotent round every instance runs periodically; an
 * advisory lock lets one of them do it at a time (the others skip that round):
 *
 * - an account without sign-in for RETENTION_INACTIVE_MONTHS is warned by mail, then erased (account.ts) a
 *   month after the warning if still nobody signed in (a sign-in clears the warning). Administrators are left
 *   out: another administrator deletes their account, so the back-office is never left without one.
 *   Accounts older than this release count their inactivity from the release (no sign-in date before it);
 * - sent mails are deleted from the outbox after 30 days (the mail worker's own rule, run here too), and
 *   e-mail change links once expired;
 * - Journal entries older than RETENTION_AUDIT_MONTHS are deleted.
 *
 * Each round handles at most `batch` accounts per step, so it stays short; the next one goes on.
 */
import { sql } from 'kysely'
import { forgetUser } from '../auth.ts'
import type { AppContext } from '../context.ts'
import { jobLocks } from '../db/locks.ts'
import { eraseAccount } from './account.ts'
import { inactivityWarningMail } from './accountMails.ts'
import { defaultMailOutboxOptions, enqueueMail, purgeOutbox } from './mail.ts'

export interface RetentionReport {
  warned: number
  erased: number
  mailsDeleted: number
  /** E-mail change links past their 24 hours, never opened. */
  linksDeleted: number
  auditDeleted: number
}

/** What a round needs of the app: its store, its settings, and a way to wake the mail worker. */
export type RetentionContext = Pick<AppContext, 'db' | 'config'> & {
  mailer: Pick<AppContext['mailer'], 'kick'>
}

export interface RetentionOptions {
  /** The clock (tests move it months ahead). */
  now?: Date
  batch?: number
}

/** `date` plus `months` calendar months, as PostgreSQL's interval arithmetic counts them (end of month kept). */
function addMonths(date: Date, months: number): Date {
  const result = new Date(date)
  const day = result.getUTCDate()
  result.setUTCDate(1)
  result.setUTCMonth(result.getUTCMonth() + months)
  const last = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate()
  result.setUTCDate(Math.min(day, last))
  return result
}

/**
 * One round; null when another instance holds the lock (it is doing the round). Runs in one transaction: a
 * warning's mail and mark, an erasure and its mail, commit together or not at all.
 */
export async function runRetention(
  ctx: RetentionContext,
  options: RetentionOptions = {},
): Promise<RetentionReport | null> {
  const now = options.now ?? new Date()
  const batch = options.batch ?? 500
  const { inactiveMonths, auditMonths } = ctx.config.retention
  const erasedIds: number[] = []
  const report = await ctx.db.transaction().execute(async (trx) => {
    const { rows } = await sql<{
      locked: boolean
    }>`select pg_try_advisory_xact_lock(${jobLocks.retention}) as locked`.execute(trx)
    if (!rows[0]?.locked) return null

    const at = sql`${now}::timestamptz`
    const lastActivity = sql`greatest(coalesce(last_sign_in_at, created_at),
      coalesce((select value::timestamptz from app_meta where key = 'account_retention_since'), created_at))`
    const candidates = trx
      .selectFrom('users')
      .select(['id', 'email', 'firstname'])
      .where('erased_at', 'is', null)
      .where('is_admin', '=', false)
      .orderBy('id')
      .limit(batch)
      .forUpdate()
      .skipLocked()

    // Erasures first: an account warned a month ago (and not since signed in, which clears the warning).
    const due = await candidates
      .where('inactivity_warned_at', 'is not', null)
      .where(sql<boolean>`inactivity_warned_at <= ${at} - interval '1 month'`)
      .where(sql<boolean>`${lastActivity} < inactivity_warned_at`)
      .execute()
    for (const row of due) {
      await eraseAccount(trx, ctx, row, { kind: 'inactivity' }, now)
      erasedIds.push(row.id)
    }

    const toWarn = await candidates
      .where('inactivity_warned_at', 'is', null)
      .where(sql<boolean>`${lastActivity} < ${at} - make_interval(months => ${inactiveMonths}::int)`)
      .execute()
    const deadline = addMonths(now, 1)
    for (const row of toWarn) {
      await enqueueMail(
        trx,
        inactivityWarningMail(
          row.email,
          row.firstname,
          inactiveMonths,
          deadline,
          ctx.config.appTimeZone,
          `${ctx.config.publicUrl}/login`,
        ),
      )
    }
    if (toWarn.length > 0)
      await trx
        .updateTable('users')
        .set({ inactivity_warned_at: now })
        .where(
          'id',
          'in',
          toWarn.map((row) => row.id),
        )
        .execute()

    const mailsDeleted = await purgeOutbox(trx, defaultMailOutboxOptions.keepMs, now)
    const links = await trx.deleteFrom('email_changes').where('expires_at', '<', now).executeTakeFirst()

    // The Journal is append-only but for this, in this transaction only (migration 0019).
    await sql`select set_config('partenaires.audit_maintenance', 'on', true)`.execute(trx)
    const audit = await trx
      .deleteFrom('audit_log')
      .where(sql<boolean>`created_at < ${at} - make_interval(months => ${auditMonths}::int)`)
      .executeTakeFirst()
    await sql`select set_config('partenaires.audit_maintenance', 'off', true)`.execute(trx)

    return {
      warned: toWarn.length,
      erased: due.length,
      mailsDeleted,
      linksDeleted: Number(links.numDeletedRows),
      auditDeleted: Number(audit.numDeletedRows),
    }
  })
  for (const id of erasedIds) forgetUser(ctx.db, id)
  if (report && (report.warned > 0 || report.erased > 0)) ctx.mailer.kick()
  return report
}

export interface RetentionJob {
  start(): void
  stop(): Promise<void>
}

/** The round every `everyMs` on this instance (the first one a minute after start), until stopped. */
export function retentionJob(
  ctx: RetentionContext,
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void },
  everyMs = 3600_000,
  firstAfterMs = 60_000,
): RetentionJob {
  let timer: NodeJS.Timeout | null = null
  let running: Promise<unknown> = Promise.resolve()
  let stopped = false
  const schedule = (delay: number) => {
    if (stopped) return
    timer = setTimeout(() => {
      running = runRetention(ctx)
        .then((report) => {
          if (report && Object.values(report).some((n) => n > 0))
            log.info({ retention: report }, 'retention round')
        })
        .catch((error: unknown) => log.warn({ err: error }, 'retention round failed'))
        .finally(() => schedule(everyMs))
    }, delay)
    timer.unref()
  }
  return {
    start: () => schedule(firstAfterMs),
    async stop() {
      stopped = true
      if (timer) clearTimeout(timer)
      timer = null
      await running
    },
  }
}
