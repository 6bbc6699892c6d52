import { HttpError } from '../errors.ts'

/** Per-route @fastify/rate-limit settings with a French 429. */
export function rateLimited(maxPerMinute: number) {
  return {
    rateLimit: {
      max: maxPerMinute,
      timeWindow: 60_000,
      errorResponseBuilder: (_request: unknown, context: { after: string; ttl: number }) =>
        new HttpError(
          429,
          `Trop de requêtes : réessayez dans ${Math.max(1, Math.ceil(context.ttl / 1000))} secondes.`,
          undefined,
          {
            'retry-after': String(Math.max(1, Math.ceil(context.ttl / 1000))),
          },
        ),
    },
  }
}
