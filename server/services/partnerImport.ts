/**
 * Partners imported from a CSV file, in two steps: a dry run that reads and checks every line (the same checks
 * as the partner form, `cleanPartnerBody`) and answers a preview, then a commit that writes every partner in
 * one transaction or none. The file is the export's format (exports.ts): `;` or `,`, UTF-8 with or without BOM,
 * or Windows-1252 (what Excel saves as « CSV » on Windows).
 * A line whose « Id » names an existing partner updates it (so an export edited in a spreadsheet goes back in
 * without duplicating anyone); a line without one creates a partner, unless it repeats an earlier line (never
 * imported) or a saved partner (ignored or updated, as the operator chooses): same name and city, or same e-mail.
 *
 * An import never overwrites a change it was not shown. The preview answers the version of every partner the
 * file could update (`versions`), and the import, given them back, refuses as a whole (412) when one of the
 * partners it updates has another version by then: the import is one transaction, so it is all or nothing here
 * too. The export's « Version » column does the same for a file edited from an older export: a line whose
 * version is no longer the partner's is an error in the preview, and a 412 at import.
 */
import { parse } from 'csv-parse/sync'
import { sql } from 'kysely'
import type {
  PartnerImportDuplicate,
  PartnerImportError,
  PartnerImportPreview,
  PartnerImportQuery,
  PartnerImportResult,
  PartnerImportRow,
} from '@/contract/backoffice.ts'
import type { PartnerBody, PartnerStatus } from '@/contract/schemas.ts'
import type { Db } from '../db/index.ts'
import { badRequest, HttpError } from '../errors.ts'
import { normalizeForSearch } from '../validation.ts'
import { audited, auditedMany, type Actor } from './audit.ts'
import { withoutFormulaQuote } from './frenchCsv.ts'
import { cleanPartnerBody, type CleanPartner } from './partnerInput.ts'
import type { Executor } from './partnerRows.ts'
import { savePartner } from './partnerStore.ts'
import { partnerSnapshot, statusOptions } from './partners.ts'
import { rowColumns, toPartner } from './search.ts'
import { byWhom, etagOf, versionBump } from './versions.ts'

export const IMPORT_MAX_LINES = 20_000
const PREVIEW_ROWS = 100
const PREVIEW_ERRORS = 500
const PREVIEW_DUPLICATES = 500
const INSERT_BATCH = 500
/** Names and e-mails looked up per query when comparing the file with the saved partners. */
const LOOKUP_BATCH = 2000

/** The columns the file may have, by their header with case, accents and spaces ignored. */
const headerKeys = {
  id: 'id',
  identifiant: 'id',
  denomination: 'name',
  nom: 'name',
  description: 'description',
  siren: 'siren',
  adresse: 'address',
  codepostal: 'postalCode',
  ville: 'city',
  latitude: 'lat',
  longitude: 'lng',
  email: 'email',
  telephone: 'phone',
  tel: 'phone',
  prenomgerant: 'firstName',
  nomgerant: 'lastName',
  categories: 'categories',
  statut: 'status',
  version: 'version',
} as const
type Key = (typeof headerKeys)[keyof typeof headerKeys]
/** Each column's name in the export, for messages and the error report when the file names it otherwise. */
const exportHeaders: Record<Key, string> = {
  id: 'Id',
  name: 'Dénomination',
  description: 'Description',
  siren: 'SIREN',
  address: 'Adresse',
  postalCode: 'Code postal',
  city: 'Ville',
  lat: 'Latitude',
  lng: 'Longitude',
  email: 'Email',
  phone: 'Téléphone',
  firstName: 'Prénom gérant',
  lastName: 'Nom gérant',
  categories: 'Catégories',
  status: 'Statut',
  version: 'Version',
}
const required: Key[] = [
  'name',
  'description',
  'address',
  'city',
  'lat',
  'lng',
  'email',
  'phone',
  'categories',
]

/** The column of a field the partner checks (`cleanPartnerBody`) name in their errors. */
function keyOfField(field: string | undefined): Key | undefined {
  const fields: Record<string, Key> = {
    name: 'name',
    description: 'description',
    siren: 'siren',
    'location.address': 'address',
    'location.city': 'city',
    'location.position.lat': 'lat',
    'location.position.lng': 'lng',
    email: 'email',
    phone: 'phone',
    representativeFirstName: 'firstName',
    representativeLastName: 'lastName',
    categories: 'categories',
  }
  if (field === undefined) return undefined
  return fields[field] ?? (field.startsWith('categories[') ? 'categories' : undefined)
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '')

/** A line's error: « Ligne 12 : le code postal doit comporter 5 chiffres. », and the column in cause. */
const lineError = (line: number, message: string, column?: string): PartnerImportError => ({
  line,
  ...(column === undefined ? {} : { column }),
  message: `Ligne ${line} : ${message.charAt(0).toLowerCase()}${message.slice(1)}`,
})

