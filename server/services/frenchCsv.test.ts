import { text } from 'node:stream/consumers'
import { describe, expect, it } from 'vitest'
import { csvDate, frenchCsv, inBatches } from './frenchCsv.ts'

describe('frenchCsv', () => {
  it('starts with the byte order mark, separates with ; and quotes what needs it', async () => {
    const rows = [
      { name: 'Café « Le Zinc »', city: 'Lyon; 3e', since: new Date(2026, 1, 3) },
      { name: 'Boulangerie "Paul"', city: null, since: null },
    ]
    const csv = await text(
      frenchCsv(
        [
          { header: 'Nom', value: (row: (typeof rows)[number]) => row.name },
          { header: 'Ville', value: (row) => row.city },
          { header: 'Depuis', value: (row) => csvDate(row.since) },
        ],
        rows,
      ),
    )
    expect(csv).toBe(
      '\uFEFFNom;Ville;Depuis\r\nCafé « Le Zinc »;"Lyon; 3e";03/02/2026\r\n"Boulangerie ""Paul""";;\r\n',
    )
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
