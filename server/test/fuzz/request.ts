/**
 * A generated request for one route: path parameters, query string, body (JSON, raw text or multipart),
 * content type, extra headers and the shape of the Authorization header. It is data until `build` turns it
 * into light-my-request options for one identity, resolving placeholders against the current store.
 */
import fc from 'fast-check'
import type { InjectOptions } from 'fastify'
import type { CollectedRoute } from './routes.ts'
import { anyJson, partArb, valueArb, type JsonSchema } from './schema.ts'
import { deepJson, hostileString, RawNumber, Ref } from './values.ts'
import type { IdentityName, World } from './world.ts'

/** A path segment or query text inserted exactly as written (broken escapes, dot segments...). */
export class Raw {
  text: string
  constructor(text: string) {
    this.text = text
  }
}

type JsonEncoding = 'utf8' | 'bom' | 'utf16le' | 'latin1' | 'trailing' | 'truncated' | 'duplicate'

interface Part {
  name: string
  filename: string | null
  type: string | null
  data: Buffer | string
}

export type BodySpec =
  | { kind: 'none'; contentType: string | null }
  | { kind: 'json'; value: unknown; encoding: JsonEncoding; contentType: string | null }
  | { kind: 'raw'; text: string | Buffer; contentType: string | null }
  | { kind: 'multipart'; parts: Part[]; boundary: string; contentType: string | null; truncated: boolean }

/** Whether a header shape can carry a valid token: `never` ones must not authenticate anybody. */
type AuthShape = { name: string; authenticates: 'never' | 'maybe' }

export interface FuzzCase {
  method: string
  params: Record<string, unknown>
  query:
    | { kind: 'none' }
    | { kind: 'values'; value: unknown; extra: [string, unknown][] }
    | { kind: 'raw'; text: string }
  body: BodySpec
  headers: [string, string][]
  auth: AuthShape
}

export interface Built {
  options: InjectOptions
  /** True when the Authorization header cannot authenticate anyone (or there is none). */
  unauthenticated: boolean
}

// ---------- content types ----------

const JSON_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json;charset=UTF-8',
  'APPLICATION/JSON',
  'application/json ; charset=utf-8',
  'application/json; charset=iso-8859-1',
  'application/json; charset=utf-16le',
  'application/json; charset="utf-8"',
  'application/json; charset=',
  'application/json;',
  'application/json; boundary=x',
  'application/vnd.api+json',
  'application/jsonx',
  'application/json, text/plain',
]
const OTHER_TYPES = [
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'multipart/mixed; boundary=x',
  'application/octet-stream',
  'image/png',
  'text/html',
  '*/*',
  'json',
  'application/',
  ';',
  '',
]

const jsonContentType: fc.Arbitrary<string | null> = fc.oneof(
  { weight: 16, arbitrary: fc.constant('application/json') },
  { weight: 4, arbitrary: fc.constantFrom(...JSON_TYPES) },
  { weight: 2, arbitrary: fc.constantFrom(...OTHER_TYPES) },
  { weight: 1, arbitrary: fc.constant(null) },
)

const jsonEncoding: fc.Arbitrary<JsonEncoding> = fc.oneof(
  { weight: 20, arbitrary: fc.constant<JsonEncoding>('utf8') },
  {
    weight: 3,
    arbitrary: fc.constantFrom<JsonEncoding>(
      'bom',
      'utf16le',
      'latin1',
      'trailing',
      'truncated',
      'duplicate',
    ),
  },
)

// ---------- bodies ----------

