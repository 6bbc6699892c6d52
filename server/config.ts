import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

export interface Argon2Cost {
  memoryCost: number
  timeCost: number
  parallelism: number
}

export interface LoginThrottleConfig {
  /** Failures for one account within the window before it is locked. */
  maxPerAccount: number
  /** Failures from one address within the window before it is locked. */
  maxPerIp: number
  windowMs: number
  lockMs: number
}

export interface Config {
  port: number
  host: string
  dataDir: string
  databaseUrl: string | null
  /** PostgreSQL schema to use (search_path); lets several stores share one database (tests, previews). */
  databaseSchema: string | null
  adminEmail: string | null
  adminPassword: string | null
  smtpUrl: string | null
  mailFrom: string
  googleMapsApiKey: string | null
  seedDemo: boolean
  jwtSecret: string
  tokenTtlSeconds: number
  publicUrl: string
  helpUrl: string
  termsUrl: string
  privacyUrl: string
  trustProxy: boolean
  logLevel: string
  maxUploadBytes: number
  argon2: Argon2Cost
  loginThrottle: LoginThrottleConfig
  /** Requests per minute and address on register / forgot-password / reset-password. */
  authRateLimitPerMinute: number
}

type Env = Record<string, string | undefined>

function nonEmpty(value: string | undefined): string | null {
  const trimmed = value?.trim()
  return trimmed ? trimmed : null
}

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value.trim() === '') return fallback
  const n = Number(value)
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`${name} doit être un entier positif (reçu « ${value} »)`)
  return n
}

/**
 * The JWT secret survives restarts so signed-in users stay signed in: taken from the environment,
 * otherwise generated once and kept (mode 0600) in DATA_DIR.
 */
export function loadOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret')
  if (existsSync(file)) {
    const existing = readFileSync(file, 'utf8').trim()
    if (existing.length >= 32) return existing
  }
  mkdirSync(dataDir, { recursive: true })
  const secret = randomBytes(48).toString('base64url')
  writeFileSync(file, secret + '\n', { mode: 0o600 })
  return secret
}

export function loadConfig(env: Env = process.env): Config {
  const port = intFrom(env.PORT, 3000, 'PORT')
  const dataDir = resolve(nonEmpty(env.DATA_DIR) ?? './data')
  const envSecret = nonEmpty(env.JWT_SECRET)
  if (envSecret && envSecret.length < 32) throw new Error('JWT_SECRET doit faire au moins 32 caractères')
  const publicUrl = (nonEmpty(env.PUBLIC_URL) ?? `http://localhost:${port}`).replace(/\/+$/, '')
  return {
    port,
    host: nonEmpty(env.HOST) ?? '0.0.0.0',
    dataDir,
    databaseUrl: nonEmpty(env.DATABASE_URL),
    databaseSchema: nonEmpty(env.DATABASE_SCHEMA),
    adminEmail: nonEmpty(env.ADMIN_EMAIL)?.toLowerCase() ?? null,
    adminPassword: nonEmpty(env.ADMIN_PASSWORD),
    smtpUrl: nonEmpty(env.SMTP_URL),
    mailFrom: nonEmpty(env.MAIL_FROM) ?? 'Partenaires <no-reply@localhost>',
    googleMapsApiKey: nonEmpty(env.GOOGLE_MAPS_API_KEY),
    seedDemo: env.SEED_DEMO?.trim() !== '0',
    jwtSecret: envSecret ?? loadOrCreateSecret(dataDir),
    tokenTtlSeconds: intFrom(env.TOKEN_TTL_SECONDS, 24 * 3600, 'TOKEN_TTL_SECONDS'),
    publicUrl,
    helpUrl: nonEmpty(env.HELP_URL) ?? '/docs/aide.html',
    termsUrl: nonEmpty(env.TERMS_URL) ?? '/docs/conditions-generales-utilisation.pdf',
    privacyUrl: nonEmpty(env.PRIVACY_URL) ?? '/docs/politique-de-confidentialite.pdf',
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    logLevel: nonEmpty(env.LOG_LEVEL) ?? 'info',
    maxUploadBytes: intFrom(env.MAX_UPLOAD_BYTES, 5 * 1024 * 1024, 'MAX_UPLOAD_BYTES'),
    // OWASP's recommended argon2id baseline (19 MiB, 2 passes).
    argon2: { memoryCost: 19456, timeCost: 2, parallelism: 1 },
    loginThrottle: { maxPerAccount: 5, maxPerIp: 30, windowMs: 15 * 60_000, lockMs: 60_000 },
    authRateLimitPerMinute: intFrom(env.AUTH_RATE_LIMIT_PER_MINUTE, 20, 'AUTH_RATE_LIMIT_PER_MINUTE'),
  }
}
