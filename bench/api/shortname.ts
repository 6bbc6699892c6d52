/**
 * A name under 3 letters nearest first, frequent and rare, through the search service as the server runs it
 * (the nearest partners first, then the names' index when they hold too few matches): median wall ms per search
 * on the kept store, beside a name of 3 letters or more for scale.
 *
 *   DATABASE_URL=… PERQUERY_SCHEMA=… node --import tsx bench/api/shortname.ts [runs]
 */
import { loadavg } from 'node:os'
import type { PartnerSearchQuery } from '@/contract/schemas.ts'
import { searchStatement } from '@/server/services/search.ts'
import { median, round } from '../lib/stats.ts'
import { openMeasuredBackend } from './backendClock.ts'

const runs = Number(process.argv[2] ?? 15)
const { handle, client } = await openMeasuredBackend()
const paris = '48.8566,2.3522'
const probes: PartnerSearchQuery[] = [
  { userPosition: paris, name: 'bo', pageSize: 50, page: 0 },
  { userPosition: paris, name: 'e', pageSize: 50, page: 0 },
  { userPosition: paris, name: 'zq', pageSize: 50, page: 0 },
  { userPosition: paris, name: 'zq', pageSize: 50, page: 3 },
  { userPosition: paris, name: 'boul', pageSize: 50, page: 0 },
]
console.log(`load ${loadavg()[0].toFixed(2)}, ${runs} runs each`)
for (const q of probes) {
  const times: number[] = []
  let rows = 0
  for (let i = 0; i < runs; i++) {
    const started = performance.now()
    rows = (JSON.parse(await searchStatement(handle.db, q).execute()) as unknown[]).length
    times.push(performance.now() - started)
  }
  console.log(`${JSON.stringify(q)}: ${round(median(times), 2)} ms, ${rows} rows`)
}
console.log(`load ${loadavg()[0].toFixed(2)}`)
await client.end()
await handle.close()
