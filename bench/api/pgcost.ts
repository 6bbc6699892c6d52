/**
 * Where a search's PostgreSQL CPU goes, per statement as the server sends it (named, custom plan): the backend's
 * CPU from /proc against the same statement under a cached generic plan (no planning), the same statement with
 * the page's JSON text replaced by the ids (no text building), a trivial named statement (the protocol's floor)
 * and the signed-in user's lookup every request makes. One connection, variants alternating in batches of 25
 * (the /proc clock ticks every 10 ms), so a busy machine disturbs them alike; EXPLAIN's planning and execution
 * times (timing off) beside them.
 *
 *   DATABASE_URL=… PERQUERY_SCHEMA=… node --import tsx bench/api/pgcost.ts [rounds]
 */
import { createHash } from 'node:crypto'
import { loadavg } from 'node:os'
import { partnerStatement, searchStatement } from '@/server/services/search.ts'
import { median, round } from '../lib/stats.ts'
import { HZ, openMeasuredBackend } from './backendClock.ts'
import { searchQueries, toQueryString } from './search.ts'

const rounds = Number(process.argv[2] ?? 200)
const { schema, handle, client, ticks } = await openMeasuredBackend()
const userId = (await client.query<{ id: number }>('select min(id) as id from users')).rows[0].id

interface Variant {
  label: string
  text: string
  values: unknown[]
  mode: 'force_custom_plan' | 'force_generic_plan'
}
const named = (v: Variant) => ({
  name: `c_${v.mode[6]}_${createHash('sha1').update(v.text).digest('hex').slice(0, 16)}`,
  text: v.text,
  values: v.values,
})

/** The statement with each row's JSON text replaced by its id: what building the page's text costs. */
function withoutText(text: string): string {
  const start = text.indexOf('string_agg(concat(')
  // The page's separator, with its ORDER BY (by name) or without (nearest first: the rows arrive in order).
  const end = text.lastIndexOf(", ','")
  if (start < 0 || end < start) throw new Error('search statement: its text aggregate was not found')
  return `${text.slice(0, start)}string_agg(pg.id::text${text.slice(end)}`
}

async function cpuPerStatement(variants: Variant[]): Promise<number[]> {
  const spent = variants.map(() => 0)
  const count = variants.map(() => 0)
  const batch = 25
  for (let b = 0; b < rounds / batch; b++) {
    const order = variants.map((_, i) => i)
    if (b % 2 === 1) order.reverse()
    for (const i of order) {
      const v = variants[i]
      await client.query(`set plan_cache_mode = ${v.mode}`)
      const t0 = ticks()
      for (let r = 0; r < batch; r++) await client.query(named(v))
      spent[i] += ticks() - t0
      count[i] += batch
    }
  }
  return spent.map((s, i) => (s / HZ / count[i]) * 1000)
}

async function explainTimes(text: string, values: unknown[]) {
  const planning: number[] = []
  const execution: number[] = []
  for (let r = 0; r < 15; r++) {
    const { rows } = await client.query(`explain (analyze, timing off, format json) ${text}`, values)
    const [top] = rows[0]['QUERY PLAN'] as { 'Planning Time': number; 'Execution Time': number }[]
    planning.push(top['Planning Time'])
    execution.push(top['Execution Time'])
  }
  return { planning: round(median(planning), 2), execution: round(median(execution), 2) }
}

console.log(`postgres, schema ${schema}, ${rounds} statements per variant, load ${loadavg()[0].toFixed(1)}`)
const floor: Variant = {
  label: 'select 1',
  text: 'select $1::int as one',
  values: [1],
  mode: 'force_custom_plan',
}
const user: Variant = {
  label: 'user lookup',
  text: 'select "id", "email", "is_admin", "token_version", "status" from "users" where "id" = $1',
  values: [userId],
  mode: 'force_custom_plan',
}
const [floorCpu, userCpu] = await cpuPerStatement([floor, user])
console.log(`protocol floor (named select 1): ${round(floorCpu, 3)} ms; user lookup: ${round(userCpu, 3)} ms`)
// The reads beside the search, custom against generic, and what a switch of plan_cache_mode costs.
const partnerId = (
  await client.query<{ id: number }>(`select min(id) as id from partners where status = 'ACTIF'`)
).rows[0].id
const reads: [string, { sql: string; parameters: readonly unknown[] }][] = [
  ['user lookup', { sql: user.text, parameters: [userId] }],
  ['details', partnerStatement(handle.db, partnerId, { offers: 'usable' }).compile()],
  [
    'discounts view',
    partnerStatement(handle.db, partnerId, { offers: 'usable', viewerId: userId }).compile(),
  ],
]
console.log('| read | custom plan | generic plan |')
console.log('|---|---|---|')
for (const [label, c] of reads) {
  const custom: Variant = { label, text: c.sql, values: [...c.parameters], mode: 'force_custom_plan' }
  const [a, g] = await cpuPerStatement([custom, { ...custom, mode: 'force_generic_plan' }])
  console.log(`| ${label} | ${round(a, 3)} | ${round(g, 3)} |`)
}
{
  let spent = 0
  for (let r = 0; r < rounds; r++) {
    const t0 = ticks()
    await client.query(`set plan_cache_mode = ${r % 2 ? 'force_custom_plan' : 'force_generic_plan'}`)
    spent += ticks() - t0
  }
  console.log(`set plan_cache_mode: ${round((spent / HZ / rounds) * 1000, 3)} ms`)
}
console.log(
  '| query | as served (custom plan) | generic plan | custom, ids instead of text | EXPLAIN planning / execution |',
)
console.log('|---|---|---|---|---|')
for (const q of searchQueries) {
  const c = searchStatement(handle.db, q).compile()
  const values = [...c.parameters] as unknown[]
  const served: Variant = { label: 'served', text: c.sql, values, mode: 'force_custom_plan' }
  const generic: Variant = { ...served, label: 'generic', mode: 'force_generic_plan' }
  const bare: Variant = { ...served, label: 'ids', text: withoutText(c.sql) }
  const [a, g, b] = await cpuPerStatement([served, generic, bare])
  const e = await explainTimes(c.sql, values)
  console.log(
    `| ${toQueryString(q)} | ${round(a, 2)} | ${round(g, 2)} | ${round(b, 2)} | ${e.planning} / ${e.execution} |`,
  )
}
console.log(`load ${loadavg()[0].toFixed(1)}`)
await client.end()
await handle.close()
