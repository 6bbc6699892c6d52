import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { signAccessToken, verifyAccessToken } from '../services/tokens.ts'

const SECRET = 'une-cle-de-signature-de-trente-deux-caracteres-au-moins'
const NOW = Date.UTC(2026, 0, 15, 12, 0, 0)

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')

/** A token as the hand-made signer wrote it before jose: header, claims, HMAC-SHA256 of both. */
function handMade(header: object, claims: object, secret = SECRET, hash = 'sha256'): string {
  const data = `${b64(header)}.${b64(claims)}`
  return `${data}.${createHmac(hash, secret).update(data).digest('base64url')}`
}

describe('sign-in tokens (jose, HS256)', () => {
  it('are byte-identical to the tokens issued before the switch, so signed-in users stay signed in', async () => {
    const iat = Math.floor(NOW / 1000)
    const before = handMade({ alg: 'HS256', typ: 'JWT' }, { sub: 42, ver: 3, iat, exp: iat + 3600 })
    expect(await signAccessToken(42, 3, SECRET, 3600, NOW)).toBe(before)
    expect(await verifyAccessToken(before, SECRET, NOW)).toEqual({ sub: 42, ver: 3, iat, exp: iat + 3600 })
  })

  it('expire at exp: valid one second before, refused at it', async () => {
    const token = await signAccessToken(7, 0, SECRET, 60, NOW)
    expect(await verifyAccessToken(token, SECRET, NOW + 59_000)).toMatchObject({ sub: 7, ver: 0 })
    expect(await verifyAccessToken(token, SECRET, NOW + 60_000)).toBeNull()
  })

  it('refuse another key, another algorithm, alg=none, a missing typ and non-integer claims', async () => {
    const iat = Math.floor(NOW / 1000)
    const claims = { sub: 42, ver: 0, iat, exp: iat + 3600 }
    const refused = [
      await signAccessToken(42, 0, 'une-autre-cle-secrete-de-trente-deux-caracteres', 3600, NOW),
      handMade({ alg: 'HS512', typ: 'JWT' }, claims, SECRET, 'sha512'),
      `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`,
      handMade({ alg: 'HS256' }, claims),
      handMade({ alg: 'HS256', typ: 'JWT' }, { ...claims, sub: '42' }),
      handMade({ alg: 'HS256', typ: 'JWT' }, { ...claims, ver: 0.5 }),
      handMade({ alg: 'HS256', typ: 'JWT' }, { sub: 42, ver: 0, iat }),
      handMade({ alg: 'HS256', typ: 'JWT', crit: ['exp'], exp: 1 }, claims),
      'a.b.c',
      '',
      `${handMade({ alg: 'HS256', typ: 'JWT' }, claims)}${'A'.repeat(2048)}`,
    ]
    for (const token of refused) expect(await verifyAccessToken(token, SECRET, NOW)).toBeNull()
  })
})

const OTHER = 'un-autre-secret-du-cache-assez-long-pour-hs256'

// verifyAccessToken remembers the tokens it verified (issue 16): what it remembers must not widen what passes.
describe('verified tokens remembered', () => {
  it('answers a known token again, and refuses it once expired', async () => {
    const token = await signAccessToken(5, 2, SECRET, 60, NOW)
    const claims = await verifyAccessToken(token, SECRET, NOW)
    expect(claims).toMatchObject({ sub: 5, ver: 2 })
    expect(await verifyAccessToken(token, SECRET, NOW + 59_999)).toEqual(claims)
    expect(await verifyAccessToken(token, SECRET, NOW + 60_000)).toBeNull()
  })

  it('refuses a known token under another secret, and a changed copy of it', async () => {
    const token = await signAccessToken(6, 0, SECRET, 600, NOW)
    expect(await verifyAccessToken(token, SECRET, NOW)).not.toBeNull()
    expect(await verifyAccessToken(token, OTHER, NOW)).toBeNull()
    const signature = token.slice(token.lastIndexOf('.') + 1)
    const changed = `${token.slice(0, token.lastIndexOf('.') + 1)}${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`
    expect(await verifyAccessToken(changed, SECRET, NOW)).toBeNull()
    expect(await verifyAccessToken(token, SECRET, NOW)).not.toBeNull()
  })
})
