import { once } from 'node:events'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SMTPServer } from 'smtp-server'
import type { AuthUser } from '@/contract/schemas.ts'
import { apiPaths } from '@/contract/paths.ts'
import { signAccessToken } from '../services/tokens.ts'
import {
  ADMIN,
  client,
  outboxMails,
  startServer,
  tokenFromMail,
  waitFor,
  type Client,
  type TestServer,
} from './helpers.ts'

let server: TestServer
let api: Client

beforeAll(async () => {
  server = await startServer()
  api = client(server)
})
afterAll(() => server.close())

/** PUT the user `target` as `caller`, with the rest of the user's fields. */
const updateUser = (caller: AuthUser, target: AuthUser, fields: Record<string, unknown>) =>
  api.put(
    apiPaths.user(target.userId.id),
    { userId: target.userId, ...fields },
    { token: caller.access_token },
  )

/** A registration the server accepts: each case below changes only the field it is about. */
const validRegistration = { firstname: 'A', lastname: 'B', email: 'a@test.fr', password: 'assez long oui' }

describe('register and authenticate', () => {
  it('registers a ROLE_USER, ACTIF, signed in at once', async () => {
    const res = await api.post<AuthUser>('/api/auth/register', {
      firstname: ' Zoé ',
      lastname: 'Martin',
      email: 'Zoe.Martin@Test.fr',
      password: 'correct cheval agrafe',
    })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      roles: ['ROLE_USER'],
      firstname: 'Zoé',
      lastname: 'Martin',
      email: 'zoe.martin@test.fr',
    })
    expect(res.body.access_token.split('.')).toHaveLength(3)
    const me = await api.get<{ status: string; roles: string[] }>(`/api/users/${res.body.userId.id}`, {
      token: res.body.access_token,
    })
    expect(me.status).toBe(200)
    expect(me.body.status).toBe('ACTIF')
    const login = await api.login('ZOE.martin@test.fr', 'correct cheval agrafe')
    expect(login.userId).toEqual(res.body.userId)
  })

  it('ignores fields the client does not own (roles, ids) in the register body', async () => {
    const res = await api.post<AuthUser>('/api/auth/register', {
      ...validRegistration,
      email: 'eve@test.fr',
      roles: ['ROLE_ADMIN'],
      userId: { id: 1 },
      status: 'ACTIF',
      is_admin: true,
    })
    expect(res.status).toBe(201)
    expect(res.body.roles).toEqual(['ROLE_USER'])
    const admins = await api.get('/api/users', { token: res.body.access_token })
    expect(admins.status).toBe(403)
  })

  it('refuses a duplicate e-mail with 409', async () => {
    await api.register({ email: 'double@test.fr' })
    const res = await api.post('/api/auth/register', { ...validRegistration, email: 'DOUBLE@test.fr' })
    expect(res.status).toBe(409)
    expect(res.body).toMatchObject({ message: expect.stringContaining('existe déjà') })
  })

  it.each([
    [{ ...validRegistration, email: 'pas-un-email' }, 'e-mail'],
    [{ ...validRegistration, password: 'court' }, '8 caractères'],
    [{ ...validRegistration, password: 'motdepasse' }, 'trop courant'],
    [{ ...validRegistration, password: 'Azerty123' }, 'trop courant'],
    [{ ...validRegistration, password: 'x'.repeat(257) }, '256'],
    [{ ...validRegistration, firstname: '   ' }, 'Prénom'],
    [{ firstname: 'A', lastname: 'B', email: 'a@test.fr' }, 'password'],
    [{ ...validRegistration, lastname: 7 }, 'lastname'],
    [{ ...validRegistration, firstname: 'A'.repeat(101) }, '100'],
  ])('refuses a bad registration %# with a 400 naming the problem', async (body, expected) => {
    const res = await api.post<{ message: string }>('/api/auth/register', body)
    expect(res.status).toBe(400)
    expect(res.body.message).toContain(expected)
  })

  it('refuses a password of blanks only, at sign-up and at reset, naming the field', async () => {
    const blankPasswords = [
      ' '.repeat(8),
      ' '.repeat(9),
      ' '.repeat(256),
      '\t  \t    ',
      '\u00a0'.repeat(10),
      '\u202f \u3000 \u2009    ',
      '\u200b'.repeat(12),
    ]
    const blankMessage = "Le mot de passe ne peut pas être composé uniquement d'espaces."
    for (const password of blankPasswords) {
      const res = await api.post('/api/auth/register', { ...validRegistration, password })
      expect(res.status, JSON.stringify(password)).toBe(400)
      expect(res.body).toEqual({ message: blankMessage, field: 'password' })
    }
    await api.register({ email: 'espaces@test.fr', password: 'un vrai mot de passe' })
    await api.post('/api/auth/forgot-password', { email: 'espaces@test.fr' })
    const { token } = await tokenFromMail(server.dataDir, 'espaces@test.fr')
    for (const newPassword of blankPasswords) {
      const res = await api.post('/api/auth/reset-password', { token, newPassword })
      expect(res.status, JSON.stringify(newPassword)).toBe(400)
      expect(res.body).toEqual({ message: blankMessage, field: 'newPassword' })
    }
    // Spaces around or inside a real password are kept as typed.
    const ok = await api.post('/api/auth/reset-password', { token, newPassword: '  mot de passe  ' })
    expect(ok.status).toBe(200)
    await api.login('espaces@test.fr', '  mot de passe  ')
  })

  it('accepts a long passphrase with spaces and unicode', async () => {
    const user = await api.register({
      password: 'Le petit chat est mort 🐈 et la vie continue, très longue phrase de passe',
    })
    expect(user.roles).toEqual(['ROLE_USER'])
  })

  it('answers 401 with the spec message for a wrong password or an unknown account', async () => {
    await api.register({ email: 'bob@test.fr', password: 'bob a un bon mot' })
    for (const [username, password] of [
      ['bob@test.fr', 'mauvais mot de passe'],
      ['inconnu@test.fr', 'bob a un bon mot'],
      ['', ''],
    ]) {
      const res = await api.post('/api/auth/authenticate', { username, password })
      expect(res.status).toBe(401)
      expect(res.body).toEqual({ message: 'Email ou mot de passe incorrect' })
    }
  })

  it('refuses a deactivated user with 403 and a clear message, and kills their tokens', async () => {
    const user = await api.register({ email: 'bientot.desactive@test.fr', password: 'encore un mot long' })
    const admin = await api.login(ADMIN.email, ADMIN.password)
    const upd = await updateUser(admin, user, {
      firstname: 'X',
      lastname: 'Y',
      email: 'bientot.desactive@test.fr',
      status: 'DESACTIVE',
    })
    expect(upd.status).toBe(200)
    const res = await api.post<{ message: string }>('/api/auth/authenticate', {
      username: 'bientot.desactive@test.fr',
      password: 'encore un mot long',
    })
    expect(res.status).toBe(403)
    expect(res.body.message).toMatch(/désactivé/)
    expect((await api.get('/api/articles/articles-published', { token: user.access_token })).status).toBe(401)
  })
})

