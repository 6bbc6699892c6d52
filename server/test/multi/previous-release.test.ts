/**
 * Migrations the previous release survives (ARCHITECTURE.md, "Migrations during a rolling deploy"): during a
 * roll the first new instance migrates the database while instances of the previous release still serve. An
 * instance of the previous release (the code as it was just before the newest migration was added, taken from
 * git) runs on PostgreSQL; an instance of this release then starts on the same database and applies the newest
 * migrations; the previous one goes on answering its API calls, reads and writes, on the migrated schema.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort, repoRoot, startCluster, type Cluster } from '@/scripts/cluster/index.ts'
import { apiPaths } from '@/contract/paths.ts'
import type { AuthUser, DiscountOffer, Partner } from '@/contract/schemas.ts'
import { migrations } from '../../db/migrations.ts'
import { client, createOffer, createPartner, partnerBody, type Client } from '../helpers.ts'
import { ADMIN, adminEnv, cluster, createUser, isReady, within } from './support.ts'

const git = (...args: string[]) => execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).trim()

/**
 * The previous release: the parent of the commit that added this release's newest migration, or the last
 * commit when that migration is not committed yet.
 */
function previousRelease(): { commit: string; newest: string } {
  const newest = Object.keys(migrations).at(-1)!
  let added: string
  try {
    added =
      git('log', '--format=%H', `-S'${newest}'`, '--', 'server/db/migrations.ts').split('\n').at(-1) ?? ''
  } catch (error) {
    throw new Error(`Version précédente introuvable : dépôt git complet nécessaire (${String(error)})`, {
      cause: error,
    })
  }
  return { commit: added ? git('rev-parse', `${added}^`) : git('rev-parse', 'HEAD'), newest }
}

let c: Cluster
let current: Cluster | null = null
let dir: string
let previous: ChildProcess | null = null
let output = ''
let old: Client
let oldUrl: string
let admin: AuthUser
let release: { commit: string; newest: string }

