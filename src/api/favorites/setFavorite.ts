import { useCallback } from 'react'
import { useSWRConfig } from 'swr'
import { listImageFrom } from '@/contract/images.ts'
import type { Partner, PartnerSearchResult } from '@/contract/schemas.ts'
import { callApi } from '../client.ts'
import { favoritesKey } from './getFavorites.ts'

/** PUT /api/users/me/favorites/{partnerId} (idempotent, 204). */
export const addFavorite = (partnerId: number) => callApi('addFavorite', { params: { partnerId } })

/** DELETE /api/users/me/favorites/{partnerId} (idempotent, 204). */
export const removeFavorite = (partnerId: number) => callApi('removeFavorite', { params: { partnerId } })

/** A partner's details as its favourites row: the first photo only, as a search result carries it. */
const asRow = (partner: Partner | PartnerSearchResult): PartnerSearchResult =>
  'distanceToUser' in partner
    ? partner
    : { ...partner, images: partner.images.slice(0, 1).map(listImageFrom), distanceToUser: null }

/**
 * Marks or unmarks a partner. The user's list changes at once (every heart on screen follows), the server is
 * asked, and the list is fetched again; a failure puts the list back (the error toast comes from the app).
 */
export function useSetFavorite(userId: number | null) {
  const { mutate } = useSWRConfig()
  return useCallback(
    async (partner: Partner | PartnerSearchResult, favorite: boolean) => {
      if (userId === null) return
      const id = partner.partnerId.id
      const without = (list: PartnerSearchResult[] = []) => list.filter((p) => p.partnerId.id !== id)
      await mutate<PartnerSearchResult[]>(
        favoritesKey(userId),
        async (current) => {
          await (favorite ? addFavorite(id) : removeFavorite(id))
          return current
        },
        {
          optimisticData: (current) => (favorite ? [asRow(partner), ...without(current)] : without(current)),
          rollbackOnError: true,
          populateCache: false,
          revalidate: true,
        },
      ).catch(() => undefined)
    },
    [mutate, userId],
  )
}
