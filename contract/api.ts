/**
 * The API table: for every call of `calls.ts`, who may make it, its parameters, query, body and its answers per
 * status. The Fastify routes register their schemas from here (server/routes/route.ts), the client's fetchers
 * type their requests and answers from it (src/api/client.ts, `callApi`), and the msw handlers their replies
 * (mocks/handlers/mockApi.ts): a server, client or mock that disagrees on a shape fails `npm run typecheck`
 * (contract/api.typetest.ts shows it).
 */
import Type, { type Static, type TSchema } from 'typebox'
import { calls, type CallName, type HttpMethod } from './calls.ts'
import { ICON_NAME_MAX_LENGTH, ICON_NAME_PATTERN } from './icons.ts'
import {
  Article,
  ArticleBody,
  ArticleMoveBody,
  AuditActor,
  AuditPage,
  AuditQuery,
  ArticleUpdateBody,
  AuthUser,
  Category,
  ClientConfig,
  Credentials,
  DisabledCouponsBody,
  DiscountOffer,
  ErrorBody,
  ForgotPasswordBody,
  Health,
  IconPath,
  MAX_ID,
  Image,
  Liveness,
  MessageBody,
  NoContent,
  OfferBody,
  OfferUpdateBody,
  Partner,
  PartnerBody,
  PartnerListQuery,
  PartnerPage,
  PartnerSearchQuery,
  PartnerSearchResult,
  PartnerUpdateBody,
  Readiness,
  ReactivateBody,
  RegisterBody,
  ResetPasswordBody,
  StatusOption,
  UsedOffer,
  User,
  UserBody,
  UserDetail,
  UserListQuery,
  UserPage,
  UserUpdateBody,
} from './schemas.ts'
import {
  CsvFile,
  Dashboard,
  ExportIds,
  PartnerImportPreview,
  PartnerImportQuery,
  PartnerImportResult,
} from './backoffice.ts'
import {
  AccountDeletionBody,
  AccountExportFile,
  AccountExportQuery,
  AccountProfile,
  EmailChangeBody,
  EmailChangeStarted,
  EmailConfirmBody,
  EmailConfirmed,
  NameChangeBody,
  PasswordChangeBody,
  RgpdDeletionBody,
} from './account.ts'
import { HomeQuery, HomeRows, OfferUseCheck, OfferUseCodeParams, RedeemedOffer } from './offerUses.ts'

export { MAX_ID }
const Id = () => Type.Integer({ minimum: 1, maximum: MAX_ID })
const IdParams = Type.Object({ id: Id() })

/** Who may make a call: anyone, a signed-in user (Bearer token), or an administrator. */
export type Access = 'public' | 'user' | 'admin'

/** The statuses of the `{ message }` error answers, with what each one means. */
export const errorDescriptions = {
  400: 'Requête invalide (le message indique le champ et le problème)',
  401: 'Non authentifié ou jeton invalide / expiré / révoqué',
  403: 'Droits insuffisants',
  404: 'Introuvable',
  409: 'Conflit avec l’état actuel',
  412: 'If-Match ne désigne plus la version actuelle : l’enregistrement a été modifié entre-temps (message : par qui et quand ; etag : la version actuelle)',
  413: 'Fichier ou corps trop volumineux',
  415: 'Type de contenu non pris en charge',
  429: 'Trop de requêtes (voir Retry-After)',
  503: 'Base de données injoignable',
} as const
export type ErrorStatus = keyof typeof errorDescriptions

/**
 * The answer of a PUT whose `If-Match` names an older version (412): the `{ message }` of every error, plus
 * what a program needs to reload or compare (server/services/versions.ts).
 */
