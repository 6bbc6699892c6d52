/**
 * Is the plan PostgreSQL caches for any values as good as one planned for the values, for a search shape, even
 * for values chosen to hurt it (a city of one partner, a city far from the position, a name nobody has)? Each
 * search runs as the server sends it, named, on one connection, under force_custom_plan then
 * force_generic_plan, alternating; the median wall time of each is printed with EXPLAIN's plan head of both.
 * Wall time on a loaded machine is noisy; what this is for is a ratio of 5 or more.
 *
 *   DATABASE_URL=… PERQUERY_SCHEMA=… node --import tsx bench/api/planprobe.ts [runs]
 */
import { createHash } from 'node:crypto'
import { loadavg } from 'node:os'
import type { PartnerSearchQuery } from '@/contract/schemas.ts'
import { searchStatement } from '@/server/services/search.ts'
import { median, round } from '../lib/stats.ts'
import { openMeasuredBackend } from './backendClock.ts'
import { searchQueries, toQueryString } from './search.ts'

const runs = Number(process.argv[2] ?? 15)
// PLANPROBE_ONLY: the probes to run, by their index in `probes` (comma-separated); all by default.
const only = process.env.PLANPROBE_ONLY?.split(',').map(Number)
const { schema, handle, client } = await openMeasuredBackend()
const one = async (text: string) => (await client.query<{ v: string }>(text)).rows[0]?.v
const rareCity = await one(
  `select lower(city) as v from partners where status = 'ACTIF' group by 1 order by count(*), 1 limit 1`,
)
const paris = '48.8566,2.3522'
const probes: PartnerSearchQuery[] = [
  ...searchQueries,
  { userPosition: paris, pageSize: 50, page: 5 },
  { userPosition: paris, city: rareCity!, pageSize: 50, page: 0 },
  { userPosition: paris, city: 'Marseille', pageSize: 50, page: 0 },
  { userPosition: paris, name: 'pizzeria du port', pageSize: 50, page: 0 },
  { userPosition: paris, name: 'qzxw', pageSize: 50, page: 0 },
  { userPosition: paris, name: 'zq', pageSize: 50, page: 0 },
  { userPosition: '43.2965,5.3698', city: 'Paris', categoryId: 7, pageSize: 50, page: 0 },
  { name: 'zq', pageSize: 50, page: 0 },
  // A name alone (no position) under the cached plan: frequent trigrams, a long name, with a category or a city.
  { name: 'rie', pageSize: 50, page: 0 },
  { name: 'boulangerie', pageSize: 50, page: 3 },
  { name: 'qzxw', pageSize: 50, page: 0 },
  { name: 'rie', categoryId: 3, pageSize: 50, page: 0 },
  { name: 'pizzeria', city: 'Lyon', pageSize: 50, page: 0 },
  { name: 'pizzeria', city: rareCity!, pageSize: 50, page: 0 },
  // Cities nearest first: a rare one with a category, the biggest one far away.
  { userPosition: paris, city: rareCity!, categoryId: 3, pageSize: 50, page: 0 },
  { userPosition: '43.2965,5.3698', city: 'Paris', pageSize: 50, page: 0 },
]

const statementName = (text: string, mode: string) =>
  `p_${mode[6]}_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`
async function timed(text: string, values: unknown[], mode: string): Promise<number> {
  await client.query(`set plan_cache_mode = ${mode}`)
  const t0 = performance.now()
  await client.query({ name: statementName(text, mode), text, values })
  return performance.now() - t0
}
/** The scans of the plan the statement (prepared by timed) runs under `mode`. */
async function planHead(text: string, values: unknown[], mode: string): Promise<string> {
  await client.query(`set plan_cache_mode = ${mode}`)
  const literal = (v: unknown) => (v === null ? 'null' : `'${String(v).replace(/'/g, "''")}'`)
  const { rows } = await client.query<{ 'QUERY PLAN': string }>(
    `explain execute ${statementName(text, mode)}(${values.map(literal).join(', ')})`,
  )
  return rows
    .map((r) => r['QUERY PLAN'])
    .filter((l) => / Scan /.test(l) && !/Subquery|CTE|Function/.test(l))
    .map((l) =>
      l
        .trim()
        .replace(/^-> +/, '')
        .replace(/ +\(cost.*/, ''),
    )
    .slice(0, 2)
    .join(' ; ')
}

console.log(`postgres, schema ${schema}, ${runs} runs per mode, load ${loadavg()[0].toFixed(1)}`)
console.log('| search | custom ms | generic ms | generic ÷ custom | custom plan | generic plan |')
console.log('|---|---|---|---|---|---|')
for (const q of probes.filter((_, i) => !only || only.includes(i))) {
  const c = searchStatement(handle.db, q).compile()
  const values = [...c.parameters] as unknown[]
  const custom: number[] = []
  const generic: number[] = []
  for (let r = 0; r < runs; r++) {
    custom.push(await timed(c.sql, values, 'force_custom_plan'))
    generic.push(await timed(c.sql, values, 'force_generic_plan'))
  }
  const [mc, mg] = [median(custom), median(generic)]
  console.log(
    `| ${toQueryString(q)} | ${round(mc, 2)} | ${round(mg, 2)} | ${round(mg / mc, 2)} | ${await planHead(c.sql, values, 'force_custom_plan')} | ${await planHead(c.sql, values, 'force_generic_plan')} |`,
  )
}
console.log(`load ${loadavg()[0].toFixed(1)}`)
await client.end()
await handle.close()
