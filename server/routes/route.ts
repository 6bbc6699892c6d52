import { api, errorBodies, errorDescriptions, type Api, type Endpoint } from '@/contract/api.ts'
import type { CallName } from '@/contract/calls.ts'
import { ErrorBody } from '@/contract/schemas.ts'
import type { AuthGuards } from '../auth.ts'

/** What the OpenAPI document says of a route beyond its contract entry. */
export interface RouteDoc {
  tags: string[]
  summary: string
  description?: string
}

/** The OpenAPI description of a PUT that takes If-Match (server/services/versions.ts): `whose` ETag it is. */
export const ifMatchDescription = (whose: string) =>
  `If-Match (facultatif) : l’ETag ${whose}. S’il ne désigne plus la version actuelle, rien n’est enregistré : 412 avec le message (qui a modifié, et quand), etag, modifiedBy et modifiedAt. « * » demande seulement que l’enregistrement existe ; sans If-Match, l’enregistrement se fait comme dans la spécification. La réponse porte le nouvel ETag.`

/**
 * The schema Fastify's type provider reads: the entry's params, query, body and successful answers. The error
 * answers are registered too (OpenAPI, serialization) but left out of the type: a handler throws them as
 * HttpError and never returns them, so a handler returning `{ message }` where a partner is due fails to typecheck.
 */
type RouteSchema<E> = Pick<E, keyof E & ('params' | 'querystring' | 'body')> & {
  response: E extends { response: infer R } ? R : never
} & RouteDoc

/**
 * The method, address, guard and schema of one call of the API table, for `app.route({ ...endpoint(...),
 * handler })`: the handler's request and answer types come from the contract.
 */
export function endpoint<Name extends CallName>(name: Name, guards: AuthGuards, doc: RouteDoc) {
  const entry: Endpoint = api[name]
  const schema = {
    ...doc,
    ...(entry.params ? { params: entry.params } : {}),
    ...(entry.querystring ? { querystring: entry.querystring } : {}),
    ...(entry.body ? { body: entry.body } : {}),
    ...(entry.upload ? { consumes: ['multipart/form-data'] } : {}),
    ...(entry.access === 'public' ? {} : { security: [{ bearer: [] }] }),
    response: {
      ...entry.response,
      ...Object.fromEntries(
        entry.errors.map((status) => [
          status,
          { ...(errorBodies[status] ?? ErrorBody), description: errorDescriptions[status] },
        ]),
      ),
    },
  }
  return {
    method: entry.method,
    url: entry.path,
    ...(entry.access === 'public' ? {} : { onRequest: guards[entry.access] }),
    schema: schema as unknown as RouteSchema<Api[Name]>,
  }
}
