import Type from 'typebox'
import { ErrorBody, IconPath } from '../../contract/schemas.ts'
import { routePatterns } from '../../contract/paths.ts'
import type { App } from '../context.ts'
import { HttpError } from '../errors.ts'
import { mdiIconPath } from '../services/icons.ts'

/**
 * Category icons by name. The whole Material Design Icons set is ~3 MB of JavaScript; serving one path at a
 * time keeps it out of every browser, and names never change meaning, so answers are cached for a day.
 * Public: an icon reveals nothing. Categories carry their icon's path already (the app needs no request per
 * icon); this route serves the back-office's preview of a name being typed.
 */
export function iconRoutes(app: App): void {
  app.get(
    routePatterns.icon,
    {
      schema: {
        tags: ['Système'],
        summary:
          'Tracé SVG (viewBox 24x24) d’une icône Material Design Icons, par son nom (ex. silverware-fork-knife)',
        params: Type.Object({ name: Type.String({ pattern: '^[a-z0-9]+(-[a-z0-9]+)*$', maxLength: 80 }) }),
        response: { 200: IconPath, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const { name } = request.params
      const path = mdiIconPath(name)
      if (path === null) throw new HttpError(404, `Icône inconnue : ${name}.`)
      reply.header('cache-control', 'public, max-age=86400')
      return { name, path }
    },
  )
}
