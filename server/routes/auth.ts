import type { FastifyRequest } from 'fastify'
import type { AuthGuards } from '../auth.ts'
import type { App, AppContext } from '../context.ts'
import {
  authenticate,
  logout,
  register,
  RESET_LINK_SENT,
  resetPassword,
  sendResetLink,
} from '../services/auth.ts'
import { email as validEmail } from '../validation.ts'
import { rateLimited } from './common.ts'
import { endpoint } from './route.ts'

const tags = ['Authentification']

export function authRoutes(app: App, ctx: AppContext, guards: AuthGuards): void {
  const { config } = ctx
  const authLimit = rateLimited(config.authRateLimitPerMinute)

  app.route({
    ...endpoint('authenticate', guards, {
      tags,
      summary: 'Connexion : renvoie l’utilisateur et son jeton (Bearer, HS256)',
      description: `Après ${config.loginThrottle.maxPerAccount} échecs sur un compte depuis une même adresse, ${config.loginThrottle.maxPerAccountAnywhere} sur un compte depuis toutes les adresses, ou ${config.loginThrottle.maxPerIp} depuis une adresse : 429 avec Retry-After, chaque blocage suivant durant deux fois plus longtemps.`,
    }),
    handler: (request) => authenticate(ctx, request.body, request.ip, request.log),
  })

  app.route({
    ...endpoint('register', guards, {
      tags,
      summary: 'Inscription (ROLE_USER, statut ACTIF) : renvoie l’utilisateur connecté',
      description: 'Mot de passe : 8 caractères au moins, 256 au plus, pas un mot de passe courant.',
    }),
    config: authLimit,
    handler: async (request, reply) => reply.code(201).send(await register(ctx, request.body)),
  })

  // Addresses whose reset link is looked up once their answer has gone out.
  const resetsToSend = new WeakMap<FastifyRequest, string>()

  app.route({
    ...endpoint('forgotPassword', guards, {
      tags,
      summary: 'Envoie un lien de réinitialisation (valable 1 heure)',
      description:
        'Répond de la même façon et dans le même temps que l’adresse soit connue ou non : la recherche du compte et l’envoi ont lieu après la réponse.',
    }),
    config: authLimit,
    // After the answer is sent, so its timing says nothing about whether the address has an account.
    onResponse: async (request) => {
      const email = resetsToSend.get(request)
      if (!email) return
      resetsToSend.delete(request)
      app.backgroundWork.track(
        sendResetLink(ctx, email, request.log).catch((error: unknown) =>
          request.log.error({ err: error }, 'reset link could not be queued'),
        ),
      )
    },
    handler: async (request) => {
      resetsToSend.set(request, validEmail(request.body.email))
      return RESET_LINK_SENT
    },
  })

  app.route({
    ...endpoint('resetPassword', guards, {
      tags,
      summary:
        'Choisit un nouveau mot de passe avec le jeton reçu par e-mail (réinitialisation ou invitation)',
      description:
        'Le jeton est à usage unique ; tous les jetons de connexion existants de l’utilisateur sont révoqués.',
    }),
    config: authLimit,
    handler: (request) => resetPassword(ctx, request.body),
  })

  app.route({
    ...endpoint('logout', guards, {
      tags,
      summary: 'Déconnexion : révoque tous les jetons de l’utilisateur',
    }),
    handler: (request) => logout(ctx, request.currentUser!.id),
  })
}
