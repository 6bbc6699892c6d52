/**
 * What an attacker tried and what now holds: links that outlive a deactivation, account enumeration by
 * timing or by a deactivated account's answer, locking someone else out, the bearer scheme's case,
 * look-alike addresses, and where to report a problem (security.txt).
 */
import { randomInt } from 'node:crypto'
import { sql } from 'kysely'
import pg from 'pg'
import { afterEach, describe, expect, it } from 'vitest'
import type { User } from '@/contract/schemas.ts'
import { apiPaths } from '@/contract/paths.ts'
import { parseSecurityContact, type Config } from '../config.ts'
import { ADMIN, client, startServer, tokenFromMail, type TestServer } from './helpers.ts'

const servers: TestServer[] = []
afterEach(async () => {
  while (servers.length) await servers.pop()!.close()
})

async function serve(config: Partial<Config> = {}) {
  const server = await startServer({ config })
  servers.push(server)
  return { server, api: client(server) }
}

const from = (address: string) => ({ headers: { 'x-forwarded-for': address } })
const userBody = (user: { userId: { id: number } }, email: string, status: string) => ({
  userId: user.userId,
  firstname: 'Dé',
  lastname: 'Sactivé',
  email,
  status,
})

describe('reset and invitation links', () => {
  it('a link issued before a deactivation stays dead after the account is reactivated', async () => {
    const { server, api } = await serve()
    const admin = await api.login(ADMIN.email, ADMIN.password)
    const invited = await api.post<User>(
      apiPaths.users(),
      { firstname: 'Iris', lastname: 'Invitée', email: 'iris@test.fr', status: 'ACTIF' },
      { token: admin.access_token },
    )
    const invitation = await tokenFromMail(server.dataDir, 'iris@test.fr', 1)
    await api.post(apiPaths.forgotPassword(), { email: 'iris@test.fr' })
    const reset = await tokenFromMail(server.dataDir, 'iris@test.fr', 2)
    for (const status of ['DESACTIVE', 'ACTIF']) {
      const res = await api.put(
        apiPaths.user(invited.body.userId.id),
        userBody(invited.body, 'iris@test.fr', status),
        {
          token: admin.access_token,
        },
      )
      expect(res.status).toBe(200)
    }
    for (const token of [invitation.token, reset.token]) {
      const res = await api.post<{ message: string }>(apiPaths.resetPassword(), {
        token,
        newPassword: 'un mot de passe tout neuf',
      })
      expect(res.status).toBe(400)
      expect(res.body.message).toMatch(/invalide ou a expiré/)
    }
  })
})

