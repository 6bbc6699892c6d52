/**
 * JSON Schema (TypeBox emits plain JSON Schema) to fast-check arbitraries. Three temperatures: `clean`
 * values satisfy the schema and look plausible (so requests get past validation into the handlers), `spicy`
 * ones keep the shape with an occasional hostile leaf, `wild` ones have hostile or wrongly typed leaves
 * everywhere. Field names only steer which plausible values are tried (an `email` gets addresses, an `id`
 * gets existing ids); every field of every schema is generated, named or not.
 */
import fc from 'fast-check'
import {
  dangerousKey,
  dangerousValue,
  emailRef,
  hostileNumber,
  hostileString,
  refArb,
  Ref,
  withDangerousKey,
  type RefKind,
} from './values.ts'

export interface JsonSchema {
  type?: string
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  anyOf?: JsonSchema[]
  const?: unknown
  enum?: unknown[]
  minimum?: number
  maximum?: number
  minLength?: number
  maxLength?: number
  pattern?: string
}

export type Temperature = 'clean' | 'spicy' | 'wild'

/** How often a leaf is replaced: by a hostile value of its type, or by a value of another type. */
const leafOdds: Record<Temperature, { keep: number; hostile: number; wrongType: number }> = {
  clean: { keep: 1, hostile: 0, wrongType: 0 },
  spicy: { keep: 30, hostile: 2, wrongType: 1 },
  wild: { keep: 2, hostile: 4, wrongType: 2 },
}

export const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string({ maxLength: 10 }),
  fc.constant([]),
  fc.constant({}),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
)

/** A value of another type than the schema's. */
function wrongType(schema: JsonSchema): fc.Arbitrary<unknown> {
  const type = schema.type ?? (schema.anyOf ? 'union' : 'any')
  return anyJson.filter((v) => {
    if (type === 'string') return typeof v !== 'string'
    if (type === 'integer' || type === 'number') return typeof v !== 'number'
    if (type === 'boolean') return typeof v !== 'boolean'
    if (type === 'array') return !Array.isArray(v)
    if (type === 'object') return typeof v !== 'object' || v === null || Array.isArray(v)
    return true
  })
}

const idNames: [RegExp, RefKind][] = [
  [/^(userId|user)$/i, 'self'],
  [/^partner(Id)?$/i, 'partner'],
  [/^offer(Id)?$/i, 'offer'],
  [/^article(Id)?$/i, 'article'],
  [/^categor(y|ies)(Id)?$/i, 'category'],
]

/** Mostly values the server should accept, sometimes edge ones it may refuse. */
const mostly = (valid: fc.Arbitrary<unknown>, edge: fc.Arbitrary<unknown>) =>
  fc.oneof({ weight: 5, arbitrary: valid }, { weight: 1, arbitrary: edge })

/** Plausible integers: existing rows for id-like fields (self, other users, admin, partners...), small numbers. */
function plausibleInteger(name: string, parent: string, schema: JsonSchema): fc.Arbitrary<unknown> {
  const min = Math.max(schema.minimum ?? -1000, -1000)
  const max = Math.min(schema.maximum ?? 1000, min + 2000)
  const context = name === 'id' ? parent : name
  for (const [pattern, kind] of idNames) {
    if (pattern.test(context)) {
      const kinds: RefKind[] = kind === 'self' ? ['self', 'other', 'admin'] : [kind]
      return mostly(
        fc.constantFrom(...kinds).chain((k) => refArb(k)),
        fc.integer({ min: 1, max: 60 }),
      )
    }
  }
  if (name === 'id' || /id$/i.test(name)) {
    return mostly(
      fc.constantFrom<RefKind>('self', 'other', 'admin', 'partner', 'article', 'offer').chain(refArb),
      fc.integer({ min: 1, max: 60 }),
    )
  }
  return mostly(fc.integer({ min: Math.max(min, 0), max: Math.min(max, 100) }), fc.integer({ min, max }))
}

