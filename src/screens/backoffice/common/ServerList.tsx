import { useEffect, useRef, useState } from 'react'
import { Button } from '@/src/design-system/components/Button/index.ts'
import { DataTable, type DataTableProps } from '@/src/design-system/components/DataTable/index.ts'
import { ErrorState } from '@/src/design-system/components/EmptyState/index.ts'
import { Icon, mdiPlus } from '@/src/design-system/icons/index.ts'
import { StatusFilter } from './StatusFilter.tsx'
import { countLabel, useListParams } from './useListParams.ts'

export type ListParams = ReturnType<typeof useListParams>

/** How long typing rests before the search text goes into the address, and the list asks the server again. */
export const SEARCH_DEBOUNCE_MS = 250

/** What a list's SWR hook answers for one page. */
export interface ListPageResult<T> {
  data?: { items: T[]; total: number }
  error?: unknown
  isLoading: boolean
  mutate: () => unknown
}

/**
 * A searched and status-filtered list (partners, users): its state in the address, and the query its hook
 * sends (the search text reaches the address once typing rests: useSearchText).
 */
export function useStatusListQuery<Status extends string>(defaultSort: string) {
  const list = useListParams(defaultSort)
  const query = {
    q: list.q.trim() || undefined,
    status: (list.status || undefined) as Status | undefined,
    sort: list.sortParam,
    page: list.page,
    pageSize: list.pageSize,
  }
  return { list, query }
}

/**
 * « 124 partenaires » under a list's title, announced when the search or a filter changes it. Before the first
 * answer (`total` undefined) it holds its line empty, so the count's arrival does not push the page down, and
 * the live region is already there when the count is written into it.
 */
export function ListCount({
  total,
  singular,
  plural,
}: {
  total: number | undefined
  singular: string
  plural: string
}) {
  return (
    <span aria-live="polite">{total === undefined ? '\u00a0' : countLabel(total, singular, plural)}</span>
  )
}

/** The status filter and the 'Nouveau' button beside a list's search box. */
export function StatusListActions({ list, onCreate }: { list: ListParams; onCreate: () => void }) {
  return (
    <>
      <StatusFilter value={list.status} onChange={list.setStatus} />
      <Button startIcon={<Icon path={mdiPlus} size={20} />} onClick={onCreate}>
        Nouveau
      </Button>
    </>
  )
}

/**
 * The search field's text: the field's own, written into the address (replacing the entry) once typing has
 * rested SEARCH_DEBOUNCE_MS. The address is never fed back into the field while typing: the router commits
 * the address in a transition, so a field showing it lagged behind the keys and the next key landed on old
 * text (« café n°12 » became « cafn12 »). Only an address changed by something else (Back, a link) is shown.
 */
export function useSearchText(list: ListParams) {
  const [text, setText] = useState(list.q)
  const pending = useRef<ReturnType<typeof setTimeout>>(undefined)
  const written = useRef(list.q)
  // The latest setter: one captured at the first key would rebuild the address from its older parameters.
  const setQuery = useRef(list.setQuery)
  useEffect(() => {
    setQuery.current = list.setQuery
  })
  const addressText = list.q
  useEffect(() => {
    if (pending.current !== undefined || addressText === written.current) return
    written.current = addressText
    setText(addressText)
  }, [addressText])
  // Leaving the list drops a text not yet written: writing it then would bring the list back.
  useEffect(() => () => clearTimeout(pending.current), [])

  const onChange = (value: string) => {
    setText(value)
    clearTimeout(pending.current)
    pending.current = setTimeout(() => {
      pending.current = undefined
      written.current = value
      setQuery.current(value)
    }, SEARCH_DEBOUNCE_MS)
  }
  return { text, onChange }
}

/**
 * An address's page beyond the last (a link kept while the list shrank, `page=9999` typed) shows the last
 * page, the address corrected in place. Only with the rows of this very query: SWR keeps the previous
 * query's page on screen while the next one loads.
 */
function useLastPageAtMost(list: ListParams, total: number | undefined, current: boolean) {
  const lastPage = total === undefined ? undefined : Math.max(0, Math.ceil(total / list.pageSize) - 1)
  const correctPage = useRef(list.correctPage)
  useEffect(() => {
    correctPage.current = list.correctPage
  })
  const target = current && lastPage !== undefined && list.page > lastPage ? lastPage : undefined
  useEffect(() => {
    if (target !== undefined) correctPage.current(target)
  }, [target])
}

export interface ServerListTableProps<T> extends Omit<DataTableProps<T>, 'rows' | 'loading' | 'server'> {
  list: ListParams
  result: ListPageResult<T>
  /** Shown with 'Réessayer' instead of the table when the page cannot be loaded. */
  errorMessage: string
}

/**
 * A back-office list paged (and searched, unless `searchable` is false) by the server: the table's page, page
 * size and search text are the address's (`useListParams`); a failed first load shows the error and a retry.
 */
export function ServerListTable<T>({
  list,
  result: { data, error, isLoading, mutate },
  errorMessage,
  searchable = true,
  ...table
}: ServerListTableProps<T>) {
  const search = useSearchText(list)
  useLastPageAtMost(list, data?.total, !isLoading)
  if (error && !data) return <ErrorState message={errorMessage} onRetry={() => void mutate()} />
  return (
    <DataTable
      {...table}
      searchable={searchable}
      rows={data?.items ?? []}
      loading={isLoading && !data}
      server={{
        total: data?.total ?? 0,
        page: list.page,
        rowsPerPage: list.pageSize,
        onPageChange: list.setPage,
        onRowsPerPageChange: list.setPageSize,
        ...(searchable ? { query: search.text, onQueryChange: search.onChange } : {}),
      }}
    />
  )
}