/** Bodies of the wrong shape altogether: other routes' bodies, scalars, deep or huge JSON, not JSON at all. */
function wrongBody(otherBodies: JsonSchema[]): fc.Arbitrary<BodySpec> {
  const asJson = (value: fc.Arbitrary<unknown>) =>
    fc.record({
      kind: fc.constant('json' as const),
      value,
      encoding: fc.constant<JsonEncoding>('utf8'),
      contentType: jsonContentType,
    })
  const raw = (text: fc.Arbitrary<string | Buffer>) =>
    fc.record({ kind: fc.constant('raw' as const), text, contentType: jsonContentType })
  const options: fc.Arbitrary<BodySpec>[] = [
    asJson(anyJson),
    asJson(fc.constantFrom<unknown>(null, 0, '', [], 'texte', true)),
    raw(
      fc
        .tuple(
          fc.constantFrom(100, 10_000, 200_000, 500_000),
          fc.constantFrom<'array' | 'object'>('array', 'object'),
        )
        .map(([depth, kind]) => deepJson(depth, kind)),
    ),
    // 0.2 MB, then just under and just over the 1 MiB body limit.
    raw(
      fc
        .constantFrom(100_000, 500_000, 530_000)
        .map((n) => `{"a":[${Array.from({ length: n }, () => '0').join(',')}]}`),
    ),
    raw(
      fc
        .constantFrom(50_000, 120_000)
        .map((n) => `{${Array.from({ length: n }, (_, i) => `"k${i}":1`).join(',')}}`),
    ),
    raw(hostileString()),
    raw(
      fc.constantFrom(
        '',
        ' ',
        'null',
        '{',
        '{"a":1',
        '{"a":1}garbage',
        '{"a":1}{"b":2}',
        "{'a':1}",
        '{"a":NaN}',
        '{"a":Infinity}',
        '{"a":undefined}',
        '[1,]',
        '\u0000',
        'a=1&b=2',
        '{"__proto__":{"isAdmin":true}}',
        '{"constructor":{"prototype":{"isAdmin":true}}}',
      ),
    ),
    raw(fc.uint8Array({ minLength: 1, maxLength: 300 }).map((a) => Buffer.from(a))),
  ]
  if (otherBodies.length > 0)
    options.push(asJson(fc.constantFrom(...otherBodies).chain((s) => partArb(s, 'body'))))
  return fc.oneof(...options)
}

function jsonBody(schema: JsonSchema): fc.Arbitrary<BodySpec> {
  return fc.record({
    kind: fc.constant('json' as const),
    value: partArb(schema, 'body'),
    encoding: jsonEncoding,
    contentType: jsonContentType,
  })
}

/** PNG signature and an IHDR announcing 60000 x 60000 pixels, then nothing: a decompression bomb's header. */
function pngBombHeader(): Buffer {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(60_000, 0)
  ihdr.writeUInt32BE(60_000, 4)
  ihdr.set([8, 2, 0, 0, 0], 8)
  const length = Buffer.alloc(4)
  length.writeUInt32BE(13)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    length,
    Buffer.from('IHDR'),
    ihdr,
    Buffer.alloc(4),
  ])
}

function multipartBody(png: Buffer, maxUploadBytes: number): fc.Arbitrary<BodySpec> {
  const data = fc.oneof(
    { weight: 6, arbitrary: fc.constant<Buffer | string>(png) },
    {
      weight: 1,
      arbitrary: fc.constantFrom<Buffer | string>(
        png.subarray(0, Math.floor(png.length / 2)),
        Buffer.concat([png.subarray(0, 16), Buffer.alloc(200, 0xff)]),
        pngBombHeader(),
        '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
        '',
        '%PDF-1.4',
        Buffer.alloc(maxUploadBytes + 1, 1),
      ),
    },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 2000 }).map((a) => Buffer.from(a)) },
  )
  const part = fc.record({
    name: fc.oneof(
      { weight: 8, arbitrary: fc.constant('file') },
      {
        weight: 1,
        arbitrary: fc.constantFrom('files', 'image', '', '__proto__', 'file[]', 'é', 'constructor'),
      },
    ),
    filename: fc.oneof(
      { weight: 6, arbitrary: fc.constant<string | null>('photo.png') },
      {
        weight: 1,
        arbitrary: fc.constantFrom<string | null>(
          null,
          '',
          '../../etc/passwd',
          'a"b.png',
          'é.png',
          'x'.repeat(1000) + '.png',
          'photo.php',
        ),
      },
    ),
    type: fc.constantFrom<string | null>(
      'image/png',
      'image/png',
      'image/jpeg',
      'text/html',
      'image/svg+xml',
      null,
    ),
    data,
  })
  return fc.record({
    kind: fc.constant('multipart' as const),
    parts: fc.oneof(
      { weight: 8, arbitrary: fc.array(part, { minLength: 1, maxLength: 1 }) },
      { weight: 1, arbitrary: fc.array(part, { minLength: 0, maxLength: 8 }) },
    ),
    boundary: fc.oneof(
      { weight: 8, arbitrary: fc.constant('----fuzz-boundary') },
      { weight: 1, arbitrary: fc.constantFrom('x', 'a'.repeat(70), 'a'.repeat(200), 'é') },
    ),
    contentType: fc.oneof(
      { weight: 8, arbitrary: fc.constant<string | null>(null) },
      {
        weight: 1,
        arbitrary: fc.constantFrom<string | null>(
          'multipart/form-data',
          'multipart/form-data; boundary=autre',
          'application/json',
          'text/plain',
          'MULTIPART/FORM-DATA; boundary=----fuzz-boundary',
        ),
      },
    ),
    truncated: fc.oneof(
      { weight: 8, arbitrary: fc.constant(false) },
      { weight: 1, arbitrary: fc.constant(true) },
    ),
  })
}

