/**
 * Issue 37 item 6: « Re-importing an old export overwrote a newer description ». The partner import checks the
 * versions of the partners it updates as a PUT checks If-Match: against the versions its preview read (sent
 * back in the form's « versions » field) and against the export's « Version » column. A partner changed since
 * refuses the whole import (412, who and when), nothing written; otherwise the importer is the new author.
 * Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import type { StaleVersionBody } from '@/contract/api.ts'
import type { PartnerImportPreview, PartnerImportResult } from '@/contract/backoffice.ts'
import { apiPaths } from '@/contract/paths.ts'
import type { AuthUser, Partner, PartnerPage, UserDetail } from '@/contract/schemas.ts'
import { zonedDate } from '@/contract/zonedDate.ts'
import { adminServerForFile, partnerBody } from './helpers.ts'

const t = adminServerForFile()
/** A second administrator, whose edits the first one's import runs into. */
let alice: AuthUser
const asAlice = () => ({ token: alice.access_token })

beforeAll(async () => {
  const password = 'un mot de passe long'
  const registered = await t.api.register({ firstname: 'Alice', lastname: 'Martin', password })
  const promoted = await t.api.put(
    apiPaths.user(registered.userId.id),
    {
      userId: registered.userId,
      firstname: 'Alice',
      lastname: 'Martin',
      email: registered.email,
      status: 'ACTIF',
      roles: ['ROLE_USER', 'ROLE_ADMIN'],
    },
    t.asAdmin(),
  )
  expect(promoted.status).toBe(200)
  alice = await t.api.login(registered.email, password)
})

/** A partner created by Alice, with its own e-mail (so no other partner is its duplicate). */
async function alicePartner(name: string, description: string): Promise<Partner> {
  const email = `${name.toLowerCase().replace(/\W/g, '')}@versions.fr`
  const res = await t.api.post<Partner>('/api/partners', partnerBody({ name, description, email }), asAlice())
  expect(res.status).toBe(201)
  return res.body
}

/** Alice saves the partner with a new description, from the version she has just read. */
async function aliceEdits(partner: Partner, description: string) {
  const path = apiPaths.partner(partner.partnerId.id)
  const etag = (await t.api.get(path, asAlice())).headers.get('etag')!
  const email = partner.email
  const res = await t.api.put(
    path,
    { ...partnerBody({ name: partner.name, description, email }), partnerId: partner.partnerId },
    { ...asAlice(), headers: { 'if-match': etag } },
  )
  expect(res.status).toBe(200)
}

async function current(id: number) {
  const res = await t.api.get<Partner>(apiPaths.partner(id), t.asAdmin())
  return { partner: res.body, etag: res.headers.get('etag')! }
}

/** The export of these partners, as a spreadsheet opens it (BOM dropped). */
async function exportOf(...ids: number[]): Promise<string> {
  const res = await fetch(`${t.server.url}/api/exports/partners.csv?ids=${ids.join(',')}`, {
    headers: { authorization: `Bearer ${t.admin.access_token}` },
  })
  expect(res.status).toBe(200)
  return (await res.text()).replace(/^\uFEFF/, '')
}

/** The form the back office sends: « versions » (the preview's) before « file ». */
function form(csv: string, versions?: string): FormData {
  const body = new FormData()
  if (versions !== undefined) body.append('versions', versions)
  body.append('file', new Blob([csv], { type: 'text/csv' }), 'partenaires.csv')
  return body
}

async function preview(csv: string): Promise<PartnerImportPreview> {
  const res = await t.api.request<PartnerImportPreview>('POST', '/api/imports/partners/preview', {
    ...t.asAdmin(),
    raw: form(csv),
  })
  expect(res.status).toBe(200)
  return res.body
}

const importFile = (csv: string, versions?: string, query = '') =>
  t.api.request<PartnerImportResult | StaleVersionBody>('POST', `/api/imports/partners${query}`, {
    ...t.asAdmin(),
    raw: form(csv, versions),
  })

/** « le 28/11/2026 à 09:12 »: when Alice's change was saved, as the messages write it. */
function when(modifiedAt: Date | string | null) {
  const [day, time] = zonedDate(modifiedAt, t.server.config.appTimeZone, true).split(' ')
  return `le ${day} à ${time}`
}

