import useSWR from 'swr'
import { apiPaths } from '@/contract/paths.ts'
import { callApi } from '../client.ts'

/** GET /api/audit/actors: the administrators the Journal can be filtered by. */
export const getAuditActors = () => callApi('listAuditActors', {}, { shownByCaller: true })

export function useAuditActors() {
  return useSWR(apiPaths.auditActors(), getAuditActors)
}
