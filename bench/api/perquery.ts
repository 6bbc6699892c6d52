/**
 * Per-query cost of the search and the reads, for comparing two implementations on a busy machine, where
 * throughput figures are noise: one connection, a kept seeded store, each query timed many times, the two
 * variants alternating query by query so both see the same load. Also EXPLAIN (ANALYZE, BUFFERS) of the SQL
 * the service really sends.
 *
 *   node --import tsx bench/api/perquery.ts seed              # once: 100k partners (bench seed) into the store
 *   node --import tsx bench/api/perquery.ts explain           # plans of the 8 searches and the reads
 *   node --import tsx bench/api/perquery.ts compare <a.ts> <b.ts> [rounds]
 *                                                            # modules exporting searchPartners/loadPartner
 *                                                            # (PERQUERY_IGNORE_KEYS=iconPath: keys left out
 *                                                            # of the answers' check)
 *   node --import tsx bench/api/perquery.ts vacuum            # VACUUM ANALYZE the tables the reads touch
 *   node --import tsx bench/api/perquery.ts drop              # PostgreSQL: drop the kept schema
 *
 * Store: PostgreSQL when DATABASE_URL is set (schema PERQUERY_SCHEMA, default perquery_bench), else PGlite in
 * PERQUERY_DIR (default $TMPDIR/perquery-pglite). PERQUERY_PARTNERS sets the size (100,000).
 */
import { loadavg } from 'node:os'
import { resolve } from 'node:path'
import { CompiledQuery, sql } from 'kysely'
import { loadConfig } from '@/server/config.ts'
import { migrateToLatest, openDatabase } from '@/server/db/index.ts'
import { listCities } from '@/server/services/partners.ts'
import { partnerStatement, searchStatement } from '@/server/services/search.ts'
import { median, round } from '../lib/stats.ts'
import { searchQueries, toQueryString } from './search.ts'
import { seedPartners } from './seed.ts'
import { keptStoreEnv } from './keptStore.ts'

type SearchModule = Pick<
  typeof import('@/server/services/search.ts'),
  'searchPartners' | 'loadPartner' | 'searchStatement' | 'partnerStatement'
>

const [command = 'explain', ...args] = process.argv.slice(2)
const postgres = Boolean(process.env.DATABASE_URL)
const schema = process.env.PERQUERY_SCHEMA ?? 'perquery_bench'
const config = loadConfig(keptStoreEnv({ DATABASE_POOL_MAX: '1' }))
const handle = await openDatabase({ ...config, databasePoolMax: 1 })
const db = handle.db
const load = () => loadavg()[0].toFixed(1)

