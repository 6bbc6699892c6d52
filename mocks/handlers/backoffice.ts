import { delay, http, HttpResponse, type HttpHandler } from 'msw'
import { partnerSortKeys, userSortKeys } from '@/contract/audit.ts'
import type {
  Article,
  AuditActor,
  AuditEntry,
  ArticleBody,
  ArticleMoveBody,
  ArticleUpdateBody,
  Category,
  CategoryInput,
  ClientConfig,
  DisabledCoupon,
  DiscountOffer,
  ErrorBody,
  OfferBody,
  OfferUpdateBody,
  Partner,
  PartnerBody,
  PartnerUpdateBody,
  StatusOption,
  User,
  UsedOffer,
  UserBody,
  UserDetail,
  UserUpdateBody,
} from '@/contract/schemas.ts'
import { mockApi } from './mockApi.ts'
import { articles } from '../fixtures/articles.ts'
import { auditActors, auditEntries } from '../fixtures/audit.ts'
import {
  articleStatuses,
  backofficePartners,
  partnerStatuses,
  uploadedImage,
  userStatuses,
} from '../fixtures/backoffice.ts'
import { categories } from '../fixtures/categories.ts'
import { cities } from '../fixtures/cities.ts'
import { users } from '../fixtures/users.ts'
import { LOGGED_OUT } from './auth.ts'
import { mdiIconPath } from './icons.ts'

export interface BackofficeData {
  audit: AuditEntry[]
  auditActors: AuditActor[]
  partners: Partner[]
  categories: Category[]
  cities: string[]
  articles: Article[]
  users: User[]
  partnerStatuses: StatusOption[]
  userStatuses: StatusOption[]
  articleStatuses: StatusOption[]
  /** GET /api/users/{id}'s couponHistory by user id; a user not listed has their disabledCoupons as uses. */
  couponHistory: Record<number, UsedOffer[]>
}

export interface RecordedRequest {
  method: string
  path: string
  body: unknown
}

type Method = 'get' | 'post' | 'put' | 'delete'

const notFound = (message: string) => HttpResponse.json<ErrorBody>({ message }, { status: 404 })
const badRequest = (message: string, field?: string) =>
  HttpResponse.json<ErrorBody>({ message, field }, { status: 400 })

const nextId = (ids: number[]) => Math.max(0, ...ids) + 1

const byPosition = (list: Article[]) =>
  [...list].sort((a, b) => a.position - b.position || a.articleId.id - b.articleId.id)

