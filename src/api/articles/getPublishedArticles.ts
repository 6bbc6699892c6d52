import useSWR from 'swr'
import type { Article } from '../../../contract/schemas.ts'
import { apiPaths } from '../../../contract/paths.ts'
import { apiGet } from '../client.ts'

/** GET /api/articles/articles-published: what ordinary users see on Home (which shows a failure in place). */
export const getPublishedArticles = () =>
  apiGet<Article[]>(apiPaths.articlesPublished(), undefined, { shownByCaller: true })

export function usePublishedArticles(enabled = true) {
  return useSWR(enabled ? apiPaths.articlesPublished() : null, getPublishedArticles, {
    revalidateOnFocus: false,
  })
}
