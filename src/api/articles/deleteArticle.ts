import { useCallback } from 'react'
import { useSWRConfig } from 'swr'
import { apiPaths } from '../../../contract/paths.ts'
import { apiRequest } from '../client.ts'
import { refreshArticles } from './refreshArticles.ts'

/** DELETE /api/articles/{id}. */
export const deleteArticle = (id: number) => apiRequest<void>(apiPaths.article(id), { method: 'DELETE' })

export function useDeleteArticle() {
  const { mutate } = useSWRConfig()
  return useCallback(
    async (id: number) => {
      await deleteArticle(id)
      await refreshArticles(mutate)
    },
    [mutate],
  )
}
