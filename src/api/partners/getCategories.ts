import useSWR from 'swr'
import type { Category } from '../../../contract/schemas.ts'
import { apiPaths } from '../../../contract/paths.ts'
import { apiGet } from '../client.ts'

/** GET /api/partners/categories (id, label, icon). */
export const getCategories = () => apiGet<Category[]>(apiPaths.categories())

export function useCategories() {
  return useSWR(apiPaths.categories(), getCategories, { revalidateOnFocus: false })
}
