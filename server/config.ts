import { isIP } from 'node:net'
import { availableParallelism } from 'node:os'
import { resolve } from 'node:path'
import type { LegalInfo } from '@/contract/legal.ts'
import { DEFAULT_TIME_ZONE } from '@/contract/zonedDate.ts'

export interface Argon2Cost {
  memoryCost: number
  timeCost: number
  parallelism: number
}

export interface LoginThrottleConfig {
  /** Failures on one account from one address within the window before that pair is locked. */
  maxPerAccount: number
  /** Failures on one account from all addresses together before every attempt on it is delayed. */
  maxPerAccountAnywhere: number
  /** Failures from one address, on any accounts, within the window before the address is locked. */
  maxPerIp: number
  windowMs: number
  /** First lock of an account/address pair or an address; each new lock within the window doubles it. */
  lockMs: number
  /** First delay on an account guessed from many addresses; doubles likewise. */
  accountLockMs: number
  /** Ceiling of the doubling. */
  maxLockMs: number
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
  /** From JWT_SECRET; when null, the key generated once and kept in the database is used (server/services/secret.ts). */
  jwtSecret: string | null
  tokenTtlSeconds: number
  publicUrl: string
  helpUrl: string
  termsUrl: string
  privacyUrl: string
  /** Proxies whose X-Forwarded-For is believed: a hop count or their addresses/CIDRs; false: none. */
  trustProxy: false | number | string[]
  /** Connections each instance may open to PostgreSQL. */
  databasePoolMax: number
  /** How long start-up keeps retrying an unreachable database before giving up. */
  databaseConnectTimeoutMs: number
  /** Where to report a vulnerability (security.txt's Contact): a mailto: or https: URI. */
  securityContact: string | null
  /** After SIGTERM: how long readiness answers 503 (while requests are still served) before the server closes. */
  drainMs: number
  logLevel: string
  maxUploadBytes: number
  argon2: Argon2Cost
  loginThrottle: LoginThrottleConfig
  /** Requests per minute and address on register / forgot-password / reset-password. */
  authRateLimitPerMinute: number
  /** The operators' IANA time zone: CSV dates and times, the dashboard's days, the Journal's dates and filters. */
  appTimeZone: string
  /** The legal pages' facts from LEGAL_* and PRIVACY_CONTACT (GET /api/config's `legal`), null when unset. */
  legal: Omit<LegalInfo, 'retention'>
  /** The retention job (server/services/retention.ts): RETENTION_INACTIVE_MONTHS and RETENTION_AUDIT_MONTHS. */
  retention: { inactiveMonths: number; auditMonths: number }
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

/** A retention period: at least a month, since 0 would erase every account, or empty the Journal, at the next run. */
function months(value: string | undefined, fallback: number, name: string): number {
  const n = intFrom(value, fallback, name)
  if (n < 1) throw new Error(`${name} doit être un nombre de mois d’au moins 1 (reçu « ${value} »)`)
  return n
}

/**
 * TRUST_PROXY: a hop count ("1": the balancer in front) or a comma list of proxy addresses/CIDRs. The client
 * address is then the rightmost X-Forwarded-For entry not added by a trusted proxy, so a forged leftmost
 * entry changes nothing. "true" used to trust every hop, which lets any client choose its address: refused.
 */
export function parseTrustProxy(value: string | undefined): false | number | string[] {
  const text = value?.trim() ?? ''
  if (text === '' || text === '0' || text === 'false') return false
  if (/^\d+$/.test(text)) return Number(text)
  const entries = text.split(',').map((entry) => entry.trim())
  const valid = (entry: string) => {
    const [address, bits, ...rest] = entry.split('/')
    const family = isIP(address)
    if (!family || rest.length > 0) return false
    if (bits === undefined) return true
    const n = Number(bits)
    return /^\d+$/.test(bits) && n <= (family === 4 ? 32 : 128)
  }
  const invalid = entries.find((entry) => !valid(entry))
  if (invalid !== undefined) {
    throw new Error(
      `TRUST_PROXY doit être un nombre de proxys (ex. 1) ou une liste d’adresses ou de plages CIDR séparées par des virgules (reçu « ${invalid || text} ») ; « true » n’est plus accepté car il laisse chaque client choisir son adresse.`,
    )
  }
  return entries
}

/** SECURITY_CONTACT: an address (made a mailto: URI) or an https: URI, as RFC 9116 asks of Contact. */
export function parseSecurityContact(value: string | undefined): string | null {
  const text = nonEmpty(value)
  if (!text) return null
  if (/^[^\s@:/]+@[^\s@/]+\.[^\s@/]+$/.test(text)) return `mailto:${text}`
  if (/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/i.test(text)) return text
  throw new Error(
    `SECURITY_CONTACT doit être une adresse e-mail, une URI mailto: ou une adresse https:// (reçu « ${text} »)`,
  )
}

/**
 * PostgreSQL connections per instance unless DATABASE_POOL_MAX says otherwise: twice the cores this process
 * sees, 10 at most. The searches are CPU-bound in PostgreSQL, and more busy backends than cores only queue in
 * the kernel: on the 2-core machine 4 against 10 served 19-34 % more searches with a lower p99 (measured for issue 16;
 * BENCHMARKS.md's git history). A database server with more cores than the instance's host wants a larger value.
 */
export function defaultPoolMax(): number {
  return Math.min(10, 2 * availableParallelism())
}

/**
 * APP_TIME_ZONE: an IANA zone name (Europe/Paris by default). Checked at start, so a typo stops the server with
 * a French message rather than giving dates an hour off. The database uses the same name for the dashboard's
 * days (PostgreSQL and PGlite carry the IANA zones too).
 */
export function parseTimeZone(value: string | undefined): string {
  const text = nonEmpty(value) ?? DEFAULT_TIME_ZONE
  try {
    return new Intl.DateTimeFormat('fr-FR', { timeZone: text }).resolvedOptions().timeZone
  } catch {
    throw new Error(
      `APP_TIME_ZONE doit être un fuseau horaire IANA, par exemple Europe/Paris ou America/Martinique (reçu « ${text} »)`,
    )
  }
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
    adminEmail: nonEmpty(env.ADMIN_EMAIL)?.normalize('NFKC').toLowerCase() ?? null,
    adminPassword: nonEmpty(env.ADMIN_PASSWORD),
    smtpUrl: nonEmpty(env.SMTP_URL),
    mailFrom: nonEmpty(env.MAIL_FROM) ?? 'Partenaires <no-reply@localhost>',
    googleMapsApiKey: nonEmpty(env.GOOGLE_MAPS_API_KEY),
    seedDemo: env.SEED_DEMO?.trim() !== '0',
    jwtSecret: envSecret,
    tokenTtlSeconds: intFrom(env.TOKEN_TTL_SECONDS, 24 * 3600, 'TOKEN_TTL_SECONDS'),
    publicUrl,
    helpUrl: nonEmpty(env.HELP_URL) ?? '/docs/aide.html',
    termsUrl: nonEmpty(env.TERMS_URL) ?? '/docs/conditions-generales-utilisation.pdf',
    privacyUrl: nonEmpty(env.PRIVACY_URL) ?? '/docs/politique-de-confidentialite.pdf',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    databasePoolMax: Math.max(1, intFrom(env.DATABASE_POOL_MAX, defaultPoolMax(), 'DATABASE_POOL_MAX')),
    databaseConnectTimeoutMs:
      intFrom(env.DATABASE_CONNECT_TIMEOUT_SECONDS, 30, 'DATABASE_CONNECT_TIMEOUT_SECONDS') * 1000,
    drainMs: intFrom(env.DRAIN_SECONDS, 5, 'DRAIN_SECONDS') * 1000,
    securityContact: parseSecurityContact(env.SECURITY_CONTACT),
    logLevel: nonEmpty(env.LOG_LEVEL) ?? 'info',
    maxUploadBytes: intFrom(env.MAX_UPLOAD_BYTES, 5 * 1024 * 1024, 'MAX_UPLOAD_BYTES'),
    // OWASP's recommended argon2id baseline (19 MiB, 2 passes).
    argon2: { memoryCost: 19456, timeCost: 2, parallelism: 1 },
    loginThrottle: {
      maxPerAccount: 5,
      maxPerAccountAnywhere: 20,
      maxPerIp: 30,
      windowMs: 15 * 60_000,
      lockMs: 60_000,
      accountLockMs: 5000,
      maxLockMs: 15 * 60_000,
    },
    authRateLimitPerMinute: intFrom(env.AUTH_RATE_LIMIT_PER_MINUTE, 20, 'AUTH_RATE_LIMIT_PER_MINUTE'),
    appTimeZone: parseTimeZone(env.APP_TIME_ZONE),
    legal: {
      privacyContact: nonEmpty(env.PRIVACY_CONTACT),
      operatorName: nonEmpty(env.LEGAL_OPERATOR_NAME),
      operatorAddress: nonEmpty(env.LEGAL_OPERATOR_ADDRESS),
      operatorContact: nonEmpty(env.LEGAL_OPERATOR_CONTACT),
      operatorRegistration: nonEmpty(env.LEGAL_OPERATOR_REGISTRATION),
      publicationDirector: nonEmpty(env.LEGAL_PUBLICATION_DIRECTOR),
      hostName: nonEmpty(env.LEGAL_HOST_NAME),
      hostAddress: nonEmpty(env.LEGAL_HOST_ADDRESS),
      hostContact: nonEmpty(env.LEGAL_HOST_CONTACT),
    },
    retention: {
      inactiveMonths: months(env.RETENTION_INACTIVE_MONTHS, 36, 'RETENTION_INACTIVE_MONTHS'),
      auditMonths: months(env.RETENTION_AUDIT_MONTHS, 12, 'RETENTION_AUDIT_MONTHS'),
    },
  }
}
