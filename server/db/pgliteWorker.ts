/**
 * The embedded store's thread (a worker_threads Worker started by pgliteDialect.ts): opens PGlite on
 * workerData.dir and runs the statements the server's thread sends, so their WebAssembly time no longer shares a
 * core with Fastify's routing, JSON and compression. Loaded by Node itself (type stripping, or the tsx hooks the
 * worker inherits from the server's execArgv): erasable TypeScript only, no '@/' import.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite, type Transaction } from '@electric-sql/pglite'
import { cube } from '@electric-sql/pglite/contrib/cube'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'

/** workerData: the store's folder, and PGlite's WebAssembly compiled once by the server's thread. */
export interface StoreOptions {
  dir: string
  wasm: WebAssembly.Module
}

/** The one message the server's thread sends: a statement (in a transaction when tx is set), or a step. */
export interface StoreRequest {
  id: number
  op: 'query' | 'begin' | 'commit' | 'rollback' | 'close'
  /** Transaction this belongs to: begin opens it, commit or rollback ends it. */
  tx?: number
  sql?: string
  parameters?: readonly unknown[]
}

/** PostgreSQL's error fields (code, detail, constraint…) as text, so the services' error mapping still works. */
export type WireError = { message: string } & Record<string, string | number>

/** The answer to one request; id 0 is the store opening (or failing to). */
export interface StoreReply {
  id: number
  rows?: unknown[]
  affectedRows?: number
  error?: WireError
}

/** Every extension the migrations create: PGlite must be given them on every open, not only the first. */
const extensions = { pg_trgm, cube }

function wireError(error: unknown): WireError {
  if (!(error instanceof Error)) return { message: String(error) }
  const fields: WireError = { message: error.message, name: error.name }
  // DatabaseError's fields; PGlite's own additions (params: bytes of an image) are not sent back.
  for (const [key, value] of Object.entries(error))
    if (key !== 'params' && (typeof value === 'string' || typeof value === 'number')) fields[key] = value
  return fields
}

interface Open {
  tx: Transaction
  end: (commit: boolean) => void
  done: Promise<void>
}

const port = parentPort!
const reply = (message: StoreReply) => port.postMessage(message)
let pglite: PGlite
try {
  const { dir, wasm } = workerData as StoreOptions
  pglite = new PGlite(dir, { extensions, pgliteWasmModule: wasm })
  await pglite.waitReady
  reply({ id: 0 })
} catch (error) {
  reply({ id: 0, error: wireError(error) })
  process.exit(1)
}

const transactions = new Map<number, Open>()

/** PGlite's transaction() holds the store until it ends: other statements wait, as with the in-thread dialect. */
function begin(txId: number): Promise<void> {
  return new Promise((begun, failed) => {
    let end!: (commit: boolean) => void
    const decided = new Promise<boolean>((resolve) => (end = resolve))
    const done = pglite
      .transaction(async (tx) => {
        transactions.set(txId, { tx, end, done })
        begun()
        if (!(await decided)) await tx.rollback()
      })
      .finally(() => transactions.delete(txId))
    done.catch(failed)
  })
}

async function run(request: StoreRequest): Promise<Omit<StoreReply, 'id'>> {
  const open = request.tx === undefined ? undefined : transactions.get(request.tx)
  switch (request.op) {
    case 'query': {
      if (request.tx !== undefined && !open) throw new Error('Transaction is closed')
      const result = await (open?.tx ?? pglite).query(request.sql!, request.parameters as unknown[], {
        rowMode: 'object',
      })
      return { rows: result.rows, affectedRows: result.affectedRows }
    }
    case 'begin':
      await begin(request.tx!)
      return {}
    case 'commit':
    case 'rollback':
      open?.end(request.op === 'commit')
      await open?.done
      return {}
    case 'close':
      await pglite.close()
      return {}
  }
}

port.on('message', (request: StoreRequest) => {
  run(request).then(
    (result) => reply({ id: request.id, ...result }),
    (error: unknown) => reply({ id: request.id, error: wireError(error) }),
  )
})
