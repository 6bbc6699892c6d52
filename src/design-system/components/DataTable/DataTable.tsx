import { memo, useMemo, useState, type ComponentProps, type ReactNode } from 'react'
import { TableVirtuoso, type TableComponents } from 'react-virtuoso'
import styled from 'styled-components'
import {
  Icon,
  mdiArrowDown,
  mdiArrowUp,
  mdiChevronLeft,
  mdiChevronRight,
  mdiMagnify,
  mdiSwapVertical,
} from '@/src/design-system/icons/index.ts'
import { EmptyState } from '../EmptyState/index.ts'
import { IconButton } from '../IconButton/index.ts'
import { Select } from '../Select/index.ts'
import { SkeletonRows } from '../SkeletonRows/index.ts'
import { TextField } from '../TextField/index.ts'
import { theme } from '@/src/design-system/theme/theme.ts'

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
  /** The column sorts (with the `sort` prop): its header becomes a button; the key sent is `key`. */
  sortable?: boolean
  /** Keep the cell on one line (phone numbers, e-mails): the table scrolls sideways instead. */
  nowrap?: boolean
}

export type SortDirection = 'asc' | 'desc'

/** The order the rows are in (controlled: the parent sorts, e.g. on the server). */
export interface DataTableSort {
  key: string
  direction: SortDirection
  /** A header was pressed: its key, ascending first, then the other way. */
  onChange: (key: string, direction: SortDirection) => void
}

/**
 * Server-side rows: `rows` is the current page, the parent filters and pages (controlled), the table shows
 * `total` and asks for another page, page size or search text; a new search text or page size means the
 * first page, which the parent sets with it (one change, not two).
 */
export interface DataTableServer {
  total: number
  page: number
  rowsPerPage: number
  onPageChange: (page: number) => void
  onRowsPerPageChange: (rowsPerPage: number) => void
  /** The search text (with `searchable`). */
  query?: string
  onQueryChange?: (query: string) => void
}

/**
 * Rows picked for an action on several at once (controlled): a box per row, named by `label`, and one in the
 * header for every row of the page.
 */
export interface DataTableSelection<T> {
  /** The ids (`getRowId`) of the picked rows, of this page or others. */
  selected: ReadonlySet<string>
  onChange: (selected: Set<string>) => void
  /** A row's box, e.g. `p => \`Sélectionner ${p.name}\``. */
  label: (row: T) => string
}

/** Rows-per-page choices of a server-side table (no 'Tous': the server pages). */
export const SERVER_ROWS_PER_PAGE_OPTIONS = [10, 25, 50, 100] as const

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
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};
  box-shadow: ${theme.shadows[1]};
`

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${theme.fontSizes.sm};
  th,
  td {
    padding: 10px 12px;
    border-bottom: 1px solid ${theme.colors.divider};
    text-align: left;
    vertical-align: middle;
  }
  td[data-nowrap] {
    white-space: nowrap;
  }
  th {
    font-weight: ${theme.fontWeights.bold};
    color: ${theme.colors.text};
    white-space: nowrap;
    background: ${theme.colors.surfaceMuted};
  }
  tbody tr[data-clickable='true'] {
    cursor: pointer;
  }
  tbody tr[data-clickable='true']:hover {
    background: ${theme.colors.primaryLight};
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

const SortButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  margin: -4px -6px;
  padding: 4px 6px;
  border: 0;
  border-radius: ${theme.radii.sm};
  background: none;
  color: inherit;
  font: inherit;
  cursor: pointer;
  &:hover {
    background: ${theme.colors.primaryLight};
  }
  &:focus-visible {
    outline: 2px solid ${theme.colors.focus};
    outline-offset: 0;
  }
  & > svg {
    flex: none;
    opacity: 0.45;
  }
  &[data-active='true'] > svg {
    opacity: 1;
  }
`

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: flex-end;
  gap: 8px 16px;
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.textMuted};
  & > div:first-child {
    display: flex;
    align-items: center;
    gap: 8px;
  }
