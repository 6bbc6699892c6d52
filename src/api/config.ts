import useSWR from 'swr'
import type { ClientConfig } from '../../contract/schemas.ts'
import { apiPaths } from '../../contract/paths.ts'
import { apiGet } from './client.ts'

export const fetchClientConfig = () => apiGet<ClientConfig>(apiPaths.config())

/** The server's run-time configuration (maps key, help and legal links); fetched once per session. */
export function useClientConfig() {
  return useSWR(apiPaths.config(), fetchClientConfig, { revalidateOnFocus: false, revalidateIfStale: false })
}
