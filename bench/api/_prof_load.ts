import autocannon from 'autocannon'
import { searchQueries, toQueryString } from '@/bench/api/search.ts'
const base = process.argv[2]
const res = await fetch(`${base}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ firstname: 'Banc', lastname: 'Essai', email: `prof-${Date.now()}@exemple.fr`, password: 'un-mot-de-passe-de-banc-essai' }) })
const { access_token: token } = (await res.json()) as { access_token: string }
const headers = { authorization: `Bearer ${token}` }
const requests = searchQueries.map((q) => ({ method: 'GET' as const, path: `/api/partners/search?${toQueryString(q)}`, headers }))
const r = await autocannon({ url: base, connections: 10, duration: Number(process.argv[3] ?? 10), requests })
console.log(r.requests.total, r.requests.average, r.latency.p50, r.latency.p99)