`

export interface DataTableProps<T> {
  /** Les lignes à afficher (avec `server`, seulement celles de la page en cours). */
  rows: T[]
  /** Les colonnes : en-tête, valeur de chaque ligne, et si elles se trient. */
  columns: DataTableColumn<T>[]
  /** Un identifiant stable par ligne. */
  getRowId: (row: T) => string
  /** Clic sur une ligne (ou Entrée sur une ligne qui a le focus), par exemple pour ouvrir la fiche. */
  onRowClick?: (row: T) => void
  /** Nom d’une ligne cliquable pour le lecteur d’écran, par exemple « Consulter Le Petit Marseillais ». */
  rowLabel?: (row: T) => string
  /**
   * Dit si une ligne correspond au texte cherché (déjà en minuscules et sans accents). Par défaut : une des
   * colonnes le contient.
   */
  searchPredicate?: (row: T, query: string) => boolean
  /** Affiche le champ de recherche (oui par défaut). */
  searchable?: boolean
  /** Libellé du champ de recherche. */
  searchLabel?: string
  /** Boutons à droite du champ de recherche, par exemple « Nouveau ». */
  actions?: ReactNode
  /** Affiché quand il n’y a aucune ligne, ou aucune qui corresponde. */
  emptyMessage?: ReactNode
  /** Lignes squelettes à la place du corps du tableau pendant le chargement. */
  loading?: boolean
  /** Nombre de lignes par page au départ : 10, 25, 50, 100 ou -1 (toutes). */
  defaultRowsPerPage?: number
  /** Nom du tableau pour le lecteur d’écran, par exemple « Partenaires ». */
  caption: string
  /** En-têtes triables (colonnes marquées `sortable`), ordre tenu par le parent. */
  sort?: DataTableSort
  /** Le parent filtre et pagine (côté serveur) ; sans lui, le tableau cherche et pagine `rows` lui-même. */
  server?: DataTableServer
  /** Une case par ligne pour en choisir plusieurs. */
  selection?: DataTableSelection<T>
  /** Classe CSS ajoutée à l’élément racine. */
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
    <td key={column.key} data-nowrap={column.nowrap || undefined}>
      {column.render ? column.render(row) : cellText(column, row)}
    </td>
  ))
}

const SelectCell = styled.td`
  width: 1%;
  /* The box's own cell: a press on it picks the row, it does not open it. */
  cursor: default;
`

const SelectBox = styled.input`
  display: block;
  width: 20px;
  height: 20px;
  margin: 0;
  accent-color: ${theme.colors.primary};
  cursor: pointer;
