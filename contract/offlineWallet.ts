/**
 * The installed app's offline wallet: the signed-in user's own reads its service worker (app/sw.ts) keeps, so
 * they stay readable at a shop counter without network. Shared by the worker and the app (which empties the
 * cache when the user signs out).
 */
export const OFFLINE_WALLET_CACHE = 'wallet'

/** GET paths kept: the favourites, the used coupons and a partner's page as this user sees it. */
export const OFFLINE_WALLET_PATHS: readonly RegExp[] = [
  /^\/api\/users\/me\/(?:favorites|used-offers)$/,
  /^\/api\/partners\/\d+\/discounts-user\/\d+$/,
]

/** Set by the worker on an answer read from the wallet: the app knows the server was not reached. */
export const OFFLINE_WALLET_HEADER = 'X-Offline-Wallet'
