import type {
  FastifyError,
  FastifyInstance,
  FastifySchemaCompiler,
  FastifyReply,
  FastifyRequest,
  FastifySchemaValidationError,
} from 'fastify'
import type { TSchema } from 'typebox'
import { Compile } from 'typebox/compile'
import { withReference } from './requestId.ts'

/** An error whose message is meant for the (French-speaking) client. */
export class HttpError extends Error {
  statusCode: number
  field: string | undefined
  headers: Record<string, string>
  /**
   * The short French text a form shows under `field` (no technical name, e.g. 'Date invalide'); sent as
   * `fields: { [field]: fieldMessage }` beside `message`, which stays whole for other clients.
   */
  fieldMessage: string | undefined
  /** Further fields of the JSON answer, for programs (a 412's current ETag, author and date). */
  extra: Record<string, unknown> = {}
  constructor(
    statusCode: number,
    message: string,
    field?: string,
    headers: Record<string, string> = {},
    fieldMessage?: string,
  ) {
    super(message)
    this.statusCode = statusCode
    this.field = field
    this.headers = headers
    this.fieldMessage = fieldMessage
  }
}

export const badRequest = (message: string, field?: string, fieldMessage?: string) =>
  new HttpError(400, message, field, {}, fieldMessage)
export const notFound = (message = 'Ressource introuvable.') => new HttpError(404, message)
export const forbidden = (message = 'Vous n’avez pas les droits pour cette action.') =>
  new HttpError(403, message)
export const conflict = (message: string, field?: string, fieldMessage?: string) =>
  new HttpError(409, message, field, {}, fieldMessage)

/** The JSON answer of an HttpError: `{ message }`, plus `field` and `fields` when a field is in cause. */
export function errorBody(error: HttpError): {
  message: string
  field?: string
  fields?: Record<string, string>
} {
  if (!error.field) return { ...error.extra, message: error.message }
  if (!error.fieldMessage) return { ...error.extra, message: error.message, field: error.field }
  return {
    ...error.extra,
    message: error.message,
    field: error.field,
    fields: { [error.field]: error.fieldMessage },
  }
}

type JsonSchema = {
  type?: string
  required?: string[]
  properties?: Record<string, JsonSchema>
  anyOf?: JsonSchema[]
  'x-messages'?: Record<string, string>
}

/**
 * Query strings and path parameters arrive as text: convert only what is unambiguous ("12" -> 12 for an
 * integer, "1.5" stays "1.5" and fails), so a malformed number is a 400, never silently truncated.
 * Bodies are JSON and are checked as sent: a string where a number is expected is an error.
 */
function convertFlat(schema: JsonSchema, value: unknown): unknown {
  if (!schema.properties || typeof value !== 'object' || value === null) return value
  const out: Record<string, unknown> = { ...(value as Record<string, unknown>) }
  for (const [key, prop] of Object.entries(schema.properties)) {
    const raw = out[key]
    if (typeof raw !== 'string') continue
    if (prop.type === 'integer' && /^-?\d{1,15}$/.test(raw)) out[key] = Number(raw)
    else if (prop.type === 'number' && /^-?\d+(\.\d+)?$/.test(raw)) out[key] = Number(raw)
    else if (prop.type === 'boolean' && (raw === 'true' || raw === 'false')) out[key] = raw === 'true'
  }
  return out
}

/**
 * Characters no field may hold: U+0000 (PostgreSQL cannot store it in text: it would be a 500), the other
 * control characters but tab and line breaks (invisible, they make look-alike names and break mails and
 * logs), and lone surrogates (not Unicode: the driver would silently turn them into U+FFFD).
 */
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's purpose
const forbiddenCharacter = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|\p{Cs}/u

interface ForbiddenCharacter {
  path: string
  code: number
}

/** Where the first forbidden character is (JSON pointer) and which it is, or null. */
function forbiddenCharacterAt(value: unknown, path = ''): ForbiddenCharacter | null {
  if (typeof value === 'string') {
    const match = forbiddenCharacter.exec(value)
    return match ? { path, code: match[0].charCodeAt(0) } : null
  }
  if (typeof value !== 'object' || value === null) return null
  for (const [key, item] of Object.entries(value)) {
    const found = forbiddenCharacterAt(item, `${path}/${key}`)
    if (found !== null) return found
  }
  return null
}

const codePoint = (code: number) => `U+${code.toString(16).toUpperCase().padStart(4, '0')}`

