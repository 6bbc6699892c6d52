import type { Query } from '@/contract/api.ts'
import { downloadApi } from '../client.ts'

/** GET /api/exports/partners.csv: the partners the list shows for `query` (search, status, sort), as a French CSV file (admin). */
export const exportPartners = (query: Query<'exportPartners'> = {}) =>
  downloadApi('exportPartners', { query })
