import { ErrorBody } from '../../contract/schemas.ts'
import { HttpError } from '../errors.ts'

const descriptions: Record<number, string> = {
  400: 'Requête invalide (le message indique le champ et le problème)',
  401: 'Non authentifié ou jeton invalide / expiré / révoqué',
  403: 'Droits insuffisants',
  404: 'Introuvable',
  409: 'Conflit avec l’état actuel',
  413: 'Fichier ou corps trop volumineux',
  415: 'Type de contenu non pris en charge',
  429: 'Trop de requêtes (voir Retry-After)',
  503: 'Base de données injoignable',
}

/** OpenAPI error responses, all with the same { message } body. */
export function errorResponses(...codes: number[]): Record<number, typeof ErrorBody> {
  return Object.fromEntries(
    codes.map((code) => [code, { ...ErrorBody, description: descriptions[code] ?? 'Erreur' }]),
  )
}

export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505'
}

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

export const bearer = [{ bearer: [] }]