/** A line's own fault, in the column `key`. */
class LineError extends Error {
  readonly key: Key
  constructor(message: string, key: Key) {
    super(message)
    this.key = key
  }
}

function number(value: string, label: string, key: Key): number {
  const text = value.trim().replace(/\s/g, '').replace(',', '.')
  if (!/^-?\d+(\.\d+)?$/.test(text))
    throw new LineError(`La ${label} doit être un nombre (ex. 43,2965).`, key)
  return Number(text)
}

function status(value: string): PartnerStatus {
  const text = fold(value)
  if (text === '') return 'PROSPECT'
  const found = statusOptions.find((option) => fold(option.code) === text || fold(option.label) === text)
  if (!found)
    throw new LineError(`Le statut « ${value.trim()} » est inconnu (Actif, Prospect ou Désactivé).`, 'status')
  return found.code as PartnerStatus
}

interface ParsedLine {
  line: number
  partner: CleanPartner
  /** The existing partner this line updates. */
  partnerId?: number
  /** The partner's version the line was exported at (« Version »), when the file has one for it. */
  fileVersion?: number
}

/** A valid line without Id that repeats an earlier line or a saved partner; see PartnerImportDuplicate. */
interface Duplicate extends ParsedLine {
  matchedBy: PartnerImportDuplicate['matchedBy']
  ofLine?: number
  existing?: ExistingPartner
}

interface ExistingPartner {
  id: number
  name: string
  city: string
  email: string
  rating: Rating
  version: number
}

type Encoding = PartnerImportPreview['encoding']

interface Parsed {
  encoding: Encoding
  lineCount: number
  /** The lines to write, duplicates left out. */
  lines: ParsedLine[]
  duplicates: Duplicate[]
  errors: PartnerImportError[]
  /** Labels to create, as first written in the file, keyed by lower case. */
  newCategories: Map<string, string>
  /** Existing categories' ids, keyed by lower-case label. */
  known: Map<string, number>
  /** The current ratings of the partners the file updates. */
  ratings: Map<number, Rating>
  /** The versions of the partners the file may update (its Id lines and the saved partners it repeats). */
  versions: Map<number, number>
}

/**
 * The file's text. Bytes that are not valid UTF-8 are Windows-1252: Excel's « CSV » on a French Windows, whose
 * accents read as UTF-8 would become « � » without any error (and break the headers' names). A UTF-8 byte order
 * mark is dropped.
 */
function decode(bytes: Buffer): { text: string; encoding: Encoding } {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'UTF-8' }
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'Windows-1252' }
  }
}

/**
 * Line numbers of offsets of `text`, asked in increasing order: a CRLF, a lone LF or a lone CR ends a line.
 * csv-parse's own count is the record's last line, and counts a CRLF inside quotes twice.
 */
function lineCounter(text: string) {
  let line = 1
  let at = 0
  return (offset: number) => {
    for (; at < offset; at++) {
      const char = text.charCodeAt(at)
      if (char === 10 || (char === 13 && text.charCodeAt(at + 1) !== 10)) line++
    }
    return line
  }
}

/** The offset of the record that starts at or after `offset`, past empty lines. */
function recordStart(text: string, offset: number): number {
  let at = offset
  while (at < text.length && (text[at] === '\r' || text[at] === '\n')) at++
  return at
}

/** The offset of the quote that opened the quoted field left unclosed in the record starting at `start`. */
function unclosedQuote(text: string, start: number, delimiter: string): number {
  let opened = -1
  let fieldStart = true
  for (let at = start; at < text.length; at++) {
    const char = text[at]
    if (opened >= 0) {
      if (char !== '"') continue
      if (text[at + 1] === '"') at++
      else {
        opened = -1
        fieldStart = false
      }
    } else if (char === '"' && fieldStart) opened = at
    else fieldStart = char === delimiter
  }
  return opened
}

