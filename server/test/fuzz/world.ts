/**
 * The signed-in identities the fuzz sends requests as, and what exists in the store (ids, image names,
 * addresses) for placeholders to pick from. Accepted requests may log an identity out, deactivate, demote,
 * rename or delete it: `repair` puts it back (or registers a new one) so later requests still run as a user,
 * another user and an admin.
 */
import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { forgetUser } from '@/server/auth.ts'
import type { Db } from '@/server/db/index.ts'
import { ADMIN } from '../helpers.ts'
import { Ref, type EmailVariant } from './values.ts'

export type IdentityName = 'anonymous' | 'user' | 'other' | 'admin'
export const IDENTITIES: IdentityName[] = ['anonymous', 'user', 'other', 'admin']

interface Identity {
  id: number
  email: string
  password: string
  token: string
  isAdmin: boolean
  /** As stored after sign-in: any difference means an accepted request changed the account. */
  row: string
}

const USER_PASSWORD = 'un mot de passe de fuzz'

function emailVariant(email: string, variant: EmailVariant): string {
  switch (variant) {
    case 'plain':
      return email
    case 'upper':
      return email.toUpperCase()
    case 'fullwidth':
      return [...email]
        .map((c) => (c >= '!' && c <= '~' ? String.fromCharCode(c.charCodeAt(0) + 0xfee0) : c))
        .join('')
    case 'nfd':
      return `${email.split('@')[0]}e\u0301@${email.split('@')[1]}`
    case 'homoglyph':
      return email.replace('a', '\u0430').replace('e', '\u0435')
    case 'padded':
      return ` \t${email}\u00a0`
    case 'nul':
      return `${email}\u0000`
  }
}

export class World {
  readonly app: FastifyInstance
  readonly db: Db
  identities = new Map<Exclude<IdentityName, 'anonymous'>, Identity>()
  pools: Record<
    'partner' | 'article' | 'offer' | 'category' | 'image' | 'imageName' | 'email',
    (string | number)[]
  > = { partner: [], article: [], offer: [], category: [], image: [], imageName: [], email: [] }

  constructor(app: FastifyInstance, db: Db) {
    this.app = app
    this.db = db
  }

  async setup(): Promise<void> {
    this.identities.set('admin', await this.signIn(ADMIN.email, ADMIN.password, true))
    this.identities.set('user', await this.register())
    this.identities.set('other', await this.register())
    await this.refresh()
  }

  token(name: IdentityName): string | null {
    return name === 'anonymous' ? null : this.identities.get(name)!.token
  }

  /** Signs in through the API, as a client would. */
  private async signIn(email: string, password: string, isAdmin: boolean): Promise<Identity> {
    const res = await this.app.inject({
      method: 'POST',
      url: '/api/auth/authenticate',
      payload: { username: email, password },
    })
    if (res.statusCode !== 200) throw new Error(`fixture sign-in ${email}: ${res.statusCode} ${res.body}`)
    const body = res.json<{ access_token: string; userId: { id: number } }>()
    return {
      id: body.userId.id,
      email,
      password,
      token: body.access_token,
      isAdmin,
      row: await this.rowOf(body.userId.id),
    }
  }

  private async register(): Promise<Identity> {
    const email = `fuzz-${randomBytes(5).toString('hex')}@test.fr`
    const res = await this.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { firstname: 'Fuzz', lastname: 'Testeur', email, password: USER_PASSWORD },
    })
    if (res.statusCode !== 201) throw new Error(`fixture register: ${res.statusCode} ${res.body}`)
    return this.signIn(email, USER_PASSWORD, false)
  }

  private async rowOf(id: number): Promise<string> {
    const row = await this.db
      .selectFrom('users')
      .select(['email', 'status', 'is_admin', 'token_version', 'password_hash'])
      .where('id', '=', id)
      .executeTakeFirst()
    return row ? JSON.stringify(row) : ''
  }

  /** After an accepted write: identities changed by it are restored (and signed in again), pools re-read. */
  async repair(): Promise<string[]> {
    const repaired: string[] = []
    for (const [name, identity] of this.identities) {
      if ((await this.rowOf(identity.id)) === identity.row) continue
      repaired.push(name)
      this.identities.set(name, await this.restore(identity))
    }
    await this.refresh()
    return repaired
  }

  private async restore(identity: Identity): Promise<Identity> {
    const original = JSON.parse(identity.row) as { password_hash: string }
    try {
      const updated = await this.db
        .updateTable('users')
        .set({
          email: identity.email,
          status: 'ACTIF',
          is_admin: identity.isAdmin,
          password_hash: original.password_hash,
        })
        .where('id', '=', identity.id)
        .returning('id')
        .executeTakeFirst()
      forgetUser(this.db, identity.id)
      if (updated) return await this.signIn(identity.email, identity.password, identity.isAdmin)
    } catch {
      // Its address was given to another account meanwhile: a fresh account replaces it below.
    }
    if (identity.isAdmin) throw new Error('the admin account could not be restored')
    return this.register()
  }

  /** What exists now, newest first, for placeholders to choose from. */
  async refresh(): Promise<void> {
    const ids = async (table: 'partners' | 'articles' | 'offers' | 'categories') =>
      (await this.db.selectFrom(table).select('id').orderBy('id', 'desc').limit(40).execute()).map(
        (r) => r.id,
      )
    this.pools.partner = await ids('partners')
    this.pools.article = await ids('articles')
    this.pools.offer = await ids('offers')
    this.pools.category = await ids('categories')
    const images = await this.db
      .selectFrom('images')
      .select(['id', 'file_name'])
      .orderBy('created_at', 'desc')
      .limit(40)
      .execute()
    this.pools.image = images.map((r) => r.id)
    this.pools.imageName = images.map((r) => r.file_name)
    const users = await this.db.selectFrom('users').select('email').orderBy('id').limit(40).execute()
    this.pools.email = users.map((r) => r.email)
  }

  /** The value a placeholder stands for, for a request sent as `as`. */
  resolve(ref: Ref, as: IdentityName): string | number {
    const idOf = (name: Exclude<IdentityName, 'anonymous'>) => this.identities.get(name)!.id
    switch (ref.kind) {
      case 'self':
        return idOf(as === 'anonymous' ? 'user' : as)
      case 'other':
        return idOf(as === 'other' ? 'user' : 'other')
      case 'admin':
        return idOf('admin')
      case 'identityEmail':
      case 'identityPassword': {
        const names = ['admin', 'user', 'other'] as const
        const identity = this.identities.get(names[ref.pick % names.length])!
        return ref.kind === 'identityPassword' ? identity.password : emailVariant(identity.email, ref.variant)
      }
      case 'email': {
        const pool = this.pools.email
        return emailVariant(String(pool[ref.pick % pool.length] ?? ADMIN.email), ref.variant)
      }
      default: {
        const pool = this.pools[ref.kind]
        // Nothing of that kind exists yet: an id that does not exist either.
        return pool.length > 0
          ? pool[ref.pick % pool.length]
          : ref.kind.startsWith('image')
            ? 'absente'
            : 999_999
      }
    }
  }
}
