import type { AuthGuards } from '../auth.ts'
import type { App } from '../context.ts'
import { HttpError } from '../errors.ts'
import { mdiIconPath } from '../services/icons.ts'
import { endpoint } from './route.ts'

/**
 * Category icons by name. The whole Material Design Icons set is ~3 MB of JavaScript; serving one path at a
 * time keeps it out of every browser, and names never change meaning, so answers are cached for a day.
 * Public: an icon reveals nothing. Categories carry their icon's path already (the app needs no request per
 * icon); this route serves the back-office's preview of a name being typed.
 */
export function iconRoutes(app: App, guards: AuthGuards): void {
  app.route({
    ...endpoint('getIcon', guards, {
      tags: ['Système'],
      summary:
        'Tracé SVG (viewBox 24x24) d’une icône Material Design Icons, par son nom (ex. silverware-fork-knife)',
    }),
    handler: async (request, reply) => {
      const { name } = request.params
      const path = mdiIconPath(name)
      if (path === null) throw new HttpError(404, `Icône inconnue : ${name}.`)
      reply.header('cache-control', 'public, max-age=86400')
      return { name, path }
    },
  })
}
