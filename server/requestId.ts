/**
 * Request ids: one id follows a request from nginx (`X-Request-Id: $request_id`) to the instance's log lines
 * (pino's reqId), its response (`X-Request-Id`), the Journal entry of an administrator write and the French
 * message of a 5xx answer, so a person can quote it and an operator find every line it left.
 */
import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks'
import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { FastifyInstance, FastifyRequest } from 'fastify'

/**
 * What an id sent by the client or the proxy may be: nginx's $request_id is 32 hex digits, other proxies send
 * UUIDs or similar. Anything else (spaces, quotes, control characters, a novel) is replaced by our own id, so
 * a header cannot forge log lines or bloat them.
 */
const ACCEPTED = /^[A-Za-z0-9._:-]{8,128}$/

/** Fastify's genReqId: the incoming X-Request-Id when it is safe, else a new UUID. */
export function requestIdOf(raw: IncomingMessage): string {
  const sent = raw.headers['x-request-id']
  return typeof sent === 'string' && ACCEPTED.test(sent) ? sent : randomUUID()
}

/** The 5xx message with the id a person can quote to the operators. */
export function withReference(message: string, requestId: string): string {
  return `${message} Référence : ${requestId}`
}

const context = new AsyncLocalStorage<{ requestId: string }>()
const scope = Symbol('requestScope')

/** The id of the request whose work is running, or null outside one (start-up, the mail worker). */
export function currentRequestId(): string | null {
  return context.getStore()?.requestId ?? null
}

/**
 * Makes currentRequestId() answer inside the request's handler and everything it awaits, so the services
 * (the audit log) read it without every call passing it along. The body is parsed from the socket's events,
 * outside the hook's async context: preValidation re-enters the request's scope before the handler runs
 * (what @fastify/request-context does).
 */
export function installRequestContext(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    context.run({ requestId: request.id }, () => {
      const resource = new AsyncResource('partenaires-request')
      ;(request as FastifyRequest & { [scope]?: AsyncResource })[scope] = resource
      resource.bind(done)()
    })
  })
  app.addHook('preValidation', (request, _reply, done) => {
    const resource = (request as FastifyRequest & { [scope]?: AsyncResource })[scope]
    if (resource) resource.runInAsyncScope(done)
    else done()
  })
}
