import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import type { Partner } from '../../contract/schemas.ts'
import { apiPaths } from '../../contract/paths.ts'
import type { FileWriter } from '../services/images.ts'
import {
  ADMIN,
  capturedLogger,
  client,
  disposeStore,
  fileForm,
  partnerBody,
  pngBytes,
  startServer,
  waitFor,
} from './helpers.ts'
import { createPgCluster, pgClusterUnavailable, type PgCluster } from './pg-cluster.ts'

/** Faults from outside the process: mail server down, disk full, PostgreSQL stopped then back. */

async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

describe('mail server down', () => {
  it('forgot-password and invitations still answer; each failed mail is logged with its request id, without the link', async () => {
    const port = await closedPort()
    const { logger, lines } = capturedLogger()
    const server = await startServer({
      logger,
      config: { smtpUrl: `smtp://127.0.0.1:${port}/?ignoreTLS=true&connectionTimeout=3000` },
    })
    const api = client(server)
    try {
      await api.register({ email: 'sans-courrier@test.fr' })
      const res = await api.post('/api/auth/forgot-password', { email: 'sans-courrier@test.fr' })
      expect(res.status).toBe(200)
      expect(res.body).toEqual({
        message: 'Si un compte correspond à cette adresse, un e-mail de réinitialisation a été envoyé.',
      })
      const failed = await waitFor(() => lines.find((l) => l.msg === 'reset mail could not be sent'))
      expect(failed.level).toBe(50)
      expect(failed.reqId).toBe(res.headers.get('x-request-id'))
      expect(JSON.stringify(failed.err)).toMatch(/ECONNREFUSED/)

      const admin = await api.login(ADMIN.email, ADMIN.password)
      const invited = await api.post(
        '/api/users',
        { firstname: 'Sans', lastname: 'Mail', email: 'invite-sans-courrier@test.fr', status: 'ACTIF' },
        { token: admin.access_token },
      )
      expect(invited.status).toBe(201)
      await waitFor(() => lines.find((l) => l.msg === 'invitation mail could not be sent'))

      const all = lines.map((l) => JSON.stringify(l)).join('\n')
      expect(all).not.toMatch(/reset-password\?token=/)
      expect(all).not.toContain('un mot de passe long')
      expect((await api.get('/api/health')).status).toBe(200)
    } finally {
      await server.close()
    }
  })
})

/** 507, French, the field named, and an uploads folder holding exactly `expected` afterwards. */
async function expectDiskFull(res: { status: number; body: unknown }, uploads: string, expected: string[]) {
  expect(res.status).toBe(507)
  expect(res.body).toEqual({ message: 'Espace disque insuffisant pour enregistrer l’image.', field: 'file' })
  expect(readdirSync(uploads).sort()).toEqual(expected)
}

