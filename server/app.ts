import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify'
import multipart from '@fastify/multipart'
import rateLimit from '@fastify/rate-limit'
import fastifyStatic from '@fastify/static'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import compress from '@fastify/compress'
import helmet from 'helmet'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { constants as zlibConstants } from 'node:zlib'
import { authGuards } from './auth.ts'
import { COMPRESS_FROM_BYTES } from './compression.ts'
import type { Config } from './config.ts'
import { BackgroundWork, type AppContext, type Lifecycle } from './context.ts'
import { poolOf, type Db } from './db/index.ts'
import type { Image } from '@/contract/schemas.ts'
import { frameworkErrors, HttpError, installErrorHandling, validatorCompiler } from './errors.ts'
import { installMetrics, metricsEnabled, type MetricsSettings } from './metrics.ts'
import { installRequestContext, requestIdOf } from './requestId.ts'
import { articleRoutes } from './routes/articles.ts'
import { authRoutes } from './routes/auth.ts'
import { imageRoutes } from './routes/images.ts'
import { partnerRoutes } from './routes/partners.ts'
import { systemRoutes } from './routes/system.ts'
import { iconRoutes } from './routes/icons.ts'
import { userRoutes } from './routes/users.ts'
import { auditRoutes } from './routes/audit.ts'
import { accountRoutes } from './routes/account.ts'
import { meRoutes } from './routes/me.ts'
import { dashboardRoutes } from './routes/dashboard.ts'
import { exportRoutes } from './routes/exports.ts'
import {
  createMailOutbox,
  createMailTransport,
  type MailOutboxOptions,
  type MailTransport,
} from './services/mail.ts'
import { EARLY_SEARCH_SCRIPT } from '@/contract/earlySearch.ts'
import { PAGE_ROWS_SCRIPT } from '@/contract/pageRows.ts'
import { SCRIPT_LOADER, withoutTrailingSlash } from '@/contract/prerender.ts'
import { pagePictures, pictureHtml, pictureLink } from './services/pagePictures.ts'
import { pageResolver, pageWithPicture } from './services/pages.ts'
import { createPasswordHasher } from './services/passwords.ts'
import { resolveJwtSecret } from './services/secret.ts'
import { retentionJob } from './services/retention.ts'
import { databaseRateLimitStore, LoginThrottle, purgeExpiredCounters } from './services/throttle.ts'

export interface BuildAppOptions {
  db: Db
  config: Config
  /** Built client (vite's dist/) to serve with SPA fallback; omitted or missing folder: API only. */
  staticDir?: string | null
  /** Overrides the configured mail transport (tests). */
  mailTransport?: MailTransport
  /** Outbox worker timings (tests: fast retries). */
  mailOutbox?: Partial<MailOutboxOptions>
  logger?: FastifyServerOptions['logger']
  /** Shared with main.ts, which marks it draining on SIGTERM. */
  lifecycle?: Lifecycle
  /** METRICS_PORT / METRICS_TOKEN (server/metrics.ts); metrics are off without them. */
  metrics?: MetricsSettings | null
}

const IMMUTABLE = 'public, max-age=31536000, immutable'

/** The prerendered pages' inline script loader (scripts/prerender.ts), allowed by its hash and nothing else inline. */
export const scriptLoaderHash = `'sha256-${createHash('sha256').update(SCRIPT_LOADER).digest('base64')}'`

/** Find's inline early search (contract/earlySearch.ts), allowed by its hash likewise. */
export const earlySearchHash = `'sha256-${createHash('sha256').update(EARLY_SEARCH_SCRIPT).digest('base64')}'`

/** Find's inline script drawing the early search's first rows (contract/pageRows.ts), allowed by its hash likewise. */
export const pageRowsHash = `'sha256-${createHash('sha256').update(PAGE_ROWS_SCRIPT).digest('base64')}'`

/** Content-Security-Policy: exactly what the app and the Google Maps JavaScript API need. */
export const cspDirectives = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", 'https://maps.googleapis.com', scriptLoaderHash, earlySearchHash, pageRowsHash],
  // styled-components injects <style> tags at run time; Google Maps adds inline styles and its font CSS.
  styleSrc: ["'self'", "'unsafe-inline'", 'https://fonts.googleapis.com'],
  imgSrc: [
    "'self'",
    'data:',
    'blob:',
    'https://*.googleapis.com',
    'https://*.gstatic.com',
    'https://*.google.com',
    'https://*.ggpht.com',
  ],
  connectSrc: ["'self'", 'https://maps.googleapis.com', 'https://places.googleapis.com'],
  fontSrc: ["'self'", 'https://fonts.gstatic.com'],
  workerSrc: ["'self'", 'blob:'],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  scriptSrcAttr: ["'none'"],
  upgradeInsecureRequests: null,
}