function readRecords(text: string): { records: string[][]; lineOf: number[] } {
  const firstLine = text.slice(0, text.search(/\r?\n|$/))
  // The export writes `;`; a file saved by an English-locale tool has `,`. The header line decides.
  const delimiter = firstLine.split(';').length >= firstLine.split(',').length ? ';' : ','
  const lineAt = lineCounter(text)
  try {
    const parsed = parse(text, {
      delimiter,
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
      // A cell the export led with ' so that a spreadsheet does not run it (=, +, -, @…) comes back as it was.
      cast: withoutFormulaQuote,
    }) as unknown as { record: string[]; info: { bytes: number } }[]
    // Each record starts where the previous one ended: its first line, where an operator looks for it.
    const lineOf = parsed.map((_entry, index) =>
      lineAt(recordStart(text, index === 0 ? 0 : parsed[index - 1]!.info.bytes)),
    )
    return { records: parsed.map((entry) => entry.record), lineOf }
  } catch (error) {
    // `bytes`: where the last whole record ended, so where the one in fault starts.
    const { code, bytes: parsedUpTo } = error as { code?: string; bytes?: number }
    if (parsedUpTo === undefined) throw error
    const start = recordStart(text, parsedUpTo)
    if (code === 'CSV_QUOTE_NOT_CLOSED') {
      // csv-parse reports the end of the file; the operator needs the line where the quote was opened.
      const line = lineAt(Math.max(start, unclosedQuote(text, start, delimiter)))
      throw badRequest(
        `Le fichier n’est pas un CSV lisible (ligne ${line}) : un guillemet « " » ouvert sur cette ligne n’est jamais refermé.`,
        'file',
      )
    }
    throw badRequest(
      `Le fichier n’est pas un CSV lisible (ligne ${lineAt(start)}) : vérifiez les guillemets et le séparateur « ; ».`,
      'file',
    )
  }
}

/**
 * Reads and checks the file. With `staleAs` (the preview), an Id line whose « Version » is no longer its
 * partner's is an error written in that time zone; the import checks it under a lock instead (`lockUpdated`).
 */
async function parseFile(
  db: Executor,
  bytes: Buffer,
  createCategories: boolean,
  staleAs?: { timeZone: string },
): Promise<Parsed> {
  const { text, encoding } = decode(bytes)
  const { records, lineOf } = readRecords(text)
  const header = records[0]
  if (!header) throw badRequest('Le fichier est vide.', 'file')
  if (records.length - 1 > IMPORT_MAX_LINES)
    throw badRequest(
      `Le fichier compte plus de ${IMPORT_MAX_LINES.toLocaleString('fr-FR')} lignes : découpez-le en plusieurs fichiers.`,
      'file',
    )
  const columnOf = new Map<Key, number>()
  header.forEach((cell, index) => {
    const key = headerKeys[fold(cell) as keyof typeof headerKeys]
    if (key && !columnOf.has(key)) columnOf.set(key, index)
  })
  /** The column as the file names it (the error report's « Colonne »), or as the export does. */
  const columnName = (key: Key) => {
    const column = columnOf.get(key)
    return column === undefined ? exportHeaders[key] : header[column]!.trim()
  }
  const missing = required.filter((key) => !columnOf.has(key)).map((key) => `« ${exportHeaders[key]} »`)
  if (missing.length > 0)
    throw badRequest(
      `Colonne${missing.length > 1 ? 's' : ''} manquante${missing.length > 1 ? 's' : ''} : ${missing.join(', ')}. La première ligne doit nommer les colonnes, comme dans l’export.`,
      'file',
    )

  const known = new Map(
    (await db.selectFrom('categories').select(['id', 'label']).execute()).map((c) => [
      c.label.toLowerCase(),
      c.id,
    ]),
  )
  const newCategories = new Map<string, string>()
  const lines: ParsedLine[] = []
  const errors: PartnerImportError[] = []

  for (let index = 1; index < records.length; index++) {
    const record = records[index]!
    const line = lineOf[index]!
    const cell = (key: Key) => {
      const column = columnOf.get(key)
      const value = column === undefined ? '' : (record[column] ?? '')
      // A line break inside a one-line field (a cell typed with Alt+Entrée) separates words: a space, where the
      // partner's checks would drop it and join them. The description keeps its lines.
      return key === 'description' ? value : value.replace(/\s*[\r\n]+\s*/g, ' ')
    }
    try {
      const idText = cell('id').trim()
      if (idText !== '' && !/^\d{1,9}$/.test(idText))
        throw new LineError(
          `L’identifiant « ${idText} » n’est pas un nombre entier (colonne Id ; vide pour un nouveau partenaire).`,
          'id',
        )
      const versionText = idText === '' ? '' : cell('version').trim()
      if (versionText !== '' && !/^\d{1,9}$/.test(versionText))
        throw new LineError(
          `La version « ${versionText} » n’est pas un nombre entier (colonne Version de l’export ; vide pour ne pas la vérifier).`,
          'version',
        )
      const postalCode = cell('postalCode').trim()
      if (postalCode !== '' && !/^\d{5}$/.test(postalCode))
        throw new LineError('Le code postal doit comporter 5 chiffres.', 'postalCode')
      const labels = cell('categories')
        .split('|')
        .map((label) => label.trim())
        .filter(Boolean)
      const body: PartnerBody = {
        name: cell('name'),
        description: cell('description'),
        siren: cell('siren'),
        location: {
          // The partner has no postal-code field: a given one goes into the address, as a French address reads.
          address: postalCode
            ? `${cell('address').trim()}, ${postalCode} ${cell('city').trim()}`
            : cell('address'),
          city: cell('city'),
          position: {
            lat: number(cell('lat'), 'latitude', 'lat'),
            lng: number(cell('lng'), 'longitude', 'lng'),
          },
        },
        email: cell('email'),
        phone: cell('phone'),
        representativeFirstName: cell('firstName'),
        representativeLastName: cell('lastName'),
        categories: labels.map((label) => ({ label })),
        status: status(cell('status')),
      }
      const partner = cleanPartnerBody(body)
      for (const { label } of partner.categories) {
        const lower = label.toLowerCase()
        if (known.has(lower) || newCategories.has(lower)) continue
        if (!createCategories)
          throw new LineError(
            `La catégorie « ${label} » n’existe pas (cochez « Créer les catégories manquantes » pour la créer).`,
            'categories',
          )
        newCategories.set(lower, label)
      }
      lines.push(
        idText === ''
          ? { line, partner }
          : {
              line,
              partner,
              partnerId: Number(idText),
              ...(versionText === '' ? {} : { fileVersion: Number(versionText) }),
            },
      )
    } catch (error) {
      if (error instanceof LineError) errors.push(lineError(line, error.message, columnName(error.key)))
      else if (error instanceof HttpError) {
        const key = keyOfField(error.field)
        errors.push(lineError(line, error.message, key && columnName(key)))
      } else throw error
    }
  }
  const updating = await checkUpdatedPartners(db, lines, columnName('id'))
  if (staleAs)
    for (const { line, partnerId, fileVersion } of lines) {
      const saved = partnerId === undefined ? undefined : updating.saved.get(partnerId)
      if (!saved || fileVersion === undefined || fileVersion === saved.version || updating.errors.has(line))
        continue
      updating.errors.set(
        line,
        lineError(
          line,
          `Le partenaire ${partnerId} a été modifié ${byWhom(saved, staleAs.timeZone)}, après l’export dont vient cette ligne (version ${fileVersion} dans le fichier, ${saved.version} aujourd’hui) : exportez-le à nouveau, ou videz sa cellule Version pour remplacer cette modification.`,
          columnName('version'),
        ),
      )
    }
  const valid = lines.filter((line) => !updating.errors.has(line.line))
  const duplicates = await findDuplicates(db, valid)
  const duplicateLines = new Set(duplicates.map((duplicate) => duplicate.line))
  const versions = new Map<number, number>()
  for (const { partnerId } of valid)
    if (partnerId !== undefined) versions.set(partnerId, updating.saved.get(partnerId)!.version)
  for (const { existing } of duplicates) if (existing) versions.set(existing.id, existing.version)
  return {
    encoding,
    lineCount: records.length - 1,
    lines: valid.filter((line) => !duplicateLines.has(line.line)),
    duplicates,
    errors: [...errors, ...updating.errors.values()].sort((a, b) => a.line - b.line),
    newCategories,
    known,
    ratings: new Map([...updating.saved].map(([id, saved]) => [id, saved.rating])),
    versions,
  }
}

