import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { gunzipSync, gzipSync } from 'node:zlib'
import { PGlite } from '@electric-sql/pglite'
import { afterAll, describe, expect, it } from 'vitest'
import type { Article, DiscountOffer, Image, Partner, PartnerPage, User } from '@/contract/schemas.ts'
import { apiPaths } from '@/contract/paths.ts'
import { pgliteVersion } from '../services/backup.ts'
import { lockFile } from '../services/datalock.ts'
import pg from 'pg'
import {
  ADMIN,
  capturedLogger,
  client,
  createOffer,
  fileForm,
  partnerBody,
  pngBytes,
  couponUseStatus,
  startServer,
} from './helpers.ts'
import { runBackup } from '@/scripts/backupCommand.ts'
import { runRestore } from '@/scripts/restoreCommand.ts'
import { childNodeArgs } from './child-node.ts'
import { legacyStore } from './legacy-store.ts'
import { createPgCluster, pgClusterUnavailable, type PgCluster } from './pg-cluster.ts'

/**
 * `npm run backup` / `npm run restore`: the embedded store whatever database the suite runs on, and PostgreSQL
 * (pg_dump / pg_restore) on a throwaway cluster. Run in a child process as an operator would (`script`) where
 * the process is part of what is tested: the first backup and restore of the round trip (the real exit status
 * and output) and a DATA_DIR held by another live process; the other calls run the same command in this
 * process (`command`, with the child's environment), which spares each a Node start and, for the embedded
 * store, a PGlite load (~2 CPU-s). pg_dump and pg_restore are child processes either way.
 */
const root = resolve(import.meta.dirname, '..', '..')
const work = mkdtempSync(join(tmpdir(), 'partenaires-sauvegarde-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

function script(
  name: 'backup' | 'restore',
  dataDir: string,
  args: string[],
  env: Record<string, string> = {},
) {
  const result = spawnSync(process.execPath, [...childNodeArgs, `scripts/${name}.ts`, ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 120_000,
    // DATABASE_URL only when the test passes one: by default these are the embedded-store scripts.
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, ...env },
  })
  return { status: result.status, output: `${result.stdout}${result.stderr}` }
}

/** The same command in this process, with the child's environment: its exit status and what it printed. */
async function command(
  name: 'backup' | 'restore',
  dataDir: string,
  args: string[],
  env: Record<string, string> = {},
) {
  const out: string[] = []
  const err: string[] = []
  const status = await (name === 'backup' ? runBackup : runRestore)({
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, ...env },
    args,
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  })
  return { status, output: [...out, ...err].map((line) => `${line}\n`).join('') }
}

const sha = (bytes: Buffer | ArrayBuffer) => createHash('sha256').update(new Uint8Array(bytes)).digest('hex')
// Embedded store, and no JWT_SECRET: the generated key lives in the database.
const embedded = { databaseUrl: null, databaseSchema: null, jwtSecret: null }

// --- a few lines of ustar, to read what an archive holds and to write archives of the old format ---

function tarHeader(name: string, size: number): Buffer {
  const h = Buffer.alloc(512)
  h.write(name, 0)
  h.write(size.toString(8).padStart(11, '0') + '\0', 124)
  h.write('0', 156)
  return h
}
const pad = (b: Buffer) => Buffer.concat([b, Buffer.alloc((512 - (b.length % 512)) % 512)])

function tarGz(entries: { name: string; data: Buffer }[]): Buffer {
  return gzipSync(
    Buffer.concat([
      ...entries.flatMap((e) => [tarHeader(e.name, e.data.length), pad(e.data)]),
      Buffer.alloc(1024),
    ]),
  )
}

function entryNames(file: string): string[] {
  const tar = gunzipSync(readFileSync(file))
  const names: string[] = []
  for (let at = 0; at + 512 <= tar.length;) {
    const header = tar.subarray(at, at + 512)
    if (header.every((b) => b === 0)) break
    names.push(header.subarray(0, 100).toString('utf8').replace(/\0.*$/s, ''))
    const size = parseInt(header.subarray(124, 136).toString('ascii').replace(/\0.*$/s, '').trim() || '0', 8)
    at += 512 + Math.ceil(size / 512) * 512
  }
  return names
}

