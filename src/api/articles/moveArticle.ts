import { useCallback } from 'react'
import { useSWRConfig } from 'swr'
import { apiPaths } from '@/contract/paths.ts'
import type { ArticleMoveBody } from '@/contract/schemas.ts'
import { callApi } from '../client.ts'

/** POST /api/articles/{id}/move: one place up or down; the answer is every article in the new order. */
export const moveArticle = (id: number, direction: ArticleMoveBody['direction']) =>
  callApi('moveArticle', { params: { id }, body: { direction } })

/** 'Monter' / 'Descendre': the management list takes the server's new order at once, the carousel is reread. */
export function useMoveArticle() {
  const { mutate } = useSWRConfig()
  return useCallback(
    async (id: number, direction: ArticleMoveBody['direction']) => {
      const articles = await moveArticle(id, direction)
      await Promise.all([
        mutate(apiPaths.articles(), articles, { revalidate: false }),
        mutate(apiPaths.articlesPublished()),
      ])
    },
    [mutate],
  )
}