// ---------- path, query, headers ----------

const rawSegment = fc.constantFrom(
  '%ZZ',
  '%',
  '%00',
  '..',
  '.',
  '%2e%2e',
  '%2F',
  'a%2Fb',
  '',
  '%20',
  'é',
  '%C3%28',
  '%F0%9F%98',
  '%EF%BF%BF',
  'x'.repeat(201),
  'x'.repeat(5000),
  '1;x=y',
  '1?',
  '1#frag',
)

/** File paths for wildcard (static) routes: real files, a dotfile, and ways out of the root. */
const filePath = fc.constantFrom(
  'index.html',
  'assets/app-1234.js',
  'index.html.br',
  '.env',
  'assets/../.env',
  '../outside.txt',
  'assets/../../outside.txt',
  '%2e%2e/outside.txt',
  '..%2foutside.txt',
  '..%5coutside.txt',
  'assets/%2e%2e/%2e%2e/outside.txt',
  '%2e%2e%2f%2e%2e%2foutside.txt',
  '....//outside.txt',
  'index.html%00.js',
  'swagger-initializer.js',
  'partenaires/42',
  '',
)

function paramValue(schema: JsonSchema | undefined, name: string): fc.Arbitrary<unknown> {
  if (name === '*')
    return fc.oneof(
      { weight: 6, arbitrary: filePath.map((t) => new Raw(t)) },
      { weight: 1, arbitrary: hostileString() },
      { weight: 1, arbitrary: rawSegment.map((t) => new Raw(t)) },
    )
  const fromSchema = schema
    ? fc.oneof(
        { weight: 4, arbitrary: valueArb(schema, { temperature: 'clean', name, parent: 'params' }) },
        { weight: 3, arbitrary: valueArb(schema, { temperature: 'spicy', name, parent: 'params' }) },
      )
    : fc.string({ maxLength: 30 })
  return fc.oneof(
    { weight: 7, arbitrary: fromSchema },
    { weight: 1, arbitrary: hostileString() },
    { weight: 1, arbitrary: rawSegment.map((t) => new Raw(t)) },
  )
}

const rawQuery = fc.constantFrom(
  '%',
  '%ZZ',
  '&&&',
  '=',
  '==x',
  'a=1;b=2',
  'page[]=1',
  'page[a]=1',
  '__proto__[isAdmin]=true',
  'constructor[prototype][isAdmin]=true',
  'name=%00',
  'name=%C3%28',
  'page=1&page=2',
  'x=' + 'a'.repeat(1_000_000),
  '?',
  '#',
)

const extraQuery: fc.Arbitrary<[string, unknown][]> = fc.array(
  fc.tuple(fc.constantFrom('__proto__', 'constructor', 'prototype', 'x', 'page', 'userId', ''), anyJson),
  { maxLength: 2 },
)

