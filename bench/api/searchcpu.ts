/**
 * Searches through the search service as the server runs them (every statement of a search, named, in the plan
 * mode it asks for), this tree against another's (e.g. main extracted with git archive): the database CPU per
 * search of the one connection (from /proc, batches of 25 alternating, so a busy machine disturbs both alike);
 * both trees' pages must be the same text. Probes: `bench` (the bench's 8 searches), `boxes` (map boxes: small,
 * city and country-sized, with and without a category), `cities` (nearest first with a city: frequent, rare,
 * far away).
 *
 *   DATABASE_URL=… PERQUERY_SCHEMA=… node --import tsx bench/api/searchcpu.ts <tree before> [bench|boxes|cities] [rounds]
 */
import { readFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join, resolve } from 'node:path'
import { sql } from 'kysely'
import type { PartnerSearchQuery } from '@/contract/schemas.ts'
import { loadConfig } from '@/server/config.ts'
import { openDatabase } from '@/server/db/index.ts'
import { searchStatement } from '@/server/services/search.ts'
import { HZ } from './backendClock.ts'
import { keptStoreEnv } from './keptStore.ts'
import { searchQueries, toQueryString } from './search.ts'

const before = resolve(process.argv[2] ?? '.')
const set = process.argv[3] ?? 'bench'
const rounds = Number(process.argv[4] ?? 100)
const old = (await import(
  join(before, 'server/services/search.ts')
)) as typeof import('@/server/services/search.ts')
const handle = await openDatabase({ ...loadConfig(keptStoreEnv()), databasePoolMax: 1 })
const pid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db)).rows[0].pid
const ticks = () => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
  return Number(fields[11]) + Number(fields[12])
}
const one = async (text: string) => (await sql<{ v: string }>`${sql.raw(text)}`.execute(handle.db)).rows[0]?.v
const rareCity = await one(
  `select lower(city) as v from partners where status = 'ACTIF' group by 1 order by count(*), 1 limit 1`,
)
const paris = '48.8566,2.3522'
const sets: Record<string, [string, PartnerSearchQuery][]> = {
  bench: searchQueries.map((q) => [toQueryString(q), q]),
  cities: [
    ['bench: Marseille, in Marseille', searchQueries[2]],
    ['bench: Bordeaux + category 2, in Bordeaux', searchQueries[7]],
    [
      `a city of one partner (${rareCity}), from Paris`,
      { userPosition: paris, city: rareCity!, pageSize: 50 },
    ],
    [
      `${rareCity} + category 3, from Paris`,
      { userPosition: paris, city: rareCity!, categoryId: 3, pageSize: 50 },
    ],
    ['Paris, from Marseille', { userPosition: '43.2965,5.3698', city: 'Paris', pageSize: 50 }],
    ['Lyon, page 3', { userPosition: '45.764,4.8357', city: 'Lyon', pageSize: 50, page: 3 }],
  ],
  boxes: [
    ['bench: Paris region + category 1', searchQueries[4]],
    ['bench: Marseille region', searchQueries[5]],
    ['France', { bounds: '8.5,51.5,42,-5', pageSize: 50, page: 0 }],
    ['France + category 3, page 2', { bounds: '8.5,51.5,42,-5', categoryId: 3, pageSize: 50, page: 2 }],
    ['Lyon city', { bounds: '4.95,45.82,45.7,4.75', pageSize: 50, page: 0 }],
    ['Lyon city + category 5', { bounds: '4.95,45.82,45.7,4.75', categoryId: 5, pageSize: 50, page: 0 }],
    ['Paris, a few streets', { bounds: '2.36,48.86,48.85,2.35', pageSize: 50, page: 0 }],
    ['at sea (nobody)', { bounds: '-9,45.01,45,-9.01', pageSize: 50, page: 0 }],
    [
      'Marseille box + city Marseille',
      { bounds: '5.9,43.8,42.8,4.9', city: 'Marseille', pageSize: 50, page: 0 },
    ],
  ],
}
const probes = sets[set]
if (!probes) throw new Error(`probes: ${Object.keys(sets).join(', ')}`)
console.log(
  `load ${loadavg()[0].toFixed(1)}, ${rounds} searches per side, schema ${process.env.PERQUERY_SCHEMA}`,
)
console.log('| search | before: DB CPU ms per search | after | rows |')
console.log('|---|---|---|---|')
const total = [0, 0]
for (const [label, q] of probes) {
  const sides = [old.searchStatement, searchStatement]
  const bodies = await Promise.all(sides.map(async (s) => s(handle.db, q).execute()))
  if (bodies[0] !== bodies[1]) throw new Error(`${label}: the two trees' pages differ`)
  const spent = [0, 0]
  for (let b = 0; b < rounds / 25; b++) {
    for (const i of b % 2 ? [1, 0] : [0, 1]) {
      const t0 = ticks()
      for (let r = 0; r < 25; r++) await sides[i](handle.db, q).execute()
      spent[i] += ticks() - t0
    }
  }
  const ms = spent.map((s) => ((s / HZ / rounds) * 1000).toFixed(2))
  total[0] += spent[0]
  total[1] += spent[1]
  console.log(`| ${label} | ${ms[0]} | ${ms[1]} | ${(JSON.parse(bodies[1]) as unknown[]).length} |`)
}
const mean = total.map((s) => ((s / HZ / rounds / probes.length) * 1000).toFixed(3))
console.log(`| mean | ${mean[0]} | ${mean[1]} | |`)
console.log(`load ${loadavg()[0].toFixed(1)}`)
await handle.close()
