import { useCallback } from 'react'
import { useSWRConfig } from 'swr'
import type { ArticleUpdateBody } from '@/contract/schemas.ts'
import { apiPaths } from '@/contract/paths.ts'
import { callApi, inForm } from '../client.ts'
import { refreshVersioned } from '../versioned.ts'
import { getArticle } from './getArticle.ts'
import { refreshArticles } from './refreshArticles.ts'

/**
 * PUT /api/articles/{id} with the article plus articleId; `ifMatch`, the ETag of the version edited, makes the
 * server refuse it (412) when someone changed the article since.
 */
export const updateArticle = (body: ArticleUpdateBody, ifMatch?: string | null) =>
  callApi('updateArticle', { params: { id: body.articleId.id }, body }, { ...inForm, ifMatch })

export function useUpdateArticle() {
  const { mutate } = useSWRConfig()
  return useCallback(
    async (body: ArticleUpdateBody, ifMatch?: string | null) => {
      await updateArticle(body, ifMatch)
      void refreshVersioned(mutate, apiPaths.article(body.articleId.id), () => getArticle(body.articleId.id))
      await refreshArticles(mutate)
    },
    [mutate],
  )
}
