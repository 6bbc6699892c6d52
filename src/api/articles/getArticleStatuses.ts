import useSWR from 'swr'
import type { StatusOption } from '../../../contract/schemas.ts'
import { apiPaths } from '../../../contract/paths.ts'
import { apiGet } from '../client.ts'

/** GET /api/articles/statues: PUBLISHED / DRAFT with their labels. */
export const getArticleStatuses = () => apiGet<StatusOption[]>(apiPaths.articleStatuses())

export function useArticleStatuses() {
  return useSWR(apiPaths.articleStatuses(), getArticleStatuses, { revalidateOnFocus: false })
}
