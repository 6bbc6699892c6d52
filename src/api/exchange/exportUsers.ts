import { downloadApi } from '../client.ts'

/** GET /api/exports/users.csv: every user as a French CSV file (admin). */
export const exportUsers = () => downloadApi('exportUsers')
