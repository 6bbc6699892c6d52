/**
 * What the back-office lists share: the `sort` parameter checked against a list's allow-list (400 in French
 * otherwise) and the paging defaults. The id is always the last sort key, so ties keep one stable order.
 */
import { sql, type RawBuilder } from 'kysely'
import { badRequest } from '../errors.ts'

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