describe('disk full on upload', () => {
  it('a write failing half-way (ENOSPC) gives 507 in French and leaves no half-written file nor row; works again once space is back', async () => {
    let full = true
    // Half the image really lands on disk, then the kernel's /dev/full answers ENOSPC for the rest.
    const writer: FileWriter = async (path, data) => {
      if (!full) return writeFile(path, data)
      await writeFile(path, data.subarray(0, Math.floor(data.length / 2)))
      if (existsSync('/dev/full')) await writeFile('/dev/full', data)
      throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' })
    }
    const server = await startServer({ writeFile: writer })
    const api = client(server)
    const uploads = join(server.dataDir, 'uploads')
    try {
      const admin = await api.login(ADMIN.email, ADMIN.password)
      const partner = (await api.post<Partner>('/api/partners', partnerBody(), { token: admin.access_token }))
        .body
      const png = await pngBytes(300, 200)
      await expectDiskFull(
        await api.request('POST', apiPaths.partnerImages(partner.partnerId.id), {
          token: admin.access_token,
          raw: fileForm(png),
        }),
        uploads,
        [],
      )
      await expectDiskFull(
        await api.request('POST', apiPaths.articleImage(), { token: admin.access_token, raw: fileForm(png) }),
        uploads,
        [],
      )
      expect(await server.handle.db.selectFrom('images').select('id').execute()).toEqual([])
      expect(
        (await api.get<Partner>(apiPaths.partner(partner.partnerId.id), { token: admin.access_token })).body
          .images,
      ).toEqual([])

      full = false
      const ok = await api.request<{ url: string }>('POST', apiPaths.partnerImages(partner.partnerId.id), {
        token: admin.access_token,
        raw: fileForm(png),
      })
      expect(ok.status).toBe(201)
      expect(readdirSync(uploads)).toEqual([ok.body.url.replace('/uploads/', '')])
    } finally {
      await server.close()
    }
  })

  it('a really full file system (a 1 MB tmpfs over DATA_DIR/uploads, or a 1 MB quota where mounting is not allowed): 507, no leftovers', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'partenaires-test-'))
    const uploads = join(dataDir, 'uploads')
    mkdirSync(uploads)
    let mounted = false
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', uploads], { stdio: 'pipe' })
      mounted = true
    } catch (error) {
      // Not root or no CAP_SYS_ADMIN (containers): the same scenario against a byte quota instead.
      console.warn(`tmpfs indisponible (${String(error).split('\n')[0]}) : quota simulé de 1 Mo`)
    }
    let used = 0
    const quota: FileWriter = async (path, data) => {
      const room = 1024 * 1024 - used
      await writeFile(path, data.subarray(0, Math.max(0, room)))
      if (data.length > room)
        throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' })
      used += data.length
    }
    const server = await startServer({ dataDir, ...(mounted ? {} : { writeFile: quota }) })
    const api = client(server)
    try {
      // Most of the space taken by other files; then an image bigger than what is left.
      const filler = randomBytes(1024 * 1024 - 48 * 1024)
      if (mounted) writeFileSync(join(uploads, 'remplissage.bin'), filler)
      else used = filler.length
      const noise = await sharp(randomBytes(400 * 400 * 3), { raw: { width: 400, height: 400, channels: 3 } })
        .png()
        .toBuffer()
      const admin = await api.login(ADMIN.email, ADMIN.password)
      const partner = (await api.post<Partner>('/api/partners', partnerBody(), { token: admin.access_token }))
        .body
      const res = await api.request('POST', apiPaths.partnerImages(partner.partnerId.id), {
        token: admin.access_token,
        raw: fileForm(noise),
      })
      await expectDiskFull(res, uploads, mounted ? ['remplissage.bin'] : [])
      expect(
        (await api.get<Partner>(apiPaths.partner(partner.partnerId.id), { token: admin.access_token })).body
          .images,
      ).toEqual([])

      if (mounted) rmSync(join(uploads, 'remplissage.bin'))
      else used = 0
      const ok = await api.request<{ url: string }>('POST', apiPaths.partnerImages(partner.partnerId.id), {
        token: admin.access_token,
        raw: fileForm(noise),
      })
      expect(ok.status).toBe(201)
      expect((await fetch(server.url + ok.body.url)).status).toBe(200)
    } finally {
      await server.close({ keepData: true })
      if (mounted) execFileSync('umount', ['-l', uploads])
      await disposeStore({ dataDir, schema: server.config.databaseSchema })
    }
  })
})

const pgUnavailable = pgClusterUnavailable()
if (pgUnavailable) console.warn(`Test « PostgreSQL arrêté puis redémarré » non lancé : ${pgUnavailable}`)

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
        const names = (await api.get<Partner[]>('/api/partners', { token: admin.access_token })).body.map(
          (p) => p.name,
        )
        expect(names).toContain('Après la panne')
        expect(names).not.toContain('Pendant la panne')
      } finally {
        await server.close()
      }
    },
    180_000,
  )
})
