import { useCallback } from 'react'
import { useSWRConfig } from 'swr'
import type { ArticleBody, IdRef } from '../../../contract/schemas.ts'
import { apiPaths } from '../../../contract/paths.ts'
import { apiRequest } from '../client.ts'
import { refreshArticles } from './refreshArticles.ts'

/** POST /api/articles; the answer carries articleId. */
export const createArticle = (body: ArticleBody) =>
  apiRequest<{ articleId: IdRef }>(apiPaths.articles(), { method: 'POST', body })

export function useCreateArticle() {
  const { mutate } = useSWRConfig()
  return useCallback(
    async (body: ArticleBody) => {
      const created = await createArticle(body)
      await refreshArticles(mutate)
      return created
    },
    [mutate],
  )
}
