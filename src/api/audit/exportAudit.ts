import type { AuditQuery } from '@/contract/schemas.ts'
import { readStoredUser } from '@/src/session/index.ts'
import { ApiError, GENERIC_ERROR_MESSAGE } from '../client.ts'
import { auditExportUrl } from './getAudit.ts'

/**
 * GET /api/audit/export.csv, saved as a file. The API wants the bearer token, which a plain link cannot send:
 * the file is fetched with it, then handed to the browser as a download.
 */
export async function downloadAuditCsv(query: Omit<AuditQuery, 'page' | 'pageSize'>): Promise<void> {
  const token = readStoredUser()?.access_token
  const response = await fetch(auditExportUrl(query), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  })
  if (!response.ok) {
    const payload = (await response.json().catch(() => null)) as { message?: string } | null
    throw new ApiError(response.status, payload?.message || GENERIC_ERROR_MESSAGE)
  }
  const disposition = response.headers.get('content-disposition') ?? ''
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'journal.csv'
  const url = URL.createObjectURL(await response.blob())
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  URL.revokeObjectURL(url)
}
