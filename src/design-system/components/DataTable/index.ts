export {
  DataTable,
  normalizeSearch,
  ROWS_PER_PAGE_OPTIONS,
  type DataTableColumn,
  type DataTableProps,
} from './DataTable.tsx'
