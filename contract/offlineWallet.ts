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

/** The Authorization header the app sends for a session's token (the wallet's entries are kept per header). */
export const bearerAuthorization = (token: string) => `Bearer ${token}`

/**
 * The app's message to its service worker when the user signs out: answers for that Authorization header still
 * on their way are not put back into the wallet the app has just emptied.
 */
export const WALLET_SIGNED_OUT = 'WALLET_SIGNED_OUT'
export interface WalletSignedOut {
  type: typeof WALLET_SIGNED_OUT
  authorization: string
}