const plausibleDate = mostly(
  fc
    .date({ min: new Date('2000-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10)),
  fc.constantFrom(
    '',
    '2024-02-30',
    '2023-13-01',
    '0000-01-01',
    '9999-12-31',
    '2024-02-29T00:00:00Z',
    '1er mars',
  ),
)

const words = fc.constantFrom(
  'Marseille',
  'Boulangerie Léa',
  'Café & Co',
  'Œuvre d’art',
  'Restaurants',
  'Zoé',
)

/** Plausible strings, steered by the field name. */
function plausibleString(name: string, parent: string, schema: JsonSchema): fc.Arbitrary<unknown> {
  const maxLength = schema.maxLength ?? 40
  if (schema.pattern) {
    return mostly(
      fc.oneof(
        fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= maxLength),
        fc.constantFrom('star', 'silverware-fork-knife', 'account'),
      ),
      fc.constantFrom('not-an-icon-name', 'Star', 'star-'),
    )
  }
  if (/^(email|username)$/i.test(name)) {
    return mostly(
      fc.oneof(
        { weight: 2, arbitrary: refArb('identityEmail') },
        { weight: 2, arbitrary: emailRef },
        {
          weight: 2,
          arbitrary: fc
            .tuple(fc.stringMatching(/^[a-z0-9]{1,20}$/), fc.constantFrom('test.fr', 'exemple.com', 'x.io'))
            .map(([local, domain]) => `${local}@${domain}`),
        },
      ),
      fc.constantFrom('pas-une-adresse', 'a@b', '@test.fr', 'x@test.fr ', 'a@b.c'),
    )
  }
  if (/password/i.test(name))
    return mostly(
      fc.oneof(refArb('identityPassword'), fc.constant('un mot de passe long et neuf')),
      fc.oneof(fc.constantFrom('password', '12345678', 'court'), fc.string({ minLength: 8, maxLength: 40 })),
    )
  if (/date/i.test(name)) return plausibleDate
  if (/url/i.test(name))
    return mostly(
      fc.constantFrom('/partenaires', 'https://exemple.fr/page', 'http://x.fr'),
      fc.constantFrom('javascript:alert(1)', '//evil.example', 'https:evil', '', '/\\evil'),
    )
  if (/icon/i.test(name))
    return mostly(fc.constantFrom('star', 'silverware-fork-knife'), fc.constantFrom('Not An Icon', ''))
  if (/phone/i.test(name))
    return mostly(fc.constantFrom('04 91 00 00 00', '+33 (0)4.91.00.00.00'), fc.constantFrom('123', 'abc'))
  if (/siren/i.test(name))
    return mostly(fc.constantFrom('123456789', '123 456 789'), fc.constantFrom('12345678', ''))
  if (/token/i.test(name)) return fc.oneof(fc.stringMatching(/^[A-Za-z0-9_-]{1,60}$/), fc.constant(''))
  if (/target/i.test(name)) return fc.constantFrom('', '_blank', '_self')
  if (name === 'id' && parent === 'image') return refArb('image')
  if (name === 'imageId') return mostly(refArb('image'), fc.stringMatching(/^[a-f0-9]{24}$/))
  if (name === 'userPosition')
    return fc
      .tuple(fc.double({ min: -100, max: 100, noNaN: true }), fc.double({ min: -200, max: 200, noNaN: true }))
      .map(([a, b]) => `${a},${b}`)
  if (name === 'bounds')
    return fc
      .array(fc.double({ min: -200, max: 200, noNaN: true }), { minLength: 4, maxLength: 4 })
      .map((a) => a.join(','))
  if (name === 'name' && parent === 'params') return refArb('imageName')
  if (/^(name|city)$/.test(name) && parent === 'querystring')
    return mostly(words, fc.string({ unit: 'grapheme', maxLength: 10 }))
  return mostly(words, fc.string({ unit: 'grapheme', minLength: 1, maxLength: Math.min(maxLength, 30) }))
}

interface Context {
  temperature: Temperature
  /** Key of this value in its parent object, and the parent's own key. */
  name: string
  parent: string
}

function leaf(schema: JsonSchema, ctx: Context, plausible: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const odds = leafOdds[ctx.temperature]
  if (odds.hostile === 0) return plausible
  const hostile =
    schema.type === 'integer' || schema.type === 'number'
      ? hostileNumber(schema)
      : schema.type === 'boolean'
        ? fc.constantFrom<unknown>('true', 1, 0, 'false', null)
        : hostileString(typeof schema.maxLength === 'number' ? [schema.maxLength, schema.maxLength + 1] : [])
  return fc.oneof(
    { weight: odds.keep, arbitrary: plausible },
    { weight: odds.hostile, arbitrary: hostile },
    { weight: odds.wrongType, arbitrary: wrongType(schema) },
  )
}

function objectArb(schema: JsonSchema, ctx: Context): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {}
  const required = new Set(schema.required ?? [])
  const entries = Object.entries(properties)
  const fields = entries.map(([key, prop]) => {
    const value = valueArb(prop, { ...ctx, name: key, parent: ctx.name })
    // Optional fields come and go; in hotter modes required ones sometimes go missing too.
    const presence =
      !required.has(key) || ctx.temperature === 'wild'
        ? fc.boolean()
        : ctx.temperature === 'spicy'
          ? fc.oneof(
              { weight: 60, arbitrary: fc.constant(true) },
              { weight: 1, arbitrary: fc.constant(false) },
            )
          : fc.constant(true)
    return fc.tuple(fc.constant(key), presence, value)
  })
  const base = fc.tuple(...fields).map((list) => {
    const out: Record<string, unknown> = {}
    for (const [key, present, value] of list) if (present) out[key] = value
    return out
  })
  // A sign-in body names an identity and its own password now and then, so sign-ins also succeed.
  const userKey = ['username', 'email'].find((k) => k in properties)
  const steered =
    userKey && 'password' in properties && ctx.temperature !== 'wild'
      ? fc.oneof(
          { weight: 2, arbitrary: base },
          {
            weight: 1,
            arbitrary: fc.tuple(base, fc.nat({ max: 2 })).map(([value, n]) => ({
              ...value,
              [userKey]: new Ref('identityEmail', n),
              password: new Ref('identityPassword', n),
            })),
          },
        )
      : base
  if (ctx.temperature === 'clean') return steered
  return fc
    .tuple(
      steered,
      fc.oneof(
        { weight: ctx.temperature === 'wild' ? 1 : 10, arbitrary: fc.constant(null) },
        { weight: 1, arbitrary: fc.tuple(dangerousKey, dangerousValue) },
      ),
    )
    .map(([value, extra]) => (extra ? withDangerousKey(value, extra[0], extra[1]) : value))
}

function arrayArb(schema: JsonSchema, ctx: Context): fc.Arbitrary<unknown> {
  const items = schema.items ?? {}
  const item = valueArb(items, { ...ctx, name: ctx.name, parent: ctx.name })
  const normal = fc.array(item, { minLength: ctx.temperature === 'clean' ? 1 : 0, maxLength: 3 })
  if (ctx.temperature === 'clean') return normal
  // Past the server's own counts (20 categories), and big enough to cost something to walk.
  const many = fc
    .tuple(item, fc.constantFrom(21, 500, 20_000))
    .map(([one, n]) => Array.from({ length: n }, () => one))
  return fc.oneof({ weight: 8, arbitrary: normal }, { weight: 1, arbitrary: many })
}

export function valueArb(schema: JsonSchema, ctx: Context): fc.Arbitrary<unknown> {
  if (schema.anyOf) {
    const options = schema.anyOf.map((s) => valueArb(s, ctx))
    return fc.oneof(...options)
  }
  if ('const' in schema) {
    const plausible = fc.constant(schema.const)
    return leafOdds[ctx.temperature].hostile === 0
      ? plausible
      : fc.oneof(
          { weight: 6, arbitrary: plausible },
          {
            weight: 1,
            arbitrary: fc.constantFrom<unknown>(
              String(schema.const).toLowerCase(),
              ` ${String(schema.const)}`,
              String(schema.const).normalize('NFKD'),
              'ＡＣＴＩＦ',
            ),
          },
          { weight: 1, arbitrary: wrongType({ type: typeof schema.const }) },
        )
  }
  if (schema.enum) return fc.constantFrom(...schema.enum)
  switch (schema.type) {
    case 'object':
      return leafOdds[ctx.temperature].hostile === 0
        ? objectArb(schema, ctx)
        : fc.oneof(
            { weight: 12, arbitrary: objectArb(schema, ctx) },
            { weight: 1, arbitrary: wrongType(schema) },
          )
    case 'array':
      return leafOdds[ctx.temperature].hostile === 0
        ? arrayArb(schema, ctx)
        : fc.oneof(
            { weight: 12, arbitrary: arrayArb(schema, ctx) },
            { weight: 1, arbitrary: wrongType(schema) },
          )
    case 'string':
      return leaf(schema, ctx, plausibleString(ctx.name, ctx.parent, schema))
    case 'integer':
      return leaf(schema, ctx, plausibleInteger(ctx.name, ctx.parent, schema))
    case 'number': {
      // Latitudes, longitudes and ratings within their ranges, mostly.
      const bound = { lat: 90, lng: 180, rating: 5 }[ctx.name] ?? 200
      const min = schema.minimum ?? (ctx.name === 'rating' ? 0 : -bound)
      return leaf(
        schema,
        ctx,
        mostly(
          fc.double({ min, max: schema.maximum ?? bound, noNaN: true }),
          fc.double({ noNaN: true, noDefaultInfinity: true }),
        ),
      )
    }
    case 'boolean':
      return leaf(schema, ctx, fc.boolean())
    case 'null':
      return fc.constant(null)
    default:
      return anyJson
  }
}

/** A value for a whole request part (body, querystring or params), at a temperature chosen per request. */
export function partArb(schema: JsonSchema, part: string): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 3, arbitrary: valueArb(schema, { temperature: 'clean', name: part, parent: '' }) },
    { weight: 6, arbitrary: valueArb(schema, { temperature: 'spicy', name: part, parent: '' }) },
    { weight: 2, arbitrary: valueArb(schema, { temperature: 'wild', name: part, parent: '' }) },
  )
}
