import useSWR from 'swr'
import { apiPaths } from '@/contract/paths.ts'
import { callApi, type RequestOptions } from '../client.ts'

/** GET /api/users/me/favorites: the signed-in user's favourite partners, newest first. */
export const getFavorites = (options?: Pick<RequestOptions, 'shownByCaller' | 'silent'>) =>
  callApi('listFavorites', {}, options)

/** The SWR key of a user's favourites: the user is part of it, so another account never reads this list. */
export const favoritesKey = (userId: number) => [apiPaths.myFavorites(), userId] as const

/** null (signed out) fetches nothing. The /favoris list shows a failed load in place. */
export function useFavorites(userId: number | null, { shownByCaller = false } = {}) {
  return useSWR(userId === null ? null : favoritesKey(userId), () => getFavorites({ shownByCaller }))
}