export const StaleVersionBody = Type.Object({
  ...ErrorBody.properties,
  etag: Type.String({
    description: 'L’ETag de la version actuelle (à renvoyer dans If-Match après rechargement)',
  }),
  modifiedBy: Type.Union([Type.String(), Type.Null()], {
    description: 'Qui a fait la dernière modification (null si inconnu)',
  }),
  modifiedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: 'Quand (ISO 8601 ; null si inconnu)',
  }),
  conflicts: Type.Optional(
    Type.Array(
      Type.Object({
        line: Type.Integer(),
        partnerId: Type.Integer(),
        name: Type.String(),
        etag: Type.String(),
        modifiedBy: Type.Union([Type.String(), Type.Null()]),
        modifiedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
      }),
      {
        description:
          'Import de partenaires : chaque partenaire modifié depuis l’aperçu ou l’export (etag, modifiedBy et modifiedAt ci-dessus : le premier)',
      },
    ),
  ),
})
export type StaleVersionBody = Static<typeof StaleVersionBody>

/** The error statuses whose answer says more than `ErrorBody`. */
export const errorBodies: Partial<Record<ErrorStatus, TSchema>> = { 412: StaleVersionBody }

export interface Endpoint {
  method: HttpMethod
  path: string
  access: Access
  params?: TSchema
  querystring?: TSchema
  body?: TSchema
  /** `multipart/form-data` with one `file` field instead of a JSON body. */
  upload?: true
  /** A file to download (its 200 is not JSON): the client reads it as a Blob (`downloadApi`). */
  download?: true
  /** The answers a caller uses, per status (2xx, 204 being `NoContent`, and the health checks' 503). */
  response: Partial<Record<200 | 201 | 204 | 503, TSchema>>
  /** The statuses answered with `ErrorBody`. */
  errors: readonly ErrorStatus[]
}