describe('tokens', () => {
  let user: AuthUser
  beforeAll(async () => {
    user = await api.register()
  })

  it('rejects missing, malformed, tampered, alg=none, foreign-key and expired tokens with 401 JSON', async () => {
    const [h, p, s] = user.access_token.split('.')
    const noneHeader = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')
    const forgedPayload = Buffer.from(JSON.stringify({ sub: 1, ver: 0, iat: 1, exp: 9999999999 })).toString(
      'base64url',
    )
    const candidates = [
      null,
      'nimportequoi',
      `${h}.${forgedPayload}.${s}`,
      `${noneHeader}.${p}.`,
      `${noneHeader}.${p}.${s}`,
      await signAccessToken(user.userId.id, 0, 'une-autre-cle-secrete-de-trente-deux-caracteres', 3600),
      await signAccessToken(user.userId.id, 0, server.config.jwtSecret as string, 60, Date.now() - 3600_000),
    ]
    for (const token of candidates) {
      const res = await api.get('/api/articles/articles-published', { token })
      expect(res.status).toBe(401)
      expect(res.body).toMatchObject({ message: expect.stringContaining('connectez-vous') })
      expect(res.headers.get('www-authenticate')).toBe('Bearer')
    }
    expect(
      (
        await api.get('/api/articles/articles-published', {
          headers: { authorization: `Basic ${user.access_token}` },
        })
      ).status,
    ).toBe(401)
    expect((await api.get('/api/articles/articles-published', { token: user.access_token })).status).toBe(200)
  })

  it('logout kills every existing token of the user', async () => {
    const other = await api.login(user.email, 'un mot de passe long')
    const res = await api.post('/api/auth/logout', undefined, { token: user.access_token })
    expect(res.status).toBe(200)
    expect((await api.get('/api/articles/articles-published', { token: user.access_token })).status).toBe(401)
    expect((await api.get('/api/articles/articles-published', { token: other.access_token })).status).toBe(
      401,
    )
    const fresh = await api.login(user.email, 'un mot de passe long')
    expect((await api.get('/api/articles/articles-published', { token: fresh.access_token })).status).toBe(
      200,
    )
    expect((await api.post('/api/auth/logout')).status).toBe(401)
  })

  it('a role change kills the tokens; a deleted user’s token stops working', async () => {
    const admin = await api.login(ADMIN.email, ADMIN.password)
    const u = await api.register({ email: 'promu@test.fr' })
    const promoted = await api.put(
      `/api/users/${u.userId.id}`,
      {
        userId: u.userId,
        firstname: 'P',
        lastname: 'Q',
        email: 'promu@test.fr',
        status: 'ACTIF',
        roles: ['ROLE_USER', 'ROLE_ADMIN'],
      },
      { token: admin.access_token },
    )
    expect(promoted.body).toMatchObject({ roles: ['ROLE_USER', 'ROLE_ADMIN'] })
    expect((await api.get('/api/articles/articles-published', { token: u.access_token })).status).toBe(401)
    const asAdmin = await api.login('promu@test.fr', 'un mot de passe long')
    expect(asAdmin.roles).toContain('ROLE_ADMIN')
    expect((await api.get('/api/users', { token: asAdmin.access_token })).status).toBe(200)

    const gone = await api.register({ email: 'supprime@test.fr' })
    expect((await api.del(`/api/users/${gone.userId.id}`, { token: admin.access_token })).status).toBe(200)
    expect((await api.get(`/api/users/${gone.userId.id}`, { token: gone.access_token })).status).toBe(401)
  })

  it('an admin cannot lock themselves out', async () => {
    const admin = await api.login(ADMIN.email, ADMIN.password)
    const res = await updateUser(admin, admin, {
      firstname: 'A',
      lastname: 'B',
      email: ADMIN.email,
      status: 'ACTIF',
      roles: ['ROLE_USER'],
    })
    expect(res.status).toBe(409)
    expect((await api.del(`/api/users/${admin.userId.id}`, { token: admin.access_token })).status).toBe(409)
  })
})

