/**
 * msw handlers for the end-user screens, speaking the real API's shapes (contract/schemas.ts) on the real paths
 * (contract/paths.ts). Each call has factories per state: success, empty, error, loading (an endless delay).
 */
import { delay, HttpResponse } from 'msw'
import type { Article, Category, ErrorBody, Partner, PartnerSearchResult } from '@/contract/schemas.ts'
import type { RedeemedOffer } from '@/contract/offerUses.ts'
import { mockApi } from './mockApi.ts'
import { onStoryStart } from './storyState.ts'
import { articles, publishedArticles } from '../fixtures/articles.ts'
import { categories } from '../fixtures/categories.ts'
import { cities } from '../fixtures/cities.ts'
import { homeRows } from '../fixtures/offerUses.ts'
import {
  manyPartnerSearchResults,
  partnerById,
  partners,
  partnerSearchResults,
} from '../fixtures/partners.ts'

const serverError = (message = 'Une erreur interne est survenue.') =>
  HttpResponse.json<ErrorBody>({ message }, { status: 500 })

const endless = async () => {
  await delay('infinite')
  return new HttpResponse<ErrorBody>(null, { status: 504 })
}

/**
 * The partners of Home's 'Expire bientôt' and 'Nouveautés' rows (fixtures/offerUses.ts): as on the server, the
 * search's expiring and new filters find the same partners as these rows.
 */
const expiringIds = new Set(homeRows.expiring.map((o) => o.partnerId.id))
const newIds = new Set(homeRows.news.map((n) => n.partnerId.id))

/**
 * The server's filters on fixtures: name contains (case-insensitive), category, city, bounds, Home's rows
 * (expiring, new), pages of 50.
 */
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
      .filter((p) => url.searchParams.get('expiring') !== 'true' || expiringIds.has(p.partnerId.id))
      .filter((p) => url.searchParams.get('new') !== 'true' || newIds.has(p.partnerId.id))
      .slice(page * pageSize, (page + 1) * pageSize)
      // As the server: a distance only when the user's position was sent.
      .map((p) => (url.searchParams.has('userPosition') ? p : { ...p, distanceToUser: null }))
  )
}

export const searchHandlers = {
  success: (results: PartnerSearchResult[] = partnerSearchResults) =>
    mockApi('searchPartners', ({ request }) =>
      HttpResponse.json(filterResults(results, new URL(request.url))),
    ),
  /** `count` results, served 50 a page: the infinite list loads more as it scrolls. */
  many: (count = 120, pageDelayMs = 150) => {
    const results = manyPartnerSearchResults(count)
    return mockApi('searchPartners', async ({ request }) => {
      const url = new URL(request.url)
      if (Number(url.searchParams.get('page') ?? 0) > 0) await delay(pageDelayMs)
      return HttpResponse.json(filterResults(results, url))
    })
  },
  /** As the server with userPosition: nearest first (the fixtures' own order is not by distance). */
  nearestFirst: (results: PartnerSearchResult[] = partnerSearchResults) =>
    mockApi('searchPartners', ({ request }) => {
      const url = new URL(request.url)
      const byDistance = url.searchParams.has('userPosition')
        ? [...results].sort((a, b) => (a.distanceToUser ?? Infinity) - (b.distanceToUser ?? Infinity))
        : results
      return HttpResponse.json(filterResults(byDistance, url))
    }),
  empty: () => mockApi('searchPartners', () => HttpResponse.json<PartnerSearchResult[]>([])),
  error: () => mockApi('searchPartners', () => serverError()),
  /** Fails once, then answers: the 'Réessayer' button recovers. */
  errorThenSuccess: (results: PartnerSearchResult[] = partnerSearchResults) => {
    let calls = 0
    onStoryStart(() => {
      calls = 0
    })
    return mockApi('searchPartners', ({ request }) =>
      calls++ === 0 ? serverError() : HttpResponse.json(filterResults(results, new URL(request.url))),
    )
  },
  loading: () => mockApi('searchPartners', endless),
}

export const categoriesHandlers = {
  success: (list: Category[] = categories) => mockApi('listCategories', () => HttpResponse.json(list)),
  error: () => mockApi('listCategories', () => serverError()),
  loading: () => mockApi('listCategories', endless),
}

