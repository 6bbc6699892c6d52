/**
 * Partners imported from a CSV file, in two steps: a dry run that reads and checks every line (the same checks
 * as the partner form, `cleanPartnerBody`) and answers a preview, then a commit that writes every partner in
 * one transaction or none. The file is the export's format (exports.ts): `;` or `,`, with or without BOM.
 * A line whose « Id » names an existing partner updates it (so an export edited in a spreadsheet goes back in
 * without duplicating anyone); a line without one creates a partner.
 */
import { parse } from 'csv-parse/sync'
import { sql } from 'kysely'
import type {
  PartnerImportError,
  PartnerImportPreview,
  PartnerImportResult,
  PartnerImportRow,
} from '@/contract/backoffice.ts'
import type { PartnerBody, PartnerStatus } from '@/contract/schemas.ts'
import type { Db } from '../db/index.ts'
import { badRequest, HttpError } from '../errors.ts'
import { normalizeForSearch } from '../validation.ts'
import { audited, type Actor } from './audit.ts'
import { withoutFormulaQuote } from './frenchCsv.ts'
import { cleanPartnerBody, type CleanPartner } from './partnerInput.ts'
import type { Executor } from './partnerRows.ts'
import { savePartner } from './partnerStore.ts'
import { statusOptions } from './partners.ts'

export const IMPORT_MAX_LINES = 20_000
const PREVIEW_ROWS = 100
const PREVIEW_ERRORS = 500
const INSERT_BATCH = 500

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
} as const
type Key = (typeof headerKeys)[keyof typeof headerKeys]
const required: { key: Key; header: string }[] = [
  { key: 'name', header: 'Dénomination' },
  { key: 'description', header: 'Description' },
  { key: 'address', header: 'Adresse' },
  { key: 'city', header: 'Ville' },
  { key: 'lat', header: 'Latitude' },
  { key: 'lng', header: 'Longitude' },
  { key: 'email', header: 'Email' },
  { key: 'phone', header: 'Téléphone' },
  { key: 'categories', header: 'Catégories' },
]

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '')

/** A line's error message: « Ligne 12 : le code postal doit comporter 5 chiffres. » */
const lineError = (line: number, message: string): PartnerImportError => ({
  line,
  message: `Ligne ${line} : ${message.charAt(0).toLowerCase()}${message.slice(1)}`,
})

class LineError extends Error {}

function number(value: string, label: string): number {
  const text = value.trim().replace(/\s/g, '').replace(',', '.')
  if (!/^-?\d+(\.\d+)?$/.test(text)) throw new LineError(`La ${label} doit être un nombre (ex. 43,2965).`)
  return Number(text)
}

function status(value: string): PartnerStatus {
  const text = fold(value)
  if (text === '') return 'PROSPECT'
  const found = statusOptions.find((option) => fold(option.code) === text || fold(option.label) === text)
  if (!found) throw new LineError(`Le statut « ${value.trim()} » est inconnu (Actif, Prospect ou Désactivé).`)
  return found.code as PartnerStatus
}

interface ParsedLine {
  line: number
  partner: CleanPartner
  /** The existing partner this line updates. */
  partnerId?: number
}

interface Parsed {
  lineCount: number
  lines: ParsedLine[]
  errors: PartnerImportError[]
  /** Labels to create, as first written in the file, keyed by lower case. */
  newCategories: Map<string, string>
  /** Existing categories' ids, keyed by lower-case label. */
  known: Map<string, number>
  /** The current ratings of the partners the file updates. */
  ratings: Map<number, Rating>
}

