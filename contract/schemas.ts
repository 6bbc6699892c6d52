/**
 * The wire contract between the API server and every client (app, stories' msw handlers, e2e tests).
 * The server validates requests and documents them (OpenAPI) from these schemas; the client imports the
 * derived types only (`import type`), so TypeBox never reaches the browser bundle.
 */
import Type, { type Static } from 'typebox'
import { auditActionCodes, auditTargets, partnerSortKeys, userSortKeys, type AuditTarget } from './audit.ts'
import { LegalInfo } from './legal.ts'
import { SEARCH_NAME_MAX_LENGTH } from './searchLimits.ts'

const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()])

/** Identifier objects, as the spec shapes them: articleId {id}, partnerId {id}, userId {id}, offer id {id}. */
export const IdRef = Type.Object({ id: Type.Integer({ minimum: 1 }) })
export type IdRef = Static<typeof IdRef>

export const ErrorBody = Type.Object({
  message: Type.String({ description: 'Message lisible par un utilisateur francophone' }),
  field: Type.Optional(Type.String({ description: 'Champ en cause, quand il y en a un' })),
  fields: Type.Optional(
    Type.Record(Type.String(), Type.String(), {
      description:
        'Par champ en cause (chemin JSON, ex. « expirationDate », « location.city »), le court message français à afficher sous ce champ',
    }),
  ),
})
export type ErrorBody = Static<typeof ErrorBody>

export const MessageBody = Type.Object({ message: Type.String() })
export type MessageBody = Static<typeof MessageBody>

export const StatusOption = Type.Object({ code: Type.String(), label: Type.String() })
export type StatusOption = Static<typeof StatusOption>

// ---------- Authentication ----------

export const Role = Type.Union([Type.Literal('ROLE_USER'), Type.Literal('ROLE_ADMIN')])
export type Role = Static<typeof Role>

/** A person as every call names them: the signed-in user, a registration, a user of the back-office. */
const PersonFields = { firstname: Type.String(), lastname: Type.String(), email: Type.String() }

/** The signed-in user, stored by the client in localStorage under the key `user`. */
export const AuthUser = Type.Object({
  access_token: Type.String(),
  roles: Type.Array(Role),
  userId: IdRef,
  ...PersonFields,
})
export type AuthUser = Static<typeof AuthUser>

export const Credentials = Type.Object({
  username: Type.String({ description: "L'adresse e-mail" }),
  password: Type.String(),
})
export type Credentials = Static<typeof Credentials>

export const RegisterBody = Type.Object({
  ...PersonFields,
  password: Type.String(),
})
export type RegisterBody = Static<typeof RegisterBody>

export const ForgotPasswordBody = Type.Object({ email: Type.String() })
export type ForgotPasswordBody = Static<typeof ForgotPasswordBody>

export const ResetPasswordBody = Type.Object({ token: Type.String(), newPassword: Type.String() })
export type ResetPasswordBody = Static<typeof ResetPasswordBody>

// ---------- Articles ----------

export const ArticleStatus = Type.Union([Type.Literal('PUBLISHED'), Type.Literal('DRAFT')])
export type ArticleStatus = Static<typeof ArticleStatus>

/** A smaller copy of an image, for `srcset`: the same picture at `width` pixels wide, in one format. */
export const ImageVariant = Type.Object({
  width: Type.Integer({ minimum: 1 }),
  type: Type.String({ description: 'Type MIME, image/avif ou image/webp' }),
  url: Type.String(),
})
export type ImageVariant = Static<typeof ImageVariant>

/**
 * width, height and variants are optional so that an Image sent back in a body (an article's image) may
 * stay as older clients send it; the server always gives them.
 */
export const Image = Type.Object({
  id: Type.String(),
  type: Type.String({ description: 'Type MIME du fichier servi, ex. image/webp' }),
  url: Type.String(),
  width: Type.Optional(
    Nullable(Type.Integer({ description: 'Largeur de l’original en pixels (null tant qu’inconnue)' })),
  ),
  height: Type.Optional(Nullable(Type.Integer({ description: 'Hauteur de l’original en pixels' }))),
  variants: Type.Optional(
    Type.Array(ImageVariant, {
      description:
        'Copies réduites (320, 640, 1280 px de large au plus, AVIF et WebP) pour srcset ; vide tant qu’elles ne sont pas prêtes',
    }),
  ),
})
export type Image = Static<typeof Image>

