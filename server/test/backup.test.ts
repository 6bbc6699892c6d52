import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import type { Article, DiscountOffer, Image, Partner, User } from '../../contract/schemas.ts'
import { apiPaths } from '../../contract/paths.ts'
import { lockFile } from '../services/datalock.ts'
import pg from 'pg'
import { ADMIN, capturedLogger, client, fileForm, partnerBody, pngBytes, startServer } from './helpers.ts'
import { createPgCluster, findPgBin, pgClusterUnavailable, type PgCluster } from './pg-cluster.ts'

/**
 * `npm run backup` / `npm run restore` on the embedded store, whatever database the suite runs on:
 * the scripts themselves run in a child process, as an operator would run them.
 */
const root = resolve(import.meta.dirname, '..', '..')
const work = mkdtempSync(join(tmpdir(), 'partenaires-sauvegarde-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

function script(name: 'backup' | 'restore', dataDir: string, args: string[]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', `scripts/${name}.ts`, ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 120_000,
    // DATABASE_URL left out on purpose: these are the embedded-store scripts.
    env: { PATH: process.env.PATH, DATA_DIR: dataDir },
  })
  return { status: result.status, output: `${result.stdout}${result.stderr}` }
}

const sha = (bytes: Buffer | ArrayBuffer) => createHash('sha256').update(new Uint8Array(bytes)).digest('hex')
const embedded = { databaseUrl: null, databaseSchema: null }

