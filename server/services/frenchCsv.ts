/**
 * CSV the way French spreadsheets open it (Excel and LibreOffice with a French locale): UTF-8 with a byte order
 * mark (without it Excel reads the file as Windows-1252 and breaks accents), `;` between fields (`,` is the decimal
 * separator), CRLF line ends and dates as dd/MM/yyyy. Rows are pulled from an async iterable as the client reads,
 * so a large table is streamed in batches rather than built in memory. csv-stringify does the quoting.
 */
import { Readable } from 'node:stream'
import { stringify } from 'csv-stringify'
import { format } from 'date-fns/format'
import type { FastifyReply } from 'fastify'

export interface CsvColumn<Row> {
  header: string
  value: (row: Row) => string | number | boolean | null | undefined
}

const BOM = '\uFEFF'

/** dd/MM/yyyy, or an empty cell. */
export function csvDate(value: Date | string | null | undefined): string {
  return value ? format(new Date(value), 'dd/MM/yyyy') : ''
}

/** dd/MM/yyyy HH:mm (server time zone), or an empty cell. */
export function csvDateTime(value: Date | string | null | undefined): string {
  return value ? format(new Date(value), 'dd/MM/yyyy HH:mm') : ''
}

/** The CSV text of `rows`, as a stream that starts with the byte order mark and the header line. */
export function frenchCsv<Row>(
  columns: readonly CsvColumn<Row>[],
  rows: AsyncIterable<Row> | Iterable<Row>,
): Readable {
  const records = Readable.from(
    (async function* () {
      for await (const row of rows) {
        yield columns.map((column) => {
          const cell = column.value(row)
          if (cell === null || cell === undefined) return ''
          return typeof cell === 'boolean' ? (cell ? 'oui' : 'non') : String(cell)
        })
      }
    })(),
  )
  const csv = stringify({
    delimiter: ';',
    record_delimiter: 'windows',
    bom: false,
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
