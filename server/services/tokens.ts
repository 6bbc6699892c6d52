import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

export interface AccessClaims {
  sub: number
  ver: number
  iat: number
  exp: number
}

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url')

function sign(data: string, secret: string): string {
  return createHmac('sha256', secret).update(data).digest('base64url')
}

/** A compact HS256 JWT. The algorithm is fixed: the header is never trusted to pick one. */
export function signAccessToken(
  userId: number,
  tokenVersion: number,
  secret: string,
  ttlSeconds: number,
  now = Date.now(),
): string {
  const iat = Math.floor(now / 1000)
  const payload = Buffer.from(
    JSON.stringify({ sub: userId, ver: tokenVersion, iat, exp: iat + ttlSeconds }),
  ).toString('base64url')
  const data = `${HEADER}.${payload}`
  return `${data}.${sign(data, secret)}`
}

export function verifyAccessToken(token: string, secret: string, now = Date.now()): AccessClaims | null {
  const parts = token.split('.')
  if (parts.length !== 3 || token.length > 2048) return null
  const [header, payload, signature] = parts
  // Only our exact header is accepted, which rules out alg=none and algorithm confusion.
  if (header !== HEADER) return null
  const expected = Buffer.from(sign(`${header}.${payload}`, secret))
  const given = Buffer.from(signature)
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null
  let claims: unknown
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
  } catch {
    return null
  }
  if (!claims || typeof claims !== 'object') return null
  const { sub, ver, iat, exp } = claims as Record<string, unknown>
  if (!Number.isInteger(sub) || !Number.isInteger(ver) || !Number.isInteger(iat) || !Number.isInteger(exp))
    return null
  if ((exp as number) * 1000 <= now) return null
  return { sub: sub as number, ver: ver as number, iat: iat as number, exp: exp as number }
}

/** Reset / invitation tokens: 256 random bits sent by mail, only their SHA-256 is stored. */
export function newOneTimeToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url')
  return { token, hash: hashOneTimeToken(token) }
}

export function hashOneTimeToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}