export const api = {
  getConfig: { ...calls.getConfig, access: 'public', response: { 200: ClientConfig }, errors: [] },
  getHealth: { ...calls.getHealth, access: 'public', response: { 200: Health, 503: Health }, errors: [] },
  getLiveness: { ...calls.getLiveness, access: 'public', response: { 200: Liveness }, errors: [] },
  getReadiness: {
    ...calls.getReadiness,
    access: 'public',
    response: { 200: Readiness, 503: Readiness },
    errors: [],
  },
  getIcon: {
    ...calls.getIcon,
    access: 'public',
    params: Type.Object({
      name: Type.String({ pattern: ICON_NAME_PATTERN, maxLength: ICON_NAME_MAX_LENGTH }),
    }),
    response: { 200: IconPath },
    errors: [400, 404],
  },

  authenticate: {
    ...calls.authenticate,
    access: 'public',
    body: Credentials,
    response: { 200: AuthUser },
    errors: [400, 401, 403, 429],
  },
  register: {
    ...calls.register,
    access: 'public',
    body: RegisterBody,
    response: { 201: AuthUser },
    errors: [400, 409, 429],
  },
  forgotPassword: {
    ...calls.forgotPassword,
    access: 'public',
    body: ForgotPasswordBody,
    response: { 200: MessageBody },
    errors: [400, 429],
  },
  resetPassword: {
    ...calls.resetPassword,
    access: 'public',
    body: ResetPasswordBody,
    response: { 200: MessageBody },
    errors: [400, 429],
  },
  logout: { ...calls.logout, access: 'user', response: { 200: MessageBody }, errors: [401] },

  listArticles: {
    ...calls.listArticles,
    access: 'admin',
    response: { 200: Type.Array(Article) },
    errors: [401, 403],
  },
  listPublishedArticles: {
    ...calls.listPublishedArticles,
    access: 'user',
    response: { 200: Type.Array(Article) },
    errors: [401],
  },
  listArticleStatuses: {
    ...calls.listArticleStatuses,
    access: 'user',
    response: { 200: Type.Array(StatusOption) },
    errors: [401],
  },
  getArticle: {
    ...calls.getArticle,
    access: 'user',
    params: IdParams,
    response: { 200: Article },
    errors: [400, 401, 404],
  },
  uploadArticleImage: {
    ...calls.uploadArticleImage,
    access: 'admin',
    upload: true,
    response: { 201: Image },
    errors: [400, 401, 403, 413, 415],
  },
  createArticle: {
    ...calls.createArticle,
    access: 'admin',
    body: ArticleBody,
    response: { 201: Article },
    errors: [400, 401, 403],
  },
  updateArticle: {
    ...calls.updateArticle,
    access: 'admin',
    params: IdParams,
    body: ArticleUpdateBody,
    response: { 200: Article },
    errors: [400, 401, 403, 404, 412],
  },
  deleteArticle: {
    ...calls.deleteArticle,
    access: 'admin',
    params: IdParams,
    response: { 200: MessageBody },
    errors: [400, 401, 403, 404],
  },
  moveArticle: {
    ...calls.moveArticle,
    access: 'admin',
    params: IdParams,
    body: ArticleMoveBody,
    response: { 200: Type.Array(Article) },
    errors: [400, 401, 403, 404, 409],
  },

  listPartners: {
    ...calls.listPartners,
    access: 'admin',
    querystring: PartnerListQuery,
    response: { 200: PartnerPage },
    errors: [400, 401, 403],
  },
  listPartnerStatuses: {
    ...calls.listPartnerStatuses,
    access: 'user',
    response: { 200: Type.Array(StatusOption) },
    errors: [401],
  },
  listCategories: {
    ...calls.listCategories,
    access: 'user',
    response: { 200: Type.Array(Category) },
    errors: [401],
  },
  listCities: {
    ...calls.listCities,
    access: 'user',
    response: { 200: Type.Array(Type.String()) },
    errors: [401],
  },
  searchPartners: {
    ...calls.searchPartners,
    access: 'user',
    querystring: PartnerSearchQuery,
    response: { 200: Type.Array(PartnerSearchResult) },
    errors: [400, 401, 403],
  },
  getPartner: {
    ...calls.getPartner,
    access: 'user',
    params: IdParams,
    response: { 200: Partner },
    errors: [400, 401, 404],
  },
  listUsableOffers: {
    ...calls.listUsableOffers,
    access: 'user',
    params: IdParams,
    response: { 200: Type.Array(DiscountOffer) },
    errors: [400, 401, 404],
  },
  getPartnerForUser: {
    ...calls.getPartnerForUser,
    access: 'user',
    params: Type.Object({ id: Id(), userId: Id() }),
    response: { 200: Partner },
    errors: [400, 401, 403, 404],
  },
  createPartner: {
    ...calls.createPartner,
    access: 'admin',
    body: PartnerBody,
    response: { 201: Partner },
    errors: [400, 401, 403],
  },
  updatePartner: {
    ...calls.updatePartner,
    access: 'admin',
    params: IdParams,
    body: PartnerUpdateBody,
    response: { 200: Partner },
    errors: [400, 401, 403, 404, 412],
  },
  uploadPartnerImage: {
    ...calls.uploadPartnerImage,
    access: 'admin',
    params: IdParams,
    upload: true,
    response: { 201: Image },
    errors: [400, 401, 403, 404, 413, 415],
  },
  deletePartnerImage: {
    ...calls.deletePartnerImage,
    access: 'admin',
    params: Type.Object({ id: Id(), imageId: Type.String({ maxLength: 100 }) }),
    response: { 200: MessageBody },
    errors: [400, 401, 403, 404],
  },
  createOffer: {
    ...calls.createOffer,
    access: 'admin',
    params: IdParams,
    body: OfferBody,
    response: { 201: DiscountOffer },
    errors: [400, 401, 403, 404],
  },
  updateOffer: {
    ...calls.updateOffer,
    access: 'admin',
    params: IdParams,
    body: OfferUpdateBody,
    response: { 200: DiscountOffer },
    errors: [400, 401, 403, 404, 412],
  },

  listUsers: {
    ...calls.listUsers,
    access: 'admin',
    querystring: UserListQuery,
    response: { 200: UserPage },
    errors: [400, 401, 403],
  },
  listUserStatuses: {
    ...calls.listUserStatuses,
    access: 'user',
    response: { 200: Type.Array(StatusOption) },
    errors: [401],
  },
  getUser: {
    ...calls.getUser,
    access: 'user',
    params: IdParams,
    response: { 200: UserDetail },
    errors: [400, 401, 403, 404],
  },
  createUser: {
    ...calls.createUser,
    access: 'admin',
    body: UserBody,
    response: { 201: User },
    errors: [400, 401, 403, 409],
  },
  updateUser: {
    ...calls.updateUser,
    access: 'admin',
    params: IdParams,
    body: UserUpdateBody,
    response: { 200: User },
    errors: [400, 401, 403, 404, 409, 412],
  },
  deleteUser: {
    ...calls.deleteUser,
    access: 'admin',
    params: IdParams,
    response: { 200: MessageBody },
    errors: [400, 401, 403, 404, 409],
  },
  deactivateOffer: {
    ...calls.deactivateOffer,
    access: 'user',
    params: Type.Object({ userId: Id(), partnerId: Id(), offerId: Id() }),
    response: { 200: RedeemedOffer },
    errors: [400, 401, 403, 404, 409],
  },
  reactivateOffer: {
    ...calls.reactivateOffer,
    access: 'admin',
    params: Type.Object({ userId: Id(), offerId: Id() }),
    body: ReactivateBody,
    response: { 200: DisabledCouponsBody },
    errors: [400, 401, 403, 404],
  },

  listAudit: {
    ...calls.listAudit,
    access: 'admin',
    querystring: AuditQuery,
    response: { 200: AuditPage },
    errors: [400, 401, 403],
  },
  listAuditActors: {
    ...calls.listAuditActors,
    access: 'admin',
    response: { 200: Type.Array(AuditActor) },
    errors: [401, 403],
  },
  exportAudit: {
    ...calls.exportAudit,
    access: 'admin',
    querystring: AuditQuery,
    response: { 200: Type.String({ description: 'CSV (UTF-8 avec BOM, « ; », dates jj/mm/aaaa)' }) },
    errors: [400, 401, 403],
  },

  listFavorites: {
    ...calls.listFavorites,
    access: 'user',
    response: { 200: Type.Array(PartnerSearchResult) },
    errors: [401],
  },
  addFavorite: {
    ...calls.addFavorite,
    access: 'user',
    params: Type.Object({ partnerId: Id() }),
    response: { 204: NoContent },
    errors: [400, 401, 404],
  },
  removeFavorite: {
    ...calls.removeFavorite,
    access: 'user',
    params: Type.Object({ partnerId: Id() }),
    response: { 204: NoContent },
    errors: [400, 401, 404],
  },
  listUsedOffers: {
    ...calls.listUsedOffers,
    access: 'user',
    response: { 200: Type.Array(UsedOffer) },
    errors: [401],
  },
  // Issue 41: the person's Home rows, and a use found by its code.
  getMyHome: {
    ...calls.getMyHome,
    access: 'user',
    querystring: HomeQuery,
    response: { 200: HomeRows },
    errors: [400, 401],
  },
  checkOfferUse: {
    ...calls.checkOfferUse,
    access: 'admin',
    params: OfferUseCodeParams,
    response: { 200: OfferUseCheck },
    errors: [400, 401, 403, 404],
  },

  // The person's own account (issue 40).
  getMyAccount: { ...calls.getMyAccount, access: 'user', response: { 200: AccountProfile }, errors: [401] },
  updateMyName: {
    ...calls.updateMyName,
    access: 'user',
    body: NameChangeBody,
    response: { 200: AuthUser },
    errors: [400, 401],
  },
  changeMyPassword: {
    ...calls.changeMyPassword,
    access: 'user',
    body: PasswordChangeBody,
    // A new access_token: the one that made the call is refused afterwards, as every other session's.
    response: { 200: AuthUser },
    errors: [400, 401, 429],
  },
  startEmailChange: {
    ...calls.startEmailChange,
    access: 'user',
    body: EmailChangeBody,
    response: { 200: EmailChangeStarted },
    errors: [400, 401, 409, 429],
  },
  confirmEmailChange: {
    ...calls.confirmEmailChange,
    access: 'public',
    body: EmailConfirmBody,
    response: { 200: EmailConfirmed },
    errors: [400, 409, 429],
  },
  exportMyData: {
    ...calls.exportMyData,
    access: 'user',
    download: true,
    querystring: AccountExportQuery,
    response: { 200: AccountExportFile },
    errors: [400, 401],
  },
  deleteMyAccount: {
    ...calls.deleteMyAccount,
    access: 'user',
    body: AccountDeletionBody,
    response: { 200: MessageBody },
    errors: [400, 401, 409, 429],
  },
  deleteUserRgpd: {
    ...calls.deleteUserRgpd,
    access: 'admin',
    params: IdParams,
    body: RgpdDeletionBody,
    response: { 200: MessageBody },
    errors: [400, 401, 403, 404, 409],
  },

  // Back-office exchange and usage (issue 21).
  // The list's own filters and sort (its page aside): the file holds what the list shows.
  exportPartners: {
    ...calls.exportPartners,
    access: 'admin',
    download: true,
    querystring: Type.Omit(Type.Object({ ...PartnerListQuery.properties, ids: Type.Optional(ExportIds) }), [
      'page',
      'pageSize',
    ]),
    response: { 200: CsvFile },
    errors: [400, 401, 403],
  },
  exportUsers: {
    ...calls.exportUsers,
    access: 'admin',
    download: true,
    querystring: Type.Omit(Type.Object({ ...UserListQuery.properties, ids: Type.Optional(ExportIds) }), [
      'page',
      'pageSize',
    ]),
    response: { 200: CsvFile },
    errors: [400, 401, 403],
  },
  exportCouponUses: {
    ...calls.exportCouponUses,
    access: 'admin',
    download: true,
    response: { 200: CsvFile },
    errors: [401, 403],
  },
  previewPartnerImport: {
    ...calls.previewPartnerImport,
    access: 'admin',
    querystring: PartnerImportQuery,
    upload: true,
    response: { 200: PartnerImportPreview },
    errors: [400, 401, 403, 413, 415],
  },
  importPartners: {
    ...calls.importPartners,
    access: 'admin',
    querystring: PartnerImportQuery,
    upload: true,
    response: { 201: PartnerImportResult },
    errors: [400, 401, 403, 412, 413, 415],
  },
  getDashboard: { ...calls.getDashboard, access: 'admin', response: { 200: Dashboard }, errors: [401, 403] },
} as const satisfies { readonly [Name in CallName]: Endpoint }

export type Api = typeof api

type StaticOf<T> = T extends TSchema ? Static<T> : undefined

type Success = 200 | 201 | 204

/** A call's successful answer (its 2xx body; nothing for a 204, which the client resolves as undefined). */
export type Reply<Name extends CallName> = {
  [Status in keyof Api[Name]['response'] & Success]: Status extends 204
    ? undefined
    : StaticOf<Api[Name]['response'][Status]>
}[keyof Api[Name]['response'] & Success]

/** Every answer a call may get that has a body: its successes, and ErrorBody for its errors. */
export type AnyReply<Name extends CallName> =
  | {
      [Status in keyof Api[Name]['response']]: StaticOf<Api[Name]['response'][Status]>
    }[keyof Api[Name]['response']]
  | ErrorBody

export type Params<Name extends CallName> = StaticOf<Api[Name] extends { params: infer P } ? P : undefined>
export type Query<Name extends CallName> = StaticOf<
  Api[Name] extends { querystring: infer Q } ? Q : undefined
>
export type Body<Name extends CallName> = StaticOf<Api[Name] extends { body: infer B } ? B : undefined>