const headerValue = fc.stringMatching(/^[\x20-\x7e\xa0-\xff]{0,40}$/)
const extraHeader: fc.Arbitrary<[string, string]> = fc.oneof(
  fc.tuple(
    fc.constant('x-forwarded-for'),
    fc.oneof(headerValue, fc.constantFrom('1.2.3.4, 10.0.0.1', '::1', 'unknown')),
  ),
  fc.tuple(
    fc.constant('x-pad'),
    fc.constantFrom(8_192, 65_536, 200_000).map((n) => 'a'.repeat(n)),
  ),
  fc.tuple(
    fc.constant('accept'),
    fc.constantFrom('text/html', '*/*', 'application/xml', '', 'application/json;q=0'),
  ),
  fc.tuple(fc.constant('accept-encoding'), fc.constantFrom('br, gzip', 'identity;q=0', 'x'.repeat(1000))),
  fc.tuple(fc.constant('accept-language'), fc.constantFrom('en-US', '*', 'zz')),
  fc.tuple(
    fc.constant('if-none-match'),
    fc.oneof(headerValue, fc.constantFrom('*', 'W/"x"', '"' + 'a'.repeat(5000) + '"')),
  ),
  fc.tuple(fc.constant('content-length'), fc.constantFrom('0', '1', '99999', 'abc')),
  fc.tuple(fc.constant('content-encoding'), fc.constantFrom('gzip', 'br', 'identity', 'x')),
  fc.tuple(fc.constant('x-http-method-override'), fc.constantFrom('DELETE', 'PUT')),
  fc.tuple(fc.constant('origin'), fc.constantFrom('https://evil.example', 'null')),
  fc.tuple(fc.constant('cookie'), fc.constantFrom('a=b', 'a=b; '.repeat(2000))),
  fc.tuple(fc.constant('x-forwarded-proto'), fc.constantFrom('https', 'gopher')),
  fc.tuple(fc.constant('x-forwarded-host'), fc.constantFrom('evil.example', '')),
  fc.tuple(fc.constant('range'), fc.constantFrom('bytes=0-1', 'bytes=-1', 'bytes=9999999-')),
  fc.tuple(fc.constant('x-request-id'), headerValue),
)

const AUTH_SHAPES: AuthShape[] = [
  { name: 'bearer', authenticates: 'maybe' },
  { name: 'bearer-lowercase', authenticates: 'maybe' },
  { name: 'bearer-uppercase', authenticates: 'maybe' },
  { name: 'bearer-two-spaces', authenticates: 'maybe' },
  { name: 'bearer-trailing-space', authenticates: 'maybe' },
  { name: 'bearer-tab', authenticates: 'maybe' },
  { name: 'basic', authenticates: 'never' },
  { name: 'token-alone', authenticates: 'never' },
  { name: 'scheme-alone', authenticates: 'never' },
  { name: 'empty', authenticates: 'never' },
  { name: 'tampered', authenticates: 'never' },
  { name: 'alg-none', authenticates: 'never' },
  { name: 'two-tokens', authenticates: 'never' },
  { name: 'huge', authenticates: 'never' },
  { name: 'latin1-suffix', authenticates: 'never' },
]
const authShape = fc.oneof(
  { weight: 12, arbitrary: fc.constant(AUTH_SHAPES[0]) },
  { weight: 4, arbitrary: fc.constantFrom(...AUTH_SHAPES.slice(1)) },
)

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

function authorization(shape: string, token: string | null, adminId: number): string | undefined {
  const t = token ?? ''
  switch (shape) {
    case 'bearer':
      return token ? `Bearer ${t}` : undefined
    case 'bearer-lowercase':
      return `bearer ${t}`
    case 'bearer-uppercase':
      return `BEARER ${t}`
    case 'bearer-two-spaces':
      return `Bearer  ${t}`
    case 'bearer-trailing-space':
      return `Bearer ${t} `
    case 'bearer-tab':
      return `Bearer\t${t}`
    case 'basic':
      return `Basic ${Buffer.from('admin@test.fr:admin-de-test-42').toString('base64')}`
    case 'token-alone':
      return t || 'x'
    case 'scheme-alone':
      return 'Bearer'
    case 'empty':
      return ''
    case 'tampered':
      return `Bearer ${t}x`
    case 'alg-none':
      return `Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: adminId, ver: 0, exp: 9_999_999_999 })}.`
    case 'two-tokens':
      return `Bearer ${t}, Bearer ${t}`
    case 'huge':
      return `Bearer ${'A'.repeat(100_000)}`
    case 'latin1-suffix':
      return `Bearer ${t}\u00e9`
    default:
      throw new Error(`unknown auth shape ${shape}`)
  }
}

// ---------- the case ----------

export interface CaseContext {
  otherBodies: JsonSchema[]
  png: Buffer
  maxUploadBytes: number
}

const OTHER_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']

