/**
 * Hostile leaf values and the placeholders a generated request carries until it is sent. Placeholders exist
 * because the store changes while the fuzz runs: ids and addresses are picked from what exists at send time.
 */
import fc from 'fast-check'

/** An existing row or identity, chosen when the request is sent (pick is taken modulo what exists). */
export type RefKind =
  | 'self'
  | 'other'
  | 'admin'
  | 'partner'
  | 'article'
  | 'offer'
  | 'category'
  | 'image'
  | 'imageName'
  | 'email'
  | 'identityEmail'
  | 'identityPassword'
export type EmailVariant = 'plain' | 'upper' | 'fullwidth' | 'nfd' | 'homoglyph' | 'padded' | 'nul'

export class Ref {
  kind: RefKind
  pick: number
  variant: EmailVariant
  constructor(kind: RefKind, pick: number, variant: EmailVariant = 'plain') {
    this.kind = kind
    this.pick = pick
    this.variant = variant
  }
}

/** A number written into JSON as this exact text (1e400, -0, 1.0...), which JSON.stringify cannot produce. */
export class RawNumber {
  text: string
  constructor(text: string) {
    this.text = text
  }
}

/** Picks lean to the first few (newest rows, the identities), so two fields often name related rows. */
const pick = fc.oneof(
  { weight: 3, arbitrary: fc.constant(0) },
  { weight: 2, arbitrary: fc.nat({ max: 2 }) },
  { weight: 1, arbitrary: fc.nat({ max: 1000 }) },
)

export const refArb = (kind: RefKind) => pick.map((n) => new Ref(kind, n))
export const emailRef = fc
  .tuple(
    pick,
    fc.constantFrom<EmailVariant>(
      'plain',
      'plain',
      'upper',
      'fullwidth',
      'nfd',
      'homoglyph',
      'padded',
      'nul',
    ),
  )
  .map(([pick, variant]) => new Ref('email', pick, variant))

/** Lengths at and just past the limits the server enforces (schema maxLength, then its own 20..5000). */
const limitLengths = [
  0, 1, 7, 8, 9, 20, 21, 30, 31, 60, 61, 64, 65, 80, 81, 100, 101, 200, 201, 254, 255, 256, 257, 300, 301,
  1024, 1025, 2000, 2001, 5000, 5001,
]
/** Far past every limit; 1 MB is the body limit, so inside JSON it is a 413 and in a URL it reaches the router. */
const hugeLengths = [65_536, 300_000, 1_000_000]

const fillers = ['a', 'é', 'e\u0301', '😀', '<', ' ', '0', '%', '\u200b']

export function longString(extraLengths: number[] = []): fc.Arbitrary<string> {
  return fc
    .oneof(
      { weight: 6, arbitrary: fc.constantFrom(...limitLengths, ...extraLengths) },
      { weight: 1, arbitrary: fc.constantFrom(...hugeLengths) },
    )
    .chain((n) => fc.constantFrom(...fillers).map((c) => c.repeat(Math.ceil(n / c.length))))
}

const controlChar = fc
  .oneof(fc.integer({ min: 0, max: 0x1f }), fc.constant(0x7f), fc.integer({ min: 0x80, max: 0x9f }))
  .map((c) => String.fromCharCode(c))
const controlString = fc
  .array(fc.oneof(controlChar, fc.constantFrom('a', 'é', ' ', '@')), { minLength: 1, maxLength: 12 })
  .map((parts) => parts.join(''))

const loneSurrogates = fc.oneof(
  fc.constantFrom('\uD800', '\uDFFF', 'a\uD83Db', '\uDE00x', '\uD83D\uD83D', 'x@\uDC00.fr'),
  fc
    .array(
      fc.oneof(
        fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)),
        fc.constantFrom('a', 'é'),
      ),
      { minLength: 1, maxLength: 6 },
    )
    .map((parts) => parts.join('')),
)

