import type { AuthGuards } from '../auth.ts'
import type { App, AppContext } from '../context.ts'
import { pingDatabase } from '../db/index.ts'
import { HttpError } from '../errors.ts'
import { defaultMailOutboxOptions } from '../services/mail.ts'
import { endpoint } from './route.ts'

const tags = ['Système']

export function systemRoutes(app: App, ctx: AppContext, guards: AuthGuards): void {
  app.route({
    ...endpoint('getConfig', guards, {
      tags,
      summary:
        'Configuration publique du client (clé Google Maps, liens d’aide et des PDF légaux, faits des pages légales)',
      description:
        'legal : le contact pour les données personnelles, l’éditeur, le directeur de la publication et l’hébergeur (null quand la variable n’est pas définie), et les durées de conservation.',
    }),
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-cache')
      return {
        googleMapsApiKey: ctx.config.googleMapsApiKey,
        helpUrl: ctx.config.helpUrl,
        termsUrl: ctx.config.termsUrl,
        privacyUrl: ctx.config.privacyUrl,
        timeZone: ctx.config.appTimeZone,
        legal: {
          ...ctx.config.legal,
          retention: {
            inactiveMonths: ctx.config.retention.inactiveMonths,
            auditMonths: ctx.config.retention.auditMonths,
            mailDays: Math.round(defaultMailOutboxOptions.keepMs / 86_400_000),
          },
        },
      }
    },
  })

  app.route({
    ...endpoint('getHealth', guards, { tags, summary: 'État du service : 200 si la base répond, 503 sinon' }),
    handler: async (_request, reply) => {
      const database = await pingDatabase(ctx.db)
      reply.header('cache-control', 'no-store')
      return reply.code(database ? 200 : 503).send({ status: database ? 'ok' : 'degraded', database })
    },
  })

  app.route({
    ...endpoint('getLiveness', guards, {
      tags,
      summary: 'Vivacité : 200 tant que le processus répond (sans interroger la base)',
    }),
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store')
      return { status: 'ok' as const }
    },
  })

  app.route({
    ...endpoint('getReadiness', guards, {
      tags,
      summary:
        'Disponibilité pour un répartiteur de charge : 200 si la base répond et que l’instance ne s’arrête pas, 503 sinon',
    }),
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store')
      const draining = ctx.lifecycle.draining
      const database = await pingDatabase(ctx.db)
      const status = draining ? 'draining' : database ? 'ok' : 'degraded'
      return reply.code(status === 'ok' ? 200 : 503).send({ status, database, draining })
    },
  })

  // RFC 9116: where to report a vulnerability. Expires is a year ahead of each answer, so it never lapses.
  app.get(
    '/.well-known/security.txt',
    { schema: { tags, summary: 'security.txt (RFC 9116), d’après SECURITY_CONTACT ; 404 sans elle' } },
    async (_request, reply) => {
      if (!ctx.config.securityContact)
        throw new HttpError(404, 'Aucun contact de sécurité n’est configuré (SECURITY_CONTACT).')
      const expires = new Date(Date.now() + 365 * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z')
      reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
      return [
        `Contact: ${ctx.config.securityContact}`,
        `Expires: ${expires}`,
        'Preferred-Languages: fr, en',
        `Canonical: ${ctx.config.publicUrl}/.well-known/security.txt`,
        '',
      ].join('\n')
    },
  )
}