/**
 * A search result's photo: the original and the widths of its smaller copies, each in AVIF and WebP at
 * `imageVariantUrl`'s address (contract/images.ts builds them). Six variant URLs were half of a result's bytes.
 */
export const ListImage = Type.Object({
  id: Type.String(),
  type: Type.String({ description: 'Type MIME du fichier servi, ex. image/webp' }),
  url: Type.String(),
  width: Nullable(Type.Integer({ description: 'Largeur de l’original en pixels (null tant qu’inconnue)' })),
  height: Nullable(Type.Integer({ description: 'Hauteur de l’original en pixels' })),
  variantWidths: Type.Array(Type.Integer({ minimum: 1 }), {
    description:
      'Largeurs des copies réduites, chacune en AVIF et WebP à /uploads/{id}-{largeur}.avif et .webp ; vide tant qu’elles ne sont pas prêtes',
  }),
})
export type ListImage = Static<typeof ListImage>

export const LinkTarget = Type.Union([Type.Literal(''), Type.Literal('_blank'), Type.Literal('_self')])
export type LinkTarget = Static<typeof LinkTarget>

export const Link = Type.Object({ text: Type.String(), url: Type.String(), target: LinkTarget })
export type Link = Static<typeof Link>

export const Article = Type.Object({
  articleId: IdRef,
  status: ArticleStatus,
  title: Type.String(),
  position: Type.Integer(),
  image: Nullable(Image),
  link: Nullable(Link),
})
export type Article = Static<typeof Article>

export const ArticleBody = Type.Object({
  title: Type.String(),
  status: ArticleStatus,
  position: Type.Integer(),
  image: Nullable(Image),
  link: Nullable(Link),
})
export type ArticleBody = Static<typeof ArticleBody>

export const ArticleUpdateBody = Type.Object({ ...ArticleBody.properties, articleId: IdRef })
export type ArticleUpdateBody = Static<typeof ArticleUpdateBody>

/** 'Monter' / 'Descendre' on the home page's management: one place up or down in the articles' order. */
export const ArticleMoveBody = Type.Object({
  direction: Type.Union([Type.Literal('up'), Type.Literal('down')]),
})
export type ArticleMoveBody = Static<typeof ArticleMoveBody>

// ---------- Partners ----------

export const PartnerStatus = Type.Union([
  Type.Literal('ACTIF'),
  Type.Literal('PROSPECT'),
  Type.Literal('DESACTIVE'),
])
export type PartnerStatus = Static<typeof PartnerStatus>

export const Position = Type.Object({ lat: Type.Number(), lng: Type.Number() })
export type Position = Static<typeof Position>

export const Location = Type.Object({ address: Type.String(), city: Type.String(), position: Position })
export type Location = Static<typeof Location>

export const Category = Type.Object({
  id: Type.Integer(),
  label: Type.String(),
  icon: Type.String({ description: 'Nom d’icône Material Design Icons, ex. silverware-fork-knife' }),
  iconPath: Nullable(
    Type.String({
      description:
        'Tracé SVG (viewBox 24x24) de cette icône, null pour un nom inconnu : l’application l’affiche sans autre requête',
    }),
  ),
})
export type Category = Static<typeof Category>

/** In a partner body a category without id is created (icon 'star' unless given). */
export const CategoryInput = Type.Object({
  id: Type.Optional(Type.Integer()),
  label: Type.String(),
  icon: Type.Optional(Type.String()),
})
export type CategoryInput = Static<typeof CategoryInput>

export const OfferStatus = Type.Union([Type.Literal('ENABLED'), Type.Literal('DISABLED')])
export type OfferStatus = Static<typeof OfferStatus>