/** Name and city as compared for duplicates: the search's form of the name, the city without punctuation. */
const nameKey = (partner: { name: string }) => normalizeForSearch(partner.name)
const nameCityKey = (partner: { name: string; city: string }) =>
  `${nameKey(partner)}\u0000${normalizeForSearch(partner.city)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()}`
const emailKey = (partner: { email: string }) => partner.email.toLowerCase()

/**
 * The lines without Id that repeat a partner (same name and city, or same e-mail): an earlier line, a line
 * that names a partner by Id, or a saved partner. A saved partner is taken by the first line that repeats it;
 * a later one repeats that line. Lines with an Id update the partner they name and are never duplicates.
 */
async function findDuplicates(db: Executor, lines: ParsedLine[]): Promise<Duplicate[]> {
  const creations = lines.filter((line) => line.partnerId === undefined)
  const existing = await savedMatches(db, creations)
  const byNameCity = new Map<string, number>()
  const byEmail = new Map<string, number>()
  const seen = (line: ParsedLine) => {
    if (!byNameCity.has(nameCityKey(line.partner))) byNameCity.set(nameCityKey(line.partner), line.line)
    if (!byEmail.has(emailKey(line.partner))) byEmail.set(emailKey(line.partner), line.line)
  }
  /** The line that took a saved partner: its Id line first, else the first duplicate of it. */
  const takenBy = new Map<number, number>()
  for (const line of lines)
    if (line.partnerId !== undefined) {
      seen(line)
      takenBy.set(line.partnerId, line.line)
    }
  const duplicates: Duplicate[] = []
  for (const line of creations) {
    const sameNameCity = byNameCity.get(nameCityKey(line.partner))
    const sameEmail = byEmail.get(emailKey(line.partner))
    if (sameNameCity !== undefined || sameEmail !== undefined) {
      duplicates.push({
        ...line,
        matchedBy: sameNameCity !== undefined ? 'nameCity' : 'email',
        ofLine: sameNameCity ?? sameEmail,
      })
      continue
    }
    const saved =
      existing.byNameCity.get(nameCityKey(line.partner)) ?? existing.byEmail.get(emailKey(line.partner))
    seen(line)
    if (!saved) continue
    const matchedBy = existing.byNameCity.get(nameCityKey(line.partner)) ? 'nameCity' : 'email'
    const taker = takenBy.get(saved.id)
    if (taker !== undefined) duplicates.push({ ...line, matchedBy, ofLine: taker })
    else {
      takenBy.set(saved.id, line.line)
      duplicates.push({ ...line, matchedBy, existing: saved })
    }
  }
  return duplicates
}

