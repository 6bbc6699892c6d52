import { useCallback } from 'react'
import { useSWRConfig } from 'swr'
import type { User } from '@/contract/schemas.ts'
import { apiPaths } from '@/contract/paths.ts'
import { callApi } from '../client.ts'
import { userListKeys } from './getUsers.ts'

/**
 * PUT /api/users/reactivate-discountoffer/user/{userId}/offer/{offerId}; answers the user's remaining used
 * coupons. The administrator's reason (motif, kept in the journal) is optional: blank, none is sent.
 */
export const reactivateOffer = (userId: number, offerId: number, motif = '') => {
  const reason = motif.trim()
  return callApi('reactivateOffer', { params: { userId, offerId }, body: reason ? { motif: reason } : {} })
}

/**
 * Reactivates, then writes the server's disabledCoupons into the cached user (the spec: the list comes from the
 * answer) and reads the user again for its couponHistory, where the use stays, now reactivated.
 */
export function useReactivateOffer(userId: number) {
  const { mutate } = useSWRConfig()
  return useCallback(
    async (offerId: number, motif?: string) => {
      const { disabledCoupons } = await reactivateOffer(userId, offerId, motif)
      await mutate<User>(apiPaths.user(userId), (user) => (user ? { ...user, disabledCoupons } : user), {
        revalidate: true,
      })
      void mutate(userListKeys)
      void mutate((key) => Array.isArray(key) && key[0] === apiPaths.audit())
      return disabledCoupons
    },
    [mutate, userId],
  )
}
