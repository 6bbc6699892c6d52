import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import {
  SERVER_ROWS_PER_PAGE_OPTIONS,
  type SortDirection,
} from '@/src/design-system/components/DataTable/index.ts'

/** The spec: "options 10/25/50/100/all, default 10" (no "all": the server pages, 100 at most). */
export const DEFAULT_PAGE_SIZE = 10

/**
 * A back-office list's state in the address (?q=…&tri=-name&page=3&taille=50&statut=ACTIF): a reload or a shared
 * link shows the same rows, and coming back from a detail page finds the page and the search as they were.
 * A new page, page size, sort or status is a new history entry (Back shows the previous one); the search text
 * replaces the entry, so a search is one entry, not one per letter. `page` is 1-based in the address, as
 * people count, 0-based here, as the API counts.
 */
export function useListParams(defaultSort: string) {
  const [params, setParams] = useSearchParams()
  const q = params.get('q') ?? ''
  const sortText = params.get('tri') || defaultSort
  const pageNumber = Number.parseInt(params.get('page') ?? '1', 10)
  const page = Number.isFinite(pageNumber) && pageNumber > 1 ? pageNumber - 1 : 0
  const size = Number(params.get('taille'))
  const pageSize = (SERVER_ROWS_PER_PAGE_OPTIONS as readonly number[]).includes(size)
    ? size
    : DEFAULT_PAGE_SIZE
  const status = params.get('statut') ?? ''

  const update = useCallback(
    (patch: Record<string, string | number | null>, { push = false }: { push?: boolean } = {}) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous)
          for (const [key, value] of Object.entries(patch)) {
            if (value === null || value === '') next.delete(key)
            else next.set(key, String(value))
          }
          return next
        },
        { replace: !push },
      ),
    [setParams],
  )

  const sort = useMemo(
    () => ({
      key: sortText.replace(/^-/, ''),
      direction: (sortText.startsWith('-') ? 'desc' : 'asc') as SortDirection,
    }),
    [sortText],
  )

  return {
    params,
    update,
    q,
    sort,
    /** The API's `sort` parameter. */
    sortParam: sortText,
    page,
    pageSize,
    status,
    setQuery: (value: string) => update({ q: value, page: null }),
    setSort: (key: string, direction: SortDirection) =>
      update({ tri: `${direction === 'desc' ? '-' : ''}${key}`, page: null }, { push: true }),
    setPage: (value: number) => update({ page: pageParam(value) }, { push: true }),
    /** An address's page past the last one shown as the last (the entry corrected, not added to). */
    correctPage: (value: number) => update({ page: pageParam(value) }),
    setPageSize: (value: number) =>
      update({ taille: value === DEFAULT_PAGE_SIZE ? null : value, page: null }, { push: true }),
    setStatus: (value: string) => update({ statut: value, page: null }, { push: true }),
  }
}

const pageParam = (page: number) => (page > 0 ? page + 1 : null)

/** « 124 partenaires », « 1 partenaire », « 0 partenaire » (French keeps the singular below 2). */
export function countLabel(count: number, singular: string, plural: string): string {
  return `${count.toLocaleString('fr-FR')} ${count < 2 ? singular : plural}`
}