/** Same text in other normal forms, compatibility forms, look-alike scripts, and case mappings that change length. */
const unicodeVariants = fc.constantFrom(
  'Éléonore'.normalize('NFD'),
  'Éléonore'.normalize('NFC'),
  'ﬁ ﬂ ㎏ ²',
  'ＡＢＣ１２３＠ｔｅｓｔ．ｆｒ',
  'аdmin@test.fr',
  'раураl',
  'İstanbul',
  'ß',
  'K',
  'ǅ',
  'e' + '\u0301'.repeat(500),
  '\u202Eevil\u202C',
  '\uFEFFbom',
  '\u00A0\u2007\u3000',
  '١٢٣',
  '１２３',
)

const injectionStrings = fc.constantFrom(
  "' OR '1'='1",
  "'; drop table users; --",
  '\\',
  '%_%',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '${jndi:ldap://x}',
  '../../etc/passwd',
  '%00',
  '%2e%2e%2f',
  'javascript:alert(1)',
  '//evil.example',
  '/\\evil.example',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
)

/** Strings that look like numbers to one parser and not to another. */
export const nanLike = fc.constantFrom(
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-1e309',
  '1e2',
  '0x1F',
  '0b101',
  '1_000',
  ' 1',
  '1 ',
  '+1',
  '-0',
  '1.0',
  '1.5',
  '00001',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '99999999999999999999999',
  '٣',
  '１',
  '',
  '1,2',
  '1;2',
)

export function hostileString(extraLengths: number[] = []): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: controlString },
    { weight: 2, arbitrary: loneSurrogates },
    { weight: 2, arbitrary: longString(extraLengths) },
    { weight: 2, arbitrary: unicodeVariants },
    { weight: 2, arbitrary: injectionStrings },
    { weight: 2, arbitrary: nanLike },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
    { weight: 1, arbitrary: fc.constantFrom('', ' ', '\t\n', '\u0000', 'a\u0000') },
  )
}

const bigNumbers = [
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31),
  -(2 ** 31) - 1,
  2 ** 53,
  Number.MAX_SAFE_INTEGER,
  -Number.MAX_SAFE_INTEGER,
  1e308,
  -1e308,
  5e-324,
  -0,
  0,
  0.1,
  0.5,
  1.5,
  -1,
  90.000001,
  -90.000001,
  180.000001,
  -180.000001,
  100_000_001,
  1_000_001,
  -1_000_001,
]
const rawNumbers = [
  '1e400',
  '-1e400',
  '1.0',
  '1e2',
  '-0',
  '1E-400',
  '123456789012345678901234567890',
  '0.30000000000000004',
]

/** Numbers at and past the schema's own bounds, past every bound the server is likely to have, and JSON edge forms. */
export function hostileNumber(schema: {
  minimum?: number
  maximum?: number
}): fc.Arbitrary<number | RawNumber> {
  const bounds: number[] = []
  for (const b of [schema.minimum, schema.maximum]) {
    if (typeof b === 'number') bounds.push(b - 1, b, b + 1, b - 0.5, b + 0.5)
  }
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...bigNumbers, ...bounds) },
    { weight: 1, arbitrary: fc.constantFrom(...rawNumbers).map((t) => new RawNumber(t)) },
    { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
    { weight: 1, arbitrary: fc.integer() },
  )
}

/** Objects carrying keys that poison prototypes when merged naively. */
export function withDangerousKey(
  target: Record<string, unknown>,
  key: string,
  value: unknown,
): Record<string, unknown> {
  const copy: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(target)) copy[k] = v
  // defineProperty: plain assignment of __proto__ would set the prototype instead of an own key.
  Object.defineProperty(copy, key, { value, enumerable: true, configurable: true, writable: true })
  return copy
}

export const dangerousKey = fc.constantFrom(
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'isAdmin',
  'is_admin',
  'roles',
  'token_version',
  'password_hash',
  'id',
)
export const dangerousValue = fc.constantFrom<unknown>(
  { isAdmin: true, is_admin: true, roles: ['ROLE_ADMIN'] },
  { prototype: { isAdmin: true } },
  true,
  'ROLE_ADMIN',
  ['ROLE_ADMIN'],
  null,
  1,
)

/** Nested n deep: [[[...]]] or {"a":{"a":...}}, as JSON text (too deep to build and stringify as a value). */
export function deepJson(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array'
    ? '['.repeat(depth) + ']'.repeat(depth)
    : '{"a":'.repeat(depth) + 'null' + '}'.repeat(depth)
}
