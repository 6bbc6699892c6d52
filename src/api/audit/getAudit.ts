import useSWR from 'swr'
import type { AuditQuery } from '@/contract/schemas.ts'
import { apiPaths } from '@/contract/paths.ts'
import { callApi } from '../client.ts'

/** GET /api/audit: one page of the journal, newest first (the Journal page shows a failure in place). */
export const getAudit = (query: AuditQuery) => callApi('listAudit', { query }, { shownByCaller: true })

/**
 * A null query reads nothing. The key's shape ([path, query]) is what writes match to read the journal again
 * (e.g. useReactivateOffer), the Journal page's and the records' histories alike.
 */
export function useAudit(query: AuditQuery | null) {
  return useSWR(query && ([apiPaths.audit(), query] as const), ([, q]) => getAudit(q), {
    keepPreviousData: true,
  })
}

/** The CSV export's address for the same filters (a plain link: the browser downloads it). */
export function auditExportUrl(query: Omit<AuditQuery, 'page' | 'pageSize'>): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(key, String(value))
  const search = params.toString()
  return search ? `${apiPaths.auditExport()}?${search}` : apiPaths.auditExport()
}