describe('forgot and reset password (outbox)', () => {
  it('answers the same for known and unknown addresses, mails only the known one', async () => {
    await api.register({ email: 'oubli@test.fr', firstname: 'Oscar', password: 'ancien mot de passe' })
    const known = await api.post('/api/auth/forgot-password', { email: 'oubli@test.fr' })
    const unknown = await api.post('/api/auth/forgot-password', { email: 'personne@test.fr' })
    expect(known.status).toBe(200)
    expect(unknown.status).toBe(200)
    expect(known.body).toEqual(unknown.body)
    const { token, mail } = await tokenFromMail(server.dataDir, 'oubli@test.fr')
    expect(mail).toContain('http://app.test/reset-password?token=')
    expect(mail).toContain('Oscar')
    expect((await outboxMails(server.dataDir)).some((m) => m.includes('personne@test.fr'))).toBe(false)

    const before = await api.login('oubli@test.fr', 'ancien mot de passe')
    expect((await api.post('/api/auth/reset-password', { token, newPassword: 'court' })).status).toBe(400)
    const ok = await api.post('/api/auth/reset-password', { token, newPassword: 'nouveau mot de passe' })
    expect(ok.status).toBe(200)
    expect(ok.body).toEqual({ message: 'Mot de passe réinitialisé avec succès.' })
    // Single use, old password and old tokens dead, new password works.
    const again = await api.post<{ message: string }>('/api/auth/reset-password', {
      token,
      newPassword: 'encore un autre mot',
    })
    expect(again.status).toBe(400)
    expect(again.body.message).toMatch(/invalide ou a expiré/)
    expect(
      (
        await api.post('/api/auth/authenticate', {
          username: 'oubli@test.fr',
          password: 'ancien mot de passe',
        })
      ).status,
    ).toBe(401)
    expect((await api.get('/api/articles/articles-published', { token: before.access_token })).status).toBe(
      401,
    )
    await api.login('oubli@test.fr', 'nouveau mot de passe')
  })

  it('stores reset tokens hashed, never in clear', async () => {
    await api.register({ email: 'hache@test.fr' })
    await api.post('/api/auth/forgot-password', { email: 'hache@test.fr' })
    const { token } = await tokenFromMail(server.dataDir, 'hache@test.fr')
    const rows = await server.handle.db.selectFrom('password_tokens').select('token_hash').execute()
    expect(rows.some((r) => r.token_hash === token)).toBe(false)
    expect(rows.every((r) => /^[a-f0-9]{64}$/.test(r.token_hash))).toBe(true)
  })

  it('an expired token is refused; a newer password change kills older tokens', async () => {
    await api.register({ email: 'expire@test.fr' })
    await api.post('/api/auth/forgot-password', { email: 'expire@test.fr' })
    await api.post('/api/auth/forgot-password', { email: 'expire@test.fr' })
    const first = await tokenFromMail(server.dataDir, 'expire@test.fr', 1)
    const second = await tokenFromMail(server.dataDir, 'expire@test.fr', 2)
    expect(
      (await api.post('/api/auth/reset-password', { token: second.token, newPassword: 'mot de passe neuf' }))
        .status,
    ).toBe(200)
    expect(
      (await api.post('/api/auth/reset-password', { token: first.token, newPassword: 'mot de passe neuf 2' }))
        .status,
    ).toBe(400)

    await api.post('/api/auth/forgot-password', { email: 'expire@test.fr' })
    const third = await tokenFromMail(server.dataDir, 'expire@test.fr', 3)
    await server.handle.db
      .updateTable('password_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('used_at', 'is', null)
      .execute()
    expect(
      (await api.post('/api/auth/reset-password', { token: third.token, newPassword: 'mot de passe neuf 3' }))
        .status,
    ).toBe(400)
  })

  it('validates the inputs', async () => {
    expect((await api.post('/api/auth/forgot-password', { email: 'pas une adresse' })).status).toBe(400)
    expect((await api.post('/api/auth/forgot-password', {})).status).toBe(400)
    expect(
      (await api.post('/api/auth/reset-password', { token: '', newPassword: 'assez long ici' })).status,
    ).toBe(400)
    expect(
      (await api.post('/api/auth/reset-password', { token: 'x'.repeat(5000), newPassword: 'assez long ici' }))
        .status,
    ).toBe(400)
    expect((await api.post('/api/auth/reset-password', { token: 'abc' })).status).toBe(400)
  })

  it('an invited user (created by an admin) sets a password with the mailed link, valid 7 days', async () => {
    const admin = await api.login(ADMIN.email, ADMIN.password)
    const created = await api.post<{ userId: { id: number } }>(
      '/api/users',
      { firstname: 'Inès', lastname: 'Invitée', email: 'invitee@test.fr', status: 'ACTIF' },
      { token: admin.access_token },
    )
    expect(created.status).toBe(201)
    expect(
      (
        await api.post('/api/auth/authenticate', {
          username: 'invitee@test.fr',
          password: 'nimporte quoi long',
        })
      ).status,
    ).toBe(401)
    const { token, mail } = await tokenFromMail(server.dataDir, 'invitee@test.fr')
    expect(mail).toMatch(/7 jours/)
    const row = await server.handle.db
      .selectFrom('password_tokens')
      .select(['expires_at', 'purpose'])
      .where('user_id', '=', created.body.userId.id)
      .executeTakeFirstOrThrow()
    expect(row.purpose).toBe('invite')
    expect(new Date(row.expires_at).getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000)
    expect(
      (await api.post('/api/auth/reset-password', { token, newPassword: 'mon premier mot de passe' })).status,
    ).toBe(200)
    expect((await api.login('invitee@test.fr', 'mon premier mot de passe')).firstname).toBe('Inès')
  })
})

describe('sign-in throttling', () => {
  it('locks an account after repeated failures (429, Retry-After, French), then lets the right password in after the delay', async () => {
    const throttled = await startServer({
      config: {
        loginThrottle: {
          maxPerAccount: 3,
          maxPerAccountAnywhere: 100,
          maxPerIp: 6,
          windowMs: 60_000,
          lockMs: 700,
          accountLockMs: 700,
          maxLockMs: 5000,
        },
      },
    })
    const t = client(throttled)
    try {
      await t.register({ email: 'cible@test.fr', password: 'le bon mot de passe' })
      for (let i = 0; i < 3; i++)
        expect(
          (
            await t.post('/api/auth/authenticate', {
              username: 'cible@test.fr',
              password: 'faux mot de passe',
            })
          ).status,
        ).toBe(401)
      const locked = await t.post<{ message: string }>('/api/auth/authenticate', {
        username: 'cible@test.fr',
        password: 'le bon mot de passe',
      })
      expect(locked.status).toBe(429)
      expect(locked.body.message).toMatch(/Trop de tentatives/)
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
      // Another account from the same address still works until the per-address limit.
      await t.register({ email: 'voisin@test.fr', password: 'le mot du voisin' })
      expect(
        (await t.post('/api/auth/authenticate', { username: 'voisin@test.fr', password: 'le mot du voisin' }))
          .status,
      ).toBe(200)
      await new Promise((r) => setTimeout(r, 800))
      expect(
        (
          await t.post('/api/auth/authenticate', {
            username: 'cible@test.fr',
            password: 'le bon mot de passe',
          })
        ).status,
      ).toBe(200)

      // Per address: failures spread over many accounts.
      for (let i = 0; i < 6; i++)
        await t.post('/api/auth/authenticate', { username: `x${i}@test.fr`, password: 'faux mot de passe' })
      const ipLocked = await t.post('/api/auth/authenticate', {
        username: 'voisin@test.fr',
        password: 'le mot du voisin',
      })
      expect(ipLocked.status).toBe(429)
      expect(ipLocked.headers.get('retry-after')).toBeTruthy()
    } finally {
      await throttled.close()
    }
  })

  it('rate-limits register / forgot-password per address with a French 429', async () => {
    const limited = await startServer({ config: { authRateLimitPerMinute: 2 } })
    const t = client(limited)
    try {
      expect((await t.post('/api/auth/forgot-password', { email: 'a@test.fr' })).status).toBe(200)
      expect((await t.post('/api/auth/forgot-password', { email: 'a@test.fr' })).status).toBe(200)
      const res = await t.post<{ message: string }>('/api/auth/forgot-password', { email: 'a@test.fr' })
      expect(res.status).toBe(429)
      expect(res.body.message).toMatch(/Trop de requêtes/)
      expect(res.headers.get('retry-after')).toBeTruthy()
    } finally {
      await limited.close()
    }
  })
})

describe('mail over SMTP', () => {
  it('sends the reset mail to a loopback SMTP server; a dead SMTP server does not break the answer', async () => {
    const received: string[] = []
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      onData(stream, _session, callback) {
        let data = ''
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()))
        stream.on('end', () => {
          received.push(data)
          callback()
        })
      },
    })
    smtp.listen(0, '127.0.0.1')
    await once(smtp.server, 'listening')
    const port = (smtp.server.address() as { port: number }).port
    const withSmtp = await startServer({ config: { smtpUrl: `smtp://127.0.0.1:${port}/?ignoreTLS=true` } })
    const t = client(withSmtp)
    try {
      await t.register({ email: 'smtp@test.fr' })
      expect((await t.post('/api/auth/forgot-password', { email: 'smtp@test.fr' })).status).toBe(200)
      const mail = await waitFor(() => received.find((m) => m.includes('smtp@test.fr')))
      expect(mail.replace(/=\r?\n/g, '')).toMatch(
        /reset-password\?token=3D[A-Za-z0-9_-]+|reset-password\?token=[A-Za-z0-9_-]+/,
      )
      // Delivered by SMTP only: no .eml file besides.
      expect(await outboxMails(withSmtp.dataDir)).toEqual([])
    } finally {
      await withSmtp.close()
      await new Promise<void>((resolve) => smtp.close(() => resolve()))
    }

    const dead = await startServer({
      config: { smtpUrl: 'smtp://127.0.0.1:1/?ignoreTLS=true&connectionTimeout=500' },
    })
    const d = client(dead)
    try {
      await d.register({ email: 'panne@test.fr' })
      const res = await d.post('/api/auth/forgot-password', { email: 'panne@test.fr' })
      expect(res.status).toBe(200)
      expect((await d.get('/api/health')).status).toBe(200)
      // The mail waits in the outbox for the next attempt.
      const pending = await waitFor(() =>
        dead.handle.db
          .selectFrom('mail_outbox')
          .selectAll()
          .where('recipient', '=', 'panne@test.fr')
          .where('last_error', 'is not', null)
          .executeTakeFirst(),
      )
      expect(pending.sent_at).toBeNull()
      expect(pending.last_error).toMatch(/ECONNREFUSED/)
    } finally {
      await dead.close()
    }
  })
})