function readRecords(bytes: Buffer): { records: string[][]; lineOf: number[] } {
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '')
  const firstLine = text.slice(0, text.search(/\r?\n|$/))
  // The export writes `;`; a file saved by an English-locale tool has `,`. The header line decides.
  const delimiter = firstLine.split(';').length >= firstLine.split(',').length ? ';' : ','
  try {
    const parsed = parse(text, {
      delimiter,
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
      // A cell the export led with ' so that a spreadsheet does not run it (=, +, -, @…) comes back as it was.
      cast: withoutFormulaQuote,
    }) as unknown as { record: string[]; info: { lines: number } }[]
    return { records: parsed.map((entry) => entry.record), lineOf: parsed.map((entry) => entry.info.lines) }
  } catch (error) {
    const line = (error as { lines?: number }).lines
    throw badRequest(
      `Le fichier n’est pas un CSV lisible${line ? ` (ligne ${line})` : ''} : vérifiez les guillemets et le séparateur « ; ».`,
      'file',
    )
  }
}

async function parseFile(db: Executor, bytes: Buffer, createCategories: boolean): Promise<Parsed> {
  const { records, lineOf } = readRecords(bytes)
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
  const missing = required.filter(({ key }) => !columnOf.has(key)).map(({ header: name }) => `« ${name} »`)
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
      return column === undefined ? '' : (record[column] ?? '')
    }
    try {
      const idText = cell('id').trim()
      if (idText !== '' && !/^\d{1,9}$/.test(idText))
        throw new LineError(
          `L’identifiant « ${idText} » n’est pas un nombre entier (colonne Id ; vide pour un nouveau partenaire).`,
        )
      const postalCode = cell('postalCode').trim()
      if (postalCode !== '' && !/^\d{5}$/.test(postalCode))
        throw new LineError('Le code postal doit comporter 5 chiffres.')
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
          position: { lat: number(cell('lat'), 'latitude'), lng: number(cell('lng'), 'longitude') },
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
          )
        newCategories.set(lower, label)
      }
      lines.push(idText === '' ? { line, partner } : { line, partner, partnerId: Number(idText) })
    } catch (error) {
      if (error instanceof LineError || error instanceof HttpError)
        errors.push(lineError(line, error.message))
      else throw error
    }
  }
  const updating = await checkUpdatedPartners(db, lines)
  return {
    lineCount: records.length - 1,
    lines: lines.filter((line) => !updating.errors.has(line.line)),
    errors: [...errors, ...updating.errors.values()].sort((a, b) => a.line - b.line),
    newCategories,
    known,
    ratings: updating.ratings,
  }
}

type Rating = Pick<CleanPartner, 'rating' | 'userRatingsTotal'>

/**
 * The lines that name a partner by id: each id must exist and appear once in the file. Also reads the ratings
 * of those partners, which the file does not carry and an update keeps.
 */
async function checkUpdatedPartners(db: Executor, lines: ParsedLine[]) {
  const errors = new Map<number, PartnerImportError>()
  const ratings = new Map<number, Rating>()
  const firstLineOf = new Map<number, number>()
  for (const { line, partnerId } of lines) {
    if (partnerId === undefined) continue
    const first = firstLineOf.get(partnerId)
    if (first === undefined) firstLineOf.set(partnerId, line)
    else errors.set(line, lineError(line, `Le partenaire ${partnerId} figure déjà ligne ${first}.`))
  }
  const ids = [...firstLineOf.keys()]
  for (let start = 0; start < ids.length; start += INSERT_BATCH) {
    const found = await db
      .selectFrom('partners')
      .select(['id', 'rating', 'user_ratings_total'])
      .where('id', 'in', ids.slice(start, start + INSERT_BATCH))
      .execute()
    for (const row of found)
      ratings.set(row.id, { rating: row.rating, userRatingsTotal: row.user_ratings_total })
  }
  for (const { line, partnerId } of lines)
    if (partnerId !== undefined && !ratings.has(partnerId) && !errors.has(line))
      errors.set(
        line,
        lineError(
          line,
          `Aucun partenaire n’a l’identifiant ${partnerId} : videz la colonne Id pour le créer.`,
        ),
      )
  return { errors, ratings }
}

