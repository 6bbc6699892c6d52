import { useEffect } from 'react'
import { callApi } from '../client.ts'

/**
 * Reads, through the service worker, what the offline wallet keeps (app/sw.ts): the favourites, the used
 * coupons and each favourite partner's page as this user sees it, so they open at a shop counter without
 * network even if the user never opened them on this device. Silent: a failure here is nobody's message.
 */
export async function fillOfflineWallet(userId: number): Promise<void> {
  const quietly = { silent: true } as const
  const [favorites] = await Promise.all([
    callApi('listFavorites', {}, quietly),
    callApi('listUsedOffers', {}, quietly),
  ])
  // One after the other: a long list must not crowd out the page the user is opening.
  for (const partner of favorites)
    await callApi('getPartnerForUser', { params: { id: partner.partnerId.id, userId } }, quietly)
}

/**
 * Fills the wallet once per start and user, only in the installed app (a service worker controls the page)
 * and online; ordinary tabs send no extra request.
 */
export function useOfflineWalletFilling(userId: number | null) {
  useEffect(() => {
    if (userId === null || typeof navigator === 'undefined' || !navigator.serviceWorker?.controller) return
    if (!navigator.onLine) return
    void fillOfflineWallet(userId).catch(() => undefined)
  }, [userId])
}