/** Starts the previous release's server/main.ts on the cluster's database; resolves with its URL once ready. */
async function startPrevious(port?: number): Promise<string> {
  port ??= await freePort()
  const dataDir = join(dir, 'data')
  mkdirSync(dataDir, { recursive: true })
  output = ''
  // Its own alias hook (server/test/node-hooks.ts resolves '@/' from where it sits), as child-node.ts does.
  previous = spawn(
    process.execPath,
    ['--import', new URL(`file://${join(dir, 'server', 'test', 'node-hooks.ts')}`).href, 'server/main.ts'],
    {
      cwd: dir,
      env: {
        PATH: process.env.PATH ?? '',
        ...(process.env.HOME ? { HOME: process.env.HOME } : {}),
        DATABASE_URL: c.databaseUrl,
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        SEED_DEMO: '0',
        LOG_LEVEL: 'warn',
        ...adminEnv,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  previous.stdout!.on('data', (d: Buffer) => (output += d.toString()))
  previous.stderr!.on('data', (d: Buffer) => (output += d.toString()))
  const url = `http://127.0.0.1:${port}`
  await within(
    90_000,
    () => isReady(url),
    `version précédente (${release.commit.slice(0, 7)}) prête : ${output}`,
  )
  return url
}

beforeAll(async () => {
  release = previousRelease()
  // A copy of that release's server (git archive, no checkout), on this checkout's dependencies.
  dir = mkdtempSync(join(tmpdir(), 'partenaires-precedente-'))
  const tar = execFileSync(
    'git',
    [
      'archive',
      '--format=tar',
      release.commit,
      'server',
      'contract',
      'scripts',
      'package.json',
      'tsconfig.json',
    ],
    {
      cwd: repoRoot,
      maxBuffer: 256 * 1024 * 1024,
    },
  )
  execFileSync('tar', ['-x', '-C', dir], { input: tar })
  symlinkSync(join(repoRoot, 'node_modules'), join(dir, 'node_modules'))

  // The database and PostgreSQL, no instance of this release yet.
  c = await cluster({ instances: 0, nginx: false })
  oldUrl = await startPrevious()
  old = client({ url: oldUrl })
  admin = await old.login(ADMIN.email, ADMIN.password)
})

afterAll(async () => {
  previous?.kill('SIGKILL')
  await current?.destroy()
  await c?.destroy()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

const as = (user: AuthUser) => ({ token: user.access_token })

describe('the previous release on the migrated database', () => {
  it('goes on serving reads and writes once this release has applied its migrations', async () => {
    const before = await c.query<{ name: string }>('select name from kysely_migration order by name')
    expect(before.map((m) => m.name)).not.toContain(release.newest)

    // What the previous release wrote before the roll.
    const partner: Partner = await createPartner(old, admin, { name: 'Avant la migration' })
    const offer: DiscountOffer = await createOffer(old, admin, partner.partnerId.id, {
      status: 'ENABLED',
      libelle: 'Remise d’avant',
      expirationDate: null,
    })
    await createUser(c, 'avant@multi.fr', 'mot de passe d’avant')
    await createUser(c, 'apres@multi.fr', 'mot de passe d’après')

    // This release's first instance starts on the same database and migrates it.
    current = await startCluster({
      pg: c.pg,
      instances: 1,
      nginx: false,
      createDatabase: false,
      env: adminEnv,
    })
    const after = await c.query<{ name: string }>('select name from kysely_migration order by name')
    expect(after.map((m) => m.name)).toEqual(Object.keys(migrations))

    // The previous release's API calls, on the migrated schema.
    const ok = (res: { status: number; text: string }, status = 200) =>
      expect(res.status, res.text).toBe(status)
    const user = await old.login('avant@multi.fr', 'mot de passe d’avant')
    const other = await old.login('apres@multi.fr', 'mot de passe d’après')
    const again = await old.login(ADMIN.email, ADMIN.password)
    ok(await old.get(`${apiPaths.partnerSearch()}?name=migration&pageSize=20`, as(user)))
    ok(await old.get(apiPaths.partnerDiscountsUser(partner.partnerId.id, user.userId.id), as(user)))
    ok(await old.put(apiPaths.myFavorite(partner.partnerId.id), undefined, as(user)), 204)
    ok(await old.get(apiPaths.myFavorites(), as(user)))
    ok(await old.del(apiPaths.myFavorite(partner.partnerId.id), as(user)), 204)
    ok(
      await old.put(
        apiPaths.deactivateOffer(other.userId.id, partner.partnerId.id, offer.id.id),
        undefined,
        as(other),
      ),
    )
    ok(await old.get(apiPaths.myUsedOffers(), as(other)))
    const created = await old.post<Partner>(
      '/api/partners',
      partnerBody({ name: 'Pendant le déploiement' }),
      as(again),
    )
    ok(created, 201)
    ok(
      await old.put(
        apiPaths.partner(partner.partnerId.id),
        {
          ...partnerBody({ name: 'Avant la migration', description: 'Modifié par la version précédente' }),
          partnerId: partner.partnerId,
        },
        as(again),
      ),
    )
    ok(await old.get(apiPaths.users(), as(again)))
    ok(await old.get(apiPaths.user(user.userId.id), as(again)))
    ok(await old.get(apiPaths.audit(), as(again)))
    ok(await old.get('/api/health/ready'))

    // And this release reads what the previous one wrote.
    const now = client(current.instances[0])
    const seen = await now.get<Partner>(apiPaths.partner(created.body.partnerId.id), as(again))
    ok(seen)
    expect(seen.body.name).toBe('Pendant le déploiement')
    expect(previous!.exitCode).toBeNull()
    expect(output).not.toMatch(/"level":(50|60)/)
  })

  it('restarts on it (a crash or a rollback during the roll), naming the newer migrations it serves as they are', async () => {
    const port = Number(new URL(oldUrl).port)
    const exited = new Promise((done) => previous!.once('exit', done))
    previous!.kill('SIGTERM')
    await exited
    await startPrevious(port)
    expect(output).toMatch(/migrations d’une version plus récente/)
    const user = await old.login('avant@multi.fr', 'mot de passe d’avant')
    expect((await old.get(`${apiPaths.partnerSearch()}?name=migration&pageSize=20`, as(user))).status).toBe(
      200,
    )
  })
})