/** The saved partners that `lines` repeat, by name and city and by e-mail (lowest id first when several). */
async function savedMatches(db: Executor, lines: ParsedLine[]) {
  const byNameCity = new Map<string, ExistingPartner>()
  const byEmail = new Map<string, ExistingPartner>()
  for (let start = 0; start < lines.length; start += LOOKUP_BATCH) {
    const batch = lines.slice(start, start + LOOKUP_BATCH)
    const rows = await db
      .selectFrom('partners')
      .select(['id', 'name', 'city', 'email', 'rating', 'user_ratings_total', 'version'])
      .where((eb) =>
        eb.or([
          // search_name holds nameKey's form, and has an index.
          eb('search_name', 'in', [...new Set(batch.map((line) => nameKey(line.partner)))]),
          eb(sql<string>`lower(email)`, 'in', [...new Set(batch.map((line) => emailKey(line.partner)))]),
        ]),
      )
      .orderBy('id')
      .execute()
    for (const row of rows) {
      const partner: ExistingPartner = {
        id: row.id,
        name: row.name,
        city: row.city,
        email: row.email,
        rating: { rating: row.rating, userRatingsTotal: row.user_ratings_total },
        version: row.version,
      }
      if (!byNameCity.has(nameCityKey(row))) byNameCity.set(nameCityKey(row), partner)
      if (!byEmail.has(emailKey(row))) byEmail.set(emailKey(row), partner)
    }
  }
  return { byNameCity, byEmail }
}

type Rating = Pick<CleanPartner, 'rating' | 'userRatingsTotal'>

/** A partner a line names by id, as saved: what the file does not carry and an update keeps, and its version. */
interface SavedPartner {
  rating: Rating
  version: number
  updated_at: Date | string | null
  updated_by: string | null
}

/**
 * The lines that name a partner by id: each id must exist and appear once in the file. Also reads those
 * partners' ratings, which the file does not carry and an update keeps, and their versions.
 */
async function checkUpdatedPartners(db: Executor, lines: ParsedLine[], idColumn: string) {
  const errors = new Map<number, PartnerImportError>()
  const saved = new Map<number, SavedPartner>()
  const firstLineOf = new Map<number, number>()
  for (const { line, partnerId } of lines) {
    if (partnerId === undefined) continue
    const first = firstLineOf.get(partnerId)
    if (first === undefined) firstLineOf.set(partnerId, line)
    else errors.set(line, lineError(line, `Le partenaire ${partnerId} figure déjà ligne ${first}.`, idColumn))
  }
  const ids = [...firstLineOf.keys()]
  for (let start = 0; start < ids.length; start += INSERT_BATCH) {
    const found = await db
      .selectFrom('partners')
      .select(['id', 'rating', 'user_ratings_total', 'version', 'updated_at', 'updated_by'])
      .where('id', 'in', ids.slice(start, start + INSERT_BATCH))
      .execute()
    for (const row of found)
      saved.set(row.id, {
        rating: { rating: row.rating, userRatingsTotal: row.user_ratings_total },
        version: row.version,
        updated_at: row.updated_at,
        updated_by: row.updated_by,
      })
  }
  for (const { line, partnerId } of lines)
    if (partnerId !== undefined && !saved.has(partnerId) && !errors.has(line))
      errors.set(
        line,
        lineError(
          line,
          `Aucun partenaire n’a l’identifiant ${partnerId} : videz la colonne Id pour le créer.`,
          idColumn,
        ),
      )
  return { errors, saved }
}

const previewRow = ({ line, partner, partnerId }: ParsedLine): PartnerImportRow => ({
  line,
  ...(partnerId === undefined ? {} : { partnerId }),
  name: partner.name,
  city: partner.city,
  email: partner.email,
  categories: partner.categories.map((c) => c.label),
})

const previewDuplicate = ({
  line,
  partner,
  matchedBy,
  ofLine,
  existing,
}: Duplicate): PartnerImportDuplicate => ({
  line,
  name: partner.name,
  city: partner.city,
  email: partner.email,
  matchedBy,
  ...(ofLine === undefined ? {} : { ofLine }),
  ...(existing === undefined
    ? {}
    : { existing: { id: existing.id, name: existing.name, city: existing.city, email: existing.email } }),
})

