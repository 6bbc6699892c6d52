/**
 * Node's CPU per search page, before and after the database writes the wire's JSON text (issue 16), as the
 * route produces its body. "Before" is a
 * tree of an older commit (its services answering objects, serialised here by fast-json-stringify from the
 * contract's schema, as its route's serializer did); "after" is this tree (the text as the statement gives it).
 * Both run against the same kept store (perquery.ts seed), alternating, after checking that both bodies parse
 * to the same values with the same keys in the same order.
 *
 *   git archive <commit> server contract tsconfig.json package.json | tar -x -C /tmp/base
 *   ln -s $PWD/node_modules /tmp/base/node_modules
 *   DATABASE_URL=… PERQUERY_SCHEMA=… node --import tsx bench/api/compare-wire.ts /tmp/base [rounds]
 */
import { loadavg } from 'node:os'
import { join, resolve } from 'node:path'
import fastJson from 'fast-json-stringify'
import Type from 'typebox'
import { PartnerSearchResult } from '@/contract/schemas.ts'
import { loadConfig } from '@/server/config.ts'
import { openDatabase } from '@/server/db/index.ts'
import { searchPartners } from '@/server/services/search.ts'
import { median, round } from '../lib/stats.ts'
import { keptStoreEnv } from './keptStore.ts'
import { searchQueries, toQueryString } from './search.ts'

type Before = { searchPartners: (db: unknown, q: unknown) => Promise<PartnerSearchResult[]> }

const [baseDir, roundsArg] = process.argv.slice(2)
if (!baseDir) throw new Error('usage: compare-wire.ts <tree of the commit before> [rounds]')
const rounds = Number(roundsArg ?? 200)
const before = (await import(join(resolve(baseDir), 'server/services/search.ts'))) as Before

const config = loadConfig(keptStoreEnv({ DATABASE_POOL_MAX: '1' }))
const handle = await openDatabase({ ...config, databasePoolMax: 1 })
const db = handle.db

// The serializers the routes compiled from the contract (Fastify's default, fast-json-stringify).
const page = fastJson(Type.Array(PartnerSearchResult) as object)

interface Case {
  label: string
  before: () => Promise<string>
  after: () => Promise<string>
}
const cases: Case[] = [
  ...searchQueries.map((q) => ({
    label: toQueryString(q),
    before: async () => page(await before.searchPartners(db, q)),
    after: () => searchPartners(db, q),
  })),
]

let identicalBytes = 0
for (const c of cases) {
  const [x, y] = [await c.before(), await c.after()]
  if (JSON.stringify(JSON.parse(x)) !== JSON.stringify(JSON.parse(y)))
    throw new Error(`different answers for ${c.label}`)
  if (x === y) identicalBytes++
}

const loads = [loadavg()[0].toFixed(1)]
const results = cases.map(() => ({
  before: { wall: [] as number[], cpu: 0 },
  after: { wall: [] as number[], cpu: 0 },
}))
async function measure(run: () => Promise<string>, into: { wall: number[]; cpu: number }) {
  const cpu = process.cpuUsage()
  const t = performance.now()
  await run()
  into.wall.push(performance.now() - t)
  const used = process.cpuUsage(cpu)
  into.cpu += used.user + used.system
}
for (let r = 0; r < rounds; r++) {
  for (const [i, c] of cases.entries()) {
    // Alternate which goes first, so neither always meets the other's warm cache or collection.
    if (r % 2 === 0) {
      await measure(c.before, results[i].before)
      await measure(c.after, results[i].after)
    } else {
      await measure(c.after, results[i].after)
      await measure(c.before, results[i].before)
    }
  }
}
loads.push(loadavg()[0].toFixed(1))

console.log(
  `${handle.kind}, ${rounds} rounds each, load ${loads.join(' → ')}; ${identicalBytes} of ${cases.length} bodies byte-identical, all equal once parsed`,
)
console.log('| answer | before: Node CPU / wall median | after: Node CPU / wall median | CPU change |')
console.log('|---|---|---|---|')
let cpuBefore = 0
let cpuAfter = 0
for (const [i, c] of cases.entries()) {
  const b = results[i].before
  const a = results[i].after
  const cb = b.cpu / rounds / 1000
  const ca = a.cpu / rounds / 1000
  if (i < searchQueries.length) {
    cpuBefore += cb
    cpuAfter += ca
  }
  console.log(
    `| ${c.label} | ${round(cb, 2)} ms / ${round(median(b.wall), 2)} ms | ${round(ca, 2)} ms / ${round(median(a.wall), 2)} ms | ${Math.round((ca / cb - 1) * 100)} % |`,
  )
}
const n = searchQueries.length
console.log(
  `| search, mean of ${n} | ${round(cpuBefore / n, 2)} ms | ${round(cpuAfter / n, 2)} ms | ${Math.round((cpuAfter / cpuBefore - 1) * 100)} % |`,
)
await handle.close()
