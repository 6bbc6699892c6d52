/**
 * What the back-office lists share: the `sort` parameter checked against a list's allow-list (400 in French
 * otherwise) and the paging defaults. The id is always the last sort key, so ties keep one stable order.
 */
import { sql, type RawBuilder } from 'kysely'
import { badRequest } from '../errors.ts'
import { SEARCH_SEPARATORS } from '../validation.ts'

export const DEFAULT_PAGE_SIZE = 25

export interface SortTerm {
  expression: RawBuilder<unknown>
  direction: 'asc' | 'desc'
}

/** `sort` ('name', '-updatedAt') as ORDER BY terms from `keys` (one or more SQL expressions per key). */
export function sortTerms(
  sort: string | undefined,
  keys: Record<string, RawBuilder<unknown>[]>,
  fallback: string,
  idColumn: RawBuilder<unknown>,
): SortTerm[] {
  const text = sort === undefined || sort.trim() === '' ? fallback : sort.trim()
  const descending = text.startsWith('-')
  const key = descending ? text.slice(1) : text
  const expressions = Object.hasOwn(keys, key) ? keys[key] : undefined
  if (!expressions) {
    const allowed = Object.keys(keys).join(', ')
    throw badRequest(
      `Le paramètre « sort » doit être l’une des clés ${allowed}, éventuellement précédée de « - » (reçu « ${text.slice(0, 40)} »).`,
      'sort',
    )
  }
  const direction: SortTerm['direction'] = descending ? 'desc' : 'asc'
  return [
    ...expressions.map((expression) => ({ expression, direction })),
    { expression: idColumn, direction: 'asc' as const },
  ]
}

/** ORDER BY text of the terms (for a raw window or a Kysely `orderBy(sql…)`). */
export function orderBySql(terms: SortTerm[]): RawBuilder<unknown> {
  return sql.join(
    terms.map((t) => sql`${t.expression} ${sql.raw(t.direction)}`),
    sql`, `,
  )
}

export function paging(q: { page?: number; pageSize?: number }) {
  const page = q.page ?? 0
  const pageSize = q.pageSize ?? DEFAULT_PAGE_SIZE
  return { page, pageSize, offset: page * pageSize }
}

/**
 * The accented letters French names hold, and a few of Spanish and Portuguese ones (lower case, after lower()),
 * each read as its bare letter. A short list on purpose: translate() compares each character with every one of
 * them, and the lists compute this for every partner's city (with every accented Latin letter, 75, a text search
 * of 10,000 partners on PGlite took several times as long).
 */
const accented = 'àâäéèêëîïôöùûüÿçáíóúñ'
const bare = [...accented].map((c) => c.normalize('NFD').replace(/\p{M}/gu, '')).join('')
/**
 * Apostrophes, dashes and every run of spaces, one space: a class of a regular expression, one test per
 * character (no-break, narrow no-break and thin spaces listed, PostgreSQL's \s may not hold them); the dash
 * last, where it is itself.
 */
const separatorRun = `[${SEARCH_SEPARATORS.replace('-', '')}\\s\u00a0\u202f\u2009-]+`

/**
 * `expression` in normalizeForSearch's form, computed by the database: for the columns the lists search but do
 * not store in that form (a partner's city, a category's label, a user's names and e-mail), compared with
 * LIKE to the normalised text. Letters: the accented ones above (normalizeForSearch strips every mark), œ and
 * æ; apostrophes, dashes and spaces as normalizeForSearch; not trimmed (a contains-search needs no trim).
 */
export function searchKeySql(expression: RawBuilder<unknown>): RawBuilder<string> {
  return sql<string>`replace(replace(regexp_replace(translate(lower(${expression}), ${accented}, ${bare}), ${separatorRun}, ' ', 'g'), 'œ', 'oe'), 'æ', 'ae')`
}
