/**
 * Test harness: a real server on a random port with its own DATA_DIR and its own database.
 * PGlite by default (each store copied from a migrated template, which saves ~2 s of initdb per file);
 * with DATABASE_URL set, each server gets a fresh PostgreSQL schema, dropped on close.
 */
import { createHash, randomBytes } from 'node:crypto'
import { appendFileSync, cpSync, existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance, FastifyServerOptions } from 'fastify'
import { Migrator } from 'kysely/migration'
import pg from 'pg'
import { afterAll, beforeAll, expect } from 'vitest'
import type { AuthUser, DiscountOffer, Image, Partner } from '@/contract/schemas.ts'
import { apiPaths } from '@/contract/paths.ts'
import { buildApp, loggerOptions } from '../app.ts'
import { ensureAdmin } from '../bootstrap.ts'
import { loadConfig, type Config } from '../config.ts'
import { migrateToLatest, openDatabase, pgliteDir, type DatabaseHandle, type Db } from '../db/index.ts'
import { migrationProvider, migrations } from '../db/migrations.ts'
import { importLegacyUploads } from '../services/images.ts'
import type { Lifecycle } from '../context.ts'
import type { MailOutboxOptions, MailTransport } from '../services/mail.ts'

export const ADMIN = { email: 'admin@test.fr', password: 'admin-de-test-42' }
export const silentLog = { info: () => {}, warn: () => {} }

export interface TestServer {
  url: string
  app: FastifyInstance
  handle: DatabaseHandle
  config: Config
  dataDir: string
  /** Stops the server; removes its data unless keepData (for restart tests). */
  close(options?: { keepData?: boolean }): Promise<void>
}

export interface StartOptions {
  /** Reuse an existing data directory (and PostgreSQL schema) instead of a fresh one. */
  dataDir?: string
  schema?: string
  config?: Partial<Config>
  mailTransport?: MailTransport
  mailOutbox?: Partial<MailOutboxOptions>
  staticDir?: string
  logger?: FastifyServerOptions['logger']
  lifecycle?: Lifecycle
}

export function testConfig(dataDir: string, overrides: Partial<Config> = {}): Config {
  const base = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'secret-de-test-suffisamment-long-pour-hs256',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    PUBLIC_URL: 'http://app.test',
    SEED_DEMO: '0',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  })
  return {
    ...base,
    logLevel: 'silent',
    // Cheap hashes keep the suite fast; production uses the OWASP baseline from config.ts.
    argon2: { memoryCost: 256, timeCost: 1, parallelism: 1 },
    loginThrottle: {
      maxPerAccount: 5,
      maxPerAccountAnywhere: 10_000,
      maxPerIp: 10_000,
      windowMs: 60_000,
      lockMs: 60_000,
      accountLockMs: 5000,
      maxLockMs: 15 * 60_000,
    },
    authRateLimitPerMinute: 100_000,
    ...overrides,
  }
}

/**
 * Appended to each test store's postgresql.conf. PGlite zeroes its whole shared memory at every open (memset in
 * the wasm, then page faults): with PostgreSQL's default 128 MB of shared buffers, 0.1-0.2 CPU-s of each open.
 */
const testStoreConf = 'shared_buffers = 16MB\nmax_connections = 10\n'

const templateKey = createHash('sha256')
  .update(
    Object.entries(migrations)
      .map(([name, m]) => name + m.up.toString())
      .join(','),
  )
  .update('pglite-0.5.16')
  .update(testStoreConf)
  .digest('hex')
  .slice(0, 16)
const templateDir = join(tmpdir(), `partenaires-pglite-template-${templateKey}`)

/**
 * A PGlite store built once per migration set and copied for each test server: migrated and empty, or blank
 * (initialised, no migration run) for a test that migrates it itself. PGlite's initdb costs ~2.5-4 CPU-s, a
 * copy and its open ~0.7.
 */
async function pgliteTemplate(migrated = true): Promise<string> {
  const dir = migrated ? templateDir : `${templateDir}-blank`
  if (existsSync(join(dir, 'db', 'PG_VERSION'))) return dir
  const building = `${dir}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`
  const handle = await openDatabase({ dataDir: building, databaseUrl: null, databaseSchema: null })
  if (migrated) await migrateToLatest(handle)
  await handle.close()
  appendFileSync(join(pgliteDir({ dataDir: building }), 'postgresql.conf'), testStoreConf)
  try {
    renameSync(building, dir)
  } catch {
    // Another run built it first: use theirs.
    rmSync(building, { recursive: true, force: true })
  }
  return dir
}

