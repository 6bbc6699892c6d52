import { badRequest } from './errors.ts'

/** Strips control characters (except tab and newlines) so stored text stays printable. */
function isControl(code: number, multiline: boolean): boolean {
  if (multiline && (code === 9 || code === 10 || code === 13)) return false
  return code < 32 || code === 127
}

function clean(value: string, multiline: boolean): string {
  let out = ''
  for (const char of value) if (!isControl(char.charCodeAt(0), multiline)) out += char
  return out.trim()
}

/** What a form shows under the field in cause (the client's own wording for the same rules). */
const fieldMessages = {
  required: 'Ce champ est obligatoire',
  email: 'Adresse e-mail invalide',
  dateFormat: 'La date doit être au format AAAA-MM-JJ',
  date: 'Date invalide',
  tooLong: (max: number) => `${max} caractères au plus`,
  integer: (min: number, max: number) => `Un nombre entier entre ${min} et ${max}`,
  number: (min: number, max: number) => `Un nombre entre ${min} et ${max}`,
}

const tooLong = (label: string, field: string, max: number) =>
  badRequest(
    `Le champ « ${label} » ne doit pas dépasser ${max} caractères.`,
    field,
    fieldMessages.tooLong(max),
  )

export interface TextRule {
  max: number
  multiline?: boolean
}

/** A required text field: trimmed, non-empty, bounded. Markup is kept as text; the client renders it as text. */
export function requiredText(value: string, field: string, label: string, rule: TextRule): string {
  const text = clean(value, rule.multiline ?? false)
  if (text === '') throw badRequest(`Le champ « ${label} » est obligatoire.`, field, fieldMessages.required)
  if (text.length > rule.max) throw tooLong(label, field, rule.max)
  return text
}

export function optionalText(
  value: string | null | undefined,
  field: string,
  label: string,
  rule: TextRule,
): string | null {
  if (value === null || value === undefined) return null
  const text = clean(value, rule.multiline ?? false)
  if (text === '') return null
  if (text.length > rule.max) throw tooLong(label, field, rule.max)
  return text
}

// Pragmatic address check: one @, no spaces, a dotted domain; the real proof is the mail we send.
const emailPattern = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:".]{2,}$/

/**
 * The form an address is stored and compared in: NFKC (fullwidth and other compatibility characters fold to
 * their plain form, so "ｄｅｍｏ@…" is "demo@…"), trimmed, lower case.
 */
export function canonicalEmail(value: string): string {
  return value.normalize('NFKC').trim().toLowerCase()
}

const scripts = [
  'Latin',
  'Cyrillic',
  'Greek',
  'Armenian',
  'Cherokee',
  'Georgian',
  'Hebrew',
  'Arabic',
] as const
const scriptPatterns = scripts.map((name) => new RegExp(`\\p{Script=${name}}`, 'u'))

/** How many of the scripts with Latin look-alikes one part of an address mixes ("pаypal" with a Cyrillic а: 2). */
function scriptCount(part: string): number {
  const found = new Set<number>()
  for (const char of part) {
    const index = scriptPatterns.findIndex((pattern) => pattern.test(char))
    if (index >= 0) found.add(index)
  }
  return found.size
}

export function email(value: string, field = 'email'): string {
  const text = canonicalEmail(value)
  if (text === '') throw badRequest('Le champ « email » est obligatoire.', field, fieldMessages.required)
  if (text.length > 254 || !emailPattern.test(text))
    throw badRequest('L’adresse e-mail n’est pas valide.', field, fieldMessages.email)
  const [local, domain] = text.split('@')
  if (scriptCount(local) > 1 || domain.split('.').some((label) => scriptCount(label) > 1))
    throw badRequest(
      'L’adresse e-mail mélange plusieurs alphabets (par exemple latin et cyrillique) : saisissez-la avec un seul alphabet.',
      field,
    )
  return text
}

export function intInRange(value: number, field: string, label: string, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw badRequest(
      `Le champ « ${label} » doit être un entier entre ${min} et ${max}.`,
      field,
      fieldMessages.integer(min, max),
    )
  }
  return value
}

export function numberInRange(value: number, field: string, label: string, min: number, max: number): number {
  if (!Number.isFinite(value) || value < min || value > max) {
    throw badRequest(
      `Le champ « ${label} » doit être un nombre entre ${min} et ${max}.`,
      field,
      fieldMessages.number(min, max),
    )
  }
  return value
}

/**
 * yyyy-MM-dd that is a real calendar date; '' and null mean "no expiry". The message names the field by its
 * form label (« Date d’expiration »), never by its JSON name.
 */
export function optionalIsoDate(
  value: string | null | undefined,
  field: string,
  label: string,
): string | null {
  if (value === null || value === undefined || value.trim() === '') return null
  const text = value.trim()
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
  const message = fieldMessages.dateFormat
  if (!match) throw badRequest(`${message} (champ « ${label} »).`, field, fieldMessages.dateFormat)
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  if (year < 1900 || year > 9999 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    throw badRequest(`${message} et être une date réelle (champ « ${label} »).`, field, fieldMessages.date)
  }
  return text
}

/**
 * Apostrophes and dashes, read as the space between two words: a phone keyboard types ' where a name holds ’
 * (« presqu'ile » finds « Presqu’île »), and people type « saint etienne » for « Saint-Étienne ». Straight,
 * typographic and modifier apostrophes, backtick, acute accent; hyphen-minus, hyphens, figure dash, en and em
 * dashes, horizontal bar, minus sign.
 */
export const SEARCH_SEPARATORS = "'’‘ʼ`´-‐‑‒–—―−"
const separators = new RegExp(`[${SEARCH_SEPARATORS.replace('-', '\\-')}]`, 'gu')

/**
 * Lower-case without diacritics, apostrophes and dashes as spaces, one space between words: the form stored
 * in partners.search_name and used for contains-search (server/README.md, « Recherche »). searchKeySql
 * (listQuery.ts) is its twin in SQL, for columns not stored in this form.
 */
export function normalizeForSearch(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(separators, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

/** Escapes LIKE wildcards so user input matches literally. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`)
}

/** An article link url: an internal path ("/x", not "//host") or an absolute http(s) URL. */
export function linkUrl(value: string, field: string): string {
  const text = value.trim()
  if (text === '') throw badRequest('Le lien doit avoir une adresse (url).', field)
  if (text.length > 2000)
    throw badRequest('L’adresse du lien est trop longue (2000 caractères au plus).', field)
  if (/\s/.test(text) || [...text].some((c) => isControl(c.charCodeAt(0), false)))
    throw badRequest('L’adresse du lien ne doit pas contenir d’espaces.', field)
  if (text.startsWith('/') && !text.startsWith('//') && !text.startsWith('/\\')) return text
  // The scheme must be spelled out with its "//" ("https:host" parses too, but clients tell links apart by that prefix).
  if (!/^https?:\/\//i.test(text))
    throw badRequest(
      'L’adresse du lien doit être un chemin interne (commençant par /) ou une adresse http(s).',
      field,
    )
  try {
    const url = new URL(text)
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '') return text
  } catch {
    // fall through to the refusal below
  }
  throw badRequest(
    'L’adresse du lien doit être un chemin interne (commençant par /) ou une adresse http(s).',
    field,
  )
}
