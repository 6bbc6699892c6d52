import { createHash, randomBytes } from 'node:crypto'
import { SignJWT, jwtVerify, type JWTPayload } from 'jose'

export interface AccessClaims {
  sub: number
  ver: number
  iat: number
  exp: number
}

const ALGORITHM = 'HS256'
const MAX_TOKEN_LENGTH = 2048
const KEY_CACHE_MAX = 16

/**
 * Imported HMAC keys by secret: importing a raw key is a WebCrypto round trip that every request would
 * otherwise repeat. One secret in production; tests use a handful.
 */
const hmacKeys = new Map<string, Promise<CryptoKey>>()

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = hmacKeys.get(secret)
  if (!key) {
    if (hmacKeys.size >= KEY_CACHE_MAX) hmacKeys.clear()
    key = crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    )
    hmacKeys.set(secret, key)
  }
  return key
}

/**
 * A compact HS256 JWT signed by jose. `sub` stays the numeric user id the hand-made signer used, and the
 * claims keep their order, so tokens are byte-identical to the ones issued before and stay valid across the
 * upgrade.
 */
export async function signAccessToken(
  userId: number,
  tokenVersion: number,
  secret: string,
  ttlSeconds: number,
  now = Date.now(),
): Promise<string> {
  const iat = Math.floor(now / 1000)
  // jose types `sub` as a string (RFC 7519's StringOrURI); ours has always been the integer id.
  const claims = { sub: userId, ver: tokenVersion } as unknown as JWTPayload
  return new SignJWT(claims)
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .sign(await hmacKey(secret))
}

/**
 * Tokens already verified, with their claims, by secret: a WebCrypto HMAC check runs as a job on libuv's
 * thread pool, and it was 12 % of the server's CPU on a loaded search (profile, issue 16), for the same few
 * tokens again and again. A token's signature never changes, so only its expiry is checked again; whether its
 * user may still use it (logout, deactivation) is read from the users row on every request, as before.
 */
const VERIFIED_MAX = 10_000
const verifiedTokens = new Map<string, { secret: string; claims: AccessClaims }>()

/** The claims of a valid, unexpired token signed with `secret`, else null (never throws on bad input). */
export async function verifyAccessToken(
  token: string,
  secret: string,
  now = Date.now(),
): Promise<AccessClaims | null> {
  if (token.length > MAX_TOKEN_LENGTH) return null
  const known = verifiedTokens.get(token)
  // jose's rule: expired once exp <= the current second.
  if (known && known.secret === secret) return known.claims.exp > Math.floor(now / 1000) ? known.claims : null
  const claims = await verifySignedToken(token, secret, now)
  if (claims) {
    if (verifiedTokens.size >= VERIFIED_MAX) verifiedTokens.clear()
    verifiedTokens.set(token, { secret, claims })
  }
  return claims
}

async function verifySignedToken(token: string, secret: string, now: number): Promise<AccessClaims | null> {
  // The algorithm list is fixed: the header never picks one, which rules out alg=none and confusion.
  const verified = await jwtVerify(token, await hmacKey(secret), {
    algorithms: [ALGORITHM],
    typ: 'JWT',
    currentDate: new Date(now),
    requiredClaims: ['sub', 'ver', 'iat', 'exp'],
  }).catch(() => null)
  if (!verified) return null
  const { sub, ver, iat, exp } = verified.payload as Record<string, unknown>
  if (!Number.isInteger(sub) || !Number.isInteger(ver) || !Number.isInteger(iat) || !Number.isInteger(exp))
    return null
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
