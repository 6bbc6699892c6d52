import { http, HttpResponse, type HttpHandler } from 'msw'
import type { StaleVersionBody } from '@/contract/api.ts'
import { DEFAULT_TIME_ZONE, zonedDate } from '@/contract/zonedDate.ts'

/**
 * One record read and saved with versions as the server does (server/services/versions.ts): GET answers an
 * ETag, PUT checks If-Match (412 with who and when, no If-Match or * accepted) and moves the version on. Placed
 * before the in-memory back-office API's handlers, whose other calls the story keeps.
 */
export function versionedRecord<T extends object>({
  path,
  kind,
  subject,
  read,
  write,
  putPath = path,
  answer = read,
}: {
  /** The record's address, e.g. apiPaths.partner(1). */
  path: string
  /** Where its saves go when not there: a coupon's PUT, which shares its partner's version. */
  putPath?: string
  /** What a save answers, when not the record (the coupon saved). */
  answer?: (body: unknown) => object
  kind: 'partner' | 'user' | 'article'
  /** 'Ce partenaire', 'Cet utilisateur'. */
  subject: string
  read: () => T
  write: (body: unknown) => void
}) {
  let version = 1
  let last: { by: string; at: string } | null = null
  const etag = () => `"${kind}-v${version}"`
  const ifMatches: (string | null)[] = []
  let reads = 0
  const handlers: HttpHandler[] = [
    http.get(path, () => {
      reads += 1
      return HttpResponse.json(read(), { headers: { etag: etag() } })
    }),
    http.put(putPath, async ({ request }) => {
      const ifMatch = request.headers.get('if-match')
      ifMatches.push(ifMatch)
      if (ifMatch !== null && ifMatch !== '*' && ifMatch !== etag()) {
        const [day, time] = zonedDate(last?.at, DEFAULT_TIME_ZONE, true).split(' ')
        return HttpResponse.json<StaleVersionBody>(
          {
            message: `${subject} a été modifié par ${last?.by} le ${day} à ${time} : rechargez-le avant d’enregistrer.`,
            etag: etag(),
            modifiedBy: last?.by ?? null,
            modifiedAt: last?.at ?? null,
          },
          { status: 412, headers: { etag: etag() } },
        )
      }
      const body = await request.json()
      write(body)
      version += 1
      last = { by: 'Administrateur', at: new Date().toISOString() }
      return HttpResponse.json(answer(body), { headers: { etag: etag() } })
    }),
  ]
  return {
    handlers,
    /** The If-Match of each PUT, in order (null: none sent). */
    ifMatches,
    etag,
    /** How many GETs were answered: a story waits for the screen's read before changing the record elsewhere. */
    get reads() {
      return reads
    },
    /** Another administrator's save between the screen's read and its own. */
    changeElsewhere(change: () => void, by = 'Alice Martin', at = '2026-11-28T08:12:00Z') {
      change()
      version += 1
      last = { by, at }
    },
    reset() {
      version = 1
      last = null
      reads = 0
      ifMatches.length = 0
    },
  }
}