/** As the server (makeRoomAt): `placed` takes its position, the run of articles from there moves down one. */
function makeRoomAt(list: Article[], placed: Article) {
  let previous = placed.position
  for (const article of byPosition(list)) {
    if (article === placed || article.position < placed.position) continue
    if (article.position <= previous) article.position = previous + 1
    previous = article.position
  }
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()

/**
 * A page of `rows` as the server's lists answer it: `q` matched by `text`, `sort` checked against `keys` (a
 * French 400 otherwise) and compared by `value`, the id last; `page` and `pageSize` as the server reads them.
 */
function listPage<T>(
  request: Request,
  rows: T[],
  keys: readonly string[],
  options: {
    text: (row: T) => string
    value: (row: T, key: string) => string | number
    id: (row: T) => number
    filter?: (row: T, params: URLSearchParams) => boolean
  },
) {
  const params = new URL(request.url).searchParams
  const sort = params.get('sort') || 'name'
  const key = sort.replace(/^-/, '')
  if (!keys.includes(key))
    return badRequest(`Le paramètre « sort » doit être l’une des clés ${keys.join(', ')}.`, 'sort')
  const direction = sort.startsWith('-') ? -1 : 1
  const q = fold(params.get('q')?.trim() ?? '')
  const page = Number(params.get('page') ?? 0)
  const pageSize = Number(params.get('pageSize') ?? 25)
  const matching = rows
    .filter((row) => (q ? fold(options.text(row)).includes(q) : true))
    .filter((row) => (options.filter ? options.filter(row, params) : true))
    .sort((a, b) => {
      const x = options.value(a, key)
      const y = options.value(b, key)
      const order =
        typeof x === 'number' && typeof y === 'number'
          ? x - y
          : fold(String(x)).localeCompare(fold(String(y)))
      return order * direction || options.id(a) - options.id(b)
    })
  return HttpResponse.json<{ items: T[]; total: number; page: number; pageSize: number }>({
    items: matching.slice(page * pageSize, (page + 1) * pageSize),
    total: matching.length,
    page,
    pageSize,
  })
}

/**
 * An in-memory back-office API speaking the contract's shapes: every list, detail and change of the
 * admin screens, so a story can create, edit and delete and see the result. `reset()` restores the seed
 * (call it in a story's `beforeEach`); `requests` records the bodies sent, for play functions to check.
 */
export function createBackofficeApi(seed: Partial<BackofficeData> = {}) {
  const initial: BackofficeData = {
    audit: auditEntries,
    auditActors,
    partners: backofficePartners,
    categories,
    cities,
    articles,
    users,
    partnerStatuses,
    userStatuses,
    articleStatuses,
    couponHistory: {},
    ...seed,
  }
  let db: BackofficeData = structuredClone(initial)
  let uploads = 0
  const requests: RecordedRequest[] = []

  const record = async (request: Request): Promise<unknown> => {
    let body: unknown = null
    const type = request.headers.get('content-type') ?? ''
    if (type.includes('application/json')) body = await request.clone().json()
    else if (type.includes('multipart/form-data'))
      body = Object.fromEntries((await request.clone().formData()).entries())
    requests.push({ method: request.method, path: new URL(request.url).pathname, body })
    return body
  }

  const resolveCategories = async (inputs: CategoryInput[]): Promise<Category[]> => {
    const resolved: Category[] = []
    for (const input of inputs) {
      const known = input.id != null ? db.categories.find((category) => category.id === input.id) : undefined
      if (known) {
        resolved.push(known)
        continue
      }
      const icon = input.icon || 'star'
      const created: Category = {
        id: nextId(db.categories.map((category) => category.id)),
        label: input.label,
        icon,
        iconPath: await mdiIconPath(icon),
      }
      db.categories.push(created)
      resolved.push(created)
    }
    return resolved
  }

  const findPartner = (id: string | readonly string[] | undefined) =>
    db.partners.find((partner) => partner.partnerId.id === Number(id))
  const findUser = (id: string | readonly string[] | undefined) =>
    db.users.find((user) => user.userId.id === Number(id))
  // As the server's offer_uses: every use, newest first, kept when the coupon is given back.
  const historyOf = (user: User): UsedOffer[] =>
    (db.couponHistory[user.userId.id] ??= user.disabledCoupons
      .map((coupon) => ({
        useId: `${user.userId.id}-${coupon.id.id}-${coupon.usedAt}`,
        offerId: coupon.id,
        libelle: coupon.libelle,
        partnerId: coupon.partnerId,
        partnerName: coupon.partnerName,
        partnerActive: true,
        usedAt: coupon.usedAt,
        reactivatedAt: null,
      }))
      .sort((a, b) => b.usedAt.localeCompare(a.usedAt)))

  const handlers: HttpHandler[] = [
    // Without a maps key, as in the e2e runs: the place search says it is unavailable.
    mockApi('getConfig', () =>
      HttpResponse.json<ClientConfig>({
        googleMapsApiKey: null,
        helpUrl: '/aide.html',
        termsUrl: '/cgu.pdf',
        privacyUrl: '/confidentialite.pdf',
      }),
    ),
    mockApi('logout', async ({ request }) => {
      await record(request)
      return HttpResponse.json(LOGGED_OUT)
    }),

    // Partners: fixed paths before `/api/partners/:id`, which would match them too.
    mockApi('listPartnerStatuses', () => HttpResponse.json(db.partnerStatuses)),
    mockApi('listCategories', () => HttpResponse.json(db.categories)),
    mockApi('listCities', () => HttpResponse.json(db.cities)),
    mockApi('listPartners', ({ request }) =>
      listPage(request, db.partners, partnerSortKeys, {
        text: (p) => `${p.name} ${p.location.city}`,
        value: (p, key) =>
          key === 'city'
            ? p.location.city
            : key === 'updatedAt' || key === 'createdAt'
              ? p.partnerId.id
              : String(p[key as 'name'] ?? ''),
        id: (p) => p.partnerId.id,
        filter: (p, params) => !params.get('status') || p.status === params.get('status'),
      }),
    ),
    mockApi('createPartner', async ({ request }) => {
      const body = (await record(request)) as PartnerBody
      if (!body.name?.trim()) return badRequest('Le champ « name » est obligatoire.', 'name')
      const partner: Partner = {
        ...body,
        siren: body.siren ?? null,
        representativeFirstName: body.representativeFirstName ?? null,
        representativeLastName: body.representativeLastName ?? null,
        rating: body.rating ?? null,
        userRatingsTotal: body.userRatingsTotal ?? null,
        partnerId: { id: nextId(db.partners.map((p) => p.partnerId.id)) },
        categories: await resolveCategories(body.categories),
        discountOffers: [],
        images: [],
      }
      db.partners.push(partner)
      return HttpResponse.json(partner, { status: 201 })
    }),
    mockApi('getPartner', ({ params }) => {
      const partner = findPartner(params.id)
      return partner ? HttpResponse.json(partner) : notFound('Partenaire introuvable.')
    }),
    mockApi('updatePartner', async ({ request, params }) => {
      const body = (await record(request)) as PartnerUpdateBody
      const partner = findPartner(params.id)
      if (!partner) return notFound('Partenaire introuvable.')
      Object.assign(partner, {
        ...body,
        siren: body.siren ?? null,
        representativeFirstName: body.representativeFirstName ?? null,
        representativeLastName: body.representativeLastName ?? null,
        rating: body.rating ?? partner.rating,
        userRatingsTotal: body.userRatingsTotal ?? partner.userRatingsTotal,
        categories: await resolveCategories(body.categories),
      })
      return HttpResponse.json(partner)
    }),
    mockApi('uploadPartnerImage', async ({ request, params }) => {
      const body = (await record(request)) as { file?: File }
      const partner = findPartner(params.id)
      if (!partner) return notFound('Partenaire introuvable.')
      uploads += 1
      const image = uploadedImage(uploads, body.file?.name)
      partner.images.push(image)
      return HttpResponse.json(image, { status: 201 })
    }),
    mockApi('deletePartnerImage', async ({ request, params }) => {
      await record(request)
      const partner = findPartner(params.id)
      if (!partner) return notFound('Partenaire introuvable.')
      partner.images = partner.images.filter((image) => image.id !== params.imageId)
      return HttpResponse.json({ message: 'Photo supprimée.' })
    }),
    mockApi('createOffer', async ({ request, params }) => {
      const body = (await record(request)) as OfferBody
      const partner = findPartner(params.id)
      if (!partner) return notFound('Partenaire introuvable.')
      const allOffers = db.partners.flatMap((p) => p.discountOffers.map((offer) => offer.id.id))
      const offer: DiscountOffer = { ...body, id: { id: nextId(allOffers) } }
      partner.discountOffers.push(offer)
      return HttpResponse.json(offer, { status: 201 })
    }),
    mockApi('updateOffer', async ({ request, params }) => {
      const body = (await record(request)) as OfferUpdateBody
      const partner = findPartner(params.id)
      const offer = partner?.discountOffers.find((candidate) => candidate.id.id === body.id.id)
      if (!offer) return notFound('Coupon introuvable.')
      Object.assign(offer, body)
      return HttpResponse.json(offer)
    }),

    // Articles.
    mockApi('listArticleStatuses', () => HttpResponse.json(db.articleStatuses)),
    mockApi('listPublishedArticles', () =>
      HttpResponse.json(db.articles.filter((article) => article.status === 'PUBLISHED')),
    ),
    mockApi('listArticles', () =>
      HttpResponse.json([...db.articles].sort((a, b) => a.position - b.position)),
    ),
    mockApi('uploadArticleImage', async ({ request }) => {
      const body = (await record(request)) as { file?: File }
      uploads += 1
      return HttpResponse.json(uploadedImage(uploads, body.file?.name), { status: 201 })
    }),
    mockApi('createArticle', async ({ request }) => {
      const body = (await record(request)) as ArticleBody
      const article: Article = { ...body, articleId: { id: nextId(db.articles.map((a) => a.articleId.id)) } }
      db.articles.push(article)
      makeRoomAt(db.articles, article)
      return HttpResponse.json(article, { status: 201 })
    }),
    mockApi('getArticle', ({ params }) => {
      const article = db.articles.find((candidate) => candidate.articleId.id === Number(params.id))
      return article ? HttpResponse.json(article) : notFound('Article introuvable.')
    }),
    mockApi('updateArticle', async ({ request, params }) => {
      const body = (await record(request)) as ArticleUpdateBody
      const article = db.articles.find((candidate) => candidate.articleId.id === Number(params.id))
      if (!article) return notFound('Article introuvable.')
      const moved = body.position !== article.position
      // As the server, an edit without an image keeps the article's.
      Object.assign(article, { ...body, image: body.image ?? article.image })
      if (moved) makeRoomAt(db.articles, article)
      return HttpResponse.json(article)
    }),
    mockApi('moveArticle', async ({ request, params }) => {
      const { direction } = (await record(request)) as ArticleMoveBody
      const order = byPosition(db.articles)
      const index = order.findIndex((article) => article.articleId.id === Number(params.id))
      if (index < 0) return notFound('Article introuvable.')
      const other = direction === 'up' ? index - 1 : index + 1
      if (other < 0 || other >= order.length)
        return HttpResponse.json<ErrorBody>(
          {
            message:
              direction === 'up' ? 'Cet article est déjà le premier.' : 'Cet article est déjà le dernier.',
          },
          { status: 409 },
        )
      const positions = order.map((article) => article.position)
      ;[order[index], order[other]] = [order[other], order[index]]
      let previous = -Infinity
      order.forEach((article, k) => {
        article.position = Math.max(positions[k], previous + 1)
        previous = article.position
      })
      return HttpResponse.json(byPosition(db.articles))
    }),
    mockApi('deleteArticle', async ({ request, params }) => {
      await record(request)
      db.articles = db.articles.filter((article) => article.articleId.id !== Number(params.id))
      return HttpResponse.json({ message: 'Article supprimé.' })
    }),

    // Users.
    mockApi('listUserStatuses', () => HttpResponse.json(db.userStatuses)),
    mockApi('listUsers', ({ request }) =>
      listPage(request, db.users, userSortKeys, {
        text: (u) => `${u.firstname} ${u.lastname} ${u.lastname} ${u.firstname} ${u.email}`,
        value: (u, key) =>
          key === 'name'
            ? `${u.lastname} ${u.firstname}`
            : key === 'role'
              ? u.roles.includes('ROLE_ADMIN')
                ? 0
                : 1
              : key === 'createdAt'
                ? u.userId.id
                : String(u[key as 'email'] ?? ''),
        id: (u) => u.userId.id,
        filter: (u, params) =>
          (!params.get('status') || u.status === params.get('status')) &&
          // As the server: administrators, or users who are not.
          (!params.get('role') || u.roles.includes('ROLE_ADMIN') === (params.get('role') === 'ROLE_ADMIN')),
      }),
    ),
    mockApi('createUser', async ({ request }) => {
      const body = (await record(request)) as UserBody
      if (db.users.some((user) => user.email === body.email)) {
        return HttpResponse.json<ErrorBody>(
          {
            message: 'Un compte existe déjà avec cette adresse e-mail.',
            field: 'email',
            fields: { email: 'Un compte existe déjà avec cette adresse e-mail.' },
          },
          { status: 409 },
        )
      }
      const user: User = {
        ...body,
        userId: { id: nextId(db.users.map((u) => u.userId.id)) },
        roles: ['ROLE_USER'],
        disabledCoupons: [],
      }
      db.users.push(user)
      return HttpResponse.json(user, { status: 201 })
    }),
    mockApi('getUser', ({ params }) => {
      const user = findUser(params.id)
      return user
        ? HttpResponse.json<UserDetail>({ ...user, couponHistory: historyOf(user) })
        : notFound('Utilisateur introuvable.')
    }),
    mockApi('updateUser', async ({ request, params }) => {
      const body = (await record(request)) as UserUpdateBody
      const user = findUser(params.id)
      if (!user) return notFound('Utilisateur introuvable.')
      Object.assign(user, body)
      return HttpResponse.json(user)
    }),
    mockApi('reactivateOffer', async ({ request, params }) => {
      // As the server: the body and its motif are optional (the spec's call sends none).
      const body = (await record(request)) as { motif?: string } | null
      const motif = body?.motif?.trim() || null
      const user = findUser(params.userId)
      if (!user) return notFound('Utilisateur introuvable.')
      const coupon = user.disabledCoupons.find((c: DisabledCoupon) => c.id.id === Number(params.offerId))
      // The same instant on the use and on the journal's entry, as the server's one transaction writes them.
      const at = new Date().toISOString()
      const use = historyOf(user).find((u) => u.offerId.id === Number(params.offerId) && !u.reactivatedAt)
      if (use) use.reactivatedAt = at
      user.disabledCoupons = user.disabledCoupons.filter(
        (c: DisabledCoupon) => c.id.id !== Number(params.offerId),
      )
      db.audit.unshift({
        id: String(nextId(db.audit.map((e) => Number(e.id)))),
        at,
        actor: db.auditActors[0] ?? { id: 1, name: 'Administrateur', email: 'admin@exemple.fr' },
        action: 'coupon.reactivate',
        targetType: 'user',
        targetId: String(user.userId.id),
        targetLabel: `${user.firstname} ${user.lastname}${coupon ? ` · ${coupon.libelle} (${coupon.partnerName})` : ''}`,
        motif,
        before: coupon
          ? {
              offerId: coupon.id.id,
              libelle: coupon.libelle,
              partnerName: coupon.partnerName,
              usedAt: coupon.usedAt,
            }
          : null,
        after: coupon
          ? { offerId: coupon.id.id, libelle: coupon.libelle, partnerName: coupon.partnerName, usedAt: null }
          : null,
      })
      return HttpResponse.json({ disabledCoupons: user.disabledCoupons })
    }),

    // Journal (audit log): newest first, filtered as the server does.
    mockApi('listAuditActors', () => HttpResponse.json(db.auditActors)),
    mockApi('listAudit', ({ request }) => {
      const params = new URL(request.url).searchParams
      const actorId = params.get('actorId')
      const action = params.get('action')
      const from = params.get('from')
      const to = params.get('to')
      const targetType = params.get('targetType')
      const targetId = params.get('targetId')
      const page = Number(params.get('page') ?? 0)
      const pageSize = Number(params.get('pageSize') ?? 25)
      const matching = db.audit.filter(
        (entry) =>
          (!actorId || String(entry.actor.id) === actorId) &&
          (!action || entry.action === action) &&
          (!from || entry.at.slice(0, 10) >= from) &&
          (!to || entry.at.slice(0, 10) <= to) &&
          (!targetType || entry.targetType === targetType) &&
          (!targetId || entry.targetId === targetId),
      )
      return HttpResponse.json({
        items: matching.slice(page * pageSize, (page + 1) * pageSize),
        total: matching.length,
        page,
        pageSize,
      })
    }),
  ]

  return {
    handlers,
    requests,
    /** The current in-memory data (after the story's changes). */
    get data() {
      return db
    },
    reset() {
      db = structuredClone(initial)
      uploads = 0
      requests.length = 0
    },
    /** The body of the last request with this method and path, e.g. lastBody('POST', '/api/articles'). */
    lastBody<T = unknown>(method: string, path: string): T | undefined {
      return requests.findLast((entry) => entry.method === method.toUpperCase() && entry.path === path)
        ?.body as T | undefined
    },
  }
}

/** A call that never answers: the loading and submitting states. */
export const pending = (method: Method, path: string): HttpHandler =>
  http[method](path, async () => {
    await delay('infinite')
    return new HttpResponse(null, { status: 204 })
  })

/** A call that fails with the server's error body (default: a 500 with a French message). */
export const failing = (
  method: Method,
  path: string,
  {
    status = 500,
    message = 'Une erreur interne est survenue.',
    field,
    fields,
  }: Partial<ErrorBody> & { status?: number } = {},
): HttpHandler =>
  http[method](path, () => HttpResponse.json<ErrorBody>({ message, field, fields }, { status }))

/** The server refusing a body (400 with the field in cause). */
export const rejecting = (method: Method, path: string, message: string, field?: string): HttpHandler =>
  failing(method, path, { status: 400, message, field })

/** A call that answers after `ms`, so a story can see a loading state end. */
export const slow = (method: Method, path: string, ms: number, body: unknown, status = 200): HttpHandler =>
  http[method](path, async () => {
    await delay(ms)
    return HttpResponse.json(body as object, { status })
  })