describe('account enumeration', () => {
  it('forgot-password answers before looking the address up: a slow, failing token write changes neither the answer nor its time for a known address', async () => {
    const { server, api } = await serve()
    await api.register({ email: 'connue@test.fr' })
    const onPostgres = server.handle.kind === 'postgres'
    // Every token write now waits, then fails: an answer that waited for it would show the account. On
    // PostgreSQL the write waits for a lock this test holds until both answers are in, so an answer that
    // waited for it never comes while the lock is held (a time limit failed on a loaded machine: 554 ms for a
    // 400 ms limit at load 15). PGlite has one connection, so no second session can hold a lock the write
    // waits on: there the write sleeps 600 ms, and only the answers are compared.
    const lockKey = randomInt(1, 2 ** 31)
    const wait = onPostgres
      ? sql.raw(`perform pg_advisory_xact_lock(${lockKey})`)
      : sql.raw('perform pg_sleep(0.6)')
    await sql`create function slow_token() returns trigger language plpgsql as $$ begin ${wait}; raise exception 'écriture impossible'; end $$`.execute(
      server.handle.db,
    )
    await sql`create trigger slow_token before insert on password_tokens for each row execute function slow_token()`.execute(
      server.handle.db,
    )
    const lock = onPostgres ? new pg.Client({ connectionString: process.env.DATABASE_URL }) : null
    await lock?.connect()
    await lock?.query('select pg_advisory_lock($1)', [lockKey])
    const answers = []
    try {
      for (const email of ['inconnue@test.fr', 'connue@test.fr']) {
        const answer = api.post<{ message: string }>(apiPaths.forgotPassword(), { email })
        if (lock) {
          let timer: NodeJS.Timeout | undefined
          const first = await Promise.race([
            answer.then(() => 'answer'),
            new Promise((resolve) => {
              timer = setTimeout(resolve, 20_000, 'no answer while the token write waits')
            }),
          ])
          clearTimeout(timer)
          expect(first, email).toBe('answer')
        }
        const res = await answer
        answers.push({ status: res.status, body: res.body })
        // On PGlite, the failed write is over before the next address is tried.
        if (!lock) await new Promise((r) => setTimeout(r, 700))
      }
    } finally {
      await lock?.query('select pg_advisory_unlock($1)', [lockKey])
      await lock?.end()
    }
    expect(answers[1]).toEqual(answers[0])
    expect(answers[0]).toEqual({
      status: 200,
      body: {
        message: 'Si un compte correspond à cette adresse, un e-mail de réinitialisation a été envoyé.',
      },
    })
  })

  it('a deactivated account answers exactly like a wrong password unless the password is right', async () => {
    const { api } = await serve()
    const admin = await api.login(ADMIN.email, ADMIN.password)
    const user = await api.register({ email: 'dormant@test.fr', password: 'le bon mot de passe' })
    await api.put(apiPaths.user(user.userId.id), userBody(user, 'dormant@test.fr', 'DESACTIVE'), {
      token: admin.access_token,
    })
    const wrong = await api.post(apiPaths.authenticate(), {
      username: 'dormant@test.fr',
      password: 'pas celui-là',
    })
    const unknown = await api.post(apiPaths.authenticate(), {
      username: 'personne@test.fr',
      password: 'pas celui-là',
    })
    expect(wrong.status).toBe(401)
    expect(wrong.body).toEqual(unknown.body)
    const right = await api.post<{ message: string }>(apiPaths.authenticate(), {
      username: 'dormant@test.fr',
      password: 'le bon mot de passe',
    })
    expect(right.status).toBe(403)
    expect(right.body.message).toMatch(/désactivé/)
  })
})

describe('sign-in lockout', () => {
  const throttle = {
    maxPerAccount: 5,
    maxPerAccountAnywhere: 6,
    maxPerIp: 1000,
    windowMs: 60_000,
    lockMs: 1000,
    accountLockMs: 1000,
    maxLockMs: 60_000,
  }

  it('wrong passwords from one address lock that address out of the account, not the real user elsewhere; locks double', async () => {
    const { api } = await serve({
      trustProxy: 1,
      loginThrottle: { ...throttle, maxPerAccountAnywhere: 1000 },
    })
    await api.register({ email: 'visee@test.fr', password: 'le mot de passe de visée' })
    const attempt = (password: string, address: string) =>
      api.post(apiPaths.authenticate(), { username: 'visee@test.fr', password }, from(address))
    for (let i = 0; i < 5; i++) expect((await attempt('faux', '198.51.100.66')).status).toBe(401)
    const locked = await attempt('le mot de passe de visée', '198.51.100.66')
    expect(locked.status).toBe(429)
    expect(locked.headers.get('retry-after')).toBe('1')
    expect((await attempt('le mot de passe de visée', '203.0.113.5')).status).toBe(200)
    await new Promise((r) => setTimeout(r, 1100))
    for (let i = 0; i < 5; i++) expect((await attempt('faux', '198.51.100.66')).status).toBe(401)
    const again = await attempt('faux', '198.51.100.66')
    expect(again.status).toBe(429)
    expect(again.headers.get('retry-after')).toBe('2')
  })

  it('a guess spread over many addresses still gets growing delays on that account', async () => {
    const { api } = await serve({ trustProxy: 1, loginThrottle: throttle })
    await api.register({ email: 'distribuee@test.fr', password: 'le mot de passe distribué' })
    const attempt = (address: string) =>
      api.post(apiPaths.authenticate(), { username: 'distribuee@test.fr', password: 'faux' }, from(address))
    for (let i = 0; i < 6; i++) expect((await attempt(`192.0.2.${i + 1}`)).status).toBe(401)
    const delayed = await attempt('192.0.2.100')
    expect(delayed.status).toBe(429)
    expect(delayed.headers.get('retry-after')).toBe('1')
    await new Promise((r) => setTimeout(r, 1100))
    for (let i = 0; i < 6; i++) expect((await attempt(`192.0.2.${i + 20}`)).status).toBe(401)
    const longer = await attempt('192.0.2.200')
    expect(longer.status).toBe(429)
    expect(longer.headers.get('retry-after')).toBe('2')
  })
})

