import type { WireJson } from '../services/partnerWire.ts'

/**
 * Sends JSON text the database wrote (server/services/partnerWire.ts) untouched: Fastify sends a string whose
 * Content-Type is already set as it is, without the route's serializer (Fastify 5's Reply reference,
 * "Strings"). Typed against the route's answer, so a route only sends the wire of its contract's type.
 */
export function sendWire<T, R>(
  reply: { type(contentType: string): { send(payload: T): R } },
  body: WireJson<T>,
) {
  return reply.type('application/json; charset=utf-8').send(body as unknown as T)
}