export const validatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  const check = Compile(schema)
  // A body none of whose fields is required may be left out (reactivate-discountoffer's motif: the spec sends
  // no body): Fastify hands an absent body as null, read here as {}.
  const optionalBody =
    httpPart === 'body' &&
    (schema as JsonSchema).type === 'object' &&
    !(schema as JsonSchema).required?.length
  return (value: unknown) => {
    const input = optionalBody && (value === null || value === undefined) ? {} : value
    const converted = httpPart === 'body' ? input : convertFlat(schema as JsonSchema, input)
    const forbidden = forbiddenCharacterAt(converted)
    if (forbidden !== null) {
      const issue = {
        keyword: 'forbiddenCharacter',
        instancePath: forbidden.path,
        params: { code: forbidden.code },
      }
      return { error: [issue] as unknown as FastifySchemaValidationError[] }
    }
    if (check.Check(converted)) return { value: converted }
    const issues = (check.Errors(converted) as unknown as ValidationIssue[]).map((issue) => {
      const own = limitMessage(schema as JsonSchema, issue)
      return own === undefined ? issue : { ...issue, ownMessage: own }
    })
    return { error: issues as unknown as FastifySchemaValidationError[] }
  }
}

/**
 * The message the failed keyword's schema gives itself (`x-messages`, contract/schemas.ts: the words a limit
 * has always been refused with), for a property of the part's object.
 */
function limitMessage(schema: JsonSchema, issue: ValidationIssue): string | undefined {
  const [property, ...deeper] = issue.instancePath.split('/').filter(Boolean)
  if (property === undefined || deeper.length > 0) return undefined
  return schema.properties?.[property]?.['x-messages']?.[issue.keyword]
}

const typeNames: Record<string, string> = {
  string: 'une chaîne de caractères',
  integer: 'un nombre entier',
  number: 'un nombre',
  boolean: 'un booléen (true ou false)',
  object: 'un objet',
  array: 'une liste',
  null: 'null',
}

const partNames: Record<string, string> = {
  body: 'Le corps de la requête',
  querystring: 'Les paramètres de la requête',
  params: 'L’adresse',
}

function fieldName(instancePath: string, extra?: string): string {
  const parts = instancePath.split('/').filter(Boolean)
  if (extra) parts.push(extra)
  return parts.reduce(
    (acc, part) => (/^\d+$/.test(part) ? `${acc}[${part}]` : acc ? `${acc}.${part}` : part),
    '',
  )
}

interface ValidationIssue {
  keyword: string
  instancePath: string
  params: Record<string, unknown>
  /** The schema's own message for this keyword (limitMessage), used as is. */
  ownMessage?: string
}

/** Turns TypeBox's (Ajv-shaped) errors into one French sentence naming the field and the problem. */
export function formatValidation(
  errors: ValidationIssue[],
  context: string,
): { message: string; field?: string } {
  const required = errors.find((e) => e.keyword === 'required')
  if (required) {
    const props = (required.params.requiredProperties ?? [required.params.missingProperty]) as string[]
    const field = fieldName(required.instancePath, String(props[0]))
    return { message: `Le champ « ${field} » est obligatoire.`, field }
  }
  // Union members (nullable objects, enums) each report a failure; keep the most precise one.
  const consts = errors.filter((e) => e.keyword === 'const')
  const concrete = errors.filter(
    (e) =>
      e.keyword !== 'anyOf' && e.keyword !== 'const' && !(e.keyword === 'type' && e.params.type === 'null'),
  )
  const deepest = [...concrete].sort((a, b) => b.instancePath.length - a.instancePath.length)[0]
  if (consts.length > 0 && (!deepest || deepest.instancePath.length <= consts[0].instancePath.length)) {
    const path = consts[0].instancePath
    const allowed = consts
      .filter((e) => e.instancePath === path)
      .map((e) => JSON.stringify(e.params.allowedValue))
    const field = fieldName(path)
    return { message: `Le champ « ${field} » doit valoir l’une des valeurs : ${allowed.join(', ')}.`, field }
  }
  const issue = deepest ?? errors[0]
  if (!issue) return { message: 'Requête invalide.' }
  const field = fieldName(issue.instancePath)
  if (issue.ownMessage) return { message: issue.ownMessage, field }
  const subject = field ? `Le champ « ${field} »` : (partNames[context] ?? 'La requête')
  switch (issue.keyword) {
    case 'type': {
      const expected = String(issue.params.type)
      if (!field && expected === 'object' && context === 'body') {
        return { message: 'Le corps de la requête doit être un objet JSON.' }
      }
      return {
        message: `${subject} doit être ${typeNames[expected] ?? expected}.`,
        field: field || undefined,
      }
    }
    case 'minimum':
      return {
        message: `${subject} doit être supérieur ou égal à ${String(issue.params.limit ?? issue.params.minimum)}.`,
        field,
      }
    case 'maximum':
      return {
        message: `${subject} doit être inférieur ou égal à ${String(issue.params.limit ?? issue.params.maximum)}.`,
        field,
      }
    case 'forbiddenCharacter': {
      const code = Number(issue.params.code)
      const what =
        code === 0
          ? 'un caractère nul (U+0000)'
          : code >= 0xd800 && code <= 0xdfff
            ? `un caractère Unicode invalide (${codePoint(code)} isolé)`
            : `un caractère de contrôle (${codePoint(code)})`
      return { message: `${subject} contient ${what}, qui n’est pas accepté.`, field: field || undefined }
    }
    case 'minLength':
      return typeof issue.params.limit === 'number'
        ? { message: `${subject} doit contenir au moins ${issue.params.limit} caractères.`, field }
        : { message: `${subject} est trop court.`, field }
    case 'maxLength':
      return typeof issue.params.limit === 'number'
        ? { message: `${subject} ne doit pas dépasser ${issue.params.limit} caractères.`, field }
        : { message: `${subject} est trop long.`, field }
    default:
      return { message: `${subject} est invalide.`, field: field || undefined }
  }
}

const connectionErrorCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
])

/** True for errors meaning "the database did not answer" (as opposed to a bad query). */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false
  const e = error as { code?: unknown; message?: unknown }
  const code = typeof e.code === 'string' ? e.code : ''
  const message = typeof e.message === 'string' ? e.message : ''
  if (connectionErrorCodes.has(code)) return true
  // SQLSTATE classes 08 (connection), 57P (operator intervention: shutdown), 53 (insufficient resources).
  if (/^(08|57P|53)/.test(code)) return true
  return /Connection terminated|timeout exceeded when trying to connect|PGlite is closed|instance is already closed|driver has already been destroyed|Cannot use a pool after calling end|Client has encountered a connection error/i.test(
    message,
  )
}

const INTERNAL_ERROR = 'Une erreur interne est survenue. Réessayez plus tard.'

const fastifyCodes: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'Le corps de la requête n’est pas un JSON valide.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'Le corps de la requête est trop volumineux.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    message: 'Type de contenu non pris en charge : envoyez du JSON (application/json).',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    message: 'La longueur annoncée du corps de la requête est incorrecte.',
  },
  FST_REQ_FILE_TOO_LARGE: { status: 413, message: 'Le fichier est trop volumineux.' },
  FST_FILES_LIMIT: { status: 413, message: 'Un seul fichier est accepté.' },
  FST_PARTS_LIMIT: { status: 413, message: 'Trop de parties dans le formulaire envoyé.' },
  FST_FIELDS_LIMIT: { status: 413, message: 'Trop de champs dans le formulaire envoyé.' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    status: 415,
    message: 'La requête doit être de type multipart/form-data avec un champ « file ».',
  },
  FST_ERR_VALIDATION: { status: 400, message: 'Requête invalide.' },
  FST_ERR_BAD_URL: {
    status: 400,
    message: 'L’adresse demandée est mal formée (encodage « % » invalide ou caractères non UTF-8).',
  },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: 'L’adresse demandée est trop longue.' },
}

/**
 * Answers Fastify gives before any route runs (a path its router cannot decode, a parameter over
 * maxParamLength): by default English JSON of another shape; here the same French { message } as the rest.
 */
export function frameworkErrors(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const known = error.code ? fastifyCodes[error.code] : undefined
  if (known) {
    request.log.info({ err: error }, 'client error')
    return reply.code(known.status).send({ message: known.message })
  }
  request.log.error({ err: error }, 'unexpected error')
  return reply.code(500).send({ message: withReference(INTERNAL_ERROR, request.id) })
}

/**
 * Every 5xx the server answers ends its message with « Référence : <request id> » (server/requestId.ts): what
 * a person quotes to the operators, who find the request's log lines and nginx's access line by it.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setSchemaErrorFormatter((errors, dataVar) => {
    const formatted = formatValidation(errors as unknown as ValidationIssue[], dataVar)
    return new HttpError(400, formatted.message, formatted.field)
  })

  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.statusCode < 500)
        return reply.code(error.statusCode).headers(error.headers).send(errorBody(error))
      request.log.error({ err: error }, 'server error')
      const body = errorBody(error)
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send({ ...body, message: withReference(body.message, request.id) })
    }
    const known = error.code ? fastifyCodes[error.code] : undefined
    if (known) return reply.code(known.status).send({ message: known.message })
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable')
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({
          message: withReference(
            'Le service est momentanément indisponible (base de données injoignable). Réessayez dans quelques instants.',
            request.id,
          ),
        })
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500
    if (status === 429)
      return reply.code(429).send({ message: 'Trop de requêtes : réessayez dans quelques instants.' })
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, 'client error')
      return reply.code(status).send({ message: 'Requête invalide.' })
    }
    request.log.error({ err: error }, 'unexpected error')
    return reply.code(500).send({ message: withReference(INTERNAL_ERROR, request.id) })
  })
}

/** PostgreSQL's unique_violation (23505): the row another one already holds, e.g. an e-mail address taken. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505'
}
