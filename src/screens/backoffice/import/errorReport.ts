import type { PartnerImportError } from '@/contract/backoffice.ts'

/**
 * One cell as French spreadsheets read it: quoted when it holds `;`, a quote or a line break; a leading `=`,
 * `+`, `-`, `@`, tab or CR (a formula for Excel, CWE-1236) is written after a quote mark, as the exports do.
 */
function cell(value: string): string {
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/**
 * The preview's errors as the CSV the operator downloads to fix the file: Ligne, Colonne, Message, in the
 * exports' format (UTF-8 with BOM, `;`, CRLF). The message loses its « Ligne 12 : » prefix, which the first
 * column already gives.
 */
export function errorReportCsv(errors: readonly PartnerImportError[]): string {
  const rows = errors.map(({ line, column, message }) => {
    const text = message.replace(/^Ligne \d+ : /, '')
    return [String(line), column ?? '', text.charAt(0).toUpperCase() + text.slice(1)].map(cell).join(';')
  })
  return `\uFEFF${['Ligne;Colonne;Message', ...rows].join('\r\n')}\r\n`
}

export const errorReportBlob = (errors: readonly PartnerImportError[]) =>
  new Blob([errorReportCsv(errors)], { type: 'text/csv;charset=utf-8' })