describe('requests and addresses', () => {
  it('the bearer scheme is case-insensitive', async () => {
    const { api } = await serve()
    const user = await api.register()
    for (const scheme of ['Bearer', 'bearer', 'BEARER', 'bEaReR']) {
      const res = await api.get(apiPaths.articlesPublished(), {
        headers: { authorization: `${scheme} ${user.access_token}` },
      })
      expect(res.status, scheme).toBe(200)
    }
    expect(
      (
        await api.get(apiPaths.articlesPublished(), {
          headers: { authorization: `Basic ${user.access_token}` },
        })
      ).status,
    ).toBe(401)
  })

  it('addresses are NFKC-normalised and case-folded; a local part mixing alphabets is refused', async () => {
    const { api } = await serve()
    const fullwidth = await api.register({
      email: 'ＬＥＡ.Ｍａｒｔｉｎ@Exemple.fr',
      password: 'un mot de passe long',
    })
    expect(fullwidth.email).toBe('lea.martin@exemple.fr')
    const twin = await api.post<{ message: string }>(apiPaths.register(), {
      firstname: 'L',
      lastname: 'M',
      email: 'LEA.martin@exemple.fr',
      password: 'un autre mot de passe',
    })
    expect(twin.status).toBe(409)
    expect((await api.login('ｌｅａ.ｍａｒｔｉｎ@ｅｘｅｍｐｌｅ.ｆｒ', 'un mot de passe long')).email).toBe(
      'lea.martin@exemple.fr',
    )
    for (const email of ['lеa.martin@exemple.fr', 'lea.martin@exеmple.fr']) {
      const res = await api.post<{ message: string; field: string }>(apiPaths.register(), {
        firstname: 'L',
        lastname: 'M',
        email,
        password: 'un mot de passe long',
      })
      expect(res.status, email).toBe(400)
      expect(res.body).toEqual({
        message:
          'L’adresse e-mail mélange plusieurs alphabets (par exemple latin et cyrillique) : saisissez-la avec un seul alphabet.',
        field: 'email',
      })
    }
    expect((await api.register({ email: 'иван@пример.рф' })).email).toBe('иван@пример.рф')
  })
})

describe('security.txt (RFC 9116)', () => {
  it('serves Contact, Expires within a year, languages and its canonical address from SECURITY_CONTACT', async () => {
    const { api } = await serve({ securityContact: 'mailto:securite@exemple.fr' })
    const res = await api.get('/.well-known/security.txt')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    const fields = Object.fromEntries(
      res.text
        .trim()
        .split('\n')
        .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
    )
    expect(fields).toMatchObject({
      Contact: 'mailto:securite@exemple.fr',
      'Preferred-Languages': 'fr, en',
      Canonical: 'http://app.test/.well-known/security.txt',
    })
    const expires = Date.parse(fields.Expires)
    expect(expires).toBeGreaterThan(Date.now() + 300 * 86_400_000)
    expect(expires).toBeLessThanOrEqual(Date.now() + 366 * 86_400_000)
  })

  it('without SECURITY_CONTACT: a French 404; the setting takes an address or a mailto:/https: URI only', async () => {
    const { api } = await serve()
    const res = await api.get<{ message: string }>('/.well-known/security.txt')
    expect(res.status).toBe(404)
    expect(res.body.message).toMatch(/SECURITY_CONTACT/)
    expect(parseSecurityContact('securite@exemple.fr')).toBe('mailto:securite@exemple.fr')
    expect(parseSecurityContact('https://exemple.fr/securite')).toBe('https://exemple.fr/securite')
    expect(() => parseSecurityContact('http://exemple.fr')).toThrow(/SECURITY_CONTACT/)
  })
})
