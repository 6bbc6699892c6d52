import type { Query } from '@/contract/api.ts'
import { downloadApi } from '../client.ts'

/** GET /api/exports/users.csv: the users the list shows for `query` (search, status, role, sort), as a French CSV file (admin). */
export const exportUsers = (query: Query<'exportUsers'> = {}) => downloadApi('exportUsers', { query })
