import { OFFLINE_WALLET_CACHE } from '@/contract/offlineWallet.ts'

/**
 * Empties the installed app's offline wallet (the user's favourites, used coupons and partner pages that the
 * service worker keeps): at sign-out, so nothing of theirs stays readable on this device.
 */
export function clearOfflineWallet(): void {
  if (typeof caches === 'undefined') return
  void caches.delete(OFFLINE_WALLET_CACHE).catch(() => undefined)
}
