/**
 * `npm run mails [-- nombre]`: the last mails of the outbox table (20 by default, oldest first), with their
 * state and text. With DATABASE_URL they are read from PostgreSQL, servers running or not; otherwise from
 * the embedded store of DATA_DIR, which one process at a time may open: stop the server first (checked).
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { sql } from 'kysely'
import { loadConfig } from '../server/config.ts'
import { openDatabase, pgliteDir, type DatabaseHandle } from '../server/db/index.ts'
import { acquireDataDir } from '../server/services/datalock.ts'

interface OutboxRow {
  id: string
  recipient: string
  subject: string
  text_body: string
  created_at: Date
  sent_at: Date | null
  attempts: number
  last_error: string | null
  abandoned: boolean
  next_attempt_at: Date | null
  in_flight: boolean
}

const arg = process.argv[2]
const limit = arg === undefined ? 20 : Number(arg)
if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) {
  console.error('Usage : npm run mails [-- nombre de mails à afficher, 20 par défaut]')
  process.exit(2)
}

const date = (value: Date) => new Date(value).toLocaleString('fr-FR')
const times = (n: number) => `${n} tentative${n > 1 ? 's' : ''}`

function state(row: OutboxRow): string {
  if (row.sent_at)
    return `envoyé le ${date(row.sent_at)}${row.attempts > 1 ? ` (${times(row.attempts)})` : ''}`
  if (row.abandoned) return `abandonné après ${times(row.attempts)} : ${row.last_error ?? 'erreur inconnue'}`
  if (row.in_flight) return `en cours d’envoi (${times(row.attempts)})`
  if (row.attempts === 0) return 'en attente d’envoi'
  const next = row.next_attempt_at ? ` ; nouvel essai le ${date(row.next_attempt_at)}` : ''
  return `en erreur (${times(row.attempts)}) : ${row.last_error ?? 'erreur inconnue'}${next}`
}

const config = loadConfig()
let release = () => {}
let handle: DatabaseHandle | null = null
try {
  if (!config.databaseUrl) {
    if (!existsSync(join(pgliteDir(config), 'PG_VERSION')))
      throw new Error(`Aucune base dans ${pgliteDir(config)} (DATA_DIR=${config.dataDir}).`)
    release = acquireDataDir(config.dataDir)
  }
  handle = await openDatabase(config)
  const { rows } = await sql<OutboxRow>`
    select id, recipient, subject, text_body, created_at, sent_at, attempts, last_error,
      not isfinite(next_attempt_at) as abandoned,
      case when isfinite(next_attempt_at) then next_attempt_at end as next_attempt_at,
      coalesce(locked_until > now(), false) as in_flight
    from mail_outbox order by id desc limit ${limit}`.execute(handle.db)
  if (rows.length === 0) console.log('Aucun mail dans la table mail_outbox.')
  for (const row of rows.reverse()) {
    console.log(`#${row.id}  ${date(row.created_at)}  à : ${row.recipient}`)
    console.log(`Objet : ${row.subject}`)
    console.log(`État : ${state(row)}`)
    console.log('')
    console.log(row.text_body.replace(/^/gm, '    '))
    console.log('')
  }
} catch (error) {
  const code = (error as { code?: string }).code
  const message =
    code === '42P01'
      ? 'La table mail_outbox n’existe pas encore : démarrez le serveur une fois (migrations).'
      : error instanceof Error
        ? error.message
        : String(error)
  console.error(`Lecture des mails impossible : ${message}`)
  process.exitCode = 1
} finally {
  await handle?.close()
  release()
}
