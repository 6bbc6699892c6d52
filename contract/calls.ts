/**
 * Every call of the API by name: its method and its path pattern (`:name` parameters, the spec's spellings
 * from paths.ts). Plain data without TypeBox, so the browser bundle can use it; `api.ts` adds each call's
 * schemas under the same names.
 */
import { apiPaths, routePatterns } from './paths.ts'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

const call = <M extends HttpMethod, P extends string>(method: M, path: P) => ({ method, path })

export const calls = {
  getConfig: call('GET', apiPaths.config()),
  getHealth: call('GET', apiPaths.health()),
  getLiveness: call('GET', apiPaths.healthLive()),
  getReadiness: call('GET', apiPaths.healthReady()),
  getIcon: call('GET', routePatterns.icon),

  authenticate: call('POST', apiPaths.authenticate()),
  register: call('POST', apiPaths.register()),
  forgotPassword: call('POST', apiPaths.forgotPassword()),
  resetPassword: call('POST', apiPaths.resetPassword()),
  logout: call('POST', apiPaths.logout()),

  listArticles: call('GET', apiPaths.articles()),
  listPublishedArticles: call('GET', apiPaths.articlesPublished()),
  listArticleStatuses: call('GET', apiPaths.articleStatuses()),
  getArticle: call('GET', routePatterns.article),
  uploadArticleImage: call('POST', apiPaths.articleImage()),
  createArticle: call('POST', apiPaths.articles()),
  updateArticle: call('PUT', routePatterns.article),
  deleteArticle: call('DELETE', routePatterns.article),
  moveArticle: call('POST', routePatterns.articleMove),

  listPartners: call('GET', apiPaths.partners()),
  listPartnerStatuses: call('GET', apiPaths.partnerStatuses()),
  listCategories: call('GET', apiPaths.categories()),
  listCities: call('GET', apiPaths.cities()),
  searchPartners: call('GET', apiPaths.partnerSearch()),
  getPartner: call('GET', routePatterns.partner),
  listUsableOffers: call('GET', routePatterns.partnerDiscountsActivated),
  getPartnerForUser: call('GET', routePatterns.partnerDiscountsUser),
  createPartner: call('POST', apiPaths.partners()),
  updatePartner: call('PUT', routePatterns.partner),
  uploadPartnerImage: call('POST', routePatterns.partnerImages),
  deletePartnerImage: call('DELETE', routePatterns.partnerImage),
  createOffer: call('POST', routePatterns.partnerOffers),
  updateOffer: call('PUT', routePatterns.partnerOffers),

  listUsers: call('GET', apiPaths.users()),
  listUserStatuses: call('GET', apiPaths.userStatuses()),
  getUser: call('GET', routePatterns.user),
  createUser: call('POST', apiPaths.users()),
  updateUser: call('PUT', routePatterns.user),
  deleteUser: call('DELETE', routePatterns.user),
  deactivateOffer: call('PUT', routePatterns.deactivateOffer),
  reactivateOffer: call('PUT', routePatterns.reactivateOffer),

  listAudit: call('GET', apiPaths.audit()),
  listAuditActors: call('GET', apiPaths.auditActors()),
  exportAudit: call('GET', apiPaths.auditExport()),

  listFavorites: call('GET', apiPaths.myFavorites()),
  addFavorite: call('PUT', routePatterns.myFavorite),
  removeFavorite: call('DELETE', routePatterns.myFavorite),
  listUsedOffers: call('GET', apiPaths.myUsedOffers()),
  getMyHome: call('GET', apiPaths.myHome()),
  checkOfferUse: call('GET', routePatterns.offerUse),

  // The person's own account (issue 40).
  getMyAccount: call('GET', apiPaths.me()),
  updateMyName: call('PUT', apiPaths.me()),
  changeMyPassword: call('PUT', apiPaths.myPassword()),
  startEmailChange: call('POST', apiPaths.myEmail()),
  confirmEmailChange: call('POST', apiPaths.confirmEmail()),
  exportMyData: call('GET', apiPaths.myExport()),
  deleteMyAccount: call('DELETE', apiPaths.me()),
  deleteUserRgpd: call('DELETE', routePatterns.userRgpd),

  // Back-office exchange and usage (issue 21): CSV exports, the partner import, the usage dashboard.
  exportPartners: call('GET', '/api/exports/partners.csv'),
  exportUsers: call('GET', '/api/exports/users.csv'),
  exportCouponUses: call('GET', '/api/exports/coupon-uses.csv'),
  previewPartnerImport: call('POST', '/api/imports/partners/preview'),
  importPartners: call('POST', '/api/imports/partners'),
  getDashboard: call('GET', '/api/dashboard'),
} as const

export type CallName = keyof typeof calls

/** A pattern's path with its `:name` parameters filled in (each one URL-encoded). */
export function fillPath(pattern: string, params: Record<string, string | number> = {}): string {
  return pattern.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`Paramètre manquant : ${name}`)
    return encodeURIComponent(String(value))
  })
}
