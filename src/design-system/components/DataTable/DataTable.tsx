import { memo, useMemo, useState, type ComponentProps, type ReactNode } from 'react'
import { TableVirtuoso, type TableComponents } from 'react-virtuoso'
import styled from 'styled-components'
import { mdiChevronLeft, mdiChevronRight, mdiMagnify } from '@/src/design-system/icons/index.ts'
import { EmptyState } from '../EmptyState/index.ts'
import { IconButton } from '../IconButton/index.ts'
import { Select } from '../Select/index.ts'
import { SkeletonRows } from '../SkeletonRows/index.ts'
import { TextField } from '../TextField/index.ts'

export interface DataTableColumn<T> {
  /** Unique key of the column. */
  key: string
  /** Column heading, e.g. 'Dénomination'. */
  header: string
  /** Cell content; default: the text from `value`. */
  render?: (row: T) => ReactNode
  /** The cell's text, used by the default render and the default search (e.g. `p => p.location.city`). */
  value?: (row: T) => string | number | null | undefined
  /** CSS width, e.g. '20%' or '120px'. */
  width?: string
}

/** Rows-per-page choices; -1 means all rows ('Tous'). */
export const ROWS_PER_PAGE_OPTIONS = [10, 25, 50, 100, -1] as const

/**
 * From this many rows, 'Tous' renders only the rows near the viewport (TableVirtuoso, same table markup):
 * thousands of rows would otherwise mount at once and every scroll frame would lay them all out.
 */
export const VIRTUALIZE_FROM = 500

/** Lower case without accents, so 'eleve' finds 'Élève'. */
export function normalizeSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
}

const Root = styled.div`
  display: flex;
  flex-direction: column;
  gap: 8px;
  width: 100%;
  min-width: 0;
`

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  & > :first-child {
    flex: 1 1 240px;
    max-width: 420px;
  }
  & > :last-child:not(:first-child) {
    margin-left: auto;
  }
`

const Scroll = styled.div`
  overflow-x: auto;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows[1]};
`

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  th,
  td {
    padding: 10px 12px;
    border-bottom: 1px solid ${({ theme }) => theme.colors.divider};
    text-align: left;
    vertical-align: middle;
  }
  th {
    font-weight: ${({ theme }) => theme.fontWeights.bold};
    color: ${({ theme }) => theme.colors.text};
    white-space: nowrap;
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
  tbody tr[data-clickable='true'] {
    cursor: pointer;
  }
  tbody tr[data-clickable='true']:hover {
    background: ${({ theme }) => theme.colors.primaryLight};
  }
  tbody tr:focus-visible {
    outline-offset: -2px;
  }
  /* Virtualised: column widths from the header, not from whichever rows are mounted, so they neither jump
     nor make every scroll step re-lay out the whole table. */
  &[data-virtual] {
    table-layout: fixed;
  }
  &[data-virtual] td {
    overflow-wrap: anywhere;
  }
`

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: flex-end;
  gap: 8px 16px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  & > div:first-child {
    display: flex;
    align-items: center;
    gap: 8px;
  }
`

export interface DataTableProps<T> {
  rows: T[]
  columns: DataTableColumn<T>[]
  /** A stable key per row. */
  getRowId: (row: T) => string
  /** Row click (or Enter on a focused row), e.g. open the consult page. */
  onRowClick?: (row: T) => void
  /** Accessible name of a clickable row, e.g. `p => \`Consulter ${p.name}\``. */
  rowLabel?: (row: T) => string
  /**
   * Whether a row matches the search text (already lower-cased and accent-free, see normalizeSearch).
   * Default: any column `value` contains it. Pass one to also match e.g. category labels.
   */
  searchPredicate?: (row: T, query: string) => boolean
  /** Show the search box (default true). */
  searchable?: boolean
  searchLabel?: string
  /** Buttons at the right of the search box, e.g. 'Nouveau'. */
  actions?: ReactNode
  /** Shown when there is no row (or none matches). */
  emptyMessage?: ReactNode
  /** Skeleton rows instead of the table body. */
  loading?: boolean
  /** Initial rows per page: 10, 25, 50, 100 or -1 (all). */
  defaultRowsPerPage?: number
  /** The table's accessible name, e.g. 'Partenaires'. */
  caption: string
  className?: string
}

function cellText<T>(column: DataTableColumn<T>, row: T): string {
  const value = column.value?.(row)
  return value === null || value === undefined ? '' : String(value)
}

/** What a virtualised row needs besides its data (stable components read it from TableVirtuoso's context). */
interface RowContext<T> {
  caption: string
  loading: boolean
  onRowClick?: (row: T) => void
  rowLabel?: (row: T) => string
}

/** A body row's attributes: clickable and focusable when there is a row action. */
function rowProps<T>(
  row: T,
  onRowClick: ((row: T) => void) | undefined,
  rowLabel: ((row: T) => string) | undefined,
): ComponentProps<'tr'> {
  if (!onRowClick) return { 'data-clickable': false } as ComponentProps<'tr'>
  return {
    'data-clickable': true,
    tabIndex: 0,
    'aria-label': rowLabel ? rowLabel(row) : undefined,
    onClick: () => onRowClick(row),
    onKeyDown: (event) => {
      if (event.key === 'Enter' && event.target === event.currentTarget) onRowClick(row)
    },
  } as ComponentProps<'tr'>
}

function cells<T>(row: T, columns: DataTableColumn<T>[]) {
  return columns.map((column) => (
    <td key={column.key}>{column.render ? column.render(row) : cellText(column, row)}</td>
  ))
}

