import useSWR from 'swr'
import { apiPaths } from '@/contract/paths.ts'
import { callApi } from '../client.ts'

/** GET /api/articles/{id}. */
export const getArticle = (id: number | string) => callApi('getArticle', { params: { id } })

export function useArticle(id: number | string | null | undefined) {
  return useSWR(id == null ? null : apiPaths.article(id), () => getArticle(id as number | string))
}