/** An initialised PGlite store with no migration run yet, in `dataDir` (legacy-store.ts migrates it to 0002). */
export async function blankPgliteStore(dataDir: string): Promise<void> {
  cpSync(join(await pgliteTemplate(false), 'db'), pgliteDir({ dataDir }), { recursive: true })
}

export interface OlderStore {
  dataDir: string
  /** The PostgreSQL schema holding it, or null for PGlite (DATA_DIR/db). */
  schema: string | null
  databaseUrl: string | null
  /** Open: the caller writes what that version wrote, then closes it. */
  handle: DatabaseHandle
}

/**
 * A store as an older version left it: migrated up to `migration` only, through the real migrations. On
 * DATABASE_URL's PostgreSQL (a schema of its own) unless `databaseUrl` says otherwise, else PGlite.
 */
export async function storeMigratedTo(
  migration: string,
  options: { databaseUrl?: string | null; dataDir?: string } = {},
): Promise<OlderStore> {
  const databaseUrl =
    options.databaseUrl === undefined ? (process.env.DATABASE_URL ?? null) : options.databaseUrl
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'partenaires-ancien-'))
  const schema = databaseUrl ? `t_${process.pid}_${randomBytes(4).toString('hex')}` : null
  // A copy of an initialised store rather than PGlite's initdb in a new folder.
  if (!databaseUrl && !existsSync(pgliteDir({ dataDir }))) await blankPgliteStore(dataDir)
  const handle = await openDatabase({ dataDir, databaseUrl, databaseSchema: schema })
  try {
    const migrator = new Migrator({
      db: handle.db,
      provider: migrationProvider,
      ...(schema ? { migrationTableSchema: schema } : {}),
    })
    const { error } = await migrator.migrateTo(migration)
    if (error) throw error
  } catch (error) {
    await handle.close()
    throw error
  }
  return { dataDir, schema, databaseUrl, handle }
}

async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await client.connect()
  try {
    await client.query(`drop schema if exists "${schema}" cascade`)
  } finally {
    await client.end()
  }
}

/** A data directory holding a migrated store (PGlite), or a fresh schema name (PostgreSQL). */
export async function freshStore(): Promise<{ dataDir: string; schema: string | null }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'partenaires-test-'))
  if (process.env.DATABASE_URL)
    return { dataDir, schema: `t_${process.pid}_${randomBytes(4).toString('hex')}` }
  cpSync(join(await pgliteTemplate(), 'db'), pgliteDir({ dataDir }), { recursive: true })
  return { dataDir, schema: null }
}

export async function disposeStore(store: { dataDir: string; schema: string | null }): Promise<void> {
  if (store.schema) await dropSchema(store.schema)
  rmSync(store.dataDir, { recursive: true, force: true })
}

export async function startServer(options: StartOptions = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'partenaires-test-'))
  const usePg = Boolean(process.env.DATABASE_URL)
  const schema = usePg ? (options.schema ?? `t_${process.pid}_${randomBytes(4).toString('hex')}`) : null
  const config = testConfig(dataDir, { databaseSchema: schema, ...options.config })
  // The embedded store whenever the config has no database URL (a test may ask for it on a PostgreSQL run).
  const fromTemplate = !config.databaseUrl && !existsSync(join(pgliteDir(config), 'PG_VERSION'))
  if (fromTemplate) cpSync(join(await pgliteTemplate(), 'db'), pgliteDir(config), { recursive: true })
  const handle = await openDatabase(config)
  // A copy of the template is migrated already (~50 ms of CPU for the migrator to find nothing to do); a store
  // the test brings (a restart, an older version's store, a PostgreSQL schema) is migrated as main.ts does.
  if (!fromTemplate) await migrateToLatest(handle)
  // As main.ts does right after migrations: images a pre-0003 store kept on disk move into the database.
  await importLegacyUploads(handle.db, config.dataDir, silentLog)
  await ensureAdmin(handle.db, config, silentLog)
  const app = await buildApp({
    db: handle.db,
    config,
    mailTransport: options.mailTransport,
    mailOutbox: options.mailOutbox,
    staticDir: options.staticDir,
    logger: options.logger,
    lifecycle: options.lifecycle,
  })
  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  return {
    url: address,
    app,
    handle,
    config,
    dataDir,
    async close(closeOptions = {}) {
      // Tolerates a store or app already closed by the test (outage tests).
      await app.close().catch(() => {})
      await handle.close().catch(() => {})
      if (!closeOptions.keepData) {
        if (schema) await dropSchema(schema)
        rmSync(dataDir, { recursive: true, force: true })
      }
    },
  }
}

