/**
 * Faults of a PostgreSQL the test owns (a throwaway cluster: its disk really full, the server stopped then
 * back). Whatever DATABASE_URL says, each test starts its own cluster, so the file does the same work on both
 * passes: it runs in the PGlite pass only (storeIndependentTests in vite.config.ts). The faults every store
 * shares (mail server down, disk_full answered by the database) stay in faults.test.ts, on both.
 */
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import type { Image, Partner, PartnerPage } from '@/contract/schemas.ts'
import { apiPaths } from '@/contract/paths.ts'
import { ADMIN, client, expectDiskFull, fileForm, partnerBody, startServer, waitFor } from './helpers.ts'
import { createPgCluster, pgClusterUnavailable, type PgCluster } from './pg-cluster.ts'

const pgUnavailable = pgClusterUnavailable()
if (pgUnavailable) console.warn(`Tests sur un PostgreSQL jetable non lancés : ${pgUnavailable}`)

/** Mounting a tmpfs needs root (or CAP_SYS_ADMIN); the cluster runs as the postgres user then. */
function tmpfsUnavailable(): string | null {
  if (pgUnavailable) return pgUnavailable
  if (process.getuid?.() !== 0) return 'monter un tmpfs demande les droits root'
  const probe = mkdtempSync(join(tmpdir(), 'partenaires-tmpfs-'))
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe], { stdio: 'pipe' })
    execFileSync('umount', [probe])
    return null
  } catch (error) {
    return `mount tmpfs refusé (${String(error).split('\n')[0]})`
  } finally {
    rmSync(probe, { recursive: true, force: true })
  }
}
const noTmpfs = tmpfsUnavailable()
if (noTmpfs) console.warn(`Test « disque de la base plein » non lancé : ${noTmpfs}`)

describe('PostgreSQL whose disk is really full', () => {
  let cluster: PgCluster | null = null
  let mountPoint: string | null = null
  afterAll(() => {
    cluster?.destroy()
    if (mountPoint) {
      execFileSync('umount', ['-l', mountPoint])
      rmSync(mountPoint, { recursive: true, force: true })
    }
  })

  it.skipIf(noTmpfs !== null)(
    'images on a 1 MB tablespace that fills up: 507 in French, no row, the server keeps serving, and uploads work once space is freed',
    async () => {
      cluster = await createPgCluster()
      mountPoint = mkdtempSync(join(tmpdir(), 'partenaires-tablespace-'))
      const owner = ['u', 'g'].map((flag) =>
        execFileSync('id', [`-${flag}`, 'postgres'], { encoding: 'utf8' }).trim(),
      )
      execFileSync('mount', [
        '-t',
        'tmpfs',
        '-o',
        `size=1m,mode=0700,uid=${owner[0]},gid=${owner[1]}`,
        'tmpfs',
        mountPoint,
      ])
      const server = await startServer({ config: { databaseUrl: cluster.url, databaseSchema: null } })
      const api = client(server)
      const { db } = server.handle
      try {
        // Only the images (and a filler) live on the small disk; the rest of the database keeps working.
        await sql.raw(`create tablespace petit location '${mountPoint}'`).execute(db)
        await sql`alter table images set tablespace petit`.execute(db)
        await sql`create table remplissage (b bytea) tablespace petit`.execute(db)
        await sql`alter table remplissage alter column b set storage external`.execute(db)
        await sql`insert into remplissage values (${randomBytes(1024 * 1024 - 160 * 1024)})`.execute(db)
        const noise = await sharp(randomBytes(500 * 500 * 3), {
          raw: { width: 500, height: 500, channels: 3 },
        })
          .png()
          .toBuffer()

        const admin = await api.login(ADMIN.email, ADMIN.password)
        const partner = (
          await api.post<Partner>('/api/partners', partnerBody(), { token: admin.access_token })
        ).body
        const res = await api.request('POST', apiPaths.partnerImages(partner.partnerId.id), {
          token: admin.access_token,
          raw: fileForm(noise),
        })
        await expectDiskFull(res, db)
        expect((await api.get('/api/health')).status).toBe(200)
        expect(
          (await api.get<Partner>(apiPaths.partner(partner.partnerId.id), { token: admin.access_token })).body
            .images,
        ).toEqual([])

        await sql`drop table remplissage`.execute(db)
        const ok = await api.request<Image>('POST', apiPaths.partnerImages(partner.partnerId.id), {
          token: admin.access_token,
          raw: fileForm(noise),
        })
        expect(ok.status, ok.text).toBe(201)
        const served = await fetch(server.url + ok.body.url)
        expect(served.status).toBe(200)
        expect((await served.arrayBuffer()).byteLength).toBeGreaterThan(160 * 1024)
      } finally {
        await server.close()
      }
    },
    180_000,
  )
})

describe('PostgreSQL stopped, then back', () => {
  let cluster: PgCluster | null = null
  afterAll(() => cluster?.destroy())

  it.skipIf(pgUnavailable !== null)(
    'answers 503 with a French message while the server is down, and recovers by itself when it is back',
    async () => {
      cluster = await createPgCluster()
      const server = await startServer({ config: { databaseUrl: cluster.url, databaseSchema: null } })
      const api = client(server)
      try {
        const admin = await api.login(ADMIN.email, ADMIN.password)
        const user = await api.register({ email: 'avant-panne@test.fr' })
        const partner = (
          await api.post<Partner>('/api/partners', partnerBody({ name: 'Avant la panne' }), {
            token: admin.access_token,
          })
        ).body
        expect((await api.get('/api/health')).status).toBe(200)

        cluster.stop()
        const health = await api.get('/api/health')
        expect(health.status).toBe(503)
        expect(health.body).toEqual({ status: 'degraded', database: false })
        const statuses: number[] = []
        for (const attempt of [
          () => api.get(apiPaths.partner(partner.partnerId.id), { token: user.access_token }),
          () => api.get('/api/partners/categories', { token: user.access_token }),
          () =>
            api.post('/api/auth/authenticate', {
              username: 'avant-panne@test.fr',
              password: 'un mot de passe long',
            }),
          () =>
            api.post('/api/partners', partnerBody({ name: 'Pendant la panne' }), {
              token: admin.access_token,
            }),
        ]) {
          const res = await attempt()
          statuses.push(res.status)
          expect(res.body).toMatchObject({ message: expect.stringMatching(/indisponible/) })
          expect(res.headers.get('retry-after')).toBe('5')
        }
        expect(statuses).toEqual([503, 503, 503, 503])

        cluster.start()
        // No restart of the API: the pool reconnects on the next request.
        await waitFor(async () => ((await api.get('/api/health')).status === 200 ? true : undefined), 30_000)
        const back = await api.get<Partner>(apiPaths.partner(partner.partnerId.id), {
          token: user.access_token,
        })
        expect(back.status).toBe(200)
        expect(back.body.name).toBe('Avant la panne')
        expect(
          (
            await api.post('/api/partners', partnerBody({ name: 'Après la panne' }), {
              token: admin.access_token,
            })
          ).status,
        ).toBe(201)
        const names = (
          await api.get<PartnerPage>('/api/partners?pageSize=100', { token: admin.access_token })
        ).body.items.map((p) => p.name)
        expect(names).toContain('Après la panne')
        expect(names).not.toContain('Pendant la panne')
      } finally {
        await server.close()
      }
    },
    180_000,
  )
})
