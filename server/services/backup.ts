import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import {
  accessSync,
  chmodSync,
  closeSync,
  constants,
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { basename, delimiter, dirname, join, resolve } from 'node:path'
import { once } from 'node:events'
import { createGunzip, createGzip } from 'node:zlib'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { acquireDataDir } from './datalock.ts'
import { IMAGE_FILE_NAME, uploadsDir } from './images.ts'

/**
 * Backups. Images and the generated JWT key live in the database, so a dump of the database is a complete
 * backup. Embedded store (PGlite): one .tar.gz holding manifest.json and db.tar.gz (PGlite's dumpDataDir of
 * DATA_DIR/db), made and restored with the server stopped (DATA_DIR/server.pid is checked and held).
 * PostgreSQL: pg_dump in custom format, restored with pg_restore.
 *
 * Stores from before images moved into the database kept them in DATA_DIR/uploads and the key in
 * DATA_DIR/jwt-secret; the server imports both at start. Until it has, a backup carries those files too, and
 * archives of that time (version 1) restore them into DATA_DIR, to be imported at the next start.
 */
export const BACKUP_FORMAT = 'partenaires-sauvegarde'

export interface BackupManifest {
  format: typeof BACKUP_FORMAT
  /** 1: before images moved into the database (uploads/ and jwt-secret always archived); 2: since. */
  version: 1 | 2
  createdAt: string
  /** 'pglite': db.tar.gz is in the archive; 'postgresql' (version 1 only): files of DATA_DIR without the database. */
  database: 'pglite' | 'postgresql'
  pgliteVersion: string
  /** Image files archived from DATA_DIR/uploads: those the store had not imported yet (version 2). */
  uploads: number
}

export interface BackupSummary {
  file: string
  bytes: number
  manifest: BackupManifest
  /** DATA_DIR/jwt-secret was archived: the store had not adopted it yet. */
  jwtSecretFile: boolean
}

export function pgliteVersion(): string {
  // package.json is not in the package's exports: found next to its dist/ folder.
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite')
  return (JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')) as { version: string })
    .version
}

// --- a minimal ustar writer and reader (regular files only, names under 100 bytes) ---

function tarHeader(name: string, size: number): Buffer {
  const header = Buffer.alloc(512)
  header.write(name, 0, 100, 'utf8')
  header.write('0000600\0', 100)
  header.write('0000000\0', 108)
  header.write('0000000\0', 116)
  header.write(size.toString(8).padStart(11, '0') + '\0', 124)
  header.write(
    Math.floor(Date.now() / 1000)
      .toString(8)
      .padStart(11, '0') + '\0',
    136,
  )
  header.write('        ', 148)
  header.write('0', 156)
  header.write('ustar\0' + '00', 257)
  let sum = 0
  for (const byte of header) sum += byte
  header.write(sum.toString(8).padStart(6, '0') + '\0 ', 148)
  return header
}

class TarWriter {
  private gzip = createGzip()
  private done: Promise<unknown>
  constructor(file: string) {
    const out = createWriteStream(file, { mode: 0o600 })
    this.gzip.pipe(out)
    this.done = once(out, 'close')
  }
  private async write(chunk: Buffer) {
    if (!this.gzip.write(chunk)) await once(this.gzip, 'drain')
  }
  async add(name: string, data: Buffer) {
    if (Buffer.byteLength(name) >= 100) throw new Error(`nom trop long pour l’archive : ${name}`)
    await this.write(tarHeader(name, data.length))
    await this.write(data)
    const padding = (512 - (data.length % 512)) % 512
    if (padding) await this.write(Buffer.alloc(padding))
  }
  async close() {
    await this.write(Buffer.alloc(1024))
    this.gzip.end()
    await this.done
  }
}

/** Reads exactly n bytes at a time from a stream of chunks. */
class ByteReader {
  private chunks: Buffer[] = []
  private length = 0
  private source: AsyncIterator<Buffer>
  constructor(source: AsyncIterable<Buffer>) {
    this.source = source[Symbol.asyncIterator]()
  }
  async take(n: number): Promise<Buffer | null> {
    while (this.length < n) {
      const next = await this.source.next()
      if (next.done) return null
      this.chunks.push(next.value)
      this.length += next.value.length
    }
    const all = this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks)
    this.chunks = [all.subarray(n)]
    this.length = all.length - n
    return all.subarray(0, n)
  }
}

async function* tarEntries(file: string): AsyncGenerator<{ name: string; data: Buffer }> {
  const reader = new ByteReader(createReadStream(file).pipe(createGunzip()))
  for (;;) {
    const header = await reader.take(512)
    if (!header) throw new Error('archive tronquée')
    if (header.every((b) => b === 0)) return
    const name = header.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '')
    const size = parseInt(header.subarray(124, 136).toString('ascii').replace(/\0.*$/s, '').trim() || '0', 8)
    const type = String.fromCharCode(header[156])
    if (!Number.isSafeInteger(size) || size < 0) throw new Error(`taille invalide pour ${name}`)
    const data = size > 0 ? await reader.take(size + ((512 - (size % 512)) % 512)) : Buffer.alloc(0)
    if (!data) throw new Error(`archive tronquée (${name})`)
    if (type === '0' || type === '\0') yield { name, data: data.subarray(0, size) }
  }
}