/** « 12:3,40:1 »: partner 12 at version 3, partner 40 at version 1 (the preview's `versions`). */
const versionsText = (versions: Map<number, number>) =>
  [...versions]
    .sort(([a], [b]) => a - b)
    .map(([id, version]) => `${id}:${version}`)
    .join(',')

/** The import's `versions` field (what its preview answered), or a French 400. */
export function readVersions(text: string): Map<number, number> {
  const versions = new Map<number, number>()
  if (text === '') return versions
  if (!/^\d{1,10}:\d{1,10}(,\d{1,10}:\d{1,10})*$/.test(text))
    throw badRequest(
      'Le champ « versions » doit reprendre celui de l’aperçu : « Id:version », séparés par des virgules.',
      'versions',
    )
  for (const pair of text.split(',')) {
    const [id, version] = pair.split(':').map(Number) as [number, number]
    versions.set(id, version)
  }
  return versions
}

/** Reads and checks the file; writes nothing. Dates in its messages are in `timeZone`. */
export async function previewPartnerImport(
  db: Db,
  bytes: Buffer,
  createCategories: boolean,
  timeZone: string,
): Promise<PartnerImportPreview> {
  const parsed = await parseFile(db, bytes, createCategories, { timeZone })
  return {
    lineCount: parsed.lineCount,
    validCount: parsed.lines.length,
    updateCount: parsed.lines.filter((line) => line.partnerId !== undefined).length,
    errorCount: parsed.errors.length,
    duplicateCount: parsed.duplicates.length,
    savedDuplicateCount: parsed.duplicates.filter((duplicate) => duplicate.existing).length,
    encoding: parsed.encoding,
    rows: parsed.lines.slice(0, PREVIEW_ROWS).map(previewRow),
    errors: parsed.errors.slice(0, PREVIEW_ERRORS),
    duplicates: parsed.duplicates.slice(0, PREVIEW_DUPLICATES).map(previewDuplicate),
    newCategories: [...parsed.newCategories.values()],
    versions: versionsText(parsed.versions),
  }
}

/** The duplicates of saved partners the operator has the import update: `duplicates`, except `exceptLines`. */
function updatingDuplicates(parsed: Parsed, query: PartnerImportQuery): ParsedLine[] {
  const except = new Set((query.exceptLines ?? '').split(',').filter(Boolean).map(Number))
  const updateByDefault = query.duplicates === 'update'
  return parsed.duplicates.flatMap(({ line, partner, existing }) =>
    existing && updateByDefault !== except.has(line) ? [{ line, partner, partnerId: existing.id }] : [],
  )
}

type Snapshot = ReturnType<typeof partnerSnapshot>
type CategoryRow = { id: number; label: string; icon: string }

/**
 * Partners as a partner's own edit records them in the journal (partnerSnapshot), read by batches: their
 * columns and their categories (in category_ids' order, as the partner reads them); the snapshot leaves out
 * photos and coupons, so they are not read.
 */
async function snapshots(
  trx: Executor,
  ids: number[],
  categories: Map<number, CategoryRow>,
): Promise<Map<number, Snapshot>> {
  const found = new Map<number, Snapshot>()
  for (let start = 0; start < ids.length; start += INSERT_BATCH) {
    const rows = await trx
      .selectFrom('partners as p')
      .select(rowColumns)
      .where('p.id', 'in', ids.slice(start, start + INSERT_BATCH))
      .execute()
    for (const row of rows)
      found.set(
        row.id,
        partnerSnapshot(
          toPartner({
            ...row,
            categories: row.category_ids.map((id) => categories.get(id)!),
            images: [],
            offers: [],
          }),
        ),
      )
  }
  return found
}

/** A partner the import would update that has changed since the preview or the export the file comes from. */
interface Conflict {
  line: number
  partnerId: number
  name: string
  version: number
  updated_at: Date | string | null
  updated_by: string | null
  /** Changed since the preview; not in the preview at all; changed since the line's « Version ». */
  since: 'preview' | 'unseen' | 'export'
  fileVersion?: number
}

function describeConflict(conflict: Conflict, timeZone: string): string {
  const partner = `« ${conflict.name} » (ligne ${conflict.line})`
  if (conflict.since === 'unseen') return `${partner} ne figurait pas dans l’aperçu`
  const changed = `${partner} a été modifié ${byWhom(conflict, timeZone)}`
  return conflict.since === 'preview'
    ? `${changed} depuis l’aperçu`
    : `${changed}, après l’export dont vient le fichier (version ${conflict.fileVersion} dans le fichier, ${conflict.version} aujourd’hui)`
}

