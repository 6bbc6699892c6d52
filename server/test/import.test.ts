/**
 * Issue 37, item 5: the partner import says what it will really do. Duplicates (within the file and against the
 * saved partners) are shown and chosen, a Windows-1252 file is read as such, each partner's change is in the
 * journal with its values before and after, errors name their column, an unclosed quote its opening line.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import type { PartnerImportPreview, PartnerImportResult } from '@/contract/backoffice.ts'
import type { AuditPage, Partner } from '@/contract/schemas.ts'
import { apiPaths } from '@/contract/paths.ts'
import { adminServerForFile, createPartner, fileForm } from './helpers.ts'

const t = adminServerForFile()

beforeAll(async () => {
  // The lines' category.
  await createPartner(t.api, t.admin, { name: 'Catégorie Restaurants', email: 'categorie@test.fr' })
})

const header =
  'Dénomination;Description;Adresse;Code postal;Ville;Latitude;Longitude;Email;Téléphone;Catégories;Statut'
/** A valid line; `email` defaults to one made from the name. */
const line = (
  name: string,
  city = 'Aix-en-Provence',
  email = `${name.toLowerCase().replace(/\W/g, '')}@test.fr`,
) => `${name};Une description;3 rue Basse;13100;${city};43,52;5,44;${email};04 42 00 00 00;Restaurants;Actif`

const post = <T>(path: string, csv: string | Buffer) =>
  t.api.request<T>('POST', path, {
    token: t.admin.access_token,
    raw: fileForm(csv, 'partenaires.csv', 'text/csv'),
  })
const preview = async (csv: string | Buffer) => {
  const res = await post<PartnerImportPreview>('/api/imports/partners/preview', csv)
  expect(res.status).toBe(200)
  return res.body
}
const message = (body: unknown) => (body as { message: string }).message

async function partner(id: number): Promise<Partner> {
  return (await t.api.get<Partner>(apiPaths.partner(id), t.asAdmin())).body
}

/** The journal's newest `partner.import` entries, newest first. */
async function importEntries(count: number) {
  const journal = await t.api.get<AuditPage>(
    `${apiPaths.audit()}?action=partner.import&pageSize=${count}`,
    t.asAdmin(),
  )
  return journal.body.items
}

/** Text as Excel writes it on a French Windows (Windows-1252), for the characters the tests use. */
function windows1252(text: string): Buffer {
  const special: Record<string, number> = { '€': 0x80, '’': 0x92, '–': 0x96, œ: 0x9c, Œ: 0x8c }
  return Buffer.from(
    [...text].map((char) => {
      const code = special[char] ?? char.charCodeAt(0)
      if (code > 0xff) throw new Error(`${char} n’est pas dans Windows-1252`)
      return code
    }),
  )
}

