/**
 * Backup drill (issue 42 item 5): `npm run backup` (pg_dump) taken while an instance is written to, restored
 * with `npm run restore` into a fresh database. The restored database is consistent (every coupon use has its
 * user and offer, every image row its bytes, every favourite its user and partner) and holds exactly what the
 * source held at the dump's instant: the test exports a snapshot, digests every table in it, and has pg_dump
 * read that same snapshot (a pg_dump wrapper first on PATH adds --snapshot; the script itself is unchanged).
 */
import { spawn } from 'node:child_process'
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { repoRoot, type Cluster } from '@/scripts/cluster/index.ts'
import { apiPaths } from '@/contract/paths.ts'
import type { AuthUser, DiscountOffer, Partner } from '@/contract/schemas.ts'
import { findPgTool } from '../../services/backup.ts'
import { childNodeArgs } from '../child-node.ts'
import {
  client,
  createOffer,
  createPartner,
  fileForm,
  partnerBody,
  pngBytes,
  type Client,
} from '../helpers.ts'
import { ADMIN, adminEnv, cluster, createUser, sleep } from './support.ts'

const USERS = 60
let c: Cluster
let api: Client
let admin: AuthUser
let dir: string
const offers: { partner: Partner; offer: DiscountOffer }[] = []
const users: { id: number; token: string }[] = []

beforeAll(async () => {
  c = await cluster({ instances: 1, nginx: false, env: adminEnv })
  dir = mkdtempSync(join(tmpdir(), 'partenaires-exercice-'))
  api = client(c.instances[0])
  admin = await api.login(ADMIN.email, ADMIN.password)
  for (let p = 0; p < 3; p++) {
    const partner = await createPartner(api, admin, { name: `Exercice ${p}` })
    const offer = await createOffer(api, admin, partner.partnerId.id, {
      status: 'ENABLED',
      libelle: `Remise ${p}`,
      expirationDate: null,
    })
    offers.push({ partner, offer })
  }
  for (let u = 0; u < USERS; u++) {
    const email = `exercice-${u}@multi.fr`
    const id = await createUser(c, email, 'mot de passe de l’exercice')
    users.push({ id, token: (await api.login(email, 'mot de passe de l’exercice')).access_token })
  }
})

