import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { Config } from './config.ts'
import type { Db } from './db/index.ts'
import type { MailOutbox } from './services/mail.ts'
import type { PasswordHasher } from './services/passwords.ts'
import type { LoginThrottle } from './services/throttle.ts'

/** What every route module needs, built once per app. */
export interface AppContext {
  db: Db
  config: Config
  hasher: PasswordHasher
  /** Delivers the mail_outbox table: kick() it after committing a transaction that queued a mail. */
  mailer: MailOutbox
  throttle: LoginThrottle
  /** The key signing sign-in tokens: JWT_SECRET or the one shared through the database. */
  jwtSecret: string
  lifecycle: Lifecycle
}

/** Process state the balancer must see: while draining, readiness is 503 and responses close their connection. */
export interface Lifecycle {
  draining: boolean
}

export interface CurrentUser {
  id: number
  email: string
  isAdmin: boolean
  tokenVersion: number
}

/** The Fastify instance with TypeBox typing, as route modules receive it. */
export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>

/** Work a route goes on with after answering (a reset link queued once forgot-password has answered). */
export class BackgroundWork {
  private readonly pending = new Set<Promise<unknown>>()

  track(work: Promise<unknown>): void {
    const tracked = work.finally(() => this.pending.delete(tracked))
    this.pending.add(tracked)
  }

  /** Resolves once everything tracked so far has ended: closing the app waits for it, and so can a test. */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.pending])
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    currentUser: CurrentUser | null
  }
  interface FastifyInstance {
    backgroundWork: BackgroundWork
  }
}