export const DiscountOffer = Type.Object({
  id: IdRef,
  libelle: Type.String(),
  status: OfferStatus,
  expirationDate: Nullable(Type.String({ description: 'yyyy-MM-dd' })),
})
export type DiscountOffer = Static<typeof DiscountOffer>

export const OfferBody = Type.Object({
  status: OfferStatus,
  libelle: Type.String(),
  expirationDate: Nullable(Type.String({ description: 'yyyy-MM-dd' })),
})
export type OfferBody = Static<typeof OfferBody>

export const OfferUpdateBody = Type.Object({ ...OfferBody.properties, id: IdRef })
export type OfferUpdateBody = Static<typeof OfferUpdateBody>

export const Partner = Type.Object({
  partnerId: IdRef,
  name: Type.String(),
  description: Type.String(),
  siren: Nullable(Type.String()),
  location: Location,
  email: Type.String(),
  phone: Type.String(),
  representativeFirstName: Nullable(Type.String()),
  representativeLastName: Nullable(Type.String()),
  categories: Type.Array(Category),
  status: PartnerStatus,
  discountOffers: Type.Array(DiscountOffer),
  images: Type.Array(Image),
  rating: Nullable(Type.Number({ description: 'Note sur 5' })),
  userRatingsTotal: Nullable(Type.Integer()),
})
export type Partner = Static<typeof Partner>

/**
 * A search result's category: no SVG path. A page of 50 partners repeated each category's path on every card
 * (a quarter of its bytes: 83 → 62 KB); the app draws a card's icon from the categories list it already holds.
 */
export const CategoryRef = Type.Object({
  id: Type.Integer(),
  label: Type.String(),
  icon: Type.String({
    description:
      'Nom d’icône Material Design Icons ; son tracé (iconPath) est dans GET /api/partners/categories, envoyé une fois',
  }),
})
export type CategoryRef = Static<typeof CategoryRef>

/** A search result: a partner plus its distance to the user's position, in kilometres, when one was given. */
export const PartnerSearchResult = Type.Object({
  ...Partner.properties,
  categories: Type.Array(CategoryRef),
  images: Type.Array(ListImage, {
    description:
      'La première photo seulement (une liste n’en montre qu’une) ; toutes dans GET /api/partners/{id}',
  }),
  distanceToUser: Nullable(Type.Number({ description: 'Distance en kilomètres' })),
})
export type PartnerSearchResult = Static<typeof PartnerSearchResult>

export const PartnerBody = Type.Object({
  name: Type.String(),
  description: Type.String(),
  siren: Type.Optional(Nullable(Type.String())),
  location: Location,
  email: Type.String(),
  phone: Type.String(),
  representativeFirstName: Type.Optional(Nullable(Type.String())),
  representativeLastName: Type.Optional(Nullable(Type.String())),
  categories: Type.Array(CategoryInput),
  status: PartnerStatus,
  rating: Type.Optional(Nullable(Type.Number())),
  userRatingsTotal: Type.Optional(Nullable(Type.Integer())),
})
export type PartnerBody = Static<typeof PartnerBody>

export const PartnerUpdateBody = Type.Object({ ...PartnerBody.properties, partnerId: IdRef })
export type PartnerUpdateBody = Static<typeof PartnerUpdateBody>

/**
 * The 400 message of a failed limit, by JSON Schema keyword (server/errors.ts answers with it): the words a
 * limit has always been refused with, where the generic « Le champ … » sentence would say less. A value of the
 * wrong type keeps the generic message.
 */
const limitMessages = (
  messages: Partial<Record<'minimum' | 'maximum' | 'maxLength' | 'pattern', string>>,
) => ({
  'x-messages': messages,
})

/** The largest id a PostgreSQL integer column holds: a larger one is a 400, never a database error. */
export const MAX_ID = 2147483647

/** An id parameter of the search, refused below 1 and above MAX_ID with one message. */
const searchId = (field: string) =>
  Type.Integer({
    minimum: 1,
    maximum: MAX_ID,
    ...limitMessages({
      minimum: `Le paramètre « ${field} » doit être un identifiant positif.`,
      maximum: `Le paramètre « ${field} » doit être un identifiant positif.`,
    }),
  })

