import type { FastifyInstance, RouteOptions } from 'fastify'
import type { JsonSchema } from './schema.ts'

export interface RouteSchema {
  body?: JsonSchema
  querystring?: JsonSchema
  params?: JsonSchema
  headers?: JsonSchema
  consumes?: string[]
  security?: unknown[]
  hide?: boolean
}

export interface CollectedRoute {
  method: string
  url: string
  schema: RouteSchema
}

/** Every route any Fastify instance of this test process registered, in registration order. */
export const collectedRoutes: CollectedRoute[] = []

type FastifyFactory = (...args: unknown[]) => FastifyInstance

/**
 * Wraps Fastify's factory so each instance gets an onRoute hook before buildApp registers anything: the fuzz
 * then covers whatever routes the server has (plugins' included) without a list to keep in sync.
 */
export function withRouteCollector<M extends { default: unknown }>(mod: M): M {
  const original = mod.default as FastifyFactory
  const factory = (...args: unknown[]) => {
    const app = original(...args)
    app.addHook('onRoute', (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method]
      for (const method of methods) {
        collectedRoutes.push({ method, url: route.url, schema: (route.schema ?? {}) as RouteSchema })
      }
    })
    return app
  }
  return { ...mod, default: factory, fastify: factory }
}