describe('duplicates', () => {
  it('the same line three times: one partner, two duplicates of line 2, and one created', async () => {
    const csv = [header, line('Triple Café'), line('Triple Café'), line('Triple Café')].join('\r\n')
    const shown = await preview(csv)
    expect(shown).toMatchObject({ lineCount: 3, validCount: 1, duplicateCount: 2, errorCount: 0 })
    expect(shown.rows.map((row) => row.line)).toEqual([2])
    expect(shown.duplicates).toEqual([
      {
        line: 3,
        name: 'Triple Café',
        city: 'Aix-en-Provence',
        email: 'triplecaf@test.fr',
        matchedBy: 'nameCity',
        ofLine: 2,
      },
      expect.objectContaining({ line: 4, ofLine: 2 }),
    ])

    // A duplicate of a line is never imported, even when the operator has duplicates update.
    const done = await post<PartnerImportResult>('/api/imports/partners?duplicates=update', csv)
    expect(done.status).toBe(201)
    expect(done.body).toEqual({ created: 1, updated: 0, ignored: 2, categoriesCreated: [] })
    const found = await t.api.get<{ total: number }>('/api/partners?q=Triple', t.asAdmin())
    expect(found.body.total).toBe(1)
  })

  it('within the file, the same e-mail or the same name and city written otherwise is a duplicate', async () => {
    const csv = [
      header,
      line('Le Fournil', 'Aix-en-Provence', 'fournil@test.fr'),
      line('Autre Nom', 'Marseille', 'FOURNIL@test.fr'),
      line('LE  FOURNIL', 'aix en provence', 'autre@test.fr'),
      line('Le Fournil', 'Marseille', 'fournil-marseille@test.fr'),
    ].join('\r\n')
    const shown = await preview(csv)
    expect(shown).toMatchObject({ validCount: 2, duplicateCount: 2 })
    expect(shown.duplicates.map((d) => [d.line, d.matchedBy, d.ofLine])).toEqual([
      [3, 'email', 2],
      [4, 'nameCity', 2],
    ])
    // Same name in another city is another partner.
    expect(shown.rows.map((row) => row.line)).toEqual([2, 5])
  })

  it('against saved partners: marked, ignored by default, updated when chosen per line or for all', async () => {
    const cave = await createPartner(t.api, t.admin, {
      name: 'Cave à Vins',
      email: 'cave@vins.fr',
      location: { address: '1 rue du Vin', city: 'Aix-en-Provence', position: { lat: 43.5, lng: 5.4 } },
      rating: 4.2,
      userRatingsTotal: 17,
    })
    const epicerie = await createPartner(t.api, t.admin, { name: 'Épicerie Fine', email: 'epicerie@fine.fr' })
    const csv = [
      header,
      line('CAVE A VINS', 'Aix en Provence', 'nouvelle@cave.fr'),
      line('Épicerie Renommée', 'Marseille', 'Epicerie@Fine.fr'),
      line('Nouveau Voisin'),
      // The same saved partner a second time: a duplicate of the line that took it.
      line('Cave à Vins', 'Aix-en-Provence', 'encore@cave.fr'),
    ].join('\r\n')
    const shown = await preview(csv)
    expect(shown).toMatchObject({
      lineCount: 4,
      validCount: 1,
      duplicateCount: 3,
      savedDuplicateCount: 2,
      errorCount: 0,
    })
    expect(shown.duplicates).toEqual([
      {
        line: 2,
        name: 'CAVE A VINS',
        city: 'Aix en Provence',
        email: 'nouvelle@cave.fr',
        matchedBy: 'nameCity',
        existing: {
          id: cave.partnerId.id,
          name: 'Cave à Vins',
          city: 'Aix-en-Provence',
          email: 'cave@vins.fr',
        },
      },
      {
        line: 3,
        name: 'Épicerie Renommée',
        city: 'Marseille',
        email: 'epicerie@fine.fr',
        matchedBy: 'email',
        existing: {
          id: epicerie.partnerId.id,
          name: 'Épicerie Fine',
          city: 'Marseille',
          email: 'epicerie@fine.fr',
        },
      },
      expect.objectContaining({ line: 5, matchedBy: 'nameCity', ofLine: 2 }),
    ])

    // For all « ignorer » but line 2 « mettre à jour ».
    const done = await post<PartnerImportResult>('/api/imports/partners?duplicates=ignore&exceptLines=2', csv)
    expect(done.status).toBe(201)
    expect(done.body).toEqual({ created: 1, updated: 1, ignored: 2, categoriesCreated: [] })
    // The file's fields replace the partner's; its rating, which the file does not carry, stays.
    expect(await partner(cave.partnerId.id)).toMatchObject({
      name: 'CAVE A VINS',
      email: 'nouvelle@cave.fr',
      location: { city: 'Aix en Provence' },
      rating: 4.2,
      userRatingsTotal: 17,
    })
    expect((await partner(epicerie.partnerId.id)).name).toBe('Épicerie Fine')

    // « Mettre à jour » for all but line 2: the épicerie is updated, the cave (now « CAVE A VINS ») is not.
    const again = await post<PartnerImportResult>(
      '/api/imports/partners?duplicates=update&exceptLines=2',
      [
        header,
        line('Cave à Vins', 'Aix-en-Provence', 'x@cave.fr'),
        line('Épicerie Renommée', 'Marseille', 'epicerie@fine.fr'),
      ].join('\n'),
    )
    expect(again.body).toEqual({ created: 0, updated: 1, ignored: 1, categoriesCreated: [] })
    expect((await partner(epicerie.partnerId.id)).name).toBe('Épicerie Renommée')
    expect((await partner(cave.partnerId.id)).email).toBe('nouvelle@cave.fr')

    // Every line a duplicate, all ignored: nothing to do, said as such.
    const nothing = await post(
      '/api/imports/partners',
      [header, line('Épicerie Renommée', 'Marseille')].join('\n'),
    )
    expect(nothing.status).toBe(400)
    expect(message(nothing.body)).toBe(
      'Aucun partenaire importé : toutes les lignes du fichier sont des doublons ignorés.',
    )
  })

  it('a line with an Id updates its partner; a line without one repeating it is a duplicate of that line', async () => {
    const bistrot = await createPartner(t.api, t.admin, { name: 'Bistrot Id', email: 'bistrot@id.fr' })
    const csv = [
      `Id;${header}`,
      `;${line('Bistrot Id', 'Marseille', 'bistrot@id.fr')}`,
      `${bistrot.partnerId.id};${line('Bistrot Id Renommé', 'Marseille', 'bistrot@id.fr')}`,
    ].join('\r\n')
    const shown = await preview(csv)
    expect(shown).toMatchObject({ validCount: 1, updateCount: 1, duplicateCount: 1 })
    expect(shown.duplicates).toEqual([expect.objectContaining({ line: 2, matchedBy: 'email', ofLine: 3 })])
  })

  it('refuses a malformed choice in French', async () => {
    const res = await post('/api/imports/partners?exceptLines=2;3', [header, line('Choix')].join('\n'))
    expect(res.status).toBe(400)
    expect(message(res.body)).toBe('Le champ « exceptLines » est invalide.')
    const bad = await post('/api/imports/partners?duplicates=tous', [header, line('Choix')].join('\n'))
    expect(bad.status).toBe(400)
    expect(message(bad.body)).toBe(
      'Le champ « duplicates » doit valoir l’une des valeurs : "ignore", "update".',
    )
  })
})