/** Comma-separated decimal numbers with a point, spaces allowed around each: `count` of them. */
const decimals = (count: number) => {
  const number = String.raw`\s*-?\d+(\.\d+)?\s*`
  return `^${number}(,${number}){${count - 1}}$`
}
const coordinates = (field: string, count: number, format: string, description: string) =>
  Type.String({
    pattern: decimals(count),
    description,
    ...limitMessages({
      pattern: `Le paramètre « ${field} » doit être au format ${format} (nombres décimaux avec un point).`,
    }),
  })

/**
 * GET /api/partners/search query. userPosition is "lat,lng"; bounds is "east,north,south,west".
 * page starts at 0; pageSize defaults to and is capped at 50.
 */
export const PartnerSearchQuery = Type.Object({
  name: Type.Optional(
    Type.String({
      maxLength: SEARCH_NAME_MAX_LENGTH,
      description: `Contenu dans le nom ; au plus ${SEARCH_NAME_MAX_LENGTH} caractères`,
      ...limitMessages({
        maxLength: `Le paramètre « name » ne doit pas dépasser ${SEARCH_NAME_MAX_LENGTH} caractères.`,
      }),
    }),
  ),
  userPosition: Type.Optional(
    coordinates('userPosition', 2, 'lat,lng', 'Position de la personne : « lat,lng » en degrés décimaux'),
  ),
  bounds: Type.Optional(
    coordinates(
      'bounds',
      4,
      'est,nord,sud,ouest',
      'Zone de la carte : « est,nord,sud,ouest » en degrés décimaux',
    ),
  ),
  categoryId: Type.Optional(searchId('categoryId')),
  city: Type.Optional(
    Type.String({
      maxLength: 100,
      description: 'Ville exacte, casse ignorée ; au plus 100 caractères',
      ...limitMessages({ maxLength: 'Le paramètre « city » ne doit pas dépasser 100 caractères.' }),
    }),
  ),
  userId: Type.Optional(searchId('userId')),
  expiring: Type.Optional(
    Type.Boolean({
      description:
        'true : seulement les partenaires ayant une offre utilisable (activée, non expirée, pas encore utilisée par userId, sinon par la personne connectée) qui prend fin dans les 7 jours, aujourd’hui compris : la rangée « Expire bientôt » de l’accueil',
    }),
  ),
  new: Type.Optional(
    Type.Boolean({
      description:
        'true : seulement les partenaires arrivés, ou ayant une offre utilisable créée, dans les 14 derniers jours : la rangée « Nouveautés » de l’accueil',
    }),
  ),
  page: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 10_000,
      ...limitMessages({ maximum: 'Le paramètre « page » doit être au plus 10000.' }),
    }),
  ),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })),
})
export type PartnerSearchQuery = Static<typeof PartnerSearchQuery>

// ---------- Users ----------

export const UserStatus = PartnerStatus
export type UserStatus = PartnerStatus

/** A used coupon, as listed on a user's page: the offer plus the partner it belongs to. */
export const DisabledCoupon = Type.Object({
  ...DiscountOffer.properties,
  partnerId: IdRef,
  partnerName: Type.String(),
  usedAt: Type.String({ description: 'Date ISO 8601 de l’utilisation' }),
})
export type DisabledCoupon = Static<typeof DisabledCoupon>

export const User = Type.Object({
  userId: IdRef,
  ...PersonFields,
  status: UserStatus,
  roles: Type.Array(Role),
  disabledCoupons: Type.Array(DisabledCoupon),
})
export type User = Static<typeof User>

export const UserBody = Type.Object({
  ...PersonFields,
  status: UserStatus,
})
export type UserBody = Static<typeof UserBody>

export const UserUpdateBody = Type.Object({
  ...UserBody.properties,
  userId: IdRef,
  roles: Type.Optional(Type.Array(Role)),
})
export type UserUpdateBody = Static<typeof UserUpdateBody>