export interface ApiResponse<T = unknown> {
  status: number
  body: T
  headers: Headers
  text: string
}

export interface RequestOptions {
  token?: string | null
  body?: unknown
  /** Sent as is (no JSON encoding), with the given content type. */
  raw?: string | Buffer | FormData
  contentType?: string
  headers?: Record<string, string>
}

/** A tiny fetch client bound to one server. */
export function client(server: Pick<TestServer, 'url'>) {
  async function request<T = unknown>(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers }
    if (options.token) headers.authorization = `Bearer ${options.token}`
    let body: BodyInit | undefined
    if (options.raw !== undefined) {
      body = options.raw as BodyInit
      if (options.contentType) headers['content-type'] = options.contentType
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body)
      headers['content-type'] = 'application/json'
    }
    const res = await fetch(server.url + path, { method, headers, body })
    const text = await res.text()
    let parsed: unknown = text
    if ((res.headers.get('content-type') ?? '').includes('application/json') && text)
      parsed = JSON.parse(text)
    return { status: res.status, body: parsed as T, headers: res.headers, text }
  }
  return {
    request,
    get: <T = unknown>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
    post: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>('POST', path, { ...options, body }),
    put: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>('PUT', path, { ...options, body }),
    del: <T = unknown>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
    async login(email: string, password: string): Promise<AuthUser> {
      const res = await request<AuthUser>('POST', '/api/auth/authenticate', {
        body: { username: email, password },
      })
      if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${res.text}`)
      return res.body
    },
    async register(
      overrides: Partial<{ firstname: string; lastname: string; email: string; password: string }> = {},
    ): Promise<AuthUser> {
      const body = {
        firstname: 'Léa',
        lastname: 'Testeuse',
        email: `user-${randomBytes(5).toString('hex')}@test.fr`,
        password: 'un mot de passe long',
        ...overrides,
      }
      const res = await request<AuthUser>('POST', '/api/auth/register', { body })
      if (res.status !== 201) throw new Error(`register: ${res.status} ${res.text}`)
      return res.body
    },
  }
}

export type Client = ReturnType<typeof client>

/** The environment of a server process (main.ts) on `dataDir` and a free loopback port; `env` adds to it. */
export function serverProcessEnv(dataDir: string, env: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', ...env }
}

/** A fresh server, a client on it and the admin signed in: how most API test files begin. */
export async function startAsAdmin(
  options: StartOptions = {},
): Promise<{ server: TestServer; api: Client; admin: AuthUser }> {
  const server = await startServer(options)
  const api = client(server)
  return { server, api, admin: await api.login(ADMIN.email, ADMIN.password) }
}

export interface AdminServer {
  server: TestServer
  api: Client
  admin: AuthUser
  /** Request options carrying the admin's token. */
  asAdmin: () => RequestOptions
}

/**
 * A test file's server, started with the admin signed in before the file's own hooks and tests, and closed after
 * them. Its fields are set once the file's first hook runs: read them inside hooks and tests.
 */
export function adminServerForFile(options: StartOptions = {}): AdminServer {
  const started = {} as AdminServer
  beforeAll(async () => {
    Object.assign(started, await startAsAdmin(options))
    started.asAdmin = () => ({ token: started.admin.access_token })
  })
  afterAll(() => started.server?.close())
  return started
}

/**
 * Uploads a small image for an article (creating one needs an image), as the admin; anything but 201 fails the
 * test at once.
 */
export async function uploadArticleImage(api: Client, admin: AuthUser): Promise<Image> {
  const res = await api.request<Image>('POST', apiPaths.articleImage(), {
    token: admin.access_token,
    raw: fileForm(await pngBytes(40, 55)),
  })
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${res.text}`)
  return res.body
}