describe('encoding', () => {
  const accents = 'Crêperie Sœur Élise – è ç œ € l’été'

  it('a Windows-1252 file is read as such and says so; its accents are kept', async () => {
    const csv = [
      header,
      line(accents, 'Besançon', 'creperie@test.fr').replace('Une description', 'Crêpes à 5 €'),
    ].join('\r\n')
    const bytes = windows1252(csv)
    // The bytes are not UTF-8: a UTF-8 read would have turned « ê » into « � ».
    expect(bytes.toString('utf8')).toContain('\uFFFD')
    const shown = await preview(bytes)
    expect(shown).toMatchObject({ encoding: 'Windows-1252', validCount: 1, errorCount: 0 })
    expect(shown.rows[0]).toMatchObject({ name: accents, city: 'Besançon' })

    const done = await post<PartnerImportResult>('/api/imports/partners', bytes)
    expect(done.status).toBe(201)
    const [entry] = (await importEntries(2)).filter((e) => e.targetId !== null)
    expect(entry).toMatchObject({ targetLabel: accents })
    expect(await partner(Number(entry!.targetId))).toMatchObject({
      name: accents,
      description: 'Crêpes à 5 €',
      location: { city: 'Besançon' },
    })
  })

  it('UTF-8, with or without BOM, is read as UTF-8', async () => {
    const csv = [header, line(`${accents} (UTF-8)`, 'Besançon', 'utf8@test.fr')].join('\r\n')
    for (const bytes of [Buffer.from(csv), Buffer.from(`\uFEFF${csv}`)]) {
      const shown = await preview(bytes)
      expect(shown).toMatchObject({ encoding: 'UTF-8', errorCount: 0, duplicateCount: 0 })
      expect(shown.rows[0]).toMatchObject({ name: `${accents} (UTF-8)` })
    }
  })
})

