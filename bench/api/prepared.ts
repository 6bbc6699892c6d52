/**
 * What a search costs PostgreSQL when its statement is sent unnamed (parsed, analysed and planned every time,
 * as Kysely + node-postgres do) against named (node-postgres prepares it once per connection): the backend's
 * CPU per statement from /proc, and each mode's plan choice, on one connection, modes alternating.
 *
 *   DATABASE_URL=… PERQUERY_SCHEMA=… node --import tsx bench/api/prepared.ts [rounds]
 */
import { createHash } from 'node:crypto'
import { loadavg } from 'node:os'
import { searchStatement } from '@/server/services/search.ts'
import { median, round } from '../lib/stats.ts'
import { HZ, openMeasuredBackend } from './backendClock.ts'
import { searchQueries, toQueryString } from './search.ts'

const rounds = Number(process.argv[2] ?? 200)
const { handle, client, ticks } = await openMeasuredBackend()

type Mode = 'unnamed' | 'named, auto' | 'named, custom'
const modes: Mode[] = (process.env.PREPARED_MODES?.split('|') as Mode[] | undefined) ?? [
  'unnamed',
  'named, auto',
  'named, custom',
]
console.log(`postgres, ${rounds} statements per mode and query, load ${loadavg()[0].toFixed(1)}`)
console.log(`| query | ${modes.map((m) => `${m}: CPU ms / wall ms`).join(' | ')} | plans |`)
console.log(`|---|${modes.map(() => '---|').join('')}---|`)
for (const q of searchQueries) {
  const c = searchStatement(handle.db, q).compile()
  const text = c.sql
  const values = [...c.parameters] as unknown[]
  const name = (m: Mode) =>
    `s${m === 'named, auto' ? 'a' : 'c'}_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`
  const body = async (m: Mode) => {
    if (m === 'unnamed') return (await client.query(text, values)).rows[0].body as string
    await client.query(`set plan_cache_mode = ${m === 'named, auto' ? 'auto' : 'force_custom_plan'}`)
    const r = (await client.query({ name: name(m), text, values })).rows[0].body as string
    await client.query('reset plan_cache_mode')
    return r
  }
  const reference = await body('unnamed')
  for (const m of modes) if ((await body(m)) !== reference) throw new Error(`${m}: another body`)
  const ticksOf: Record<Mode, number> = { unnamed: 0, 'named, auto': 0, 'named, custom': 0 }
  const wall: Record<Mode, number[]> = { unnamed: [], 'named, auto': [], 'named, custom': [] }
  // Batches of 25 (the /proc clock ticks every 10 ms), the modes alternating batch by batch so they share the load.
  const batch = 25
  for (let b = 0; b < rounds / batch; b++) {
    for (const m of b % 2 === 0 ? modes : [...modes].reverse()) {
      // plan_cache_mode is read when a prepared statement is executed.
      await client.query(`set plan_cache_mode = ${m === 'named, custom' ? 'force_custom_plan' : 'auto'}`)
      const t0 = ticks()
      for (let r = 0; r < batch; r++) {
        const t = performance.now()
        if (m === 'unnamed') await client.query(text, values)
        else await client.query({ name: name(m), text, values })
        wall[m].push(performance.now() - t)
      }
      ticksOf[m] += ticks() - t0
    }
  }
  const cpu = (m: Mode) => (ticksOf[m] / HZ / wall[m].length) * 1000
  await client.query('reset plan_cache_mode')
  const plans: string[] = []
  for (const m of modes.filter((m) => m !== 'unnamed')) {
    const [row] = (
      await client.query<{ generic_plans: string; custom_plans: string }>(
        'select generic_plans, custom_plans from pg_prepared_statements where name = $1',
        [name(m)],
      )
    ).rows
    plans.push(`${m}: ${row.generic_plans} generic, ${row.custom_plans} custom`)
  }
  console.log(
    `| ${toQueryString(q)} | ${modes.map((m) => `${round(cpu(m), 2)} / ${round(median(wall[m]), 2)}`).join(' | ')} | ${plans.join('; ')} |`,
  )
}
console.log(`load ${loadavg()[0].toFixed(1)}`)
await client.end()
await handle.close()
