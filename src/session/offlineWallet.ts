import {
  bearerAuthorization,
  OFFLINE_WALLET_CACHE,
  WALLET_SIGNED_OUT,
  type WalletSignedOut,
} from '@/contract/offlineWallet.ts'

/**
 * Empties the installed app's offline wallet (the user's favourites, used coupons and partner pages that the
 * service worker keeps): at sign-out, so nothing of theirs stays readable on this device. The worker is told
 * the signed-out token too: a read still on its way (a list revalidating as the user signs out) would
 * otherwise be stored after this emptying.
 */
export function clearOfflineWallet(token: string | null): void {
  if (typeof caches === 'undefined') return
  void caches.delete(OFFLINE_WALLET_CACHE).catch(() => undefined)
  const worker = typeof navigator === 'undefined' ? null : navigator.serviceWorker?.controller
  if (worker && token) {
    const message: WalletSignedOut = { type: WALLET_SIGNED_OUT, authorization: bearerAuthorization(token) }
    worker.postMessage(message)
  }
}
