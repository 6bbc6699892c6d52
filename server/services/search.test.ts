import {
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type CompiledQuery,
  type Driver,
} from 'kysely'
import { describe, expect, it } from 'vitest'
import type { PartnerSearchQuery } from '@/contract/schemas.ts'
import type { Database } from '../db/types.ts'
import { prefixSuccessor, searchPartners, trigramLookup } from './search.ts'

describe('trigramLookup', () => {
  it('asks the trigram index for the long words in order when short ones would only add common trigrams', () => {
    expect(trigramLookup('pizzeria du port')).toBe('%pizzeria%port%')
    expect(trigramLookup('le bistrot')).toBe('%bistrot%')
    expect(trigramLookup('cafe de la gare')).toBe('%cafe%gare%')
    expect(trigramLookup('chambres d’hotes a paris')).toBe('%chambres%d’hotes%paris%')
    // LIKE's wildcards in a kept word stay literal.
    expect(trigramLookup('100% bio de la ferme')).toBe('%100\\%%bio%ferme%')
  })

  it('keeps the whole name when nothing would be left out, nothing long is left, or a left-out word has a digit', () => {
    expect(trigramLookup('boulangerie')).toBeNull()
    expect(trigramLookup('chez leon')).toBeNull()
    expect(trigramLookup('de la')).toBeNull()
    expect(trigramLookup('a %%% b')).toBeNull()
    expect(trigramLookup('port 14')).toBeNull()
    expect(trigramLookup('bar du 14')).toBeNull()
  })
})

describe('prefixSuccessor', () => {
  const utf8Order = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b))

  it('bounds exactly the names starting with the prefix, in code-point order', () => {
    expect(prefixSuccessor('port')).toBe('poru')
    expect(prefixSuccessor('caf\u{10FFFF}')).toBe('cag')
    expect(prefixSuccessor('a\u{D7FF}')).toBe('a\u{E000}')
    expect(prefixSuccessor('\u{10FFFF}\u{10FFFF}')).toBeNull()
    for (const [prefix, name] of [
      ['pizz', 'pizzeria du port'],
      ['pizz', 'pizz\u{10FFFF}'],
      ['🍕', '🍕 pizzeria'],
      ['a\u{D7FF}', 'a\u{D7FF}\u{10FFFF}'],
    ]) {
      expect(utf8Order(name, prefix)).toBeGreaterThanOrEqual(0)
      expect(utf8Order(name, prefixSuccessor(prefix)!)).toBeLessThan(0)
    }
    for (const [prefix, name] of [
      ['pizz', 'pizy'],
      ['pizz', 'pj'],
      ['a\u{D7FF}', 'a\u{E000}'],
    ]) {
      expect(name.startsWith(prefix)).toBe(false)
      expect(utf8Order(name, prefix) < 0 || utf8Order(name, prefixSuccessor(prefix)!) >= 0).toBe(true)
    }
  })
})

/**
 * The statements the search sends, for every shape of query (each filter alone and combined, nearest first or by
 * name, deep pages), pinned as text with their parameters: a change to how the statements are built must not
 * change what PostgreSQL receives (its plans and the bench's figures rest on that text) unless meant to, and
 * then the file is written again (`npx vitest run --project unit server/services/search.test.ts -u`) and the
 * bench run before and after. Executed against a recording driver: no database, so the near-first search's
 * second statement (the names' scan, taken when the nearest partners hold too few matches) is recorded too.
 */
describe('searchPartners statements', () => {
  const recorded: CompiledQuery[] = []
  const recordingDriver: Driver = {
    init: async () => {},
    acquireConnection: async () => ({
      executeQuery: async <R>(query: CompiledQuery) => {
        recorded.push(query)
        // An empty page: complete at once, and too few matches near the user for a short name (then the scan).
        return { rows: [{ body: '[]', fetched: '0', last_chord: null, boundary: null }] as R[] }
      },
      // eslint-disable-next-line require-yield -- the search streams nothing
      streamQuery: async function* () {
        throw new Error('not streamed')
      },
    }),
    beginTransaction: async () => {},
    commitTransaction: async () => {},
    rollbackTransaction: async () => {},
    releaseConnection: async () => {},
    destroy: async () => {},
  }
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => recordingDriver,
      createIntrospector: (kysely) => new PostgresIntrospector(kysely),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  })

  const cases: PartnerSearchQuery[] = []
  for (const userPosition of [undefined, '48.1117,-1.68']) {
    for (const name of [undefined, 'du', 'café', 'pizzeria du port', 'caf\u{10FFFF}']) {
      for (const city of [undefined, ' Rennes ']) {
        for (const categoryId of [undefined, 3]) {
          for (const bounds of [undefined, '-1.6,48.2,48.0,-1.7', '-170,60,-60,170']) {
            cases.push({ userPosition, name, city, categoryId, bounds })
          }
        }
      }
    }
  }
  for (const userPosition of [undefined, '48.1117,-1.68']) {
    for (const extra of [
      { expiring: true },
      { new: true },
      { expiring: true, new: true, categoryId: 2 },
      { userId: 7 },
      { userId: 7, expiring: true, name: 'port' },
      { page: 3, pageSize: 20 },
      { page: 12, pageSize: 10, name: 'de' },
      { page: 10_000, pageSize: 50, city: 'Brest' },
      { name: '   ', city: '' },
    ] satisfies PartnerSearchQuery[]) {
      cases.push({ userPosition, ...extra })
    }
  }

  it('sends the same text and parameters for every shape of query', async () => {
    const lines: string[] = []
    for (const query of cases) {
      recorded.length = 0
      await searchPartners(db, query, { personId: 42 })
      const given = Object.entries(query).filter(([, value]) => value !== undefined)
      lines.push(`-- ${JSON.stringify(Object.fromEntries(given))}`)
      for (const statement of recorded) {
        lines.push(statement.sql.replace(/\s+/g, ' ').trim())
        lines.push(`-- parameters: ${JSON.stringify(statement.parameters)}`)
      }
      lines.push('')
    }
    await expect(lines.join('\n')).toMatchFileSnapshot('./__snapshots__/search-statements.sql')
  })
})