// --- backup of the embedded store ---

/**
 * What the store has not taken from DATA_DIR yet (the server does so at start): files of image rows
 * without bytes, and whether the generated key is still only in DATA_DIR/jwt-secret.
 */
async function legacyLeftovers(pglite: PGlite): Promise<{ files: string[]; jwtSecret: boolean }> {
  const column = async (query: string): Promise<string[] | null> => {
    try {
      return (await pglite.query<{ v: string }>(query)).rows.map((r) => r.v)
    } catch {
      // Table or column missing: a store never started since migration 0003 (or an empty one).
      return null
    }
  }
  const files =
    (await column('select file_name as v from images where data is null')) ??
    (await column('select file_name as v from images')) ??
    []
  const key = await column("select key as v from app_meta where key = 'jwt_secret'")
  return { files: files.filter((n) => IMAGE_FILE_NAME.test(n)).sort(), jwtSecret: !key?.length }
}

export async function createBackup(options: { dataDir: string; file: string }): Promise<BackupSummary> {
  const dataDir = resolve(options.dataDir)
  const file = resolve(options.file)
  if (!existsSync(dataDir)) throw new Error(`Dossier de données introuvable : ${dataDir}`)
  const release = acquireDataDir(dataDir)
  const partial = join(dirname(file), `.${basename(file)}.${randomBytes(4).toString('hex')}.partiel`)
  try {
    const dbDir = join(dataDir, 'db')
    if (!existsSync(join(dbDir, 'PG_VERSION'))) throw new Error(`Aucune base PGlite dans ${dbDir}`)
    // Opened without extensions: its files are copied and two plain tables read, no extension code runs.
    const pglite = new PGlite(dbDir)
    let db: Buffer
    let leftovers: { files: string[]; jwtSecret: boolean }
    try {
      await pglite.waitReady
      leftovers = await legacyLeftovers(pglite)
      db = Buffer.from(await (await pglite.dumpDataDir('gzip')).arrayBuffer())
    } finally {
      await pglite.close()
    }
    const uploads = uploadsDir(dataDir)
    // A row whose file is missing stays without bytes: nothing to archive for it.
    const names = leftovers.files.filter((n) => existsSync(join(uploads, n)))
    const secret = join(dataDir, 'jwt-secret')
    const jwtSecretFile = leftovers.jwtSecret && existsSync(secret)
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: 2,
      createdAt: new Date().toISOString(),
      database: 'pglite',
      pgliteVersion: pgliteVersion(),
      uploads: names.length,
    }
    mkdirSync(dirname(file), { recursive: true })
    const tar = new TarWriter(partial)
    await tar.add('manifest.json', Buffer.from(JSON.stringify(manifest, null, 2)))
    await tar.add('db.tar.gz', db)
    if (jwtSecretFile) await tar.add('jwt-secret', readFileSync(secret))
    for (const name of names) await tar.add(`uploads/${name}`, await readFile(join(uploads, name)))
    await tar.close()
    // Only a complete archive gets the final name.
    renameSync(partial, file)
    return { file, bytes: statSync(file).size, manifest, jwtSecretFile }
  } catch (error) {
    rmSync(partial, { force: true })
    throw error
  } finally {
    release()
  }
}

