import useSWR from 'swr'
import { apiPaths } from '@/contract/paths.ts'
import { callApi } from '../client.ts'

/** GET /api/users/me: the signed-in person as the server holds them, with an e-mail change awaiting its link. */
export const getMyAccount = () => callApi('getMyAccount', {}, { shownByCaller: true })

/** The key holds the user: another person signing in on this device never reads the previous one's account. */
export const myAccountKey = (userId: number) => [apiPaths.me(), userId] as const

/** null (signed out) fetches nothing. The page shows a failed load in place, with its retry. */
export function useMyAccount(userId: number | null) {
  return useSWR(userId === null ? null : myAccountKey(userId), getMyAccount)
}
