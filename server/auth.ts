import type { FastifyReply, FastifyRequest } from 'fastify'
import type { AppContext, CurrentUser } from './context.ts'
import { HttpError } from './errors.ts'
import { verifyAccessToken } from './services/tokens.ts'

const unauthenticated = () =>
  new HttpError(401, 'Authentification requise : connectez-vous pour continuer.', undefined, { 'www-authenticate': 'Bearer' })

async function resolveUser(ctx: AppContext, request: FastifyRequest): Promise<CurrentUser | null> {
  const header = request.headers.authorization
  if (!header) return null
  const match = /^Bearer ([A-Za-z0-9_.-]+)$/.exec(header)
  if (!match) return null
  const claims = verifyAccessToken(match[1], ctx.config.jwtSecret)
  if (!claims) return null
  const row = await ctx.db
    .selectFrom('users')
    .select(['id', 'email', 'is_admin', 'token_version', 'status'])
    .where('id', '=', claims.sub)
    .executeTakeFirst()
  // Deleted, deactivated, or token issued before the last logout / password or role change.
  if (!row || row.status === 'DESACTIVE' || row.token_version !== claims.ver) return null
  return { id: row.id, email: row.email, isAdmin: row.is_admin, tokenVersion: row.token_version }
}

export function authGuards(ctx: AppContext) {
  async function user(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    request.currentUser = await resolveUser(ctx, request)
    if (!request.currentUser) throw unauthenticated()
  }
  async function admin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await user(request, reply)
    if (!request.currentUser?.isAdmin) throw new HttpError(403, 'Accès réservé aux administrateurs.')
  }
  return { user, admin }
}

export type AuthGuards = ReturnType<typeof authGuards>

export function currentUser(request: FastifyRequest): CurrentUser {
  if (!request.currentUser) throw unauthenticated()
  return request.currentUser
}

export function rolesOf(isAdmin: boolean): ('ROLE_USER' | 'ROLE_ADMIN')[] {
  // Admins also browse the public area, which requires ROLE_USER.
  return isAdmin ? ['ROLE_USER', 'ROLE_ADMIN'] : ['ROLE_USER']
}