export function caseArb(route: CollectedRoute, ctx: CaseContext): fc.Arbitrary<FuzzCase> {
  const { schema } = route
  const paramNames = [...route.url.matchAll(/:([A-Za-z0-9_]+)|\*/g)].map((m) => m[1] ?? '*')
  const params = fc
    .tuple(
      ...paramNames.map((name) =>
        paramValue(schema.params?.properties?.[name], name).map((v) => [name, v] as const),
      ),
    )
    .map((pairs) => Object.fromEntries(pairs))

  const query: fc.Arbitrary<FuzzCase['query']> = fc.oneof(
    {
      weight: schema.querystring ? 2 : 6,
      arbitrary: fc.constant({ kind: 'none' as const }),
    },
    {
      weight: schema.querystring ? 8 : 0,
      arbitrary: fc.record({
        kind: fc.constant('values' as const),
        value: schema.querystring ? partArb(schema.querystring, 'querystring') : fc.constant({}),
        extra: fc.oneof(
          { weight: 4, arbitrary: fc.constant<[string, unknown][]>([]) },
          { weight: 1, arbitrary: extraQuery },
        ),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('values' as const),
        value: fc.constant({}),
        extra: extraQuery,
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('raw' as const), text: rawQuery }) },
  )

  const multipart = (schema.consumes ?? []).some((c) => c.startsWith('multipart/'))
  const wrong = wrongBody(ctx.otherBodies)
  const none = fc.record({
    kind: fc.constant('none' as const),
    contentType: fc.option(fc.constantFrom(...JSON_TYPES, ...OTHER_TYPES), { freq: 4 }),
  })
  const body: fc.Arbitrary<BodySpec> = schema.body
    ? fc.oneof(
        { weight: 16, arbitrary: jsonBody(schema.body) },
        { weight: 4, arbitrary: wrong },
        { weight: 1, arbitrary: multipartBody(ctx.png, ctx.maxUploadBytes) },
        { weight: 2, arbitrary: none },
      )
    : multipart
      ? fc.oneof(
          { weight: 8, arbitrary: multipartBody(ctx.png, ctx.maxUploadBytes) },
          { weight: 2, arbitrary: wrong },
          { weight: 1, arbitrary: none },
        )
      : fc.oneof(
          { weight: 6, arbitrary: none },
          { weight: 1, arbitrary: wrong },
          { weight: 1, arbitrary: multipartBody(ctx.png, ctx.maxUploadBytes) },
        )

  return fc.record({
    method: fc.oneof(
      { weight: 30, arbitrary: fc.constant(route.method) },
      { weight: 1, arbitrary: fc.constantFrom(...OTHER_METHODS) },
    ),
    params,
    query,
    body,
    headers: fc.oneof(
      { weight: 4, arbitrary: fc.constant<[string, string][]>([]) },
      { weight: 1, arbitrary: fc.array(extraHeader, { minLength: 1, maxLength: 3 }) },
    ),
    auth: authShape,
  })
}

// ---------- building a request ----------

function resolveDeep(value: unknown, world: World, as: IdentityName): unknown {
  if (value instanceof Ref) return world.resolve(value, as)
  if (value instanceof RawNumber || value instanceof Raw || value === null || typeof value !== 'object')
    return value
  if (Array.isArray(value)) return value.map((v) => resolveDeep(v, world, as))
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(value)) {
    Object.defineProperty(out, k, {
      value: resolveDeep(v, world, as),
      enumerable: true,
      configurable: true,
      writable: true,
    })
  }
  return out
}