afterAll(async () => {
  await c?.destroy()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

/**
 * Every table of the schema (the migrations' bookkeeping included), each as a row count and a digest of its
 * rows, order-free. Tables a later migration adds are covered without naming them.
 */
async function digest(
  query: (text: string) => Promise<{ rows: Record<string, unknown>[] }>,
): Promise<Record<string, string>> {
  const out: Record<string, string> = {}
  const { rows: tables } = await query(
    `select table_name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )
  for (const table of tables.map((t) => String(t.table_name))) {
    const { rows } = await query(
      `select count(*) || ':' || coalesce(md5(string_agg(md5(t::text), '' order by md5(t::text))), '-') as d
       from "${table}" t`,
    )
    out[table] = String(rows[0].d)
  }
  return out
}

function script(name: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((done) => {
    const child = spawn(process.execPath, [...childNodeArgs, `scripts/${name}.ts`, ...args], {
      cwd: repoRoot,
      env: { ...(process.env.HOME ? { HOME: process.env.HOME } : {}), ...env },
    })
    let output = ''
    child.stdout.on('data', (d: Buffer) => (output += d.toString()))
    child.stderr.on('data', (d: Buffer) => (output += d.toString()))
    child.on('exit', (code) => done({ code, output }))
  })
}

describe('backup drill', () => {
  it('npm run backup under write load, restored into a fresh database: consistent, and equal to the snapshot of its instant', async () => {
    // Writes of every kind, one after the other per loop, until the backup is done.
    let stopping = false
    const statuses: number[] = []
    const loop = async (step: (i: number) => Promise<number | null>) => {
      for (let i = 0; !stopping; i++) {
        const status = await step(i)
        if (status !== null) statuses.push(status)
        await sleep(20)
      }
    }
    const photo = await pngBytes(48, 32)
    const loops = [
      loop(async (i) => {
        if (i >= USERS * offers.length) return null
        const { partner, offer } = offers[Math.floor(i / USERS)]
        const user = users[i % USERS]
        return (
          await api.put(apiPaths.deactivateOffer(user.id, partner.partnerId.id, offer.id.id), undefined, {
            token: user.token,
          })
        ).status
      }),
      loop(async (i) => {
        const user = users[i % USERS]
        const partner = offers[i % offers.length].partner
        const path = apiPaths.myFavorite(partner.partnerId.id)
        const res =
          i % 2 === 0
            ? await api.put(path, undefined, { token: user.token })
            : await api.del(path, { token: user.token })
        return res.status
      }),
      loop(async (i) => {
        if (i % 2 === 0)
          return (
            await api.post('/api/partners', partnerBody({ name: `Créé pendant la sauvegarde ${i}` }), {
              token: admin.access_token,
            })
          ).status
        return (
          await api.request('POST', apiPaths.partnerImages(offers[i % offers.length].partner.partnerId.id), {
            token: admin.access_token,
            raw: fileForm(photo),
          })
        ).status
      }),
    ]

    await sleep(1500)
    // The instant: a snapshot exported by a transaction kept open until pg_dump has read it.
    const holder = new pg.Client({ connectionString: c.databaseUrl })
    await holder.connect()
    let source: Record<string, string>
    let backup: { code: number | null; output: string }
    const file = join(dir, 'exercice.dump')
    try {
      await holder.query('begin isolation level repeatable read')
      const { rows } = await holder.query<{ s: string }>('select pg_export_snapshot() as s')
      source = await digest((text) => holder.query(text))
      const realDump = findPgTool('pg_dump')
      writeFileSync(join(dir, 'pg_dump'), `#!/bin/sh\nexec '${realDump}' --snapshot="$DRILL_SNAPSHOT" "$@"\n`)
      chmodSync(join(dir, 'pg_dump'), 0o755)
      backup = await script('backup', [file], {
        PATH: `${dir}:${process.env.PATH ?? ''}`,
        DATABASE_URL: c.databaseUrl,
        DRILL_SNAPSHOT: rows[0].s,
      })
    } finally {
      await holder.query('rollback').catch(() => {})
      await holder.end()
    }
    await sleep(1000)
    stopping = true
    await Promise.all(loops)
    expect(backup.code, backup.output).toBe(0)
    expect(backup.output).toMatch(/Sauvegarde PostgreSQL écrite/)
    // The load really wrote during the drill, and nothing was refused.
    expect(statuses.length).toBeGreaterThan(30)
    expect(statuses.filter((s) => s >= 300)).toEqual([])
    const after = await digest(async (text) => ({ rows: await c.query(text) }))
    expect(after.offer_uses).not.toBe(source.offer_uses)

    // Restored into a fresh database by the operator's command.
    await c.query('create database restauree')
    const restoredUrl = c.databaseUrl.replace(/\/[^/]*$/, '/restauree')
    const restore = await script('restore', [file], {
      PATH: process.env.PATH ?? '',
      DATABASE_URL: restoredUrl,
    })
    expect(restore.code, restore.output).toBe(0)
    const restored = new pg.Client({ connectionString: restoredUrl })
    await restored.connect()
    try {
      expect(await digest((text) => restored.query(text))).toEqual(source)
      const count = async (text: string) => Number((await restored.query<{ n: string }>(text)).rows[0].n)
      expect(
        await count(`select count(*) as n from offer_uses u
          left join users s on s.id = u.user_id left join offers o on o.id = u.offer_id
          where s.id is null or o.id is null`),
      ).toBe(0)
      expect(
        await count(`select count(*) as n from used_coupons u
          left join users s on s.id = u.user_id left join offers o on o.id = u.offer_id
          where s.id is null or o.id is null`),
      ).toBe(0)
      expect(
        await count(`select count(*) as n from favorites f
          left join users s on s.id = f.user_id left join partners p on p.id = f.partner_id
          where s.id is null or p.id is null`),
      ).toBe(0)
      expect(await count(`select count(*) as n from images where data is null or length(data) = 0`)).toBe(0)
      // A coupon marked used has its use recorded, as the write does both in one transaction.
      expect(
        await count(`select count(*) as n from used_coupons m where not exists (
          select 1 from offer_uses u where u.user_id = m.user_id and u.offer_id = m.offer_id and u.reactivated_at is null)`),
      ).toBe(0)
      expect(await count('select count(*) as n from offer_uses')).toBeGreaterThan(0)
    } finally {
      await restored.end()
    }
  })
})
