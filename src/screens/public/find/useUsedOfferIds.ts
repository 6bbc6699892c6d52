import { useMemo } from 'react'
import { useMyUsedOffers } from '@/src/api/users/getMyUsedOffers.ts'
import { useSession } from '@/src/session/index.ts'

const none: ReadonlySet<number> = new Set()

/*
 * Read again on every mount, even right after another read: by default SWR answers a mount within 2 s of the
 * last request with that request's answer, which a use made in between (Find, a partner, use, Back) is not in.
 */
const everyMount = { dedupingInterval: 0, revalidateOnMount: true }

/**
 * The offers the signed-in user has used and no administrator has given back since, from their list of used
 * offers (read again each time a list mounts). A search answer marks them DISABLED, but the list keeps its pages
 * when the user opens a partner, uses an offer there and comes back: this is what tells the rows. Empty until
 * the list comes, or when it fails (the rows then go by the search's own statuses).
 */
export function useUsedOfferIds(): ReadonlySet<number> {
  const { user } = useSession()
  const { data } = useMyUsedOffers(user?.userId.id ?? null, everyMount)
  return useMemo(
    () =>
      data ? new Set(data.filter((use) => use.reactivatedAt === null).map((use) => use.offerId.id)) : none,
    [data],
  )
}
