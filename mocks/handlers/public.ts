/**
 * msw handlers for the end-user screens, speaking the real API's shapes (contract/schemas.ts) on the real paths
 * (contract/paths.ts). Each call has factories per state: success, empty, error, loading (an endless delay).
 */
import { delay, http, HttpResponse } from 'msw'
import type { Article, Category, ErrorBody, Partner, PartnerSearchResult } from '../../contract/schemas.ts'
import { apiPaths, routePatterns } from '../../contract/paths.ts'
import { articles, publishedArticles } from '../fixtures/articles.ts'
import { categories } from '../fixtures/categories.ts'
import { cities } from '../fixtures/cities.ts'
import { manyPartnerSearchResults, partnerById, partnerSearchResults } from '../fixtures/partners.ts'

const serverError = (message = 'Une erreur interne est survenue.') =>
  HttpResponse.json<ErrorBody>({ message }, { status: 500 })

const endless = async () => {
  await delay('infinite')
  return new HttpResponse(null, { status: 504 })
}

/** The server's filters on fixtures: name contains (case-insensitive), category, city, bounds, pages of 50. */
function filterResults(results: PartnerSearchResult[], url: URL): PartnerSearchResult[] {
  const name = url.searchParams.get('name')?.toLowerCase()
  const categoryId = url.searchParams.get('categoryId')
  const city = url.searchParams.get('city')
  const bounds = url.searchParams.get('bounds')?.split(',').map(Number)
  const inBounds = ({ lat, lng }: { lat: number; lng: number }) => {
    if (!bounds) return true
    const [east, north, south, west] = bounds
    return lat <= north && lat >= south && lng <= east && lng >= west
  }
  const page = Number(url.searchParams.get('page') ?? 0)
  const pageSize = Math.min(Number(url.searchParams.get('pageSize') ?? 50), 50)
  return (
    results
      .filter((p) => !name || p.name.toLowerCase().includes(name))
      .filter((p) => !categoryId || p.categories.some((c) => c.id === Number(categoryId)))
      .filter((p) => !city || p.location.city === city)
      .filter((p) => inBounds(p.location.position))
      .slice(page * pageSize, (page + 1) * pageSize)
      // As the server: a distance only when the user's position was sent.
      .map((p) => (url.searchParams.has('userPosition') ? p : { ...p, distanceToUser: null }))
  )
}

export const searchHandlers = {
  success: (results: PartnerSearchResult[] = partnerSearchResults) =>
    http.get(apiPaths.partnerSearch(), ({ request }) =>
      HttpResponse.json(filterResults(results, new URL(request.url))),
    ),
  /** `count` results, served 50 a page: the infinite list loads more as it scrolls. */
  many: (count = 120, pageDelayMs = 150) => {
    const results = manyPartnerSearchResults(count)
    return http.get(apiPaths.partnerSearch(), async ({ request }) => {
      const url = new URL(request.url)
      if (Number(url.searchParams.get('page') ?? 0) > 0) await delay(pageDelayMs)
      return HttpResponse.json(filterResults(results, url))
    })
  },
  /** As the server with userPosition: nearest first (the fixtures' own order is not by distance). */
  nearestFirst: (results: PartnerSearchResult[] = partnerSearchResults) =>
    http.get(apiPaths.partnerSearch(), ({ request }) => {
      const url = new URL(request.url)
      const byDistance = url.searchParams.has('userPosition')
        ? [...results].sort((a, b) => (a.distanceToUser ?? Infinity) - (b.distanceToUser ?? Infinity))
        : results
      return HttpResponse.json(filterResults(byDistance, url))
    }),
  empty: () => http.get(apiPaths.partnerSearch(), () => HttpResponse.json<PartnerSearchResult[]>([])),
  error: () => http.get(apiPaths.partnerSearch(), () => serverError()),
  /** Fails once, then answers: the 'Réessayer' button recovers. */
  errorThenSuccess: (results: PartnerSearchResult[] = partnerSearchResults) => {
    let calls = 0
    return http.get(apiPaths.partnerSearch(), ({ request }) =>
      calls++ === 0 ? serverError() : HttpResponse.json(filterResults(results, new URL(request.url))),
    )
  },
  loading: () => http.get(apiPaths.partnerSearch(), endless),
}

