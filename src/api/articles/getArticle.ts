import useSWR from 'swr'
import type { Article } from '../../../contract/schemas.ts'
import { apiPaths } from '../../../contract/paths.ts'
import { apiGet } from '../client.ts'

/** GET /api/articles/{id}. */
export const getArticle = (id: number | string) => apiGet<Article>(apiPaths.article(id))

export function useArticle(id: number | string | null | undefined) {
  return useSWR(id == null ? null : apiPaths.article(id), () => getArticle(id as number | string))
}
