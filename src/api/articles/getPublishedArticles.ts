import useSWR from 'swr'
import { apiPaths } from '@/contract/paths.ts'
import { callApi } from '../client.ts'

/** GET /api/articles/articles-published: what ordinary users see on Home (which shows a failure in place). */
export const getPublishedArticles = () => callApi('listPublishedArticles', {}, { shownByCaller: true })

export function usePublishedArticles(enabled = true) {
  return useSWR(enabled ? apiPaths.articlesPublished() : null, getPublishedArticles, {
    revalidateOnFocus: false,
  })
}
