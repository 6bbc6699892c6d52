/**
 * msw handlers for the signed-in user's own lists (favourites, used coupons), on the real paths and shapes.
 */
import { delay, http, HttpResponse } from 'msw'
import type { ErrorBody, PartnerSearchResult, UsedOffer } from '../../contract/schemas.ts'
import { apiPaths, routePatterns } from '../../contract/paths.ts'
import { partnerSearchResults } from '../fixtures/partners.ts'
import { usedOffers } from '../fixtures/usedOffers.ts'

const serverError = () =>
  HttpResponse.json<ErrorBody>({ message: 'Une erreur interne est survenue.' }, { status: 500 })
const endless = async () => {
  await delay('infinite')
  return new HttpResponse(null, { status: 504 })
}

export const favoritesHandlers = {
  /**
   * As the server: a list the PUT and DELETE change (newest first, idempotent, 404 for a partner the fixtures
   * do not have). Its state is the handler's own: create one per story.
   */
  stateful: (initialIds: number[] = []) => {
    const byId = (id: number) => partnerSearchResults.find((p) => p.partnerId.id === id)
    let ids = [...initialIds]
    const list = () => ids.map((id) => ({ ...(byId(id) as PartnerSearchResult), distanceToUser: null }))
    const change =
      (add: boolean) =>
      async ({ params }: { params: Record<string, unknown> }) => {
        const id = Number(params.partnerId)
        if (!byId(id))
          return HttpResponse.json<ErrorBody>({ message: 'Partenaire introuvable.' }, { status: 404 })
        ids = ids.filter((existing) => existing !== id)
        if (add) ids.unshift(id)
        return new HttpResponse(null, { status: 204 })
      }
    return [
      http.get(apiPaths.myFavorites(), () => HttpResponse.json(list())),
      http.put(routePatterns.myFavorite, change(true)),
      http.delete(routePatterns.myFavorite, change(false)),
    ]
  },
  error: () => [http.get(apiPaths.myFavorites(), serverError)],
  loading: () => [http.get(apiPaths.myFavorites(), endless)],
  /** The list loads; every change fails (the heart goes back). */
  changeFails: (initialIds: number[] = []) => [
    http.get(apiPaths.myFavorites(), () =>
      HttpResponse.json(initialIds.map((id) => partnerSearchResults.find((p) => p.partnerId.id === id))),
    ),
    http.put(routePatterns.myFavorite, serverError),
    http.delete(routePatterns.myFavorite, serverError),
  ],
}

export const usedOffersHandlers = {
  success: (list: UsedOffer[] = usedOffers) =>
    http.get(apiPaths.myUsedOffers(), () => HttpResponse.json(list)),
  empty: () => http.get(apiPaths.myUsedOffers(), () => HttpResponse.json<UsedOffer[]>([])),
  error: () => http.get(apiPaths.myUsedOffers(), serverError),
  loading: () => http.get(apiPaths.myUsedOffers(), endless),
}

/**
 * In every story unless it overrides them: no favourites yet, and changes accepted. Stateless (the base
 * handlers live as long as the worker): a story that presses a heart uses favoritesHandlers.stateful().
 */
export const baseFavoritesHandlers = [
  http.get(apiPaths.myFavorites(), () => HttpResponse.json<PartnerSearchResult[]>([])),
  http.put(routePatterns.myFavorite, () => new HttpResponse(null, { status: 204 })),
  http.delete(routePatterns.myFavorite, () => new HttpResponse(null, { status: 204 })),
]
