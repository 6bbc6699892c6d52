import useSWR from 'swr'
import { apiPaths } from '@/contract/paths.ts'
import { callApi } from '../client.ts'

/** GET /api/partners/cities: the plain list of city names. */
export const getCities = () => callApi('listCities')

export function useCities() {
  return useSWR(apiPaths.cities(), getCities, { revalidateOnFocus: false })
}
