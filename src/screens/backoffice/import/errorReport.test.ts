import { describe, expect, it } from 'vitest'
import { errorReportCsv } from './errorReport.ts'

describe('errorReportCsv', () => {
  it('writes Ligne, Colonne, Message in the exports’ format, quoting what a spreadsheet would split', () => {
    expect(
      errorReportCsv([
        { line: 3, column: 'Code postal', message: 'Ligne 3 : le code postal doit comporter 5 chiffres.' },
        {
          line: 12,
          column: 'Statut',
          message: 'Ligne 12 : le statut « Actif; "oui" » est inconnu (Actif, Prospect ou Désactivé).',
        },
        { line: 14, message: 'Ligne 14 : le partenaire 7 figure déjà ligne 2.' },
        {
          line: 15,
          column: '=HYPERLINK("x")',
          message: 'Ligne 15 : la latitude doit être un nombre (ex. 43,2965).',
        },
      ]),
    ).toBe(
      '\uFEFFLigne;Colonne;Message\r\n' +
        '3;Code postal;Le code postal doit comporter 5 chiffres.\r\n' +
        '12;Statut;"Le statut « Actif; ""oui"" » est inconnu (Actif, Prospect ou Désactivé)."\r\n' +
        '14;;Le partenaire 7 figure déjà ligne 2.\r\n' +
        `15;"'=HYPERLINK(""x"")";La latitude doit être un nombre (ex. 43,2965).\r\n`,
    )
  })
})