// --- restore of the embedded store ---

export interface RestoreSummary {
  manifest: BackupManifest
  /** Image files put back into DATA_DIR/uploads (imported into the database at the next start). */
  uploads: number
  users: number | null
  images: number | null
  /** Where the replaced data was moved (--force), or null. */
  previous: string | null
}

/**
 * Unpacks into a staging folder inside DATA_DIR, opens the restored store to check it, then swaps it in.
 * An existing store is refused unless force, and then moved aside (never deleted).
 */
export async function restoreBackup(options: {
  file: string
  dataDir: string
  force: boolean
  /** DATABASE_URL is set: an archive holding a PGlite database would restore a store the server ignores. */
  postgres?: boolean
}): Promise<RestoreSummary> {
  const dataDir = resolve(options.dataDir)
  const file = resolve(options.file)
  if (!existsSync(file)) throw new Error(`Archive introuvable : ${file}`)
  mkdirSync(dataDir, { recursive: true })
  const release = acquireDataDir(dataDir)
  const stamp = new Date().toISOString().replace(/[:.]/g, '-')
  const staging = join(dataDir, `.restauration-${randomBytes(4).toString('hex')}`)
  try {
    mkdirSync(staging)
    let manifest: BackupManifest | null = null
    let db: Buffer | null = null
    let uploads = 0
    for await (const entry of tarEntries(file)) {
      if (entry.name === 'manifest.json') {
        manifest = JSON.parse(entry.data.toString('utf8')) as BackupManifest
        if (manifest.format !== BACKUP_FORMAT || (manifest.version !== 1 && manifest.version !== 2))
          throw new Error('Ce fichier n’est pas une sauvegarde de cette application.')
        if (manifest.database === 'pglite' && options.postgres)
          throw new Error(
            'Cette archive contient une base PGlite (embarquée), alors que DATABASE_URL est défini : retirez DATABASE_URL pour la restaurer dans DATA_DIR.',
          )
      } else if (entry.name === 'db.tar.gz') {
        db = entry.data
      } else if (entry.name === 'jwt-secret') {
        await writeFile(join(staging, 'jwt-secret'), entry.data, { mode: 0o600 })
      } else if (
        entry.name.startsWith('uploads/') &&
        IMAGE_FILE_NAME.test(entry.name.slice('uploads/'.length))
      ) {
        mkdirSync(join(staging, 'uploads'), { recursive: true })
        await writeFile(join(staging, entry.name), entry.data)
        uploads++
      } else {
        // Anything else (../ paths, unknown files) is refused rather than written somewhere.
        throw new Error(`Entrée inattendue dans l’archive : ${JSON.stringify(entry.name)}`)
      }
    }
    if (!manifest)
      throw new Error('Ce fichier n’est pas une sauvegarde de cette application (manifest.json absent).')
    if (manifest.uploads !== uploads)
      throw new Error(`Archive incomplète : ${uploads} images sur ${manifest.uploads}.`)
    let users: number | null = null
    let images: number | null = null
    if (manifest.database === 'pglite') {
      if (!db) throw new Error('Archive incomplète : db.tar.gz absent.')
      const [major, minor] = pgliteVersion().split('.')
      if (manifest.pgliteVersion.split('.').slice(0, 2).join('.') !== `${major}.${minor}`) {
        throw new Error(
          `Sauvegarde faite avec PGlite ${manifest.pgliteVersion}, installée : ${pgliteVersion()} (format de base différent).`,
        )
      }
      // The check reads plain tables: no extension code needed (the server loads them on its next start).
      const pglite = new PGlite(join(staging, 'db'), { loadDataDir: new Blob([new Uint8Array(db)]) })
      try {
        await pglite.waitReady
        const count = async (table: string) =>
          Number((await pglite.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0].n)
        users = await count('users')
        images = await count('images')
      } finally {
        await pglite.close()
      }
    }

    // Whatever a restored store replaces is moved aside, files of the old layout included. With PostgreSQL
    // (version 1 archives), DATA_DIR/db is not part of the backup and stays as it is.
    const restored =
      manifest.database === 'pglite' ? ['db', 'uploads', 'jwt-secret'] : ['uploads', 'jwt-secret']
    const replaced = restored.filter((name) => existsSync(join(dataDir, name)))
    const hasData = replaced.some((name) => name !== 'uploads' || readdirSync(join(dataDir, name)).length > 0)
    if (hasData && !options.force) {
      throw new Error(
        `Le dossier ${dataDir} contient déjà des données (${replaced.join(', ')}) : relancez avec --force pour les remplacer (elles seront déplacées, pas supprimées).`,
      )
    }
    let previous: string | null = null
    if (hasData) {
      previous = join(dataDir, `avant-restauration-${stamp}`)
      mkdirSync(previous)
      for (const name of replaced) renameSync(join(dataDir, name), join(previous, name))
    } else if (replaced.includes('uploads')) {
      rmSync(join(dataDir, 'uploads'), { recursive: true })
    }
    for (const name of restored) {
      if (existsSync(join(staging, name))) renameSync(join(staging, name), join(dataDir, name))
    }
    return { manifest, uploads, users, images, previous }
  } finally {
    rmSync(staging, { recursive: true, force: true })
    release()
  }
}

