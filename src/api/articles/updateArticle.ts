import { useCallback } from 'react'
import { useSWRConfig } from 'swr'
import type { ArticleUpdateBody } from '@/contract/schemas.ts'
import { apiPaths } from '@/contract/paths.ts'
import { callApi, inForm } from '../client.ts'
import { refreshArticles } from './refreshArticles.ts'

/** PUT /api/articles/{id} with the article plus articleId. */
export const updateArticle = (body: ArticleUpdateBody) =>
  callApi('updateArticle', { params: { id: body.articleId.id }, body }, inForm)

export function useUpdateArticle() {
  const { mutate } = useSWRConfig()
  return useCallback(
    async (body: ArticleUpdateBody) => {
      await updateArticle(body)
      void mutate(apiPaths.article(body.articleId.id))
      await refreshArticles(mutate)
    },
    [mutate],
  )
}