/** JSON text with own __proto__ keys and raw number literals kept, which JSON.stringify cannot both do. */
export function toJson(value: unknown): string {
  if (value instanceof RawNumber) return value.text
  if (value instanceof Raw) return JSON.stringify(value.text)
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null'
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`
  return `{${Object.entries(value)
    .map(([k, v]) => `${JSON.stringify(k)}:${toJson(v)}`)
    .join(',')}}`
}

/**
 * Percent-encoding that also takes lone surrogates: they go out as the bytes WTF-8 gives them (ED A0 80 for
 * U+D800), which a client can send although they are not UTF-8 (encodeURIComponent throws on them).
 */
export function encodeAny(text: string): string {
  // Whole strings at once when they can be: a character at a time over the fuzz's 100 kB-1 MB strings was
  // 3 CPU-s of each pass. The pieces between lone surrogates are well formed, and encode as they would alone.
  try {
    return encodeURIComponent(text)
  } catch {
    // URIError: the text holds a lone surrogate.
  }
  return text
    .split(LONE_SURROGATE)
    .map((piece) => {
      if (piece.length !== 1 || !LONE_SURROGATE_ONLY.test(piece)) return encodeURIComponent(piece)
      const code = piece.charCodeAt(0)
      return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('')
    })
    .join('')
}
const LONE_SURROGATE = /([\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF])/
const LONE_SURROGATE_ONLY = /^[\uD800-\uDFFF]$/

function asText(value: unknown): string {
  if (value instanceof RawNumber || value instanceof Raw) return value.text
  if (typeof value === 'string') return value
  if (value === undefined) return ''
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value)
  return toJson(value)
}

function encodeJson(value: unknown, encoding: JsonEncoding): string | Buffer {
  const text = toJson(value)
  switch (encoding) {
    case 'utf8':
      return text
    case 'bom':
      return `\uFEFF${text}`
    case 'utf16le':
      return Buffer.from(text, 'utf16le')
    case 'latin1':
      return Buffer.from(text, 'latin1')
    case 'trailing':
      return `${text} x`
    case 'truncated':
      return text.slice(0, Math.floor(text.length / 2))
    case 'duplicate':
      return text.startsWith('{') && text.length > 2 ? `{"status":"ACTIF",${text.slice(1)}` : text
  }
}

function encodeMultipart(spec: Extract<BodySpec, { kind: 'multipart' }>): Buffer {
  const chunks: Buffer[] = []
  for (const part of spec.parts) {
    let head = `--${spec.boundary}\r\nContent-Disposition: form-data; name="${part.name}"`
    if (part.filename !== null) head += `; filename="${part.filename}"`
    head += '\r\n'
    if (part.type !== null) head += `Content-Type: ${part.type}\r\n`
    chunks.push(Buffer.from(`${head}\r\n`, 'utf8'), Buffer.from(part.data), Buffer.from('\r\n'))
  }
  if (!spec.truncated) chunks.push(Buffer.from(`--${spec.boundary}--\r\n`))
  return Buffer.concat(chunks)
}

export function build(route: CollectedRoute, c: FuzzCase, world: World, as: IdentityName): Built {
  const params = resolveDeep(c.params, world, as) as Record<string, unknown>
  const path = route.url.replace(/:([A-Za-z0-9_]+)|\*/g, (_m, name: string | undefined) => {
    const value = params[name ?? '*']
    return value instanceof Raw ? value.text : encodeAny(asText(value))
  })

  let search = ''
  if (c.query.kind === 'raw') search = c.query.text
  else if (c.query.kind === 'values') {
    const value = resolveDeep(c.query.value, world, as)
    const pairs: [string, unknown][] =
      typeof value === 'object' && value !== null && !(value instanceof RawNumber)
        ? Object.entries(value)
        : [['', value]]
    pairs.push(...(resolveDeep(c.query.extra, world, as) as [string, unknown][]))
    search = pairs
      .flatMap(([k, v]) => (Array.isArray(v) ? v.map((item) => [k, item] as const) : [[k, v] as const]))
      .map(([k, v]) => `${encodeAny(k)}=${encodeAny(asText(v))}`)
      .join('&')
  }

  const headers: Record<string, string> = {}
  for (const [name, value] of c.headers) headers[name] = value
  const token = world.token(as)
  const auth = authorization(c.auth.name, token, world.identities.get('admin')!.id)
  if (auth !== undefined) headers.authorization = auth

  let payload: string | Buffer | undefined
  const body = c.body
  if (body.kind === 'json') payload = encodeJson(resolveDeep(body.value, world, as), body.encoding)
  else if (body.kind === 'raw') payload = body.text
  else if (body.kind === 'multipart') payload = encodeMultipart(body)
  const contentType =
    body.kind === 'multipart'
      ? (body.contentType ?? `multipart/form-data; boundary=${body.boundary}`)
      : body.contentType
  if (contentType !== null) headers['content-type'] = contentType
  // A content-length header is only meaningful with a body to contradict.
  if (payload === undefined) delete headers['content-length']

  return {
    options: {
      method: c.method as InjectOptions['method'],
      url: search === '' ? path : `${path}?${search}`,
      headers,
      ...(payload !== undefined ? { payload } : {}),
    },
    unauthenticated: token === null || c.auth.authenticates === 'never',
  }
}
