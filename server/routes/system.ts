import { ClientConfig, Health } from '../../contract/schemas.ts'
import { apiPaths } from '../../contract/paths.ts'
import type { App, AppContext } from '../context.ts'
import { pingDatabase } from '../db/index.ts'

const tags = ['Système']

export function systemRoutes(app: App, ctx: AppContext): void {
  app.get(
    apiPaths.config(),
    {
      schema: {
        tags,
        summary: 'Configuration publique du client (clé Google Maps, liens d’aide et des PDF légaux)',
        response: { 200: ClientConfig },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache')
      return {
        googleMapsApiKey: ctx.config.googleMapsApiKey,
        helpUrl: ctx.config.helpUrl,
        termsUrl: ctx.config.termsUrl,
        privacyUrl: ctx.config.privacyUrl,
      }
    },
  )

  app.get(
    apiPaths.health(),
    {
      schema: {
        tags,
        summary: 'État du service : 200 si la base répond, 503 sinon',
        response: { 200: Health, 503: Health },
      },
    },
    async (_request, reply) => {
      const database = await pingDatabase(ctx.db)
      reply.header('cache-control', 'no-store')
      return reply.code(database ? 200 : 503).send({ status: database ? 'ok' : 'degraded', database })
    },
  )
}
