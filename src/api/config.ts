import useSWR from 'swr'
import { apiPaths } from '@/contract/paths.ts'
import { callApi } from './client.ts'

export const fetchClientConfig = () => callApi('getConfig')

/** The server's run-time configuration (maps key, help and legal links); fetched once per session. */
export function useClientConfig() {
  return useSWR(apiPaths.config(), fetchClientConfig, { revalidateOnFocus: false, revalidateIfStale: false })
}