/**
 * The whole import refused (412), as a stale PUT is: the partners in cause (three named, then a count), who
 * changed them and when, and what to do; the body's etag, modifiedBy and modifiedAt are the first one's, and
 * `conflicts` lists them all.
 */
function staleImport(conflicts: Conflict[], timeZone: string): HttpError {
  const named = conflicts.slice(0, 3).map((conflict) => describeConflict(conflict, timeZone))
  const more = conflicts.length - named.length
  if (more > 0) named.push(`et ${more} autre${more > 1 ? 's' : ''}`)
  const advice = [
    conflicts.some((conflict) => conflict.since !== 'export')
      ? 'Refaites l’aperçu pour voir le fichier face aux versions actuelles.'
      : '',
    conflicts.some((conflict) => conflict.since === 'export')
      ? 'Exportez à nouveau ces partenaires, ou videz leur cellule Version pour remplacer ces modifications.'
      : '',
  ].filter(Boolean)
  const error = new HttpError(
    412,
    `Aucun partenaire importé, pour ne pas écraser une modification plus récente : ${named.join(' ; ')}. ${advice.join(' ')}`,
  )
  const described = conflicts.map((conflict) => ({
    line: conflict.line,
    partnerId: conflict.partnerId,
    name: conflict.name,
    etag: etagOf('partner', conflict.partnerId, conflict.version),
    modifiedBy: conflict.updated_by,
    modifiedAt: conflict.updated_at === null ? null : new Date(conflict.updated_at).toISOString(),
  }))
  const { etag, modifiedBy, modifiedAt } = described[0]!
  error.extra = { etag, modifiedBy, modifiedAt, conflicts: described }
  return error
}

/**
 * Locks the partners `updates` write, in id order (two imports meet them in the same order), for the rest of
 * the transaction, and checks each one's version as versions.ts's lockVersion does for a PUT: against what the
 * preview read (`versions`, when the call sends them back) and the line's « Version ». A partner changed since
 * refuses the whole import, which is one transaction: all or nothing, never the other lines alone.
 */
async function lockUpdated(
  trx: Executor,
  updates: ParsedLine[],
  versions: Map<number, number> | undefined,
  timeZone: string,
): Promise<void> {
  const ids = [...new Set(updates.map((line) => line.partnerId!))].sort((a, b) => a - b)
  const locked = new Map<number, Omit<Conflict, 'line' | 'partnerId' | 'since' | 'fileVersion'>>()
  for (let start = 0; start < ids.length; start += INSERT_BATCH) {
    const rows = await trx
      .selectFrom('partners')
      .select(['id', 'name', 'version', 'updated_at', 'updated_by'])
      .where('id', 'in', ids.slice(start, start + INSERT_BATCH))
      .orderBy('id')
      .forUpdate()
      .execute()
    for (const row of rows) locked.set(row.id, row)
  }
  const conflicts: Conflict[] = []
  for (const { line, partnerId, fileVersion } of [...updates].sort((a, b) => a.line - b.line)) {
    const row = locked.get(partnerId!)
    if (!row)
      throw badRequest(
        `Aucun partenaire importé : le partenaire ${partnerId} (ligne ${line}) a été supprimé entre-temps. Refaites l’aperçu.`,
        'file',
      )
    const seen = versions?.get(partnerId!)
    const since =
      versions && seen === undefined
        ? 'unseen'
        : seen !== undefined && seen !== row.version
          ? 'preview'
          : fileVersion !== undefined && fileVersion !== row.version
            ? 'export'
            : null
    if (since) conflicts.push({ ...row, line, partnerId: partnerId!, since, fileVersion })
  }
  if (conflicts.length > 0) throw staleImport(conflicts, timeZone)
}

/** What the import checks its updates against: the versions its preview answered, if sent back. */
export interface ImportCheck {
  versions?: Map<number, number>
  /** The zone of the dates in a refusal's message. */
  timeZone: string
}

/**
 * Checks the file again (it may have changed since the preview, and so may the categories) and writes every
 * partner in one transaction, in batches of multi-row inserts; any error line and nothing is written. A
 * duplicate of a line is never written; a duplicate of a saved partner updates it or is ignored, as `query` says.
 * A partner updated since the preview (`check.versions`) or since its line's « Version » refuses it all (412).
 * `actor` is the author of every partner written (updated_by).
 */