export const DisabledCouponsBody = Type.Object({ disabledCoupons: Type.Array(DisabledCoupon) })
export type DisabledCouponsBody = Static<typeof DisabledCouponsBody>

/** One use of a coupon by the signed-in user, kept after an administrator reactivates the coupon. */
export const UsedOffer = Type.Object({
  useId: Type.String({ description: 'Identifiant de cette utilisation' }),
  offerId: IdRef,
  libelle: Type.String(),
  partnerId: IdRef,
  partnerName: Type.String(),
  partnerActive: Type.Boolean({ description: 'Le partenaire est actif : sa fiche peut être ouverte' }),
  usedAt: Type.String({ description: 'Date ISO 8601 de l’utilisation' }),
  reactivatedAt: Nullable(
    Type.String({ description: 'Date ISO 8601 de la réactivation par un administrateur, sinon null' }),
  ),
  code: Type.Optional(
    Type.String({
      description:
        'Code de cette utilisation, à montrer au commerçant (6 caractères) ; toujours présent dans la réponse du serveur',
    }),
  ),
})
export type UsedOffer = Static<typeof UsedOffer>

/**
 * GET /api/users/{id}: the user, and beside disabledCoupons (what is used now) every use of a coupon, a use
 * given back by an administrator included with its reactivation date, so the back-office keeps the history.
 */
export const UserDetail = Type.Object({
  ...User.properties,
  couponHistory: Type.Optional(
    Type.Array(UsedOffer, {
      description:
        'Chaque utilisation de coupon, la plus récente d’abord, réactivées comprises (reactivatedAt) ; toujours présent dans la réponse du serveur',
    }),
  ),
})
export type UserDetail = Static<typeof UserDetail>

/** A back-office list page: its rows, how many match in all, and which page of what size it is. */
const ListPage = <T extends Type.TSchema>(item: T) =>
  Type.Object({
    items: Type.Array(item),
    total: Type.Integer({ minimum: 0, description: 'Nombre total de lignes correspondant aux filtres' }),
    page: Type.Integer({ minimum: 0, description: 'Page renvoyée, à partir de 0' }),
    pageSize: Type.Integer({ minimum: 1 }),
  })

const sortDescription = (keys: readonly string[]) =>
  `Tri : ${keys.join(', ')} ; précédé de « - » pour l’ordre décroissant (ex. -${keys[0]}). L’identifiant départage les égalités.`

const listPaging = {
  page: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000, description: 'Page, à partir de 0' })),
  pageSize: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 100, description: 'Lignes par page (25 par défaut, 100 au plus)' }),
  ),
}

/** GET /api/partners (admin): a page of partners, filtered and sorted by the server. */
export const PartnerListQuery = Type.Object({
  q: Type.Optional(
    Type.String({
      maxLength: 200,
      description:
        'Contenu dans la dénomination, la ville ou le libellé d’une catégorie (casse, accents, apostrophes et tirets ignorés)',
    }),
  ),
  status: Type.Optional(PartnerStatus),
  sort: Type.Optional(Type.String({ maxLength: 40, description: sortDescription(partnerSortKeys) })),
  ...listPaging,
})
export type PartnerListQuery = Static<typeof PartnerListQuery>

export const PartnerPage = ListPage(Partner)
export type PartnerPage = Static<typeof PartnerPage>

/** GET /api/users (admin): a page of users, filtered and sorted by the server. */
export const UserListQuery = Type.Object({
  q: Type.Optional(
    Type.String({
      maxLength: 200,
      description:
        'Contenu dans le prénom, le nom ou l’e-mail (casse, accents, apostrophes et tirets ignorés)',
    }),
  ),
  status: Type.Optional(UserStatus),
  role: Type.Optional(Role),
  sort: Type.Optional(Type.String({ maxLength: 40, description: sortDescription(userSortKeys) })),
  ...listPaging,
})
export type UserListQuery = Static<typeof UserListQuery>

export const UserPage = ListPage(User)
export type UserPage = Static<typeof UserPage>

