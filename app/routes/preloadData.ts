import { matchPath } from 'react-router'
import { preload, type Key } from 'swr'
import { apiPaths } from '@/contract/paths.ts'
import type { AuthUser } from '@/contract/schemas.ts'
import { announceApiError, ApiError, callApi } from '@/src/api/client.ts'
import { PARTNER_NOT_FOUND_STATUSES } from '@/src/api/partners/getPartnerDiscountsForUser.ts'
import { findSearchKey, searchPartners } from '@/src/api/partners/searchPartners.ts'
import { favoritesKey, getFavorites } from '@/src/api/favorites/getFavorites.ts'
import { getMyUsedOffers, usedOffersKey } from '@/src/api/users/getMyUsedOffers.ts'
import { findFilterCriteria, findFilterOf } from '@/src/screens/public/find/findFilters.ts'

/**
 * Asks for the first screen's data while its code loads and the page hydrates, under the keys its hooks use
 * (SWR hands the answer to the first hook that asks for the key). Home's largest paint is an article's picture,
 * the details page's the partner's photo, Favoris' and Mes coupons' their list: each is known only from these
 * answers, which the screens would otherwise request after their first render. The calls take the hooks'
 * options; they report a failure only once `firstRender` has settled, when the app's error listeners (toast,
 * sign-out on 401) are subscribed.
 */
export function preloadFirstScreenData(pathname: string, user: AuthUser, firstRender: Promise<void>): void {
  const start = <T>(key: Key, call: (silent: true) => Promise<T>) => preloadSilently(key, call, firstRender)
  if (pathname === '/') {
    // As useArticles / usePublishedArticles (every article for an admin) and useCategories.
    if (user.roles.includes('ROLE_ADMIN'))
      start(apiPaths.articles(), (silent) => callApi('listArticles', {}, { shownByCaller: true, silent }))
    else
      start(apiPaths.articlesPublished(), (silent) =>
        callApi('listPublishedArticles', {}, { shownByCaller: true, silent }),
      )
    start(apiPaths.categories(), (silent) => callApi('listCategories', {}, { silent }))
    return
  }
  // As useFavorites on /favoris and useMyUsedOffers on /mes-coupons (their HTML is the list's skeleton).
  if (pathname === '/favoris') {
    start(favoritesKey(user.userId.id), (silent) => getFavorites({ shownByCaller: true, silent }))
    return
  }
  if (pathname === '/mes-coupons') {
    start(usedOffersKey(user.userId.id), (silent) => getMyUsedOffers({ shownByCaller: true, silent }))
    return
  }
  if (pathname === '/rechercher') {
    // Find's first search, as its first render asks it (usePartnerSearch): no name and no position yet, the
    // category, city and Home row's filter of the address. The HTML's script may have sent it already
    // (contract/earlySearch.ts; not under a filter).
    const params = new URLSearchParams(location.search)
    // A name kept in the address (Back from a partner) makes another first search: asking this one would be wasted.
    if (params.get('n')) return
    const category = params.get('c')
    const key = findSearchKey({
      categoryId: category ? Number(category) : undefined,
      city: params.get('v') ?? undefined,
      userId: user.userId.id,
      ...findFilterCriteria(findFilterOf(params)),
    })
    start(key, (silent) => searchPartners(key[1], { shownByCaller: true, silent, early: true }))
    return
  }
  const id = matchPath('/partenaire/:id', pathname)?.params.id
  // As usePartnerDiscountsForUser on the details page, for an id it accepts (others show 'not found' at once).
  if (id !== undefined && /^[1-9]\d{0,9}$/.test(id)) {
    const userId = user.userId.id
    start(apiPaths.partnerDiscountsUser(id, userId), (silent) =>
      callApi(
        'getPartnerForUser',
        { params: { id, userId } },
        { shownByCaller: PARTNER_NOT_FOUND_STATUSES, silent },
      ),
    )
  }
}

/**
 * Find's other lists (its pickers' categories and cities, the rows' hearts' favourites), asked in a task after the
 * first search's: their requests were otherwise built inside the render slices and commits that mount the
 * pickers and the rows (a fetch costs 1-5 ms of the main thread on this machine), and their answers came later.
 */
export function preloadFindLists(pathname: string, user: AuthUser, firstRender: Promise<void>): void {
  if (pathname !== '/rechercher') return
  const start = <T>(key: Key, call: (silent: true) => Promise<T>) => preloadSilently(key, call, firstRender)
  // As useCategories, useCities and useFavorites (FavoriteButton).
  start(apiPaths.categories(), (silent) => callApi('listCategories', {}, { silent }))
  start(apiPaths.cities(), (silent) => callApi('listCities', {}, { silent }))
  start(favoritesKey(user.userId.id), (silent) => getFavorites({ shownByCaller: false, silent }))
}

/** Asks for `key` under SWR's preload; a failure is announced once `firstRender` has settled (see above). */
function preloadSilently<T>(key: Key, call: (silent: true) => Promise<T>, firstRender: Promise<void>): void {
  const request = preload(key, () =>
    call(true).catch(async (error: unknown) => {
      await firstRender
      if (error instanceof ApiError) announceApiError(error)
      throw error
    }),
  )
  // The screen's hook takes the answer over, a failure included; until then a failure is not 'unhandled'.
  request.catch(() => {})
}

/**
 * The client configuration, which every page's providers ask for (MapsProvider, as useClientConfig): asked
 * before the hydration, its request is not built inside the hydration's commit, which React cannot slice.
 */
export function preloadClientConfig(firstRender: Promise<void>): void {
  preloadSilently(apiPaths.config(), (silent) => callApi('getConfig', {}, { silent }), firstRender)
}
