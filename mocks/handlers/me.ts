/**
 * msw handlers for the signed-in user's own lists (favourites, used coupons), on the calls of the API table.
 */
import { delay, HttpResponse } from 'msw'
import type { ErrorBody, PartnerSearchResult, UsedOffer } from '@/contract/schemas.ts'
import { partnerSearchResults } from '../fixtures/partners.ts'
import { usedOffers } from '../fixtures/usedOffers.ts'
import { mockApi } from './mockApi.ts'
import { onStoryStart } from './storyState.ts'

const serverError = () =>
  HttpResponse.json<ErrorBody>({ message: 'Une erreur interne est survenue.' }, { status: 500 })
const endless = async () => {
  await delay('infinite')
  return new HttpResponse<ErrorBody>(null, { status: 504 })
}
const noContent = () => new HttpResponse<null>(null, { status: 204 })

/** The fixtures' partners with these ids, as the server lists favourites (no distance). */
const favoriteRows = (ids: number[]): PartnerSearchResult[] =>
  ids.flatMap((id) => {
    const partner = partnerSearchResults.find((p) => p.partnerId.id === id)
    return partner ? [{ ...partner, distanceToUser: null }] : []
  })

export const favoritesHandlers = {
  /**
   * As the server: a list the PUT and DELETE change (newest first, idempotent, 404 for a partner the fixtures
   * do not have). Its state is the handler's own (create one per story), back to `initialIds` whenever a
   * story starts.
   */
  stateful: (initialIds: number[] = []) => {
    const known = (id: number) => partnerSearchResults.some((p) => p.partnerId.id === id)
    let ids = [...initialIds]
    onStoryStart(() => {
      ids = [...initialIds]
    })
    const change = (id: number, add: boolean) => {
      if (!known(id))
        return HttpResponse.json<ErrorBody>({ message: 'Partenaire introuvable.' }, { status: 404 })
      ids = ids.filter((existing) => existing !== id)
      if (add) ids.unshift(id)
      return noContent()
    }
    return [
      mockApi('listFavorites', () => HttpResponse.json(favoriteRows(ids))),
      mockApi('addFavorite', ({ params }) => change(Number(params.partnerId), true)),
      mockApi('removeFavorite', ({ params }) => change(Number(params.partnerId), false)),
    ]
  },
  error: () => [mockApi('listFavorites', serverError)],
  loading: () => [mockApi('listFavorites', endless)],
  /** The list loads; every change fails (the heart goes back). */
  changeFails: (initialIds: number[] = []) => [
    mockApi('listFavorites', () => HttpResponse.json(favoriteRows(initialIds))),
    mockApi('addFavorite', serverError),
    mockApi('removeFavorite', serverError),
  ],
}

export const usedOffersHandlers = {
  success: (list: UsedOffer[] = usedOffers) => mockApi('listUsedOffers', () => HttpResponse.json(list)),
  empty: () => mockApi('listUsedOffers', () => HttpResponse.json([])),
  error: () => mockApi('listUsedOffers', serverError),
  loading: () => mockApi('listUsedOffers', endless),
}

/**
 * In every story unless it overrides them: no favourites yet, and changes accepted. Stateless (the base
 * handlers live as long as the worker): a story that presses a heart uses favoritesHandlers.stateful().
 */
export const baseFavoritesHandlers = [
  mockApi('listFavorites', () => HttpResponse.json([])),
  mockApi('addFavorite', noContent),
  mockApi('removeFavorite', noContent),
]

/** In every story unless it overrides it: no coupon used yet (Find's and the nearest partners' rows read it). */
export const baseUsedOffersHandlers = [mockApi('listUsedOffers', () => HttpResponse.json<UsedOffer[]>([]))]