// --- PostgreSQL: pg_dump / pg_restore ---

/** The first `tool` on PATH, else in the newest /usr/lib/postgresql/<version>/bin (Debian, Ubuntu). */
export function findPgTool(tool: 'pg_dump' | 'pg_restore', path = process.env.PATH ?? ''): string {
  const executable = (candidate: string) => {
    try {
      accessSync(candidate, constants.X_OK)
      return statSync(candidate).isFile()
    } catch {
      return false
    }
  }
  for (const dir of path.split(delimiter).filter(Boolean)) {
    if (executable(join(dir, tool))) return join(dir, tool)
  }
  const root = '/usr/lib/postgresql'
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => executable(join(root, v, 'bin', tool)))
        .sort((a, b) => Number(b) - Number(a))
    : []
  if (versions.length > 0) return join(root, versions[0], 'bin', tool)
  throw new Error(
    `${tool} introuvable (ni dans le PATH, ni dans /usr/lib/postgresql/*/bin) : installez le client PostgreSQL (paquet postgresql-client), de la même version majeure que le serveur ou plus récente.`,
  )
}

/** The URL without its password, which goes to the child through PGPASSWORD (not visible in ps). */
function connection(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  try {
    const parsed = new URL(databaseUrl)
    if (!parsed.password) return { url: databaseUrl, env: process.env }
    const password = decodeURIComponent(parsed.password)
    parsed.password = ''
    return { url: parsed.toString(), env: { ...process.env, PGPASSWORD: password } }
  } catch {
    // Not a URL (a key=value string): passed as it is.
    return { url: databaseUrl, env: process.env }
  }
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'inherit', 'pipe'] })
    let stderr = ''
    child.stderr.setEncoding('utf8')
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-8000)
    })
    child.on('error', reject)
    child.on('close', (code, signal) => {
      if (code === 0) resolvePromise()
      else
        reject(
          new Error(
            `${basename(command)} a échoué (${signal ?? `code ${String(code)}`}) : ${stderr.trim() || 'aucun message'}`,
          ),
        )
    })
  })
}

const CUSTOM_DUMP_MAGIC = 'PGDMP'