describe('journal', () => {
  it('one entry per partner with its values before and after, as a partner’s own edit records them', async () => {
    const saved = await createPartner(t.api, t.admin, {
      name: 'Journal Avant',
      email: 'journal@avant.fr',
      rating: 3.5,
      userRatingsTotal: 8,
    })
    const id = saved.partnerId.id
    const csv = [
      `Id;${header}`,
      `${id};${line('Journal Après', 'Nice', 'journal@apres.fr')}`,
      `;${line('Journal Nouveau', 'Nice')}`,
    ].join('\r\n')
    const done = await post<PartnerImportResult>('/api/imports/partners', csv)
    expect(done.body).toMatchObject({ created: 1, updated: 1 })

    const [summary, created, updated] = await importEntries(3)
    expect(summary).toMatchObject({
      targetId: null,
      targetLabel: '2 partenaires',
      after: { created: 1, updated: [id], ignored: 0 },
    })
    // The snapshot a partner's own edit records (PUT /api/partners/:id): its fields and category labels.
    expect(updated).toMatchObject({
      targetId: String(id),
      targetLabel: 'Journal Après',
      motif: 'Ligne 2 du fichier importé',
    })
    expect(updated!.after).toEqual(ownSnapshot(await partner(id)))
    expect(updated!.before).toMatchObject({
      name: 'Journal Avant',
      email: 'journal@avant.fr',
      location: { city: 'Marseille' },
      rating: 3.5,
      categories: ['Restaurants'],
    })
    expect(updated!.after).toMatchObject({ name: 'Journal Après', email: 'journal@apres.fr', rating: 3.5 })

    expect(created).toMatchObject({
      targetLabel: 'Journal Nouveau',
      motif: 'Ligne 3 du fichier importé',
      before: null,
      after: {
        name: 'Journal Nouveau',
        location: { address: '3 rue Basse, 13100 Nice', city: 'Nice' },
        categories: ['Restaurants'],
        status: 'ACTIF',
      },
    })
    expect(created!.after).toEqual(ownSnapshot(await partner(Number(created!.targetId))))
  })
})

/** A partner as the journal keeps it (partners.ts, partnerSnapshot): no photos or coupons, category labels. */
function ownSnapshot({ images: _images, discountOffers: _offers, categories, ...fields }: Partner) {
  return { ...fields, categories: categories.map((c) => c.label) }
}

describe('messages', () => {
  it('errors name their column as the file writes it (the preview’s error report)', async () => {
    const csv = [
      header.replace('Code postal', 'CODE POSTAL'),
      line('Colonne Un').replace('13100', '131'),
      line('Colonne Deux').replace('43,52', 'nord'),
      line('Colonne Trois').replace('Actif', 'Peut-être'),
      line('Colonne Quatre').replace('colonnequatre@test.fr', 'pas-un-email'),
    ].join('\r\n')
    const shown = await preview(csv)
    expect(shown.errors.map((e) => [e.line, e.column])).toEqual([
      [2, 'CODE POSTAL'],
      [3, 'Latitude'],
      [4, 'Statut'],
      [5, 'Email'],
    ])
  })

  it('an unclosed quote is reported on the line where it opens, not the last one', async () => {
    const csv = [
      header,
      line('Guillemet Un'),
      `"Guillemet Deux;Desc`,
      line('Guillemet Trois'),
      line('Guillemet Quatre'),
    ].join('\r\n')
    const res = await post('/api/imports/partners/preview', csv)
    expect(res.status).toBe(400)
    expect(message(res.body)).toBe(
      'Le fichier n’est pas un CSV lisible (ligne 3) : un guillemet « " » ouvert sur cette ligne n’est jamais refermé.',
    )
    // Opened in a later field of the line.
    const later = await post(
      '/api/imports/partners/preview',
      [header, line('Un'), 'Deux;"Desc', '', line('Trois')].join('\n'),
    )
    expect(message(later.body)).toMatch(/^Le fichier n’est pas un CSV lisible \(ligne 3\)/)
  })

  it('lines are where each partner starts, after a description on several lines and empty lines', async () => {
    const csv = [
      header,
      line('Multi Un').replace('Une description', '"Première ligne\r\ndeuxième ligne"'),
      '',
      line('Multi Deux').replace('13100', '1'),
    ].join('\r\n')
    const shown = await preview(csv)
    expect(shown.rows.map((row) => row.line)).toEqual([2])
    expect(shown.errors).toEqual([
      { line: 5, column: 'Code postal', message: 'Ligne 5 : le code postal doit comporter 5 chiffres.' },
    ])
  })

  it('a line break inside a name becomes a space; the description keeps its lines', async () => {
    const csv = [
      header,
      line('Saut').replace('Saut', '"Café\r\ndu Port"').replace('Une description', '"Une\nautre"'),
    ].join('\r\n')
    const shown = await preview(csv)
    expect(shown.rows[0]!.name).toBe('Café du Port')
    const done = await post<PartnerImportResult>('/api/imports/partners', csv)
    expect(done.status).toBe(201)
    const [, entry] = await importEntries(2)
    expect(entry!.after).toMatchObject({ name: 'Café du Port', description: 'Une\nautre' })
  })
})