`

function selectCell<T>(row: T, id: string, selection: DataTableSelection<T>) {
  return (
    <SelectCell onClick={(event) => event.stopPropagation()}>
      <SelectBox
        type="checkbox"
        aria-label={selection.label(row)}
        checked={selection.selected.has(id)}
        onChange={(event) => {
          const next = new Set(selection.selected)
          if (event.target.checked) next.add(id)
          else next.delete(id)
          selection.onChange(next)
        }}
        // Space on the box picks it; Enter would open the row.
        onKeyDown={(event) => event.stopPropagation()}
      />
    </SelectCell>
  )
}

/** The header's box: every row of the page picked, or none; mixed when only some are. */
function SelectAll<T>({
  rows,
  getRowId,
  selection,
}: {
  rows: T[]
  getRowId: (row: T) => string
  selection: DataTableSelection<T>
}) {
  const ids = rows.map(getRowId)
  const picked = ids.filter((id) => selection.selected.has(id)).length
  return (
    <th scope="col" style={{ width: '1%' }}>
      <SelectBox
        type="checkbox"
        aria-label="Tout sélectionner"
        disabled={ids.length === 0}
        checked={ids.length > 0 && picked === ids.length}
        ref={(box) => {
          if (box) box.indeterminate = picked > 0 && picked < ids.length
        }}
        onChange={(event) => {
          const next = new Set(selection.selected)
          for (const id of ids) {
            if (event.target.checked) next.add(id)
            else next.delete(id)
          }
          selection.onChange(next)
        }}
      />
    </th>
  )
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

function headerCells<T>(columns: DataTableColumn<T>[], sort?: DataTableSort) {
  return columns.map((column) => {
    const style = column.width ? { width: column.width } : undefined
    if (!sort || !column.sortable)
      return (
        <th key={column.key} scope="col" style={style}>
          {column.header}
        </th>
      )
    const active = sort.key === column.key
    const next: SortDirection = active && sort.direction === 'asc' ? 'desc' : 'asc'
    return (
      <th
        key={column.key}
        scope="col"
        style={style}
        aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
      >
        <SortButton type="button" data-active={active} onClick={() => sort.onChange(column.key, next)}>
          {column.header}
          <Icon
            path={active ? (sort.direction === 'asc' ? mdiArrowUp : mdiArrowDown) : mdiSwapVertical}
            size={16}
          />
        </SortButton>
      </th>
    )
  })
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
  sort,
  server,
  selection: selectionProp,
  className,
}: DataTableProps<T>) {
  const [ownQuery, setOwnQuery] = useState('')
  const [ownPage, setOwnPage] = useState(0)
  const [ownRowsPerPage, setOwnRowsPerPage] = useState(defaultRowsPerPage)
  const query = server ? (server.query ?? '') : ownQuery
  const page = server ? server.page : ownPage
  const rowsPerPage = server ? server.rowsPerPage : ownRowsPerPage
  const setQuery = server ? (server.onQueryChange ?? (() => undefined)) : setOwnQuery
  const setPage = server ? server.onPageChange : setOwnPage
  const setRowsPerPage = server ? server.onRowsPerPageChange : setOwnRowsPerPage

  const filtered = useMemo(() => {
    const needle = normalizeSearch(query.trim())
    // Server-side rows are already the matching page.
    if (!needle || server) return rows
    const matches =
      searchPredicate ??
      ((row: T, q: string) => columns.some((column) => normalizeSearch(cellText(column, row)).includes(q)))
    return rows.filter((row) => matches(row, needle))
  }, [rows, columns, query, searchPredicate, server])

  const all = rowsPerPage < 0
  const total = server ? server.total : filtered.length
  const pageCount = all ? 1 : Math.max(1, Math.ceil(total / rowsPerPage))
  const currentPage = server ? page : Math.min(page, pageCount - 1)
  const start = all ? 0 : currentPage * rowsPerPage
  const visible = server ? rows : all ? filtered : filtered.slice(start, start + rowsPerPage)
  const end = start + visible.length
  const virtual = all && !loading && visible.length >= VIRTUALIZE_FROM
  const selection = virtual ? undefined : selectionProp
  const columnCount = columns.length + (selection ? 1 : 0)

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
                // A server-side parent goes back to the first page itself, in the same update.
                if (!server) setPage(0)
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
            fixedHeaderContent={() => <tr>{headerCells(columns, sort)}</tr>}
            itemContent={(_, row) => <RowCells row={row} columns={columns as DataTableColumn<unknown>[]} />}
          />
        ) : (
          <Table aria-label={caption} aria-busy={loading || undefined}>
            <thead>
              <tr>
                {selection ? (
                  <SelectAll rows={loading ? [] : visible} getRowId={getRowId} selection={selection} />
                ) : null}
                {headerCells(columns, sort)}
              </tr>
            </thead>
            <tbody>
              {loading ? (
                <tr>
                  <td colSpan={columnCount}>
                    <SkeletonRows rows={5} lines={1} rowHeight={24} />
                  </td>
                </tr>
              ) : visible.length === 0 ? (
                <tr>
                  <td colSpan={columnCount}>
                    <EmptyState message={emptyMessage} />
                  </td>
                </tr>
              ) : (
                visible.map((row) => (
                  <tr key={getRowId(row)} {...rowProps(row, onRowClick, rowLabel)}>
                    {selection ? selectCell(row, getRowId(row), selection) : null}
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
            options={(server ? SERVER_ROWS_PER_PAGE_OPTIONS : ROWS_PER_PAGE_OPTIONS).map((n) => ({
              value: String(n),
              label: n < 0 ? 'Tous' : String(n),
            }))}
            onValueChange={(value) => {
              setRowsPerPage(Number(value))
              if (!server) setPage(0)
            }}
          />
        </div>
        <span aria-live="polite">
          {total === 0 || visible.length === 0 ? `0 sur ${total}` : `${start + 1}–${end} sur ${total}`}
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