/**
 * PUT reactivate-discountoffer: why the administrator gives the coupon back, kept in the audit log when given.
 * Optional, as the body itself: the spec's call sends none.
 */
export const ReactivateBody = Type.Object({
  motif: Type.Optional(
    Type.String({
      maxLength: 500,
      description:
        'Motif de la réactivation (facultatif, 500 caractères au plus) : gardé dans le journal s’il est donné',
    }),
  ),
})
export type ReactivateBody = Static<typeof ReactivateBody>

// ---------- Audit log ----------

export const AuditActionCode = Type.Enum(auditActionCodes, {
  description: 'Type d’action (ex. partner.update)',
})

/** One entry of the audit log: who did what to which target, when, with the state before and after. */
export const AuditEntry = Type.Object({
  id: Type.String(),
  at: Type.String({ description: 'Date ISO 8601' }),
  actor: Type.Object({
    id: Nullable(Type.Integer()),
    name: Type.String({ description: 'Nom de l’administrateur au moment de l’action' }),
    email: Type.String(),
  }),
  action: AuditActionCode,
  targetType: Type.String(),
  targetId: Nullable(Type.String()),
  targetLabel: Nullable(Type.String({ description: 'Nom de la cible au moment de l’action' })),
  motif: Nullable(Type.String()),
  before: Type.Unknown({ description: 'État avant (JSON), null pour une création' }),
  after: Type.Unknown({ description: 'État après (JSON), null pour une suppression' }),
})
export type AuditEntry = Static<typeof AuditEntry>

export const AuditPage = ListPage(AuditEntry)
export type AuditPage = Static<typeof AuditPage>

export const AuditQuery = Type.Object({
  actorId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
  action: Type.Optional(AuditActionCode),
  from: Type.Optional(Type.String({ maxLength: 10, description: 'Première date incluse, AAAA-MM-JJ' })),
  to: Type.Optional(Type.String({ maxLength: 10, description: 'Dernière date incluse, AAAA-MM-JJ' })),
  // One record's history (its consultation page): the entries whose target it is.
  targetType: Type.Optional(
    Type.Enum(Object.keys(auditTargets) as AuditTarget[], {
      description: 'Type de la cible (ex. partner, user)',
    }),
  ),
  targetId: Type.Optional(
    Type.String({ minLength: 1, maxLength: 40, description: 'Identifiant de la cible (avec targetType)' }),
  ),
  ...listPaging,
})
export type AuditQuery = Static<typeof AuditQuery>

export const AuditActor = Type.Object({ id: Type.Integer(), name: Type.String(), email: Type.String() })
export type AuditActor = Static<typeof AuditActor>

/** The answer of a call that succeeds without a body (204). */
export const NoContent = Type.Null({ description: 'Fait (sans corps)' })

// ---------- Icons ----------

/** GET /api/icons/{name}: the SVG path (24x24 viewBox) of a Material Design Icons name. */
export const IconPath = Type.Object({ name: Type.String(), path: Type.String() })
export type IconPath = Static<typeof IconPath>

// ---------- Run-time configuration ----------

/** GET /api/config: what the client needs at run time, never baked into the bundle. */
export const ClientConfig = Type.Object({
  googleMapsApiKey: Nullable(Type.String()),
  helpUrl: Type.String(),
  termsUrl: Type.String(),
  privacyUrl: Type.String(),
  timeZone: Type.Optional(
    Type.String({
      description: 'Fuseau horaire IANA des dates du back-office (APP_TIME_ZONE), ex. Europe/Paris',
    }),
  ),
  legal: Type.Optional(LegalInfo),
})
export type ClientConfig = Static<typeof ClientConfig>

export const Health = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
  database: Type.Boolean(),
})
export type Health = Static<typeof Health>

export const Liveness = Type.Object({ status: Type.Literal('ok') })
export type Liveness = Static<typeof Liveness>

/** 200 only when the database answers and the instance is not draining (a balancer's health check). */
export const Readiness = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded'), Type.Literal('draining')]),
  database: Type.Boolean(),
  draining: Type.Boolean(),
})
export type Readiness = Static<typeof Readiness>