export const categoriesHandlers = {
  success: (list: Category[] = categories) => http.get(apiPaths.categories(), () => HttpResponse.json(list)),
  error: () => http.get(apiPaths.categories(), () => serverError()),
  loading: () => http.get(apiPaths.categories(), endless),
}

export const citiesHandlers = {
  success: (list: string[] = cities) => http.get(apiPaths.cities(), () => HttpResponse.json(list)),
  error: () => http.get(apiPaths.cities(), () => serverError()),
}

/** GET /api/partners/{id}/discounts-user/{userId}: the partner with its offers as this user sees them. */
export const partnerForUserHandlers = {
  success: (partner?: Partner) =>
    http.get(routePatterns.partnerDiscountsUser, ({ params }) => {
      try {
        return HttpResponse.json(partner ?? partnerById(Number(params.id)))
      } catch {
        return HttpResponse.json<ErrorBody>({ message: 'Partenaire introuvable.' }, { status: 404 })
      }
    }),
  error: () => http.get(routePatterns.partnerDiscountsUser, () => serverError()),
  notFound: () =>
    http.get(routePatterns.partnerDiscountsUser, () =>
      HttpResponse.json<ErrorBody>({ message: 'Partenaire introuvable.' }, { status: 404 }),
    ),
  loading: () => http.get(routePatterns.partnerDiscountsUser, endless),
}

export const deactivateOfferHandlers = {
  success: (delayMs = 0) =>
    http.put(routePatterns.deactivateOffer, async () => {
      if (delayMs) await delay(delayMs)
      return new HttpResponse(null, { status: 204 })
    }),
  error: (delayMs = 0) =>
    http.put(routePatterns.deactivateOffer, async () => {
      if (delayMs) await delay(delayMs)
      return HttpResponse.json<ErrorBody>({ message: 'Ce coupon a déjà été utilisé.' }, { status: 409 })
    }),
}

export const articlesHandlers = {
  /** GET /api/articles/articles-published (ordinary users). */
  published: (list: Article[] = publishedArticles) =>
    http.get(apiPaths.articlesPublished(), () => HttpResponse.json(list)),
  /** GET /api/articles (admins see drafts too). */
  all: (list: Article[] = articles) => http.get(apiPaths.articles(), () => HttpResponse.json(list)),
  empty: () => [
    http.get(apiPaths.articlesPublished(), () => HttpResponse.json<Article[]>([])),
    http.get(apiPaths.articles(), () => HttpResponse.json<Article[]>([])),
  ],
  error: () => [
    http.get(apiPaths.articlesPublished(), () => serverError()),
    http.get(apiPaths.articles(), () => serverError()),
  ],
  loading: () => [http.get(apiPaths.articlesPublished(), endless), http.get(apiPaths.articles(), endless)],
}

export const passwordHandlers = {
  forgotSuccess: () => http.post(apiPaths.forgotPassword(), () => new HttpResponse(null, { status: 204 })),
  forgotError: () =>
    http.post(apiPaths.forgotPassword(), () =>
      HttpResponse.json<ErrorBody>({ message: 'Service de messagerie indisponible.' }, { status: 503 }),
    ),
  forgotLoading: () => http.post(apiPaths.forgotPassword(), endless),
  resetSuccess: () => http.post(apiPaths.resetPassword(), () => new HttpResponse(null, { status: 204 })),
  resetError: () =>
    http.post(apiPaths.resetPassword(), () =>
      HttpResponse.json<ErrorBody>(
        {
          message: 'Ce lien de réinitialisation est invalide ou a expiré : demandez-en un nouveau.',
          field: 'token',
        },
        { status: 400 },
      ),
    ),
}

/** Everything the public area needs to render with demo data (the run-time config is a base handler). */
export const publicHandlers = [
  categoriesHandlers.success(),
  citiesHandlers.success(),
  searchHandlers.success(),
  partnerForUserHandlers.success(),
  deactivateOfferHandlers.success(),
  articlesHandlers.published(),
  articlesHandlers.all(),
]
