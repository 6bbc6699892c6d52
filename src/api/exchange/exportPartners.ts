import { downloadApi } from '../client.ts'

/** GET /api/exports/partners.csv: every partner as a French CSV file (admin). */
export const exportPartners = () => downloadApi('exportPartners')
