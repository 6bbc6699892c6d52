import { useCallback } from 'react'
import { useSWRConfig } from 'swr'
import type { User } from '@/contract/schemas.ts'
import { apiPaths } from '@/contract/paths.ts'
import { callApi } from '../client.ts'

/** PUT /api/users/reactivate-discountoffer/user/{userId}/offer/{offerId}; answers the user's remaining used coupons. */
export const reactivateOffer = (userId: number, offerId: number) =>
  callApi('reactivateOffer', { params: { userId, offerId } })

/** Reactivates, then writes the server's disabledCoupons into the cached user (the spec: the list comes from the answer). */
export function useReactivateOffer(userId: number) {
  const { mutate } = useSWRConfig()
  return useCallback(
    async (offerId: number) => {
      const { disabledCoupons } = await reactivateOffer(userId, offerId)
      await mutate<User>(apiPaths.user(userId), (user) => (user ? { ...user, disabledCoupons } : user), {
        revalidate: false,
      })
      void mutate(apiPaths.users())
      return disabledCoupons
    },
    [mutate, userId],
  )
}
