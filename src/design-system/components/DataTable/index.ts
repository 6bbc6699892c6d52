export {
  DataTable,
  normalizeSearch,
  ROWS_PER_PAGE_OPTIONS,
  SERVER_ROWS_PER_PAGE_OPTIONS,
  type DataTableColumn,
  type DataTableProps,
  type DataTableSelection,
  type DataTableServer,
  type DataTableSort,
  type SortDirection,
} from './DataTable.tsx'
