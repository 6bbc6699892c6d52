import useSWR from 'swr'
import { apiPaths } from '@/contract/paths.ts'
import { callApi } from '../client.ts'

/** GET /api/articles: every article, drafts included (admins); Home and its management show a failure in place. */
export const getArticles = () => callApi('listArticles', {}, { shownByCaller: true })

export function useArticles(enabled = true) {
  return useSWR(enabled ? apiPaths.articles() : null, getArticles, { revalidateOnFocus: false })
}
