import { useCallback } from 'react'
import { useSWRConfig } from 'swr'
import type { ArticleBody } from '@/contract/schemas.ts'
import { callApi, inForm } from '../client.ts'
import { refreshArticles } from './refreshArticles.ts'

/** POST /api/articles; answers the new article. */
export const createArticle = (body: ArticleBody) => callApi('createArticle', { body }, inForm)

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
