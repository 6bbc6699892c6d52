/**
 * Every API path of the spec (section 7), spelled as the spec spells them ('statues', 'offer-discount',
 * 'deactivate-discountoffer'). The client, the msw handlers and the tests build URLs from here; the server
 * registers the same strings with Fastify's `:param` syntax (see `routePatterns`).
 */
type Id = number | string

export const apiPaths = {
  config: () => '/api/config',
  health: () => '/api/health',
  healthLive: () => '/api/health/live',
  healthReady: () => '/api/health/ready',
  icon: (name: string) => `/api/icons/${encodeURIComponent(name)}`,

  authenticate: () => '/api/auth/authenticate',
  register: () => '/api/auth/register',
  forgotPassword: () => '/api/auth/forgot-password',
  resetPassword: () => '/api/auth/reset-password',
  logout: () => '/api/auth/logout',

  articles: () => '/api/articles',
  article: (id: Id) => `/api/articles/${id}`,
  articleMove: (id: Id) => `/api/articles/${id}/move`,
  articlesPublished: () => '/api/articles/articles-published',
  articleImage: () => '/api/articles/image',
  articleStatuses: () => '/api/articles/statues',

  partners: () => '/api/partners',
  partner: (id: Id) => `/api/partners/${id}`,
  partnerDiscountsActivated: (id: Id) => `/api/partners/${id}/discounts-activated`,
  partnerDiscountsUser: (id: Id, userId: Id) => `/api/partners/${id}/discounts-user/${userId}`,
  partnerSearch: () => '/api/partners/search',
  partnerStatuses: () => '/api/partners/statues',
  categories: () => '/api/partners/categories',
  cities: () => '/api/partners/cities',
  partnerImages: (id: Id) => `/api/partners/${id}/image`,
  partnerImage: (id: Id, imageId: Id) => `/api/partners/${id}/image/${imageId}`,
  partnerOffers: (id: Id) => `/api/partners/${id}/offer-discount`,

  users: () => '/api/users',
  user: (id: Id) => `/api/users/${id}`,
  userStatuses: () => '/api/users/statues',
  deactivateOffer: (userId: Id, partnerId: Id, offerId: Id) =>
    `/api/users/deactivate-discountoffer/user/${userId}/partner/${partnerId}/offer/${offerId}`,
  reactivateOffer: (userId: Id, offerId: Id) =>
    `/api/users/reactivate-discountoffer/user/${userId}/offer/${offerId}`,

  audit: () => '/api/audit',
  auditActors: () => '/api/audit/actors',
  auditExport: () => '/api/audit/export.csv',

  myFavorites: () => '/api/users/me/favorites',
  myFavorite: (partnerId: Id) => `/api/users/me/favorites/${partnerId}`,
  myUsedOffers: () => '/api/users/me/used-offers',
  myHome: () => '/api/users/me/home',
  offerUse: (code: string) => `/api/offer-uses/${encodeURIComponent(code)}`,

  // The person's own account (issue 40).
  me: () => '/api/users/me',
  myPassword: () => '/api/users/me/password',
  myEmail: () => '/api/users/me/email',
  confirmEmail: () => '/api/auth/confirm-email',
  myExport: (format: 'json' | 'csv' = 'json') =>
    `/api/users/me/export${format === 'csv' ? '?format=csv' : ''}`,
  userRgpd: (id: Id) => `/api/users/${id}/rgpd`,
} as const

/** Route patterns for the server and msw (`:name` parameters). */
export const routePatterns = {
  icon: '/api/icons/:name',
  article: '/api/articles/:id',
  articleMove: '/api/articles/:id/move',
  partner: '/api/partners/:id',
  partnerDiscountsActivated: '/api/partners/:id/discounts-activated',
  partnerDiscountsUser: '/api/partners/:id/discounts-user/:userId',
  partnerImages: '/api/partners/:id/image',
  partnerImage: '/api/partners/:id/image/:imageId',
  partnerOffers: '/api/partners/:id/offer-discount',
  user: '/api/users/:id',
  deactivateOffer: '/api/users/deactivate-discountoffer/user/:userId/partner/:partnerId/offer/:offerId',
  reactivateOffer: '/api/users/reactivate-discountoffer/user/:userId/offer/:offerId',
  myFavorite: '/api/users/me/favorites/:partnerId',
  userRgpd: '/api/users/:id/rgpd',
  offerUse: '/api/offer-uses/:code',
} as const