const previewRow = ({ line, partner, partnerId }: ParsedLine): PartnerImportRow => ({
  line,
  ...(partnerId === undefined ? {} : { partnerId }),
  name: partner.name,
  city: partner.city,
  email: partner.email,
  categories: partner.categories.map((c) => c.label),
})

/** Reads and checks the file; writes nothing. */
export async function previewPartnerImport(
  db: Db,
  bytes: Buffer,
  createCategories: boolean,
): Promise<PartnerImportPreview> {
  const parsed = await parseFile(db, bytes, createCategories)
  return {
    lineCount: parsed.lineCount,
    validCount: parsed.lines.length,
    updateCount: parsed.lines.filter((line) => line.partnerId !== undefined).length,
    errorCount: parsed.errors.length,
    rows: parsed.lines.slice(0, PREVIEW_ROWS).map(previewRow),
    errors: parsed.errors.slice(0, PREVIEW_ERRORS),
    newCategories: [...parsed.newCategories.values()],
  }
}

/**
 * Checks the file again (it may have changed since the preview, and so may the categories) and writes every
 * partner in one transaction, in batches of multi-row inserts; any error line and nothing is written.
 */
export async function importPartners(
  db: Db,
  actor: Actor,
  bytes: Buffer,
  createCategories: boolean,
): Promise<PartnerImportResult> {
  return db.transaction().execute(async (trx) => {
    const parsed = await parseFile(trx, bytes, createCategories)
    if (parsed.errors.length > 0) {
      const count = parsed.errors.length
      throw badRequest(
        `Aucun partenaire importé : le fichier contient ${count} erreur${count > 1 ? 's' : ''} (${parsed.errors[0]!.message}).`,
        'file',
      )
    }
    if (parsed.lines.length === 0) throw badRequest('Le fichier ne contient aucun partenaire.', 'file')

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

    const creates = parsed.lines.filter((line) => line.partnerId === undefined)
    const updates = parsed.lines.filter((line) => line.partnerId !== undefined)
    for (const { partner, partnerId } of updates)
      await savePartner(trx, { ...partner, ...parsed.ratings.get(partnerId!) }, partnerId)
    for (let start = 0; start < creates.length; start += INSERT_BATCH) {
      const batch = creates.slice(start, start + INSERT_BATCH)
      // Ids taken from the sequence first, so each partner's categories are linked without relying on the
      // order of RETURNING.
      const ids = await sql<{ id: number }>`
        select nextval(pg_get_serial_sequence('partners', 'id'))::int as id
        from generate_series(1, ${batch.length}::int)`.execute(trx)
      // Each partner's category ids, deduplicated in file order: written with the partner, so the trigger
      // that keeps partners.category_ids (migration 0004) finds them equal and does not rewrite 10,000 rows.
      const linkedIds = batch.map(({ partner }) => [
        ...new Set(partner.categories.map(({ label }) => categoryIds.get(label.toLowerCase())!)),
      ])
      await trx
        .insertInto('partners')
        .values(
          batch.map(({ partner: p }, i) => ({
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
          })),
        )
        .execute()
      const links = batch.flatMap((_line, i) =>
        linkedIds[i]!.map((categoryId, position) => ({
          partner_id: ids.rows[i]!.id,
          category_id: categoryId,
          position,
        })),
      )
      if (links.length > 0) await trx.insertInto('partner_categories').values(links).execute()
    }
    // One journal entry for the whole file (the partners are its rows), in the import's transaction.
    await audited(trx, actor, {
      action: 'partner.import',
      targetId: null,
      targetLabel: `${parsed.lines.length} partenaire${parsed.lines.length > 1 ? 's' : ''}`,
      after: {
        created: creates.length,
        updated: updates.map((line) => line.partnerId!),
        categoriesCreated: toCreate,
      },
    })
    return { created: creates.length, updated: updates.length, categoriesCreated: toCreate }
  })
}
