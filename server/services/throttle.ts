import type { LoginThrottleConfig } from '../config.ts'

interface Entry {
  failures: number
  windowStart: number
  lockedUntil: number
}

/**
 * Counts failed sign-ins per account and per address in memory. Past the limit the key is locked for
 * lockMs; a success clears the account's counter. In memory is enough for one process; several
 * instances would need a shared store.
 */
export class LoginThrottle {
  #config: LoginThrottleConfig
  #entries = new Map<string, Entry>()
  #now: () => number

  constructor(config: LoginThrottleConfig, now: () => number = Date.now) {
    this.#config = config
    this.#now = now
  }

  /** Seconds to wait before trying again, or 0 when the attempt may proceed. */
  retryAfter(account: string, ip: string): number {
    const now = this.#now()
    const waits = [`a:${account}`, `i:${ip}`].map((key) => {
      const entry = this.#entries.get(key)
      return entry && entry.lockedUntil > now ? Math.ceil((entry.lockedUntil - now) / 1000) : 0
    })
    return Math.max(...waits)
  }

  recordFailure(account: string, ip: string): void {
    this.#bump(`a:${account}`, this.#config.maxPerAccount)
    this.#bump(`i:${ip}`, this.#config.maxPerIp)
  }

  recordSuccess(account: string): void {
    this.#entries.delete(`a:${account}`)
  }

  #bump(key: string, max: number): void {
    const now = this.#now()
    let entry = this.#entries.get(key)
    if (!entry || now - entry.windowStart > this.#config.windowMs) {
      entry = { failures: 0, windowStart: now, lockedUntil: 0 }
      this.#entries.set(key, entry)
    }
    entry.failures += 1
    if (entry.failures >= max) {
      entry.lockedUntil = now + this.#config.lockMs
      entry.failures = 0
      entry.windowStart = now
    }
    if (this.#entries.size > 100_000) this.#prune(now)
  }

  #prune(now: number): void {
    for (const [key, entry] of this.#entries) {
      if (entry.lockedUntil <= now && now - entry.windowStart > this.#config.windowMs)
        this.#entries.delete(key)
    }
  }
}
