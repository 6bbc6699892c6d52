import { randomBytes } from 'node:crypto'
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { basename, dirname, join, resolve } from 'node:path'
import { once } from 'node:events'
import { createGunzip, createGzip } from 'node:zlib'
import { PGlite } from '@electric-sql/pglite'
import { acquireDataDir } from './datalock.ts'
import { uploadsDir } from './images.ts'

/**
 * Backups of the embedded store: one .tar.gz holding manifest.json, db.tar.gz (PGlite's dumpDataDir of
 * DATA_DIR/db), jwt-secret (so signed-in users stay signed in) and every file of DATA_DIR/uploads.
 * With PostgreSQL the database is pg_dump's job: the archive then holds the uploads and the secret only.
 * Both run with the server stopped (DATA_DIR/server.pid is checked and held meanwhile).
 */
export const BACKUP_FORMAT = 'partenaires-sauvegarde'
const UPLOAD_NAME = /^[a-f0-9]{24}\.webp$/

export interface BackupManifest {
  format: typeof BACKUP_FORMAT
  version: 1
  createdAt: string
  /** 'pglite': db.tar.gz is in the archive; 'postgresql': restore the database with pg_restore. */
  database: 'pglite' | 'postgresql'
  pgliteVersion: string
  uploads: number
}

export interface BackupSummary {
  file: string
  bytes: number
  manifest: BackupManifest
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

// --- backup ---

export async function createBackup(options: {
  dataDir: string
  file: string
  postgres: boolean
}): Promise<BackupSummary> {
  const dataDir = resolve(options.dataDir)
  const file = resolve(options.file)
  if (!existsSync(dataDir)) throw new Error(`Dossier de données introuvable : ${dataDir}`)
  const release = acquireDataDir(dataDir)
  const partial = join(dirname(file), `.${basename(file)}.${randomBytes(4).toString('hex')}.partiel`)
  try {
    let db: Buffer | null = null
    if (!options.postgres) {
      const dbDir = join(dataDir, 'db')
      if (!existsSync(join(dbDir, 'PG_VERSION'))) throw new Error(`Aucune base PGlite dans ${dbDir}`)
      // Opened without extensions: only its files are copied, no extension code runs.
      const pglite = new PGlite(dbDir)
      try {
        await pglite.waitReady
        db = Buffer.from(await (await pglite.dumpDataDir('gzip')).arrayBuffer())
      } finally {
        await pglite.close()
      }
    }
    const uploads = uploadsDir(dataDir)
    // Temp files (.name.tmp) of an interrupted upload are not images: left out.
    const names = existsSync(uploads)
      ? readdirSync(uploads)
          .filter((n) => UPLOAD_NAME.test(n))
          .sort()
      : []
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: 1,
      createdAt: new Date().toISOString(),
      database: options.postgres ? 'postgresql' : 'pglite',
      pgliteVersion: pgliteVersion(),
      uploads: names.length,
    }
    mkdirSync(dirname(file), { recursive: true })
    const tar = new TarWriter(partial)
    await tar.add('manifest.json', Buffer.from(JSON.stringify(manifest, null, 2)))
    if (db) await tar.add('db.tar.gz', db)
    const secret = join(dataDir, 'jwt-secret')
    if (existsSync(secret)) await tar.add('jwt-secret', readFileSync(secret))
    for (const name of names) await tar.add(`uploads/${name}`, await readFile(join(uploads, name)))
    await tar.close()
    // Only a complete archive gets the final name.
    renameSync(partial, file)
    return { file, bytes: statSync(file).size, manifest }
  } catch (error) {
    rmSync(partial, { force: true })
    throw error
  } finally {
    release()
  }
}

// --- restore ---

export interface RestoreSummary {
  manifest: BackupManifest
  uploads: number
  users: number | null
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
}): Promise<RestoreSummary> {
  const dataDir = resolve(options.dataDir)
  const file = resolve(options.file)
  if (!existsSync(file)) throw new Error(`Archive introuvable : ${file}`)
  mkdirSync(dataDir, { recursive: true })
  const release = acquireDataDir(dataDir)
  const stamp = new Date().toISOString().replace(/[:.]/g, '-')
  const staging = join(dataDir, `.restauration-${randomBytes(4).toString('hex')}`)
  try {
    mkdirSync(join(staging, 'uploads'), { recursive: true })
    let manifest: BackupManifest | null = null
    let db: Buffer | null = null
    let uploads = 0
    for await (const entry of tarEntries(file)) {
      if (entry.name === 'manifest.json') {
        manifest = JSON.parse(entry.data.toString('utf8')) as BackupManifest
        if (manifest.format !== BACKUP_FORMAT || manifest.version !== 1)
          throw new Error('Ce fichier n’est pas une sauvegarde de cette application.')
      } else if (entry.name === 'db.tar.gz') {
        db = entry.data
      } else if (entry.name === 'jwt-secret') {
        await writeFile(join(staging, 'jwt-secret'), entry.data, { mode: 0o600 })
      } else if (entry.name.startsWith('uploads/') && UPLOAD_NAME.test(entry.name.slice('uploads/'.length))) {
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
    if (manifest.database === 'pglite') {
      if (!db) throw new Error('Archive incomplète : db.tar.gz absent.')
      const [major, minor] = pgliteVersion().split('.')
      if (manifest.pgliteVersion.split('.').slice(0, 2).join('.') !== `${major}.${minor}`) {
        throw new Error(
          `Sauvegarde faite avec PGlite ${manifest.pgliteVersion}, installée : ${pgliteVersion()} (format de base différent).`,
        )
      }
      // The check reads a plain table: no extension code needed (the server loads them on its next start).
      const pglite = new PGlite(join(staging, 'db'), { loadDataDir: new Blob([new Uint8Array(db)]) })
      try {
        await pglite.waitReady
        users = Number((await pglite.query<{ n: number }>('select count(*)::int as n from users')).rows[0].n)
      } finally {
        await pglite.close()
      }
    }

    // With PostgreSQL, DATA_DIR/db is not part of the backup and stays as it is.
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
    return { manifest, uploads, users, previous }
  } finally {
    rmSync(staging, { recursive: true, force: true })
    release()
  }
}
