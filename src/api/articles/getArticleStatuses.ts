import useSWR from 'swr'
import { apiPaths } from '@/contract/paths.ts'
import { callApi } from '../client.ts'

/** GET /api/articles/statues: PUBLISHED / DRAFT with their labels. */
export const getArticleStatuses = () => callApi('listArticleStatuses')

export function useArticleStatuses() {
  return useSWR(apiPaths.articleStatuses(), getArticleStatuses, { revalidateOnFocus: false })
}
