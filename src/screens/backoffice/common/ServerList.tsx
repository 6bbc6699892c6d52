import { Button } from '@/src/design-system/components/Button/index.ts'
import { DataTable, type DataTableProps } from '@/src/design-system/components/DataTable/index.ts'
import { ErrorState } from '@/src/design-system/components/EmptyState/index.ts'
import { Icon, mdiPlus } from '@/src/design-system/icons/index.ts'
import { useDebouncedValue } from '@/src/screens/public/useDebouncedValue.ts'
import { StatusFilter } from './StatusFilter.tsx'
import { countLabel, useListParams } from './useListParams.ts'

export type ListParams = ReturnType<typeof useListParams>

/** How long typing rests before a list asks the server again. */
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
 * sends, the search text debounced so typing does not ask for every letter.
 */
export function useStatusListQuery<Status extends string>(defaultSort: string) {
  const list = useListParams(defaultSort)
  const q = useDebouncedValue(list.q.trim(), SEARCH_DEBOUNCE_MS)
  const query = {
    q: q || undefined,
    status: (list.status || undefined) as Status | undefined,
    sort: list.sortParam,
    page: list.page,
    pageSize: list.pageSize,
  }
  return { list, query }
}

/** « 124 partenaires » under a list's title, announced when the search or a filter changes it. */
export function ListCount({ total, singular, plural }: { total: number; singular: string; plural: string }) {
  return <span aria-live="polite">{countLabel(total, singular, plural)}</span>
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
        ...(searchable ? { query: list.q, onQueryChange: list.setQuery } : {}),
      }}
    />
  )
}