describe('backup and restore of the embedded store', () => {
  it('round trip: backup → wipe → restore gives back accounts, sessions, partners, coupons used, articles and image bytes, from the database dump alone', async () => {
    const dataDir = join(work, 'donnees')
    const first = await startServer({ dataDir, config: embedded })
    const api = client(first)
    const admin = await api.login(ADMIN.email, ADMIN.password)
    const user = await api.register({ email: 'sauvegarde@test.fr', password: 'survit a la restauration' })
    const partner = (
      await api.post<Partner>('/api/partners', partnerBody({ name: 'Sauvegardé' }), {
        token: admin.access_token,
      })
    ).body
    const photo = (
      await api.request<Image>('POST', apiPaths.partnerImages(partner.partnerId.id), {
        token: admin.access_token,
        raw: fileForm(await pngBytes(120, 80)),
      })
    ).body
    const offer = await createOffer(api, admin, partner.partnerId.id, {
      status: 'ENABLED',
      libelle: 'Un dessert',
      expirationDate: null,
    })
    expect(await couponUseStatus(api, user, user, partner, offer)).toBe(200)
    const cover = (
      await api.request<Image>('POST', apiPaths.articleImage(), {
        token: admin.access_token,
        raw: fileForm(await pngBytes(60, 60)),
      })
    ).body
    const article = (
      await api.post<Article>(
        '/api/articles',
        { title: 'Restauré', status: 'PUBLISHED', position: 1, image: cover, link: null },
        { token: admin.access_token },
      )
    ).body
    const photoBytes = sha(await (await fetch(first.url + photo.url)).arrayBuffer())
    const coverBytes = sha(await (await fetch(first.url + cover.url)).arrayBuffer())
    await first.close({ keepData: true })
    // Nothing but the database (and the mails written without SMTP): no image files, no key file.
    expect(readdirSync(dataDir).filter((n) => n !== 'outbox')).toEqual(['db'])

    // A live process holding DATA_DIR (here: this test worker) makes the backup refuse.
    writeFileSync(lockFile(dataDir), String(process.pid))
    const busy = script('backup', dataDir, [join(work, 'refusee.tar.gz')])
    expect(busy.status).toBe(1)
    expect(busy.output).toMatch(/utilisé par le processus/)
    expect(existsSync(join(work, 'refusee.tar.gz'))).toBe(false)
    rmSync(lockFile(dataDir))

    const archive = join(work, 'sauvegarde.tar.gz')
    const backup = script('backup', dataDir, [archive])
    expect(backup.status, backup.output).toBe(0)
    expect(backup.output).toMatch(
      /Sauvegarde écrite .* base PGlite complète, comptes, partenaires, articles, images et clé de signature générée compris/,
    )
    expect(entryNames(archive)).toEqual(['manifest.json', 'db.tar.gz'])
    expect(statSync(archive).mode & 0o777).toBe(0o600)
    expect(readdirSync(work).filter((n) => n.includes('partiel'))).toEqual([])

    rmSync(dataDir, { recursive: true, force: true })
    const restore = script('restore', dataDir, [archive])
    expect(restore.status, restore.output).toBe(0)
    expect(restore.output).toMatch(/base PGlite, 2 comptes, 2 images/)
    expect(readdirSync(dataDir)).toEqual(['db'])

    const second = await startServer({ dataDir, config: embedded })
    const b = client(second)
    try {
      // The generated key came back with the database: the session from before the backup is still valid.
      const me = await b.get<User>(apiPaths.user(user.userId.id), { token: user.access_token })
      expect(me.status).toBe(200)
      expect(me.body.disabledCoupons.map((c) => c.id.id)).toEqual([offer.id.id])
      await b.login('sauvegarde@test.fr', 'survit a la restauration')
      const back = await b.get<Partner>(apiPaths.partner(partner.partnerId.id), { token: user.access_token })
      expect(back.body.name).toBe('Sauvegardé')
      expect(back.body.images).toEqual([photo])
      expect(
        (await b.get<Article>(apiPaths.article(article.articleId.id), { token: user.access_token })).body
          .image,
      ).toEqual(cover)
      expect(sha(await (await fetch(second.url + photo.url)).arrayBuffer())).toBe(photoBytes)
      expect(sha(await (await fetch(second.url + cover.url)).arrayBuffer())).toBe(coverBytes)
      // Search still uses the trigram index of the restored store.
      expect(
        (
          await b.get<Partner[]>(`${apiPaths.partnerSearch()}?name=sauve`, { token: user.access_token })
        ).body.map((p) => p.name),
      ).toEqual(['Sauvegardé'])
    } finally {
      await second.close({ keepData: true })
    }

    // Restoring over live data needs --force, and keeps the replaced data aside.
    const refused = await command('restore', dataDir, [archive])
    expect(refused.status).toBe(1)
    expect(refused.output).toMatch(/--force/)
    const forced = await command('restore', dataDir, [archive, '--force'])
    expect(forced.status, forced.output).toBe(0)
    const aside = readdirSync(dataDir).filter((n) => n.startsWith('avant-restauration-'))
    expect(aside).toHaveLength(1)
    expect(readdirSync(join(dataDir, aside[0]))).toEqual(['db'])
  }, 180_000)

  it('an archive of the old format (uploads/ and jwt-secret beside the database) is restored into DATA_DIR and imported at start; until then a new backup carries those files', async () => {
    const store = await legacyStore({ databaseUrl: null })
    const secret = 'k'.repeat(48)
    const pglite = new PGlite(join(store.dataDir, 'db'))
    await pglite.waitReady
    const db = Buffer.from(await (await pglite.dumpDataDir('gzip')).arrayBuffer())
    await pglite.close()
    const manifest = {
      format: 'partenaires-sauvegarde',
      version: 1,
      createdAt: '2026-01-01T00:00:00.000Z',
      database: 'pglite',
      pgliteVersion: pgliteVersion(),
      uploads: store.images.length,
    }
    const old = join(work, 'ancien-format.tar.gz')
    writeFileSync(
      old,
      tarGz([
        { name: 'manifest.json', data: Buffer.from(JSON.stringify(manifest)) },
        { name: 'db.tar.gz', data: db },
        { name: 'jwt-secret', data: Buffer.from(`${secret}\n`) },
        ...store.images.map((i) => ({ name: `uploads/${i.id}.webp`, data: i.bytes })),
      ]),
    )
    rmSync(store.dataDir, { recursive: true, force: true })

    const dataDir = join(work, 'ancien')
    const restored = await command('restore', dataDir, [old])
    expect(restored.status, restored.output).toBe(0)
    expect(restored.output).toMatch(/2 image\(s\) remise\(s\) dans DATA_DIR\/uploads/)
    expect(readdirSync(dataDir).sort()).toEqual(['db', 'jwt-secret', 'uploads'])

    // Backed up again before any start: the files the store has not imported yet go into the archive.
    const again = join(work, 'avant-demarrage.tar.gz')
    const backup = await command('backup', dataDir, [again])
    expect(backup.status, backup.output).toBe(0)
    expect(backup.output).toMatch(/aussi 2 image\(s\) de DATA_DIR\/uploads et DATA_DIR\/jwt-secret/)
    expect(entryNames(again).sort()).toEqual(
      ['db.tar.gz', 'jwt-secret', 'manifest.json', ...store.images.map((i) => `uploads/${i.id}.webp`)].sort(),
    )
    rmSync(dataDir, { recursive: true, force: true })
    expect((await command('restore', dataDir, [again])).status).toBe(0)

    const server = await startServer({ dataDir, config: embedded })
    try {
      for (const image of store.images) {
        const res = await fetch(server.url + image.url)
        expect(res.status).toBe(200)
        expect(sha(await res.arrayBuffer())).toBe(sha(image.bytes))
      }
      const key = await server.handle.db
        .selectFrom('app_meta')
        .select('value')
        .where('key', '=', 'jwt_secret')
        .executeTakeFirst()
      expect(key?.value).toBe(secret)
    } finally {
      await server.close({ keepData: true })
    }
    // Imported: the next backup is the database alone (the row whose file was lost has nothing to add).
    const after = join(work, 'apres-demarrage.tar.gz')
    expect((await command('backup', dataDir, [after])).status).toBe(0)
    expect(entryNames(after)).toEqual(['manifest.json', 'db.tar.gz'])
  }, 180_000)

  it('with DATABASE_URL, pg_dump is taken from PATH first and gets the password through PGPASSWORD, never in its arguments', async () => {
    const bin = join(work, 'faux-bin')
    mkdirSync(bin)
    const record = join(work, 'pg_dump-appel.txt')
    // Records how it was called, then writes what pg_dump would (the custom-format signature).
    writeFileSync(
      join(bin, 'pg_dump'),
      `#!/bin/sh\nprintf '%s\\n' "$@" > '${record}'\nprintf 'PGPASSWORD=%s\\n' "$PGPASSWORD" >> '${record}'\nfor a in "$@"; do case "$a" in --file=*) printf PGDMP > "\${a#--file=}";; esac; done\n`,
      { mode: 0o755 },
    )
    const dump = join(work, 'faux.dump')
    const res = await command('backup', join(work, 'sans-donnees'), [dump], {
      DATABASE_URL: 'postgres://appli:s3cr%40t-tr%C3%A8s@db.exemple:5432/partenaires',
      PATH: `${bin}:${process.env.PATH ?? ''}`,
    })
    expect(res.status, res.output).toBe(0)
    const call = readFileSync(record, 'utf8')
    expect(call).toContain('--format=custom')
    expect(call).toContain('--dbname=postgres://appli@db.exemple:5432/partenaires')
    expect(call).toContain('PGPASSWORD=s3cr@t-très')
    expect(call.split('PGPASSWORD=')[0]).not.toMatch(/s3cr/)
    expect(statSync(dump).mode & 0o777).toBe(0o600)
  })

  it('refuses an archive with an entry outside DATA_DIR, or that is not a backup, and writes nothing', async () => {
    const manifest = Buffer.from(
      JSON.stringify({
        format: 'partenaires-sauvegarde',
        version: 2,
        createdAt: '',
        database: 'pglite',
        pgliteVersion: '0.5.16',
        uploads: 0,
      }),
    )
    const traversal = join(work, 'traversee.tar.gz')
    writeFileSync(
      traversal,
      tarGz([
        { name: 'manifest.json', data: manifest },
        { name: '../../evade.txt', data: Buffer.from('pwned') },
      ]),
    )
    const target = join(work, 'cible')
    const res = await command('restore', target, [traversal])
    expect(res.status).toBe(1)
    expect(res.output).toMatch(/Entrée inattendue/)
    expect(existsSync(join(work, 'evade.txt'))).toBe(false)
    expect(readdirSync(target)).toEqual([])

    const notBackup = join(work, 'autre.tar.gz')
    writeFileSync(notBackup, tarGz([{ name: 'manifest.json', data: Buffer.from('{}') }]))
    const other = await command('restore', target, [notBackup])
    expect(other.status).toBe(1)
    expect(other.output).toMatch(/pas une sauvegarde/)

    // A PostgreSQL dump without DATABASE_URL: said so, nothing written.
    const dump = join(work, 'sans-url.dump')
    writeFileSync(dump, Buffer.concat([Buffer.from('PGDMP'), Buffer.alloc(100)]))
    const noUrl = await command('restore', target, [dump])
    expect(noUrl.status).toBe(1)
    expect(noUrl.output).toMatch(/sauvegarde PostgreSQL \(pg_dump\) : définissez DATABASE_URL/)
    expect(readdirSync(target)).toEqual([])
  }, 60_000)
})