/** pino options: request ids come from genReqId; secrets are masked wherever they would appear. */
export function loggerOptions(config: Pick<Config, 'logLevel'>) {
  return {
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.newPassword',
        '*.token',
        '*.access_token',
        '*.jwtSecret',
      ],
      censor: '[masqué]',
    },
  }
}

/**
 * One access line per request, written when it ends, with the request (method, URL, client address) beside the
 * status and time: Fastify's default writes two, one at arrival and one at the end, and a search's profile
 * spent about a sixth of the server's CPU in logging (issue 16's measurements, in BENCHMARKS.md's git history). A request that never ends is
 * not in the log; its connection is.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return
    const line = { req: request, res: reply, responseTime: reply.elapsedTime }
    if (error) reply.log.error({ ...line, err: error }, 'request errored')
    else reply.log.info(line, 'request completed')
  }
}

/**
 * A hop count trusts that many proxies nearest to us (the client address is the rightmost entry they did not
 * add); a list trusts those addresses only. Fastify's types take no number, its runtime's hop rule is this.
 */
function trustedProxies(
  trust: Config['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    logController: new OneLinePerRequest(),
    // The id nginx (or another proxy) sent when it is safe, else a new one: server/requestId.ts.
    genReqId: requestIdOf,
    // A request on a connection accepted just before the listener closes is served (the store closes after
    // it) rather than answered with Fastify's English 503 without Retry-After.
    return503OnClosing: false,
    trustProxy: trustedProxies(config.trustProxy),
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 200 },
    // A path the router cannot decode or a parameter over maxParamLength: French JSON, not Fastify's English.
    frameworkErrors,
    // Requests Node's HTTP parser rejects (raw non-ASCII in the path, broken headers) get French JSON too.
    clientErrorHandler: (error, socket) => {
      if ((error as NodeJS.ErrnoException).code === 'ECONNRESET' || !socket.writable) return socket.destroy()
      const body = JSON.stringify({ message: 'Requête HTTP mal formée.' })
      socket.end(
        `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      )
    },
  })
  app.setValidatorCompiler(validatorCompiler)
  // Only JSON (and multipart on upload routes): a text/plain body is refused with 415.
  app.removeContentTypeParser('text/plain')
  // An empty body labelled application/json (a client that sets the header on a bodiless PUT, as the spec's
  // reactivate-discountoffer call is made) is no body rather than Fastify's 400; a route that needs a body
  // still answers that it must be a JSON object. Anything else goes through Fastify's own parser.
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.addContentTypeParser<string>('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') done(null, undefined)
    else parseJson(request, body, done)
  })
  installErrorHandling(app)
  installRequestContext(app)
  // Before the routes, so its hooks see every request (server/metrics.ts).
  app.decorate(
    'metrics',
    metricsEnabled(options.metrics)
      ? installMetrics(app, { db, pool: poolOf(db), settings: options.metrics })
      : null,
  )
  app.decorateRequest('currentUser', null)
  app.decorate('backgroundWork', new BackgroundWork())
  app.addHook('onClose', async () => {
    await app.backgroundWork.settled()
  })

  const mailTransport = options.mailTransport ?? createMailTransport(config)
  const ctx: AppContext = {
    db,
    config,
    hasher: createPasswordHasher(config.argon2),
    mailer: createMailOutbox(db, mailTransport, app.log, config.mailFrom, options.mailOutbox),
    throttle: new LoginThrottle(db, config.loginThrottle),
    jwtSecret: await resolveJwtSecret(db, config, app.log),
    lifecycle: options.lifecycle ?? { draining: false },
  }
  // Every instance delivers the outbox; closing waits for the send in flight.
  app.addHook('onReady', async () => ctx.mailer.start())
  app.addHook('onClose', async () => {
    await ctx.mailer.stop()
    if (!options.mailTransport) mailTransport.close()
  })
  // Every instance runs the retention round (server/services/retention.ts); its lock lets one at a time do it.
  const retention = retentionJob(ctx, app.log)
  app.addHook('onReady', async () => retention.start())
  app.addHook('onClose', async () => retention.stop())

  // Helmet's middleware, built once: @fastify/helmet built it again (options parsed, CSP text written) for
  // every request, a few per cent of a search's CPU in the server (issue 16's measurements, in BENCHMARKS.md's git history).
  const securityHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives },
    // Google Maps tiles and images are cross-origin without CORP headers.
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    // Sent below only when the request itself came over https.
    strictTransportSecurity: false,
  })
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  )
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id)
    // While draining, each keep-alive connection closes after its response, so none is left for the close.
    if (ctx.lifecycle.draining) reply.header('connection', 'close')
    if (request.protocol === 'https')
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains')
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store')
  })

  // After the hook above (hooks run in order), so the headers it sets are on the compressed answer too.
  // Brotli at quality 4 and gzip at level 6: a 50-partner search page costs about a millisecond. Files the build
  // pre-compressed arrive with their Content-Encoding from @fastify/static and are left alone.
  await app.register(compress, {
    threshold: COMPRESS_FROM_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 4,
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
      },
    },
    zlibOptions: { level: 6 },
  })

  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(db) })
  const purge = setInterval(() => {
    purgeExpiredCounters(db).catch((error: unknown) => app.log.warn({ err: error }, 'purge des compteurs'))
  }, 10 * 60_000)
  purge.unref()
  app.addHook('onClose', async () => clearInterval(purge))
  // fieldSize: the partner import's « versions » field, « id:version » for up to 20,000 partners.
  await app.register(multipart, {
    limits: { fileSize: config.maxUploadBytes, files: 1, fields: 5, parts: 6, fieldSize: 512 * 1024 },
  })

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'API Partenaires et coupons',
        description:
          'API REST de l’annuaire de partenaires et des coupons de réduction. Les erreurs sont toujours au format JSON { message } en français. Authentification : en-tête `Authorization: Bearer <access_token>` obtenu par /api/auth/authenticate.',
        version: '1.0.0',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
  })
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Same framing rule as the app; no upgrade-insecure-requests, which breaks the page on plain-http deployments.
    transformStaticCSP: (header: string) =>
      header
        .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
        .replace(/\s*upgrade-insecure-requests;?/, ''),
  })

  const guards = authGuards(ctx)
  const typed = app.withTypeProvider<TypeBoxTypeProvider>()
  systemRoutes(typed, ctx, guards)
  iconRoutes(typed, guards)
  authRoutes(typed, ctx, guards)
  articleRoutes(typed, ctx, guards)
  partnerRoutes(typed, ctx, guards)
  userRoutes(typed, ctx, guards)
  auditRoutes(typed, ctx, guards)
  meRoutes(typed, ctx, guards)
  accountRoutes(typed, ctx, guards)
  imageRoutes(typed, ctx)
  exportRoutes(typed, ctx, guards)
  dashboardRoutes(typed, ctx, guards)

  const staticDir =
    options.staticDir && existsSync(join(options.staticDir, 'index.html')) ? options.staticDir : null

  if (staticDir) {
    await app.register(fastifyStatic, {
      root: staticDir,
      prefix: '/',
      decorateReply: true,
      wildcard: true,
      // @fastify/static serves dotfiles by default: a .env or .git left in the build folder must stay private.
      dotfiles: 'ignore',
      // '/' is a page like the others: answered below with its prerendered HTML, not the bare index.html.
      index: false,
      // The build writes .br and .gz beside each asset (scripts/precompress.ts): served as the browser accepts.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, path) => {
        // Vite fingerprints everything under assets/; anything else (index.html, sw.js, manifest) must revalidate.
        res.header('cache-control', path.includes(`${join('/', 'assets', '/')}`) ? IMMUTABLE : 'no-cache')
      },
    })
  }

  // '/' is the build folder itself to @fastify/static: with no Accept-Encoding (no precompressed file to look
  // for) it answered 403 for the directory instead of letting the page handler below answer Home.
  if (staticDir) app.get('/', (_request, reply) => reply.callNotFound())

  const pageFor = staticDir ? pageResolver(staticDir, { hasMapsKey: Boolean(config.googleMapsApiKey) }) : null
  const withPicture = staticDir ? pageWithPicture(staticDir) : null
  const pictureFor = pagePictures(db)

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0]
    const wantsHtml = (request.headers.accept ?? '').includes('text/html')
    const isApi = path === '/api' || path.startsWith('/api/') || path.startsWith('/uploads/')
    if (
      staticDir &&
      pageFor &&
      !isApi &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      wantsHtml
    ) {
      const page = pageFor(path)
      // Revalidated on every visit (a new build changes the page's chunk names); the chunks are immutable.
      reply.header('cache-control', 'no-cache')
      const picture = await mainPicture(request, pictureFor, path)
      const link = [pictureLink(picture), page.link].filter(Boolean).join(', ')
      if (link) reply.header('link', link)
      if (page.pictureSlot && withPicture) {
        return reply.type('text/html; charset=utf-8').send(withPicture(page.file, pictureHtml(picture)))
      }
      return reply.sendFile(page.file, staticDir)
    }
    throw new HttpError(404, isApi ? 'Cette adresse d’API n’existe pas.' : 'Page introuvable.')
  })

  await app.ready()
  return app
}

/** The page's main picture; a store that fails here costs the picture (hint and HTML), never the page. */
async function mainPicture(
  request: FastifyRequest,
  pictureFor: (path: string) => Promise<Image | null>,
  path: string,
): Promise<Image | null> {
  try {
    return await pictureFor(withoutTrailingSlash(path))
  } catch (error) {
    request.log.warn({ err: error }, 'page picture skipped')
    return null
  }
}
