import useSWR from 'swr'
import useSWRInfinite from 'swr/infinite'
import type { PartnerSearchQuery, PartnerSearchResult } from '@/contract/schemas.ts'
import { apiPaths } from '@/contract/paths.ts'
import { callApi, type RequestOptions } from '../client.ts'

/** Spec section 9: search pages hold 50 partners. */
export const SEARCH_PAGE_SIZE = 50

export type PartnerSearchCriteria = Omit<PartnerSearchQuery, 'page' | 'pageSize'>

/** GET /api/partners/search with the criteria (page from 0). */
export function searchPartners(
  criteria: PartnerSearchQuery,
  options?: Pick<RequestOptions, 'shownByCaller' | 'silent' | 'early'>,
): Promise<PartnerSearchResult[]> {
  return callApi('searchPartners', { query: { pageSize: SEARCH_PAGE_SIZE, ...criteria } }, options)
}

// The lists show a failed search in place, with their own 'Réessayer'; the map has no such place.
const inPlace = { shownByCaller: true } as const

type SearchKey = readonly [string, PartnerSearchQuery]

/** The key (and query) of one page of the Find list for these criteria: the app's start-up preloads page 0. */
export const findSearchKey = (criteria: PartnerSearchCriteria, page = 0): SearchKey => [
  apiPaths.partnerSearch(),
  { ...criteria, page, pageSize: SEARCH_PAGE_SIZE },
]

/**
 * The Find list: pages of 50 from page 0; a short page ends the list. New criteria give a new key, so the
 * list restarts at page 0 and is replaced (spec section 4).
 */
export function usePartnerSearch(criteria: PartnerSearchCriteria | null) {
  const getKey = (pageIndex: number, previousPage: PartnerSearchResult[] | null): SearchKey | null => {
    if (!criteria) return null
    if (previousPage && previousPage.length < SEARCH_PAGE_SIZE) return null
    return findSearchKey(criteria, pageIndex)
  }
  const swr = useSWRInfinite(getKey, ([, query]: SearchKey) => searchPartners(query, inPlace), {
    revalidateFirstPage: false,
    revalidateOnFocus: false,
  })
  const pages = swr.data ?? []
  const lastPage = pages[pages.length - 1]
  const partners = pages.flat()
  const isLoadingFirstPage = swr.isLoading && pages.length === 0
  const isLoadingMore = !swr.error && swr.size > 0 && pages.length < swr.size && !isLoadingFirstPage
  const hasMore = !lastPage || lastPage.length === SEARCH_PAGE_SIZE
  return {
    partners,
    error: swr.error as Error | undefined,
    isLoadingFirstPage,
    isLoadingMore,
    isValidating: swr.isValidating,
    isEmpty: pages.length > 0 && partners.length === 0,
    hasMore: !swr.error && pages.length > 0 && hasMore,
    loadMore: () => swr.setSize((size) => size + 1),
    retry: () => swr.mutate(),
  }
}

/** The map: the first 50 partners inside the given bounds ('east,north,south,west'), with the category filter. */
export function usePartnersInArea(criteria: PartnerSearchCriteria | null) {
  return useSWR(
    criteria
      ? ([apiPaths.partnerSearch(), { ...criteria, page: 0, pageSize: SEARCH_PAGE_SIZE }] as const)
      : null,
    ([, query]) => searchPartners(query),
    { keepPreviousData: true, revalidateOnFocus: false },
  )
}

/** The `count` partners nearest to the user's position ('lat,lng'): the server orders by distance. */
export function useNearestPartners(userPosition: string | null, userId: number | undefined, count: number) {
  return useSWR(
    userPosition
      ? ([apiPaths.partnerSearch(), { userPosition, userId, page: 0, pageSize: count }] as const)
      : null,
    ([, query]) => searchPartners(query, inPlace),
    { revalidateOnFocus: false },
  )
}