// Virtuoso calls itemContent for every shown row on each scroll step: unchanged rows skip rendering.
const RowCells = memo(function RowCells({
  row,
  columns,
}: {
  row: unknown
  columns: DataTableColumn<unknown>[]
}) {
  return <>{cells(row, columns)}</>
})

function headerCells<T>(columns: DataTableColumn<T>[]) {
  return columns.map((column) => (
    <th key={column.key} scope="col" style={column.width ? { width: column.width } : undefined}>
      {column.header}
    </th>
  ))
}

// Module-level, so TableVirtuoso keeps its elements between renders; per-table values come through context.
const virtualComponents: TableComponents<unknown, RowContext<unknown>> = {
  Table: ({ context, ...props }) => (
    <Table {...props} data-virtual aria-label={context.caption} aria-busy={context.loading || undefined} />
  ),
  TableRow: ({ item, context, ...props }) => (
    <tr {...props} {...rowProps(item, context.onRowClick, context.rowLabel)} />
  ),
}

/**
 * A table with a search box and client-side pagination (10/25/50/100/Tous, default 10). Only the current page
 * renders ('Tous' over VIRTUALIZE_FROM rows: only the rows near the viewport), so long lists stay fast.
 */
export function DataTable<T>({
  rows,
  columns,
  getRowId,
  onRowClick,
  rowLabel,
  searchPredicate,
  searchable = true,
  searchLabel = 'Rechercher',
  actions,
  emptyMessage = 'Aucune donnée',
  loading = false,
  defaultRowsPerPage = 10,
  caption,
  className,
}: DataTableProps<T>) {
  const [query, setQuery] = useState('')
  const [page, setPage] = useState(0)
  const [rowsPerPage, setRowsPerPage] = useState(defaultRowsPerPage)

  const filtered = useMemo(() => {
    const needle = normalizeSearch(query.trim())
    if (!needle) return rows
    const matches =
      searchPredicate ??
      ((row: T, q: string) => columns.some((column) => normalizeSearch(cellText(column, row)).includes(q)))
    return rows.filter((row) => matches(row, needle))
  }, [rows, columns, query, searchPredicate])

  const all = rowsPerPage < 0
  const pageCount = all ? 1 : Math.max(1, Math.ceil(filtered.length / rowsPerPage))
  const currentPage = Math.min(page, pageCount - 1)
  const start = all ? 0 : currentPage * rowsPerPage
  const visible = all ? filtered : filtered.slice(start, start + rowsPerPage)
  const end = start + visible.length
  const virtual = all && !loading && visible.length >= VIRTUALIZE_FROM

  return (
    <Root className={className}>
      {searchable || actions ? (
        <Toolbar>
          {searchable ? (
            <TextField
              type="search"
              aria-label={searchLabel}
              placeholder={searchLabel}
              leadingIcon={mdiMagnify}
              value={query}
              onChange={(event) => {
                setQuery(event.target.value)
                setPage(0)
              }}
            />
          ) : null}
          {actions}
        </Toolbar>
      ) : null}
      <Scroll>
        {virtual ? (
          <TableVirtuoso<T, RowContext<T>>
            useWindowScroll
            data={visible}
            context={{ caption, loading, onRowClick, rowLabel }}
            components={virtualComponents as TableComponents<T, RowContext<T>>}
            computeItemKey={(_, row) => getRowId(row)}
            defaultItemHeight={45}
            increaseViewportBy={400}
            fixedHeaderContent={() => <tr>{headerCells(columns)}</tr>}
            itemContent={(_, row) => <RowCells row={row} columns={columns as DataTableColumn<unknown>[]} />}
          />
        ) : (
          <Table aria-label={caption} aria-busy={loading || undefined}>
            <thead>
              <tr>{headerCells(columns)}</tr>
            </thead>
            <tbody>
              {loading ? (
                <tr>
                  <td colSpan={columns.length}>
                    <SkeletonRows rows={5} lines={1} rowHeight={24} />
                  </td>
                </tr>
              ) : visible.length === 0 ? (
                <tr>
                  <td colSpan={columns.length}>
                    <EmptyState message={emptyMessage} />
                  </td>
                </tr>
              ) : (
                visible.map((row) => (
                  <tr key={getRowId(row)} {...rowProps(row, onRowClick, rowLabel)}>
                    {cells(row, columns)}
                  </tr>
                ))
              )}
            </tbody>
          </Table>
        )}
      </Scroll>
      <Footer>
        <div>
          <span aria-hidden>Lignes par page</span>
          <Select
            aria-label="Lignes par page"
            size="small"
            fullWidth={false}
            value={String(rowsPerPage)}
            options={ROWS_PER_PAGE_OPTIONS.map((n) => ({
              value: String(n),
              label: n < 0 ? 'Tous' : String(n),
            }))}
            onValueChange={(value) => {
              setRowsPerPage(Number(value))
              setPage(0)
            }}
          />
        </div>
        <span aria-live="polite">
          {filtered.length === 0 ? '0 sur 0' : `${start + 1}–${end} sur ${filtered.length}`}
        </span>
        <div>
          <IconButton
            label="Page précédente"
            icon={mdiChevronLeft}
            tooltip={false}
            disabled={currentPage === 0}
            onClick={() => setPage(currentPage - 1)}
          />
          <IconButton
            label="Page suivante"
            icon={mdiChevronRight}
            tooltip={false}
            disabled={currentPage >= pageCount - 1}
            onClick={() => setPage(currentPage + 1)}
          />
        </div>
      </Footer>
    </Root>
  )
}