/** A user with a used coupon on the first result's first offer, so the discounts view has one to mark. */
async function viewer(partnerId: number): Promise<{ userId: number; partnerId: number }> {
  const existing = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'perquery@exemple.fr')
    .executeTakeFirst()
  const userId =
    existing?.id ??
    (
      await db
        .insertInto('users')
        .values({
          email: 'perquery@exemple.fr',
          firstname: 'Per',
          lastname: 'Query',
          status: 'ACTIF',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id
  const offer = await db
    .selectFrom('offers')
    .select('id')
    .where('partner_id', '=', partnerId)
    .executeTakeFirst()
  if (offer)
    await db
      .insertInto('used_coupons')
      .values({ user_id: userId, offer_id: offer.id })
      .onConflict((oc) => oc.doNothing())
      .execute()
  return { userId, partnerId }
}

class Rollback extends Error {}

/** The first result's id of the first bench search, whether a module answers objects or the wire's text. */
async function firstId(search: SearchModule['searchPartners']): Promise<number> {
  const page: unknown = await search(db, searchQueries[0])
  const [first] = (typeof page === 'string' ? JSON.parse(page) : page) as { partnerId: { id: number } }[]
  return first.partnerId.id
}

/**
 * ms a call took: wall time, or with PERQUERY_CLOCK=cpu this process's CPU time (user + system), which waiting
 * for a core on a loaded machine does not inflate. Only meaningful for PGlite, whose database runs in this
 * process; PostgreSQL's share is in its backend.
 */
const cpuClock = process.env.PERQUERY_CLOCK === 'cpu'
async function time(fn: () => Promise<unknown>): Promise<number> {
  if (cpuClock) {
    const c = process.cpuUsage()
    await fn()
    const d = process.cpuUsage(c)
    return (d.user + d.system) / 1000
  }
  const t = performance.now()
  await fn()
  return performance.now() - t
}

if (command === 'seed') {
  await migrateToLatest(handle)
  const have = Number((await sql<{ n: string }>`select count(*) as n from partners`.execute(db)).rows[0].n)
  const want = Number(process.env.PERQUERY_PARTNERS ?? 100_000)
  if (have === 0) console.log(await seedPartners(db, want))
  else console.log(`already ${have} partners`)
} else if (command === 'migrate') {
  await migrateToLatest(handle)
  await sql`analyze`.execute(db)
} else if (command === 'vacuum') {
  const started = performance.now()
  await sql`vacuum analyze partners, partner_categories, categories, offers, images, users, used_coupons`.execute(
    db,
  )
  console.log(`vacuum analyze: ${Math.round(performance.now() - started)} ms, load ${load()}`)
} else if (command === 'drop') {
  if (postgres) await sql.raw(`drop schema if exists "${schema}" cascade`).execute(db)
} else if (command === 'explain') {
  const explain = async (label: string, compiled: CompiledQuery) => {
    const q = CompiledQuery.raw(`explain (analyze, buffers, costs off) ${compiled.sql}`, [
      ...compiled.parameters,
    ])
    await db.executeQuery(q)
    const rows = (await db.executeQuery<{ 'QUERY PLAN': string }>(q)).rows
    console.log(`\n=== ${label}\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`)
  }
  for (const q of searchQueries) await explain(toQueryString(q), searchStatement(db, q).compile())
  const v = await viewer(await firstId((await import('@/server/services/search.ts')).searchPartners))
  await explain(`details ${v.partnerId}`, partnerStatement(db, v.partnerId, { offers: 'usable' }).compile())
  await explain(
    `discounts view ${v.partnerId} user ${v.userId}`,
    partnerStatement(db, v.partnerId, { offers: 'usable', viewerId: v.userId }).compile(),
  )
  console.log(`\nload ${load()}`)
} else if (command === 'breakdown') {
  // Where a search's time goes: building the statement, the database (EXPLAIN's planning + execution, with
  // ANALYZE's own timing overhead), and the rest of the round trip with the driver's decoding.
  const { searchPartners } = await import('@/server/services/search.ts')
  const rounds = Number(args[0] ?? 30)
  console.log(`${handle.kind}, ${rounds} rounds, load ${load()}`)
  console.log('| query | build + compile | statement sent, decoded | service | planning | execution |')
  console.log('|---|---|---|---|---|---|')
  for (const q of searchQueries) {
    const compiled = searchStatement(db, q).compile()
    const explain = CompiledQuery.raw(`explain (analyze, timing off, format json) ${compiled.sql}`, [
      ...compiled.parameters,
    ])
    const build: number[] = []
    const raw: number[] = []
    const service: number[] = []
    const planning: number[] = []
    const execution: number[] = []
    for (let r = 0; r < rounds; r++) {
      build.push(await time(async () => searchStatement(db, q).compile()))
      raw.push(await time(() => db.executeQuery(compiled)))
      service.push(await time(() => searchPartners(db, q)))
      const [row] = (await db.executeQuery<{ 'QUERY PLAN': unknown }>(explain)).rows
      const plan = row['QUERY PLAN']
      const [top] = (typeof plan === 'string' ? JSON.parse(plan) : plan) as {
        'Planning Time': number
        'Execution Time': number
      }[]
      planning.push(top['Planning Time'])
      execution.push(top['Execution Time'])
    }
    const m = (xs: number[]) => round(median(xs), 2)
    console.log(
      `| ${toQueryString(q)} | ${m(build)} | ${m(raw)} | ${m(service)} | ${m(planning)} | ${m(execution)} |`,
    )
  }
} else if (command === 'compare-db') {
  // The database's side only, which the machine's load disturbs least: EXPLAIN (ANALYZE, TIMING OFF, BUFFERS)
  // of each module's statement, alternating; median planning + execution time, and the pages touched (exact).
  const [aPath, bPath] = args
  const rounds = Number(args[2] ?? 20)
  const a = (await import(resolve(aPath))) as SearchModule
  const b = (await import(resolve(bPath))) as SearchModule
  const v = await viewer(await firstId(a.searchPartners))
  const cases: { label: string; compile: (m: SearchModule) => CompiledQuery }[] = [
    ...searchQueries.map((q) => ({
      label: toQueryString(q),
      compile: (m: SearchModule) => m.searchStatement(db, q).compile(),
    })),
    {
      label: 'details',
      compile: (m) => m.partnerStatement(db, v.partnerId, { offers: 'usable' }).compile(),
    },
    {
      label: 'discounts view',
      compile: (m) => m.partnerStatement(db, v.partnerId, { offers: 'usable', viewerId: v.userId }).compile(),
    },
  ]
  interface Top {
    'Planning Time': number
    'Execution Time': number
    Plan: { 'Shared Hit Blocks': number; 'Shared Read Blocks': number }
  }
  const measure = async (c: CompiledQuery) => {
    const q = CompiledQuery.raw(`explain (analyze, timing off, buffers, format json) ${c.sql}`, [
      ...c.parameters,
    ])
    const [row] = (await db.executeQuery<{ 'QUERY PLAN': unknown }>(q)).rows
    const plan = row['QUERY PLAN']
    const [top] = (typeof plan === 'string' ? JSON.parse(plan) : plan) as Top[]
    return {
      ms: top['Planning Time'] + top['Execution Time'],
      pages: top.Plan['Shared Hit Blocks'] + top.Plan['Shared Read Blocks'],
    }
  }
  // Module a measured inside a transaction that drops the indexes named in PERQUERY_A_WITHOUT (rolled back),
  // so "before" is the old statement on the old indexes. Each side is measured twice and the second kept: the
  // first plans after the catalogue change (or its rollback) with cold caches.
  const dropped = (process.env.PERQUERY_A_WITHOUT ?? '').split(',').filter(Boolean)
  const measureA = async (c: CompiledQuery) => {
    if (dropped.length === 0) {
      await measure(c)
      return measure(c)
    }
    let result: Awaited<ReturnType<typeof measure>> | undefined
    await db
      .transaction()
      .execute(async (trx) => {
        for (const name of dropped) await sql.raw(`drop index "${name}"`).execute(trx)
        const run = async () => {
          const q = CompiledQuery.raw(`explain (analyze, timing off, buffers, format json) ${c.sql}`, [
            ...c.parameters,
          ])
          const [row] = (await trx.executeQuery<{ 'QUERY PLAN': unknown }>(q)).rows
          const plan = row['QUERY PLAN']
          const [top] = (typeof plan === 'string' ? JSON.parse(plan) : plan) as Top[]
          return {
            ms: top['Planning Time'] + top['Execution Time'],
            pages: top.Plan['Shared Hit Blocks'] + top.Plan['Shared Read Blocks'],
          }
        }
        await run()
        result = await run()
        throw new Rollback()
      })
      .catch((e: unknown) => {
        if (!(e instanceof Rollback)) throw e
      })
    return result!
  }
  const measureB = async (c: CompiledQuery) => {
    await measure(c)
    return measure(c)
  }
  const loads = [load()]
  console.log(
    `${handle.kind}, ${rounds} rounds, planning + execution (median ms) and pages touched` +
      (dropped.length ? `; ${aPath} without ${dropped.join(', ')}` : ''),
  )
  console.log(`| query | ${aPath} | ${bPath} | change |`)
  console.log('|---|---|---|---|')
  let sa = 0
  let sb = 0
  for (const [i, c] of cases.entries()) {
    const ta: number[] = []
    const tb: number[] = []
    let pa = 0
    let pb = 0
    for (let r = 0; r < rounds; r++) {
      const x = await measureA(c.compile(a))
      const y = await measureB(c.compile(b))
      ta.push(x.ms)
      tb.push(y.ms)
      pa = x.pages
      pb = y.pages
    }
    const [ma, mb] = [median(ta), median(tb)]
    if (i < searchQueries.length) {
      sa += ma
      sb += mb
    }
    console.log(
      `| ${c.label} | ${round(ma, 2)} ms, ${pa} pages | ${round(mb, 2)} ms, ${pb} pages | ${Math.round((mb / ma - 1) * 100)} % |`,
    )
  }
  loads.push(load())
  console.log(
    `| 8 searches, sum | ${round(sa, 2)} ms | ${round(sb, 2)} ms | ${Math.round((sb / sa - 1) * 100)} % |`,
  )
  console.log(`load ${loads.join(' → ')}`)
} else if (command === 'compare') {
  const [aPath, bPath] = args
  const rounds = Number(args[2] ?? 40)
  const a = (await import(resolve(aPath))) as SearchModule
  const b = (await import(resolve(bPath))) as SearchModule
  const v = await viewer(await firstId(a.searchPartners))
  const cases: { label: string; run: (m: SearchModule) => Promise<unknown> }[] = [
    ...searchQueries.map((q) => ({
      label: toQueryString(q),
      run: (m: SearchModule) => m.searchPartners(db, q),
    })),
    { label: 'details', run: (m) => m.loadPartner(db, v.partnerId, { offers: 'usable' }) },
    {
      label: 'discounts view',
      run: (m) => m.loadPartner(db, v.partnerId, { offers: 'usable', viewerId: v.userId }),
    },
  ]
  const ignoredKeys = new Set((process.env.PERQUERY_IGNORE_KEYS ?? '').split(',').filter(Boolean))
  // Same answers first: a faster wrong answer is no improvement.
  for (const c of cases) {
    // A module answering the wire's text is compared on its parsed value (same keys, order and values), less
    // the keys PERQUERY_IGNORE_KEYS names (comma-separated: a contract change that drops a field).
    const json = (v: unknown) =>
      JSON.stringify(typeof v === 'string' ? JSON.parse(v) : v, (key, value: unknown) =>
        ignoredKeys.has(key) ? undefined : value,
      )
    const [x, y] = [json(await c.run(a)), json(await c.run(b))]
    if (x !== y) throw new Error(`different answers for ${c.label}`)
  }
  const loads = [load()]
  const times = cases.map(() => ({ a: [] as number[], b: [] as number[] }))
  for (let r = 0; r < rounds; r++) {
    for (const [i, c] of cases.entries()) {
      // Alternate which goes first, so neither always meets the other's warm cache.
      if (r % 2 === 0) {
        times[i].a.push(await time(() => c.run(a)))
        times[i].b.push(await time(() => c.run(b)))
      } else {
        times[i].b.push(await time(() => c.run(b)))
        times[i].a.push(await time(() => c.run(a)))
      }
    }
    if (r % 10 === 9) loads.push(load())
  }
  const cityTimes: number[] = []
  for (let r = 0; r < rounds; r++) cityTimes.push(await time(() => listCities(db)))
  console.log(
    `${handle.kind}, ${rounds} rounds, ${cpuClock ? 'CPU time' : 'wall time'}, load ${loads.join(' → ')}`,
  )
  console.log(`| query | ${aPath} ms | ${bPath} ms | change |`)
  console.log('|---|---|---|---|')
  let sa = 0
  let sb = 0
  for (const [i, c] of cases.entries()) {
    const ma = median(times[i].a)
    const mb = median(times[i].b)
    if (i < searchQueries.length) {
      sa += ma
      sb += mb
    }
    console.log(`| ${c.label} | ${round(ma, 2)} | ${round(mb, 2)} | ${Math.round((mb / ma - 1) * 100)} % |`)
  }
  console.log(
    `| 8 searches, sum | ${round(sa, 2)} | ${round(sb, 2)} | ${Math.round((sb / sa - 1) * 100)} % |`,
  )
  console.log(`| cities (listCities, uncached) | ${round(median(cityTimes), 2)} | | |`)
}
await handle.close()
