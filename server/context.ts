import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { Config } from './config.ts'
import type { Db } from './db/index.ts'
import type { FileWriter } from './services/images.ts'
import type { Mailer } from './services/mail.ts'
import type { PasswordHasher } from './services/passwords.ts'
import type { LoginThrottle } from './services/throttle.ts'

/** What every route module needs, built once per app. */
export interface AppContext {
  db: Db
  config: Config
  hasher: PasswordHasher
  mailer: Mailer
  throttle: LoginThrottle
  /** Writes uploaded images to disk (tests inject a failing one). */
  writeFile: FileWriter
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

declare module 'fastify' {
  interface FastifyRequest {
    currentUser: CurrentUser | null
  }
}
