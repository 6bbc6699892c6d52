import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { Worker } from 'node:worker_threads'
import {
  PGliteAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely'
import type { StoreOptions, StoreReply, StoreRequest, WireError } from './pgliteWorker.ts'

/** Rejected statements when the store is closed or its thread is gone: errors.ts reads them as "unavailable". */
const closedMessage = 'PGlite is closed'

let compiled: Promise<WebAssembly.Module> | undefined
/**
 * PGlite's WebAssembly, compiled once per process and shared with every store's thread: PGlite caches it per
 * thread only, and compiling it again in each new thread cost ~0.3 CPU-s per store opened (tests open ~100).
 */
function pgliteWasmModule(): Promise<WebAssembly.Module> {
  const dist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'))
  return (compiled ??= readFile(join(dist, 'pglite.wasm')).then((bytes) => WebAssembly.compile(bytes)))
}

/**
 * PGlite in its own thread (pgliteWorker.ts), behind a Kysely dialect: the server's thread sends each statement
 * and gets its rows back, so the store's WebAssembly and Fastify's work use the machine's two cores (issue 16's
 * measurements, in BENCHMARKS.md's git history). PGlite's own packaged worker (`@electric-sql/pglite/worker`) is for browser Web Workers (tabs, leader
 * election, navigator.locks) and does not run on worker_threads (electric-sql/pglite#398).
 *
 * Statements are sent without waiting for the one before (PGlite queues them in its thread, so it never waits on
 * this thread to be free); a transaction holds the store in the worker with PGlite's transaction(), as Kysely's
 * own PGlite dialect does, so a statement outside it waits for its end (and a query on `db` inside a transaction
 * callback waits for ever, as before: use `trx`). The Kysely instance's destroy() closes PGlite (its folder
 * consistent), then ends the thread.
 */
export async function pgliteThreadDialect(dir: string): Promise<Dialect> {
  const entry = new URL('./pgliteWorker.ts', import.meta.url)
  const workerData = { dir, wasm: await pgliteWasmModule() } satisfies StoreOptions
  const worker = process.features.typescript
    ? // Node strips the worker's types itself: no loader (tsx cost ~0.2 CPU-s per thread).
      new Worker(entry, { workerData, execArgv: [] })
    : // Node 20: the loader given with --import does not reach a worker; tsx's API, imported there, does.
      new Worker(
        `import('tsx/esm/api').then((tsx) => tsx.tsImport(${JSON.stringify(entry.href)}, ${JSON.stringify(entry.href)}))`,
        { eval: true, workerData },
      )
  const pending = new Map<number, { resolve: (reply: StoreReply) => void; reject: (error: Error) => void }>()
  let nextId = 1
  let closed: string | null = null

  const fail = (reason: string) => {
    closed ??= reason
    for (const { reject } of pending.values()) reject(new Error(reason))
    pending.clear()
  }
  const opened = new Promise<void>((resolve, reject) => {
    worker.once('message', (reply: StoreReply) => (reply.error ? reject(toError(reply.error)) : resolve()))
    worker.once('exit', (code) => reject(new Error(`${closedMessage} (thread exited with code ${code})`)))
    worker.once('error', reject)
  })
  await opened
  worker.on('message', (reply: StoreReply) => {
    const waiting = pending.get(reply.id)
    pending.delete(reply.id)
    // Idle, the thread does not keep the process alive (a script that forgets close() still exits).
    if (pending.size === 0) worker.unref()
    waiting?.resolve(reply)
  })
  worker.on('error', (error) => fail(`${closedMessage} (thread failed: ${error.message})`))
  worker.on('exit', (code) => fail(`${closedMessage} (thread exited with code ${code})`))
  worker.unref()

  function send(request: Omit<StoreRequest, 'id'>): Promise<StoreReply> {
    if (closed) return Promise.reject(new Error(closed))
    const id = nextId++
    return new Promise<StoreReply>((resolve, reject) => {
      pending.set(id, {
        resolve: (reply) => (reply.error ? reject(toError(reply.error)) : resolve(reply)),
        reject,
      })
      if (pending.size === 1) worker.ref()
      worker.postMessage({ id, ...request } satisfies StoreRequest)
    })
  }

  let nextTx = 1
  class Connection implements DatabaseConnection {
    tx: number | undefined
    async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
      const { rows, affectedRows } = await send({
        op: 'query',
        tx: this.tx,
        sql: query.sql,
        parameters: query.parameters,
      })
      return {
        rows: (rows ?? []) as R[],
        numAffectedRows: affectedRows === undefined ? undefined : BigInt(affectedRows),
      }
    }
    // eslint-disable-next-line require-yield -- Kysely's interface; PGlite streams nothing
    async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
      throw new Error('Streaming is not supported by PGlite.')
    }
  }

  const driver: Driver = {
    async init() {},
    // A connection is a label: the worker holds the one real connection and its queue.
    async acquireConnection() {
      return new Connection()
    },
    async beginTransaction(connection) {
      const c = connection as Connection
      c.tx = nextTx++
      await send({ op: 'begin', tx: c.tx })
    },
    async commitTransaction(connection) {
      await send({ op: 'commit', tx: (connection as Connection).tx })
    },
    async rollbackTransaction(connection) {
      await send({ op: 'rollback', tx: (connection as Connection).tx })
    },
    async releaseConnection() {},
    async destroy() {
      await close()
    },
  }

  async function close() {
    if (closed) return
    try {
      await send({ op: 'close' })
    } finally {
      closed = closedMessage
      await worker.terminate()
    }
  }

  class ConcurrentAdapter extends PGliteAdapter {
    // Kysely would otherwise allow one statement at a time on this thread; the worker's queue already orders them.
    override get supportsMultipleConnections() {
      return true
    }
  }

  return {
    createAdapter: () => new ConcurrentAdapter(),
    createDriver: () => driver,
    createIntrospector: (db: Kysely<unknown>) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  }
}

function toError(wire: WireError): Error {
  return Object.assign(new Error(wire.message), wire)
}