/** Uploads `bytes` (an image file) as a photo of `partner`, as the admin; anything but 201 fails the test at once. */
export async function uploadPartnerPhoto(
  { api, admin }: Pick<AdminServer, 'api' | 'admin'>,
  partner: Partner,
  bytes: Buffer,
): Promise<Image> {
  const res = await api.request<Image>('POST', apiPaths.partnerImages(partner.partnerId.id), {
    token: admin.access_token,
    raw: fileForm(bytes),
  })
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${res.text}`)
  return res.body
}

/** Creates a partner as the admin from partnerBody(overrides); anything but 201 fails the test at once. */
export async function createPartner(
  api: Client,
  admin: AuthUser,
  overrides: Record<string, unknown> = {},
): Promise<Partner> {
  const res = await api.post<Partner>('/api/partners', partnerBody(overrides), { token: admin.access_token })
  if (res.status !== 201) throw new Error(`${res.status} ${res.text}`)
  return res.body
}

/** Adds an offer to a partner as the admin; anything but 201 fails the test at once. */
export async function createOffer(
  api: Client,
  admin: AuthUser,
  partnerId: number,
  body: Record<string, unknown>,
): Promise<DiscountOffer> {
  const res = await api.post<DiscountOffer>(apiPaths.partnerOffers(partnerId), body, {
    token: admin.access_token,
  })
  if (res.status !== 201) throw new Error(`${res.status} ${res.text}`)
  return res.body
}

/** The status `caller` gets for using `owner`'s coupon for `offer` of `partner` (PUT deactivateOffer). */
export async function couponUseStatus(
  api: Client,
  caller: AuthUser,
  owner: AuthUser,
  partner: Partner,
  offer: DiscountOffer,
): Promise<number> {
  const path = apiPaths.deactivateOffer(owner.userId.id, partner.partnerId.id, offer.id.id)
  return (await api.put(path, undefined, { token: caller.access_token })).status
}

/** A valid partner body to tweak per test. */
export function partnerBody(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Partenaire de test',
    description: 'Une description.',
    siren: null,
    location: { address: '1 rue de la Paix', city: 'Marseille', position: { lat: 43.3, lng: 5.37 } },
    email: 'contact@partenaire.fr',
    phone: '04 91 00 00 00',
    representativeFirstName: 'Jean',
    representativeLastName: 'Dupont',
    categories: [{ label: 'Restaurants', icon: 'silverware-fork-knife' }],
    status: 'ACTIF',
    ...overrides,
  }
}

export async function pngBytes(width = 40, height = 30): Promise<Buffer> {
  const sharp = (await import('sharp')).default
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } } })
    .png()
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-gps-data' } } })
    .toBuffer()
}

export function fileForm(
  bytes: Buffer | string,
  name = 'photo.png',
  type = 'image/png',
  field = 'file',
): FormData {
  const form = new FormData()
  form.append(field, new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type }), name)
  return form
}

/** Polls until fn returns a value (mails are delivered by the outbox worker, in the background). */
export async function waitFor<T>(
  fn: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 5000,
): Promise<T> {
  const start = Date.now()
  for (;;) {
    const value = await fn()
    if (value !== undefined) return value
    if (Date.now() - start > timeoutMs) throw new Error('waitFor: timeout')
    await new Promise((r) => setTimeout(r, 25))
  }
}

/** Mails the worker wrote to DATA_DIR/outbox (no SMTP configured), quoted-printable soft breaks undone. */
export async function outboxMails(dataDir: string): Promise<string[]> {
  const { readdir, readFile } = await import('node:fs/promises')
  const dir = join(dataDir, 'outbox')
  if (!existsSync(dir)) return []
  const names = (await readdir(dir)).filter((n) => n.endsWith('.eml')).sort()
  return Promise.all(
    names.map(async (n) =>
      (await readFile(join(dir, n), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '='),
    ),
  )
}

/** Waits for the n-th mail to `to` and returns the token of its reset link. */
export async function tokenFromMail(
  dataDir: string,
  to: string,
  nth = 1,
): Promise<{ token: string; mail: string }> {
  return waitFor(async () => {
    const mails = (await outboxMails(dataDir)).filter((m) =>
      new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}$`, 'mi').test(m),
    )
    const mail = mails[nth - 1]
    const match = mail ? /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail) : null
    return match && mail ? { token: match[1], mail } : undefined
  })
}

/** A pino logger writing JSON lines into an array, for asserting on what the server logged. */
export function capturedLogger(level = 'info'): {
  logger: FastifyServerOptions['logger']
  lines: Record<string, unknown>[]
} {
  const lines: Record<string, unknown>[] = []
  const stream = { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) }
  return { logger: { ...loggerOptions({ logLevel: level }), stream }, lines }
}

/** An upload refused for a full database disk: 507, French, the field named, and no image row left behind. */
export async function expectDiskFull(res: { status: number; body: unknown }, db: Db): Promise<void> {
  expect(res.status).toBe(507)
  // A 5xx: its message ends with the request's reference (server/requestId.ts).
  expect(res.body).toEqual({
    message: expect.stringMatching(
      /^Espace disque insuffisant pour enregistrer l’image\. Référence : [\w.:-]{8,128}$/,
    ),
    field: 'file',
  })
  expect(await db.selectFrom('images').select('id').execute()).toEqual([])
}
