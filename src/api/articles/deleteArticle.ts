import { useCallback } from 'react'
import { useSWRConfig } from 'swr'
import { callApi } from '../client.ts'
import { refreshArticles } from './refreshArticles.ts'

/** DELETE /api/articles/{id}. */
export const deleteArticle = (id: number) => callApi('deleteArticle', { params: { id } })

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