const pgUnavailable = pgClusterUnavailable()
if (pgUnavailable) console.warn(`Test « pg_dump / pg_restore » non lancé : ${pgUnavailable}`)

describe('PostgreSQL: npm run backup (pg_dump) and npm run restore (pg_restore)', () => {
  let cluster: PgCluster | null = null
  afterAll(() => cluster?.destroy())

  async function admin(sqlText: string, database = 'postgres') {
    const c = new pg.Client({ connectionString: cluster!.url.replace(/\/postgres$/, `/${database}`) })
    await c.connect()
    try {
      return (await c.query(sqlText)).rows as Record<string, unknown>[]
    } finally {
      await c.end()
    }
  }

  it.skipIf(pgUnavailable !== null)(
    'one dump is a complete backup: images and the generated key come back with the data, over live data (--force) or into an emptied database; a damaged dump changes nothing',
    async () => {
      cluster = await createPgCluster()
      await admin('create database partenaires')
      const url = cluster.url.replace(/\/postgres$/, '/partenaires')
      // No JWT_SECRET: the key is generated into the database, as in production without one.
      const config = { databaseUrl: url, databaseSchema: null, jwtSecret: null }
      const first = await startServer({ config })
      const api = client(first)
      const user = await api.register({ email: 'pgdump@test.fr', password: 'restaure par pg_restore' })
      const token = (await api.login(ADMIN.email, ADMIN.password)).access_token
      const partner = (
        await api.post<Partner>('/api/partners', partnerBody({ name: 'Boulangerie sauvée' }), { token })
      ).body
      const photo = (
        await api.request<Image>('POST', apiPaths.partnerImages(partner.partnerId.id), {
          token,
          raw: fileForm(await pngBytes(100, 70)),
        })
      ).body
      const cover = (
        await api.request<Image>('POST', apiPaths.articleImage(), {
          token,
          raw: fileForm(await pngBytes(50, 50)),
        })
      ).body
      const article = (
        await api.post<Article>(
          '/api/articles',
          { title: 'Sauvé par pg_dump', status: 'PUBLISHED', position: 1, image: cover, link: null },
          { token },
        )
      ).body
      const offer = (
        await api.post<DiscountOffer>(
          apiPaths.partnerOffers(partner.partnerId.id),
          { status: 'ENABLED', libelle: 'Une baguette', expirationDate: null },
          { token },
        )
      ).body
      const used = await api.put(
        apiPaths.deactivateOffer(user.userId.id, partner.partnerId.id, offer.id.id),
        undefined,
        { token: user.access_token },
      )
      expect(used.status).toBe(200)
      const photoBytes = sha(await (await fetch(first.url + photo.url)).arrayBuffer())
      const coverBytes = sha(await (await fetch(first.url + cover.url)).arrayBuffer())
      // An image folder of the old layout still on this machine: the backup mentions it.
      mkdirSync(join(first.dataDir, 'uploads'))
      writeFileSync(join(first.dataDir, 'uploads', `${'a'.repeat(24)}.webp`), 'x')

      // Taken while the server runs, with pg_dump found outside PATH (in /usr/lib/postgresql/*/bin).
      const dump = join(work, 'partenaires.dump')
      const backup = await command('backup', first.dataDir, [dump], {
        DATABASE_URL: url,
        PATH: '/nonexistent',
      })
      expect(backup.status, backup.output).toBe(0)
      expect(backup.output).toMatch(/Sauvegarde PostgreSQL écrite : .*pg_dump au format custom/)
      expect(backup.output).toMatch(
        /Ce seul fichier est une sauvegarde complète de la base : .*images comprises/,
      )
      expect(backup.output).toMatch(/contient encore 1 image\(s\) de l’ancien stockage/)
      expect(statSync(dump).mode & 0o777).toBe(0o600)
      expect(readFileSync(dump).subarray(0, 5).toString()).toBe('PGDMP')
      expect(readdirSync(work).filter((n) => n.includes('partiel'))).toEqual([])

      // Changed after the backup: undone by the restore.
      await api.post('/api/partners', partnerBody({ name: 'Après la sauvegarde' }), { token })
      await first.close()

      const env = { DATABASE_URL: url }
      const refused = await command('restore', work, [dump], env)
      expect(refused.status).toBe(1)
      expect(refused.output).toMatch(/déjà .* table\(s\) : relancez avec --force/)
      const restore = await command('restore', work, [dump, '--force'], env)
      expect(restore.status, restore.output).toBe(0)
      expect(restore.output).toMatch(/Base PostgreSQL restaurée .* : 2 comptes, 2 images/)
      expect(restore.output).toMatch(/sauvegarde complète \(images comprises\)/)

      const cap = capturedLogger()
      // A fresh DATA_DIR: nothing comes from the disk.
      const second = await startServer({ config, logger: cap.logger })
      const b = client(second)
      try {
        const back = await b.get<Partner>(apiPaths.partner(partner.partnerId.id), {
          token: user.access_token,
        })
        expect(back.status).toBe(200)
        expect(back.body.name).toBe('Boulangerie sauvée')
        expect(back.body.images).toEqual([photo])
        expect(sha(await (await fetch(second.url + photo.url)).arrayBuffer())).toBe(photoBytes)
        expect(sha(await (await fetch(second.url + cover.url)).arrayBuffer())).toBe(coverBytes)
        expect(
          (await b.get<Article>(apiPaths.article(article.articleId.id), { token: user.access_token })).body
            .image,
        ).toEqual(cover)
        // The session from before the backup is valid (the generated key came back) and its coupon is used.
        const me = await b.get<User>(apiPaths.user(user.userId.id), { token: user.access_token })
        expect(me.status).toBe(200)
        expect(me.body.disabledCoupons.map((c) => c.id.id)).toEqual([offer.id.id])
        await b.login('pgdump@test.fr', 'restaure par pg_restore')
        const names = (await b.get<PartnerPage>('/api/partners?pageSize=100', { token })).body.items.map(
          (p) => p.name,
        )
        expect(names).toEqual(['Boulangerie sauvée'])
        const near = await b.get<Partner[]>(
          `${apiPaths.partnerSearch()}?userPosition=43.3,5.37&name=boulangerie`,
          { token: user.access_token },
        )
        expect(near.status, JSON.stringify(cap.lines.filter((l) => (l.level as number) >= 50))).toBe(200)
        expect(near.body.map((p) => p.name)).toEqual(['Boulangerie sauvée'])
      } finally {
        await second.close()
      }

      // A damaged dump: pg_restore fails, and its single transaction leaves the database as it was.
      const damaged = join(work, 'abime.dump')
      const whole = readFileSync(dump)
      writeFileSync(damaged, whole.subarray(0, Math.floor(whole.length * 0.6)))
      const failed = await command('restore', work, [damaged, '--force'], env)
      expect(failed.status).toBe(1)
      expect(failed.output).toMatch(/Échec de la restauration : pg_restore a échoué/)
      expect(await admin('select name from partners', 'partenaires')).toEqual([
        { name: 'Boulangerie sauvée' },
      ])

      // Into an emptied database: no --force needed.
      await admin('drop database partenaires')
      await admin('create database partenaires')
      const empty = await command('restore', work, [dump], env)
      expect(empty.status, empty.output).toBe(0)
      expect(empty.output).toMatch(/2 comptes, 2 images/)
      expect(
        await admin('select count(*)::int as n from images where data is not null', 'partenaires'),
      ).toEqual([{ n: 2 }])
    },
    180_000,
  )
})