/** True when the file is a pg_dump archive in custom format (what `npm run backup` writes with PostgreSQL). */
export function isPgDump(file: string): boolean {
  const fd = openSync(file, 'r')
  try {
    const head = Buffer.alloc(CUSTOM_DUMP_MAGIC.length)
    readSync(fd, head, 0, head.length, 0)
    return head.toString('latin1') === CUSTOM_DUMP_MAGIC
  } finally {
    closeSync(fd)
  }
}

/**
 * pg_dump of the whole database of DATABASE_URL (every schema) in custom format, 0600. A consistent
 * snapshot: servers may keep running. Written under a temporary name, renamed once complete.
 */
export async function dumpPostgres(options: {
  databaseUrl: string
  file: string
  path?: string
}): Promise<{ file: string; bytes: number; tool: string }> {
  const file = resolve(options.file)
  const tool = findPgTool('pg_dump', options.path)
  const { url, env } = connection(options.databaseUrl)
  mkdirSync(dirname(file), { recursive: true })
  const partial = join(dirname(file), `.${basename(file)}.${randomBytes(4).toString('hex')}.partiel`)
  try {
    // Created 0600 before pg_dump opens it: password hashes are never readable by others, even mid-dump.
    writeFileSync(partial, '', { mode: 0o600 })
    await run(tool, ['--format=custom', `--file=${partial}`, `--dbname=${url}`], env)
    chmodSync(partial, 0o600)
    renameSync(partial, file)
    return { file, bytes: statSync(file).size, tool }
  } catch (error) {
    rmSync(partial, { force: true })
    throw error
  }
}

async function withClient<T>(
  databaseUrl: string,
  fn: (client: pg.Client) => Promise<T>,
  schema: string | null = null,
): Promise<T> {
  const client = new pg.Client({
    connectionString: databaseUrl,
    ...(schema && /^[a-z_][a-z0-9_]{0,62}$/.test(schema)
      ? { options: `-c search_path=${schema},public` }
      : {}),
  })
  client.on('error', () => {})
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

/**
 * pg_restore --clean --if-exists --no-owner in a single transaction: a restore that fails half-way leaves
 * the database as it was. A database that already holds tables is refused unless force (they are dropped
 * and replaced by the dump's).
 */
export async function restorePostgres(options: {
  databaseUrl: string
  file: string
  force: boolean
  /** DATABASE_SCHEMA, where the restored counts are read. */
  schema?: string | null
  path?: string
}): Promise<{ tool: string; users: number | null; images: number | null }> {
  const file = resolve(options.file)
  if (!existsSync(file)) throw new Error(`Sauvegarde introuvable : ${file}`)
  if (!isPgDump(file))
    throw new Error(
      `${file} n’est pas une sauvegarde pg_dump au format custom (npm run backup avec DATABASE_URL).`,
    )
  const tool = findPgTool('pg_restore', options.path)
  const tables = await withClient(options.databaseUrl, async (client) =>
    Number(
      (
        await client.query<{ n: number }>(
          "select count(*)::int as n from pg_catalog.pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
        )
      ).rows[0].n,
    ),
  )
  if (tables > 0 && !options.force) {
    throw new Error(
      `La base contient déjà ${tables} table(s) : relancez avec --force pour la remplacer par la sauvegarde (ses données actuelles seront supprimées ; sauvegardez-les d’abord si besoin).`,
    )
  }
  const { url, env } = connection(options.databaseUrl)
  await run(
    tool,
    ['--clean', '--if-exists', '--no-owner', '--single-transaction', `--dbname=${url}`, file],
    env,
  )
  const counts = await withClient(
    options.databaseUrl,
    async (client) => {
      const count = async (table: string) => {
        try {
          return Number(
            (await client.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0].n,
          )
        } catch {
          // A dump of another application's database: nothing of ours to count.
          return null
        }
      }
      return { users: await count('users'), images: await count('images') }
    },
    options.schema ?? null,
  )
  return { tool, ...counts }
}