describe('backup and restore of the embedded store', () => {
  it('round trip: backup → wipe → restore gives back accounts, tokens, partners, coupons used, articles and image bytes', async () => {
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
    const offer = (
      await api.post<DiscountOffer>(
        apiPaths.partnerOffers(partner.partnerId.id),
        { status: 'ENABLED', libelle: 'Un dessert', expirationDate: null },
        { token: admin.access_token },
      )
    ).body
    expect(
      (
        await api.put(
          apiPaths.deactivateOffer(user.userId.id, partner.partnerId.id, offer.id.id),
          undefined,
          { token: user.access_token },
        )
      ).status,
    ).toBe(200)
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
    // What main.ts generates when JWT_SECRET is not set (the tests set it): part of the backup.
    const secret = `${'s'.repeat(48)}\n`
    writeFileSync(join(dataDir, 'jwt-secret'), secret, { mode: 0o600 })

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
    expect(backup.output).toMatch(/Sauvegarde écrite .* 2 images, base PGlite/)
    expect(statSync(archive).mode & 0o777).toBe(0o600)
    expect(readdirSync(work).filter((n) => n.includes('partiel'))).toEqual([])

    rmSync(dataDir, { recursive: true, force: true })
    const restore = script('restore', dataDir, [archive])
    expect(restore.status, restore.output).toBe(0)
    expect(restore.output).toMatch(/2 images, 2 comptes/)
    expect(existsSync(lockFile(dataDir))).toBe(false)
    expect(readFileSync(join(dataDir, 'jwt-secret'), 'utf8')).toBe(secret)
    expect(statSync(join(dataDir, 'jwt-secret')).mode & 0o777).toBe(0o600)

    const second = await startServer({ dataDir, config: embedded })
    const b = client(second)
    try {
      // Same JWT secret and token versions: the session from before the backup is still valid.
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
    const refused = script('restore', dataDir, [archive])
    expect(refused.status).toBe(1)
    expect(refused.output).toMatch(/--force/)
    const forced = script('restore', dataDir, [archive, '--force'])
    expect(forced.status, forced.output).toBe(0)
    const aside = readdirSync(dataDir).filter((n) => n.startsWith('avant-restauration-'))
    expect(aside).toHaveLength(1)
    expect(readdirSync(join(dataDir, aside[0])).sort()).toEqual(['db', 'jwt-secret', 'uploads'])
  }, 180_000)

  it('refuses an archive with an entry outside DATA_DIR, or that is not a backup, and writes nothing', () => {
    const header = (name: string, size: number) => {
      const h = Buffer.alloc(512)
      h.write(name, 0)
      h.write(size.toString(8).padStart(11, '0') + '\0', 124)
      h.write('0', 156)
      return h
    }
    const manifest = Buffer.from(
      JSON.stringify({
        format: 'partenaires-sauvegarde',
        version: 1,
        createdAt: '',
        database: 'pglite',
        pgliteVersion: '0.5.16',
        uploads: 0,
      }),
    )
    const evil = Buffer.from('pwned')
    const pad = (b: Buffer) => Buffer.concat([b, Buffer.alloc((512 - (b.length % 512)) % 512)])
    const traversal = join(work, 'traversee.tar.gz')
    writeFileSync(
      traversal,
      gzipSync(
        Buffer.concat([
          header('manifest.json', manifest.length),
          pad(manifest),
          header('../../evade.txt', evil.length),
          pad(evil),
          Buffer.alloc(1024),
        ]),
      ),
    )
    const target = join(work, 'cible')
    const res = script('restore', target, [traversal])
    expect(res.status).toBe(1)
    expect(res.output).toMatch(/Entrée inattendue/)
    expect(existsSync(join(work, 'evade.txt'))).toBe(false)
    expect(readdirSync(target)).toEqual([])

    const notBackup = join(work, 'autre.tar.gz')
    writeFileSync(
      notBackup,
      gzipSync(Buffer.concat([header('manifest.json', 2), pad(Buffer.from('{}')), Buffer.alloc(1024)])),
    )
    const other = script('restore', target, [notBackup])
    expect(other.status).toBe(1)
    expect(other.output).toMatch(/pas une sauvegarde/)
    expect(readFileSync(traversal).length).toBeGreaterThan(0)
  }, 60_000)
})

const pgUnavailable = pgClusterUnavailable()
if (pgUnavailable) console.warn(`Test « pg_dump / pg_restore » non lancé : ${pgUnavailable}`)

describe('PostgreSQL: pg_dump / pg_restore as documented', () => {
  let cluster: PgCluster | null = null
  afterAll(() => cluster?.destroy())

  async function admin(sqlText: string) {
    const c = new pg.Client({ connectionString: cluster!.url })
    await c.connect()
    try {
      await c.query(sqlText)
    } finally {
      await c.end()
    }
  }

  it.skipIf(pgUnavailable !== null)(
    'a custom-format dump restored into an emptied database gives back the data, and the server runs on it',
    async () => {
      cluster = await createPgCluster()
      await admin('create database partenaires')
      const url = cluster.url.replace(/\/postgres$/, '/partenaires')
      const config = { databaseUrl: url, databaseSchema: null }
      const first = await startServer({ config })
      const api = client(first)
      const user = await api.register({ email: 'pgdump@test.fr', password: 'restaure par pg_restore' })
      const token = (await api.login(ADMIN.email, ADMIN.password)).access_token
      const partner = (
        await api.post<Partner>('/api/partners', partnerBody({ name: 'Boulangerie sauvée' }), { token })
      ).body
      await first.close({ keepData: true })

      const bin = findPgBin()!
      const dump = join(work, 'partenaires.dump')
      const run = (file: string, args: string[]) => {
        const result = spawnSync(join(bin, file), args, { encoding: 'utf8', timeout: 120_000 })
        expect(result.status, `${file}: ${result.stderr}`).toBe(0)
      }
      run('pg_dump', ['--format=custom', `--file=${dump}`, url])
      await admin('drop database partenaires')
      await admin('create database partenaires')
      run('pg_restore', ['--clean', '--if-exists', '--no-owner', `--dbname=${url}`, dump])

      const cap = capturedLogger()
      const second = await startServer({ dataDir: first.dataDir, config, logger: cap.logger })
      const b = client(second)
      try {
        expect(
          (await b.get<Partner>(apiPaths.partner(partner.partnerId.id), { token: user.access_token })).body
            .name,
        ).toBe('Boulangerie sauvée')
        await b.login('pgdump@test.fr', 'restaure par pg_restore')
        const near = await b.get<Partner[]>(
          `${apiPaths.partnerSearch()}?userPosition=43.3,5.37&name=boulangerie`,
          { token: user.access_token },
        )
        expect(near.status, JSON.stringify(cap.lines.filter((l) => (l.level as number) >= 50))).toBe(200)
        expect(near.body.map((p) => p.name)).toEqual(['Boulangerie sauvée'])
      } finally {
        await second.close()
      }
    },
    180_000,
  )
})