export async function importPartners(
  db: Db,
  actor: Actor,
  bytes: Buffer,
  query: PartnerImportQuery,
  check: ImportCheck,
): Promise<PartnerImportResult> {
  return db.transaction().execute(async (trx) => {
    const parsed = await parseFile(trx, bytes, query.createCategories === true)
    if (parsed.errors.length > 0) {
      const count = parsed.errors.length
      throw badRequest(
        `Aucun partenaire importé : le fichier contient ${count} erreur${count > 1 ? 's' : ''} (${parsed.errors[0]!.message}).`,
        'file',
      )
    }
    const duplicateUpdates = updatingDuplicates(parsed, query)
    const ignored = parsed.duplicates.length - duplicateUpdates.length
    if (parsed.lines.length + duplicateUpdates.length === 0)
      throw badRequest(
        ignored > 0
          ? 'Aucun partenaire importé : toutes les lignes du fichier sont des doublons ignorés.'
          : 'Le fichier ne contient aucun partenaire.',
        'file',
      )
    const creates = parsed.lines.filter((line) => line.partnerId === undefined)
    const updates = [...parsed.lines.filter((line) => line.partnerId !== undefined), ...duplicateUpdates]
    await lockUpdated(trx, updates, check.versions, check.timeZone)
    for (const duplicate of parsed.duplicates)
      if (duplicate.existing) parsed.ratings.set(duplicate.existing.id, duplicate.existing.rating)

    const categoryIds = new Map(parsed.known)
    const toCreate = [...parsed.newCategories.values()]
    if (toCreate.length > 0) {
      const created = await trx
        .insertInto('categories')
        .values(toCreate.map((label) => ({ label, icon: 'star' })))
        .returning(['id', 'label'])
        .execute()
      for (const c of created) categoryIds.set(c.label.toLowerCase(), c.id)
    }

    const categoryRows = new Map(
      (await trx.selectFrom('categories').select(['id', 'label', 'icon']).execute()).map((c) => [c.id, c]),
    )
    const before = await snapshots(
      trx,
      updates.map((line) => line.partnerId!),
      categoryRows,
    )
    for (const { partner, partnerId } of updates)
      await savePartner(trx, { ...partner, ...parsed.ratings.get(partnerId!) }, partnerId, actor)
    const createdIds: number[] = []
    const { updated_by: author } = versionBump(actor)
    for (let start = 0; start < creates.length; start += INSERT_BATCH) {
      const batch = creates.slice(start, start + INSERT_BATCH)
      // Ids taken from the sequence first, so each partner's categories are linked without relying on the
      // order of RETURNING.
      const ids = await sql<{ id: number }>`
        select nextval(pg_get_serial_sequence('partners', 'id'))::int as id
        from generate_series(1, ${batch.length}::int)`.execute(trx)
      createdIds.push(...ids.rows.map((row) => row.id))
      // Each partner's category ids, deduplicated in file order: written with the partner, so the trigger
      // that keeps partners.category_ids (migration 0004) finds them equal and does not rewrite 10,000 rows.
      const linkedIds = batch.map(({ partner }) => [
        ...new Set(partner.categories.map(({ label }) => categoryIds.get(label.toLowerCase())!)),
      ])
      const values = batch.map(({ partner: p }, i) => ({
        id: ids.rows[i]!.id,
        name: p.name,
        search_name: normalizeForSearch(p.name),
        description: p.description,
        siren: p.siren,
        address: p.address,
        city: p.city,
        lat: p.lat,
        lng: p.lng,
        email: p.email,
        phone: p.phone,
        representative_first_name: p.representativeFirstName,
        representative_last_name: p.representativeLastName,
        status: p.status,
        rating: p.rating,
        user_ratings_total: p.userRatingsTotal,
        category_ids: linkedIds[i]!,
        updated_by: author,
      }))
      await trx.insertInto('partners').values(values).execute()
      const links = batch.flatMap((_line, i) =>
        linkedIds[i]!.map((categoryId, position) => ({
          partner_id: ids.rows[i]!.id,
          category_id: categoryId,
          position,
        })),
      )
      if (links.length > 0) await trx.insertInto('partner_categories').values(links).execute()
    }

    // The journal, in the import's transaction: each partner with its values before and after, as its own
    // edit would record it, then one entry for the file.
    const written = [
      ...updates.map(({ line, partnerId }) => ({ line, id: partnerId! })),
      ...creates.map(({ line }, i) => ({ line, id: createdIds[i]! })),
    ].sort((a, b) => a.line - b.line)
    const after = await snapshots(
      trx,
      written.map(({ id }) => id),
      categoryRows,
    )
    await auditedMany(
      trx,
      actor,
      written.map(({ line, id }) => ({
        action: 'partner.import' as const,
        targetId: id,
        targetLabel: after.get(id)!.name,
        motif: `Ligne ${line} du fichier importé`,
        before: before.get(id),
        after: after.get(id),
      })),
    )
    const count = written.length
    await audited(trx, actor, {
      action: 'partner.import',
      targetId: null,
      targetLabel: `${count} partenaire${count > 1 ? 's' : ''}`,
      after: {
        created: creates.length,
        updated: updates.map((line) => line.partnerId!),
        ignored,
        categoriesCreated: toCreate,
      },
    })
    return { created: creates.length, updated: updates.length, ignored, categoriesCreated: toCreate }
  })
}
