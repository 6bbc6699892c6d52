import type { FastifyRateLimitStore } from '@fastify/rate-limit'
import { sql } from 'kysely'
import type { LoginThrottleConfig } from '../config.ts'
import type { Db } from '../db/index.ts'

/**
 * Counters every instance shares, in the rate_limits table: one atomic upsert per hit, the database's clock
 * for windows (instances' clocks may differ), so N instances allow exactly what one does.
 */
async function hit(db: Db, key: string, windowMs: number): Promise<{ hits: number; ttlMs: number }> {
  const { rows } = await sql<{ hits: number; ttl_ms: number | string }>`
    insert into rate_limits as r (key, hits, window_ends_at)
    values (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
    on conflict (key) do update set
      hits = case when r.window_ends_at <= now() then 1 else r.hits + 1 end,
      strikes = case when r.window_ends_at <= now() then 0 else r.strikes end,
      window_ends_at = case when r.window_ends_at <= now() then excluded.window_ends_at else r.window_ends_at end
    returning hits, ceil(extract(epoch from (window_ends_at - now())) * 1000) as ttl_ms`.execute(db)
  return { hits: rows[0].hits, ttlMs: Math.max(0, Number(rows[0].ttl_ms)) }
}

/** Drops counters whose window and lock are both over (run periodically by any instance). */
export async function purgeExpiredCounters(db: Db): Promise<void> {
  await db
    .deleteFrom('rate_limits')
    .where('window_ends_at', '<', sql<Date>`now()`)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', sql<Date>`now()`)]))
    .execute()
}

/**
 * Failed sign-ins, counted three ways so that a stranger cannot lock the real user out while guessing stays
 * slow: per account *and* address (a few failures lock that pair only: the user, from elsewhere, still signs
 * in), per account from anywhere (a guess spread over many addresses gets delays, from seconds up), and per
 * address over any accounts. Each lock within the window lasts twice the previous one, up to maxLockMs. A
 * success clears its pair's counter.
 */
export class LoginThrottle {
  #db: Db
  #config: LoginThrottleConfig

  constructor(db: Db, config: LoginThrottleConfig) {
    this.#db = db
    this.#config = config
  }

  /** Seconds to wait before trying again, or 0 when the attempt may proceed. */
  async retryAfter(account: string, ip: string): Promise<number> {
    const { rows } = await sql<{ wait_ms: number | string | null }>`
      select max(extract(epoch from (locked_until - now())) * 1000) as wait_ms
      from rate_limits
      where key in (${pairKey(account, ip)}, ${accountKey(account)}, ${ipKey(ip)}) and locked_until > now()`.execute(
      this.#db,
    )
    const waitMs = Number(rows[0]?.wait_ms ?? 0)
    return waitMs > 0 ? Math.ceil(waitMs / 1000) : 0
  }

  async recordFailure(account: string, ip: string): Promise<void> {
    const { maxPerAccount, maxPerAccountAnywhere, maxPerIp, lockMs, accountLockMs } = this.#config
    await this.#bump(pairKey(account, ip), maxPerAccount, lockMs)
    await this.#bump(accountKey(account), maxPerAccountAnywhere, accountLockMs)
    await this.#bump(ipKey(ip), maxPerIp, lockMs)
  }

  async recordSuccess(account: string, ip: string): Promise<void> {
    await this.#db.deleteFrom('rate_limits').where('key', '=', pairKey(account, ip)).execute()
  }

  async #bump(key: string, max: number, firstLockMs: number): Promise<void> {
    const { hits } = await hit(this.#db, key, this.#config.windowMs)
    if (hits < max) return
    await this.#db
      .updateTable('rate_limits')
      .set({
        hits: 0,
        strikes: sql<number>`strikes + 1`,
        locked_until: sql<Date>`now() + least(${firstLockMs} * power(2, least(strikes, 30)), ${this.#config.maxLockMs}) * interval '1 millisecond'`,
        window_ends_at: sql<Date>`greatest(window_ends_at, now() + ${this.#config.windowMs} * interval '1 millisecond')`,
      })
      .where('key', '=', key)
      .execute()
  }
}

// The address goes last: an account name cannot contain a space, so no pair can pass for another.
const pairKey = (account: string, ip: string) => `login:pair:${account} ${ip}`
const accountKey = (account: string) => `login:account:${account}`
const ipKey = (ip: string) => `login:ip:${ip}`
/**
 * A @fastify/rate-limit store on the rate_limits table, so per-address limits hold across instances. Each
 * route gets its own key space (child). A database error reaches the error handler (503), never a pass.
 */
export function databaseRateLimitStore(db: Db) {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    #prefix: string

    constructor(_options?: unknown, prefix = 'limit:') {
      this.#prefix = prefix
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      hit(db, this.#prefix + key, timeWindow).then(
        ({ hits, ttlMs }) => callback(null, { current: hits, ttl: ttlMs }),
        (error: Error) => callback(error),
      )
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // At run time the plugin passes its merged settings, the route itself under routeInfo.
      type Route = { method?: string | string[]; url?: string }
      const route = (routeOptions as { routeInfo?: Route }).routeInfo ?? (routeOptions as Route)
      const method = Array.isArray(route?.method) ? route.method.join(',') : (route?.method ?? '')
      return new DatabaseRateLimitStore(undefined, `limit:${method} ${route?.url ?? ''}:`)
    }
  }
}