export const citiesHandlers = {
  success: (list: string[] = cities) => mockApi('listCities', () => HttpResponse.json(list)),
  error: () => mockApi('listCities', () => serverError()),
}

/** GET /api/partners/{id}/discounts-user/{userId}: the partner with its offers as this user sees them. */
export const partnerForUserHandlers = {
  success: (partner?: Partner) =>
    mockApi('getPartnerForUser', ({ params }) => {
      try {
        return HttpResponse.json(partner ?? partnerById(Number(params.id)))
      } catch {
        return HttpResponse.json<ErrorBody>({ message: 'Partenaire introuvable.' }, { status: 404 })
      }
    }),
  error: () => mockApi('getPartnerForUser', () => serverError()),
  notFound: () =>
    mockApi('getPartnerForUser', () =>
      HttpResponse.json<ErrorBody>({ message: 'Partenaire introuvable.' }, { status: 404 }),
    ),
  loading: () => mockApi('getPartnerForUser', endless),
}

/**
 * The server's answer to a used coupon: the offer as its user now sees it (DISABLED). An offer the fixtures do
 * not hold (a story's own partner) is answered with its id, as the screen only needs the call to succeed.
 */
export function usedCouponReply(params: { partnerId: string; offerId: string }) {
  const offerId = Number(params.offerId)
  const offer = partners
    .find((partner) => partner.partnerId.id === Number(params.partnerId))
    ?.discountOffers.find((candidate) => candidate.id.id === offerId)
  return HttpResponse.json<RedeemedOffer>({
    id: { id: offerId },
    libelle: offer?.libelle ?? 'Coupon',
    status: 'DISABLED',
    expirationDate: offer?.expirationDate ?? null,
    // The use's proof (issue 41): a code of the server's alphabet, and now.
    code: MOCK_USE_CODE,
    usedAt: new Date().toISOString(),
  })
}

/** The code every mocked use answers. */
export const MOCK_USE_CODE = 'K7M2QX'

export const deactivateOfferHandlers = {
  success: (delayMs = 0) =>
    mockApi('deactivateOffer', async ({ params }) => {
      if (delayMs) await delay(delayMs)
      return usedCouponReply(params)
    }),
  error: (delayMs = 0) =>
    mockApi('deactivateOffer', async () => {
      if (delayMs) await delay(delayMs)
      return serverError()
    }),
  /** The server's 409 when this user used the coupon already (e.g. in another tab), with its message. */
  alreadyUsed: (delayMs = 0) =>
    mockApi('deactivateOffer', async () => {
      if (delayMs) await delay(delayMs)
      return HttpResponse.json<ErrorBody>({ message: 'Vous avez déjà utilisé ce coupon.' }, { status: 409 })
    }),
}

export const articlesHandlers = {
  /** GET /api/articles/articles-published (ordinary users). */
  published: (list: Article[] = publishedArticles) =>
    mockApi('listPublishedArticles', () => HttpResponse.json(list)),
  /** GET /api/articles (admins see drafts too). */
  all: (list: Article[] = articles) => mockApi('listArticles', () => HttpResponse.json(list)),
  empty: () => [
    mockApi('listPublishedArticles', () => HttpResponse.json<Article[]>([])),
    mockApi('listArticles', () => HttpResponse.json<Article[]>([])),
  ],
  error: () => [
    mockApi('listPublishedArticles', () => serverError()),
    mockApi('listArticles', () => serverError()),
  ],
  loading: () => [mockApi('listPublishedArticles', endless), mockApi('listArticles', endless)],
}

export const passwordHandlers = {
  forgotSuccess: () =>
    mockApi('forgotPassword', () =>
      HttpResponse.json({
        message: 'Si un compte correspond à cette adresse, un e-mail de réinitialisation a été envoyé.',
      }),
    ),
  forgotError: () =>
    mockApi('forgotPassword', () =>
      HttpResponse.json<ErrorBody>({ message: 'Service de messagerie indisponible.' }, { status: 503 }),
    ),
  forgotLoading: () => mockApi('forgotPassword', endless),
  resetSuccess: () =>
    mockApi('resetPassword', () => HttpResponse.json({ message: 'Mot de passe réinitialisé avec succès.' })),
  resetError: () =>
    mockApi('resetPassword', () =>
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
