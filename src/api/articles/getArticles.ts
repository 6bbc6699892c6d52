import useSWR from 'swr'
import type { Article } from '../../../contract/schemas.ts'
import { apiPaths } from '../../../contract/paths.ts'
import { apiGet } from '../client.ts'

/** GET /api/articles: every article, drafts included (admins); Home and its management show a failure in place. */
export const getArticles = () => apiGet<Article[]>(apiPaths.articles(), undefined, { shownByCaller: true })

export function useArticles(enabled = true) {
  return useSWR(enabled ? apiPaths.articles() : null, getArticles, { revalidateOnFocus: false })
}