async function saved(id: number) {
  return t.server.handle.db
    .selectFrom('partners')
    .select(['updated_by', 'updated_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
}
const authorOf = async (id: number) => (await saved(id)).updated_by

const versionOf = (etag: string) => Number(/-v(\d+)"$/.exec(etag)![1])

describe('the export’s Version column', () => {
  it('an old export re-imported after a newer edit is refused, and the newer description stays', async () => {
    const partner = await alicePartner('Maison Ancienne', 'Première description')
    const id = partner.partnerId.id
    const exported = await exportOf(id)
    const [header, row] = exported.split('\r\n')
    expect(header!.split(';').at(-1)).toBe('Version')
    const before = await current(id)
    expect(row!.split(';').at(-1)).toBe(String(versionOf(before.etag)))

    await aliceEdits(partner, 'Description plus récente')
    const edited = await current(id)
    // The operator edits the old export in a spreadsheet, then imports it.
    const file = exported.replace('Première description', 'Description du tableur')

    const shown = await preview(file)
    expect(shown).toMatchObject({ errorCount: 1, validCount: 0 })
    expect(shown.errors).toEqual([
      {
        line: 2,
        column: 'Version',
        message: `Ligne 2 : le partenaire ${id} a été modifié par Alice Martin ${when((await saved(id)).updated_at)}, après l’export dont vient cette ligne (version ${versionOf(before.etag)} dans le fichier, ${versionOf(edited.etag)} aujourd’hui) : exportez-le à nouveau, ou videz sa cellule Version pour remplacer cette modification.`,
      },
    ])

    // Imported all the same (a program, or a client that skips the preview): 412, nothing written.
    const refused = await importFile(file)
    expect(refused.status).toBe(412)
    const body = refused.body as StaleVersionBody
    expect(body).toMatchObject({ etag: edited.etag, modifiedBy: 'Alice Martin' })
    expect(body.message).toBe(
      `Aucun partenaire importé, pour ne pas écraser une modification plus récente : « Maison Ancienne » (ligne 2) a été modifié par Alice Martin ${when(body.modifiedAt)}, après l’export dont vient le fichier (version ${versionOf(before.etag)} dans le fichier, ${versionOf(edited.etag)} aujourd’hui). Exportez à nouveau ces partenaires, ou videz leur cellule Version pour remplacer ces modifications.`,
    )
    expect(body.conflicts).toEqual([
      {
        line: 2,
        partnerId: id,
        name: 'Maison Ancienne',
        etag: edited.etag,
        modifiedBy: 'Alice Martin',
        modifiedAt: body.modifiedAt,
      },
    ])
    expect((await current(id)).partner.description).toBe('Description plus récente')
    expect((await current(id)).etag).toBe(edited.etag)

    // An empty Version cell is the operator's choice to overwrite.
    const cells = file.split('\r\n')
    cells[1] = cells[1]!.replace(/;\d+$/, ';')
    const forced = await importFile(cells.join('\r\n'))
    expect(forced.status).toBe(201)
    expect((await current(id)).partner.description).toBe('Description du tableur')
  })

  it('a Version that is not a whole number is a line error', async () => {
    const partner = await alicePartner('Version Illisible', 'Texte')
    const exported = await exportOf(partner.partnerId.id)
    const shown = await preview(exported.replace(/;\d+\r\n$/, ';deux\r\n'))
    expect(shown.errors).toEqual([
      {
        line: 2,
        column: 'Version',
        message:
          'Ligne 2 : la version « deux » n’est pas un nombre entier (colonne Version de l’export ; vide pour ne pas la vérifier).',
      },
    ])
  })
})

describe('the preview’s versions', () => {
  it('a preview, then an edit by someone else, then the import: refused as a whole, naming who and when', async () => {
    const partner = await alicePartner('Boutique Vue', 'Avant l’aperçu')
    const id = partner.partnerId.id
    // A file with Ids but without the export's Version column: only the preview's versions protect it.
    const lines = (await exportOf(id)).split('\r\n').map((line) => line.replace(/;[^;]*$/, ''))
    // The spreadsheet's edit, and a new partner (no Id) on the next line.
    const file = [
      lines[0],
      lines[1]!.replace('Avant l’aperçu', 'Valeur du fichier'),
      lines[1]!.replace(/^\d+;Boutique Vue/, ';Boutique Neuve Vue').replace('boutiquevue@', 'neuve@'),
      '',
    ].join('\r\n')
    const shown = await preview(file)
    expect(shown).toMatchObject({ errorCount: 0, validCount: 2, updateCount: 1 })
    const before = await current(id)
    expect(shown.versions).toBe(`${id}:${versionOf(before.etag)}`)

    await aliceEdits(partner, 'Modifiée après l’aperçu')
    const edited = await current(id)

    const refused = await importFile(file, shown.versions)
    expect(refused.status).toBe(412)
    const body = refused.body as StaleVersionBody
    expect(body.message).toBe(
      `Aucun partenaire importé, pour ne pas écraser une modification plus récente : « Boutique Vue » (ligne 2) a été modifié par Alice Martin ${when(body.modifiedAt)} depuis l’aperçu. Refaites l’aperçu pour voir le fichier face aux versions actuelles.`,
    )
    expect(body).toMatchObject({ etag: edited.etag, modifiedBy: 'Alice Martin' })
    expect((await current(id)).partner.description).toBe('Modifiée après l’aperçu')
    // All or nothing: the new partner of the same file was not created either.
    const created = await t.api.get<PartnerPage>('/api/partners?q=Boutique Neuve Vue', t.asAdmin())
    expect(created.body.total).toBe(0)

    // The preview done again reads the new version; the operator imports knowing it.
    const again = await preview(file)
    expect(again.versions).toBe(`${id}:${versionOf(edited.etag)}`)
    const done = await importFile(file, again.versions)
    expect(done.status).toBe(201)
    expect(done.body).toEqual({ created: 1, updated: 1, ignored: 0, categoriesCreated: [] })
    expect((await current(id)).partner.description).toBe('Valeur du fichier')
  })

  it('a saved duplicate set to « mettre à jour » is checked too; one left ignored is not written, so not checked', async () => {
    const saved = await alicePartner('Cave Doublon', 'Version de la base')
    const id = saved.partnerId.id
    const exported = await exportOf(id)
    const [header, row] = exported.split('\r\n')
    // The same partner without its Id (so a duplicate of it, same e-mail), and a new one.
    const duplicate = row!.replace(/^\d+;/, ';').replace('Version de la base', 'Version du fichier')
    const fresh = row!
      .replace(/^\d+;Cave Doublon/, ';Cave Nouvelle Doublon')
      .replace('cavedoublon@', 'cavenouvelle@')
    const file = [header, duplicate, fresh, ''].join('\r\n')
    const shown = await preview(file)
    expect(shown.duplicates).toEqual([expect.objectContaining({ line: 2, existing: expect.anything() })])
    expect(shown.versions).toContain(`${id}:`)

    await aliceEdits(saved, 'Modifiée par Alice')
    const updating = await importFile(file, shown.versions, '?duplicates=update')
    expect(updating.status).toBe(412)
    expect((updating.body as StaleVersionBody).message).toContain(
      '« Cave Doublon » (ligne 2) a été modifié par Alice Martin',
    )
    expect((await current(id)).partner.description).toBe('Modifiée par Alice')

    const ignoring = await importFile(file, shown.versions, '?duplicates=ignore')
    expect(ignoring.status).toBe(201)
    expect(ignoring.body).toEqual({ created: 1, updated: 0, ignored: 1, categoriesCreated: [] })
    expect((await current(id)).partner.description).toBe('Modifiée par Alice')
  })

  it('no change since the preview: imported, the importing administrator recorded as the author', async () => {
    const partner = await alicePartner('Atelier Calme', 'Écrit par Alice')
    const id = partner.partnerId.id
    expect(await authorOf(id)).toBe('Alice Martin')
    const lines = (await exportOf(id)).split('\r\n')
    const file = [
      lines[0],
      lines[1]!.replace('Écrit par Alice', 'Écrit par l’import'),
      lines[1]!.replace(/^\d+;Atelier Calme/, ';Atelier Calme Bis').replace('ateliercalme@', 'bis@'),
      '',
    ].join('\r\n')
    const shown = await preview(file)
    const before = await current(id)
    const done = await importFile(file, shown.versions)
    expect(done.status).toBe(201)
    expect(done.body).toEqual({ created: 1, updated: 1, ignored: 0, categoriesCreated: [] })
    const after = await current(id)
    expect(after.partner.description).toBe('Écrit par l’import')
    expect(versionOf(after.etag)).toBe(versionOf(before.etag) + 1)

    const admin = (await t.api.get<UserDetail>(apiPaths.user(t.admin.userId.id), t.asAdmin())).body
    const importer = `${admin.firstname} ${admin.lastname}`.trim() || admin.email
    expect(await authorOf(id)).toBe(importer)
    const bis = (await t.api.get<PartnerPage>('/api/partners?q=Atelier Calme Bis', t.asAdmin())).body
    expect(bis.items).toHaveLength(1)
    expect(await authorOf(bis.items[0]!.partnerId.id)).toBe(importer)
  })

  it('refuses a « versions » field that is not the preview’s, in French', async () => {
    const partner = await alicePartner('Champ Versions', 'Texte')
    const file = await exportOf(partner.partnerId.id)
    const res = await importFile(file, '12;3')
    expect(res.status).toBe(400)
    expect((res.body as { message: string }).message).toBe(
      'Le champ « versions » doit reprendre celui de l’aperçu : « Id:version », séparés par des virgules.',
    )
    // A partner the preview did not name (the file changed since): refused, the preview to be done again.
    const unseen = await importFile(file, '')
    expect(unseen.status).toBe(412)
    expect((unseen.body as StaleVersionBody).message).toBe(
      'Aucun partenaire importé, pour ne pas écraser une modification plus récente : « Champ Versions » (ligne 2) ne figurait pas dans l’aperçu. Refaites l’aperçu pour voir le fichier face aux versions actuelles.',
    )
  })
})
