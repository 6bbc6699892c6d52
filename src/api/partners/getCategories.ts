import useSWR from 'swr'
import { apiPaths } from '@/contract/paths.ts'
import { callApi } from '../client.ts'

/** GET /api/partners/categories (id, label, icon). */
export const getCategories = () => callApi('listCategories')

export function useCategories() {
  return useSWR(apiPaths.categories(), getCategories, { revalidateOnFocus: false })
}
