import useSWR from 'swr'
import type { Article } from '../../../contract/schemas.ts'
import { apiPaths } from '../../../contract/paths.ts'
import { apiGet } from '../client.ts'

/** GET /api/articles/articles-published: what ordinary users see on Home. */
export const getPublishedArticles = () => apiGet<Article[]>(apiPaths.articlesPublished())

export function usePublishedArticles(enabled = true) {
  return useSWR(enabled ? apiPaths.articlesPublished() : null, getPublishedArticles, {
    revalidateOnFocus: false,
  })
}
