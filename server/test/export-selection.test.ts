/**
 * Issue 37, « Exporter la sélection »: the partner and user exports take `ids`, the rows picked in the list, and
 * hold exactly those (in the list's order, the other filters still applying), journaled as an export with its
 * filters. Malformed or too many ids are a French 400. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { apiPaths } from '@/contract/paths.ts'
import type { AuditPage, AuthUser, Partner } from '@/contract/schemas.ts'
import { adminServerForFile, createPartner } from './helpers.ts'

const t = adminServerForFile()
const partners: Partner[] = []
const users: AuthUser[] = []

beforeAll(async () => {
  for (const [name, status] of [
    ['Sélection Alpha', 'ACTIF'],
    ['Sélection Bravo', 'PROSPECT'],
    ['Sélection Charlie', 'ACTIF'],
  ] as const)
    partners.push(await createPartner(t.api, t.admin, { name, status }))
  for (const firstname of ['Zoé', 'Yann', 'Xavier'])
    users.push(await t.api.register({ firstname, lastname: 'Choisi' }))
})

async function download(query: string) {
  const res = await fetch(`${t.server.url}${query}`, {
    headers: { authorization: `Bearer ${t.admin.access_token}` },
  })
  const text = await res.text()
  const ids = text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .slice(1)
    .filter(Boolean)
    .map((line) => Number(line.split(';')[0]))
  return { status: res.status, text, ids }
}

async function lastExport() {
  const journal = await t.api.get<AuditPage>(`${apiPaths.audit()}?action=data.export&pageSize=1`, t.asAdmin())
  return journal.body.items[0]!
}

const partnerId = (index: number) => partners[index]!.partnerId.id
const userId = (index: number) => users[index]!.userId.id

describe('partners', () => {
  it('holds exactly the ids given, in the list’s order, and journals them with the other filters', async () => {
    const ids = [partnerId(2), partnerId(0)]
    const file = await download(`/api/exports/partners.csv?ids=${ids.join(',')}&sort=-name`)
    expect(file.status).toBe(200)
    expect(file.ids).toEqual([partnerId(2), partnerId(0)])
    expect(file.text).toContain(';Sélection Charlie;')
    expect(file.text).not.toContain('Sélection Bravo')
    const byName = await download(`/api/exports/partners.csv?ids=${ids.join(',')}&sort=name`)
    expect(byName.ids).toEqual([partnerId(0), partnerId(2)])

    expect(await lastExport()).toMatchObject({
      action: 'data.export',
      targetLabel: 'Partenaires, 2 lignes',
      after: { export: 'Partenaires', filters: { sort: 'name', ids }, rows: 2 },
    })
  })

  it('the list’s other filters still apply; an id repeated or unknown adds no line', async () => {
    const all = [partnerId(0), partnerId(1), partnerId(2)]
    const active = await download(`/api/exports/partners.csv?status=ACTIF&ids=${all.join(',')}`)
    expect(active.ids.sort()).toEqual([partnerId(0), partnerId(2)].sort())
    const odd = await download(`/api/exports/partners.csv?ids=${partnerId(1)},${partnerId(1)},999999`)
    expect(odd.ids).toEqual([partnerId(1)])
  })
})

describe('users', () => {
  it('holds exactly the ids given, in the list’s order, journaled', async () => {
    const ids = [userId(0), userId(2)]
    const file = await download(`/api/exports/users.csv?ids=${ids.join(',')}&sort=name`)
    expect(file.status).toBe(200)
    expect(file.ids.sort()).toEqual(ids.sort())
    expect(file.text).toContain(';Zoé;Choisi;')
    expect(file.text).not.toContain('Yann')
    expect(await lastExport()).toMatchObject({
      targetLabel: 'Utilisateurs, 2 lignes',
      after: { export: 'Utilisateurs', filters: { ids: [userId(0), userId(2)] }, rows: 2 },
    })
  })
})

describe('refusals, in French', () => {
  const list = (count: number) => Array.from({ length: count }, (_, i) => i + 1).join(',')

  it.each([
    ['douze', 'partners'],
    ['12,,13', 'users'],
    ['0', 'partners'],
    ['-4', 'users'],
    ['1.5', 'partners'],
    ['2147483648', 'users'],
    ['', 'partners'],
  ])('ids=%s (%s): 400, nothing journaled', async (ids, what) => {
    const before = await lastExport()
    const res = await t.api.get<{ message: string; field: string }>(
      `/api/exports/${what}.csv?ids=${encodeURIComponent(ids)}`,
      t.asAdmin(),
    )
    expect(res.status).toBe(400)
    expect(res.body).toEqual({
      message:
        'Le paramètre « ids » doit être une liste d’identifiants (entiers positifs) séparés par des virgules, par exemple 12,40,41.',
      field: 'ids',
    })
    expect((await lastExport()).id).toBe(before.id)
  })

  it('at most 1 000 ids', async () => {
    expect((await download(`/api/exports/users.csv?ids=${list(1000)}`)).status).toBe(200)
    const res = await t.api.get<{ message: string }>(
      `/api/exports/partners.csv?ids=${list(1001)}`,
      t.asAdmin(),
    )
    expect(res.status).toBe(400)
    expect(res.body.message).toBe(
      `Au plus ${(1000).toLocaleString('fr-FR')} identifiants par export (« ids » en donne ${(1001).toLocaleString('fr-FR')}) : exportez plutôt la liste filtrée.`,
    )
  })
})
