/**
 * CSV the way French spreadsheets open it (Excel and LibreOffice with a French locale): UTF-8 with a byte order
 * mark (without it Excel reads the file as Windows-1252 and breaks accents), `;` between fields (`,` is the decimal
 * separator), CRLF line ends and dates as dd/MM/yyyy in the operators' time zone (APP_TIME_ZONE). Rows are pulled
 * from an async iterable as the client reads, so a large table is streamed in batches rather than built in memory.
 * csv-stringify does the quoting. Every back-office CSV is written here, so the formula neutralisation below
 * (CWE-1236) covers them all.
 */
import { Readable } from 'node:stream'
import { stringify } from 'csv-stringify'
import type { FastifyReply } from 'fastify'
import { zonedDate } from '@/contract/zonedDate.ts'

export type CsvCell = string | number | boolean | Date | null | undefined

export interface CsvColumn<Row> {
  header: string
  value: (row: Row) => CsvCell
  /** A date (dd/MM/yyyy) or a date and time (dd/MM/yyyy HH:mm), written in the export's time zone. */
  format?: 'date' | 'dateTime'
}

export interface CsvOptions {
  /** IANA zone of the dates and times (config.appTimeZone). */
  timeZone: string
}

const BOM = '\uFEFF'

/**
 * What a spreadsheet reads as the start of a formula: csv-stringify's `escape_formulas` list (=, +, -, @, tab,
 * carriage return and their full-width forms), which it neutralises with a leading `'`.
 */
const FORMULA_START = '=+\\-@\\t\\r\\uFF1D\\uFF0B\\uFF0D\\uFF20'
/** A text that already starts with quotes and then a formula character gets one more quote (see below). */
const QUOTED_FORMULA = new RegExp(`^'+[${FORMULA_START}]`)
/** The one quote the export put before a formula character (or before quotes leading to one). */
const ADDED_QUOTE = new RegExp(`^'(?='*[${FORMULA_START}])`)

/**
 * A cell read back from one of these exports (the partner import): without the one `'` the export added, so an
 * exported `'=Dupont` imports as `=Dupont` and a round trip gives back exactly what was exported.
 */
export function withoutFormulaQuote(cell: string): string {
  return cell.replace(ADDED_QUOTE, '')
}

/** dd/MM/yyyy of the calendar day in `timeZone`, or an empty cell. */
export const csvDate = (value: Date | string | null | undefined, timeZone: string): string =>
  zonedDate(value, timeZone)

/** dd/MM/yyyy HH:mm in `timeZone`, or an empty cell. */
export const csvDateTime = (value: Date | string | null | undefined, timeZone: string): string =>
  zonedDate(value, timeZone, true)

/** AAAA-MM-JJ of today in `timeZone`, for the downloaded files' names. */
export function isoDay(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(now)
}

function cellOf(value: CsvCell, format: CsvColumn<unknown>['format'], timeZone: string) {
  if (format) return zonedDate(value as Date | string | null, timeZone, format === 'dateTime')
  if (value === null || value === undefined) return ''
  if (value instanceof Date) return zonedDate(value, timeZone, true)
  // A text already led by quotes and a formula character keeps its own quotes behind the export's one: the
  // spreadsheet shows it as typed, and the import's one-quote strip gives it back.
  if (typeof value === 'string' && QUOTED_FORMULA.test(value)) return `'${value}`
  // Numbers stay numbers for csv-stringify, which writes them with a decimal comma (cast below) and does not
  // take a negative number (a longitude west of Greenwich) for a formula.
  return value
}

/** The CSV text of `rows`, as a stream that starts with the byte order mark and the header line. */
export function frenchCsv<Row>(
  columns: readonly CsvColumn<Row>[],
  rows: AsyncIterable<Row> | Iterable<Row>,
  { timeZone }: CsvOptions,
): Readable {
  const records = Readable.from(
    (async function* () {
      for await (const row of rows)
        yield columns.map((column) => cellOf(column.value(row), column.format, timeZone))
    })(),
  )
  const csv = stringify({
    delimiter: ';',
    record_delimiter: 'windows',
    bom: false,
    // CSV injection (CWE-1236): a cell starting with =, +, -, @, a tab or a carriage return would be run as a
    // formula by the spreadsheet (=HYPERLINK to leak the row, DDE to start a program); a leading ' makes it text.
    escape_formulas: true,
    cast: {
      number: (value) => String(value).replace('.', ','),
      boolean: (value) => (value ? 'oui' : 'non'),
    },
    // csv-stringify quotes a field holding the record delimiter (CRLF) but not a lone LF, on which Excel breaks the row.
    quoted_match: /[\r\n]/,
    header: true,
    columns: columns.map((column) => column.header),
  })
  const withBom = Readable.from(
    (async function* () {
      yield BOM
      for await (const chunk of records.pipe(csv)) yield chunk
    })(),
  )
  return withBom
}

/** Sends `stream` as a downloaded CSV file named `fileName` (ASCII, e.g. `partenaires-2026-11-25.csv`). */
export function sendCsv(reply: FastifyReply, fileName: string, stream: Readable): FastifyReply {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(stream)
}

/** Rows read page by page (`page(afterKey)` returns the next batch in key order), so no table is held in memory. */
export async function* inBatches<Row, Key>(
  page: (after: Key | undefined) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
): AsyncIterable<Row> {
  let after: Key | undefined
  for (;;) {
    const batch = await page(after)
    if (batch.length === 0) return
    yield* batch
    after = keyOf(batch[batch.length - 1]!)
  }
}
