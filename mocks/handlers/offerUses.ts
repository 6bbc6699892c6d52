/**
 * msw handlers for issue 41's calls: a use found by its code (back-office) and the person's Home rows, on the
 * calls of the API table and in their shapes.
 */
import { delay, HttpResponse } from 'msw'
import type { HomeRows, OfferUseCheck } from '@/contract/offerUses.ts'
import { normalizeOfferUseCode } from '@/contract/offerUseCode.ts'
import type { ErrorBody } from '@/contract/schemas.ts'
import { homeRows, offerUseCheck } from '../fixtures/offerUses.ts'
import { mockApi } from './mockApi.ts'

const endless = async () => {
  await delay('infinite')
  return new HttpResponse<ErrorBody>(null, { status: 504 })
}
const serverError = () =>
  HttpResponse.json<ErrorBody>({ message: 'Une erreur interne est survenue.' }, { status: 500 })

export const checkOfferUseHandlers = {
  /** As the server: `known` is found whatever the case, dashes and spaces; another well-formed code is a 404. */
  known: (known: OfferUseCheck = offerUseCheck) =>
    mockApi('checkOfferUse', ({ params }) => {
      const code = normalizeOfferUseCode(String(params.code))
      if (code === known.code) return HttpResponse.json(known)
      if (!/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6}$/.test(code))
        return HttpResponse.json<ErrorBody>(
          {
            message: 'Code invalide : 6 caractères, chiffres de 2 à 9 et lettres sauf I, L et O.',
            field: 'code',
          },
          { status: 400 },
        )
      return HttpResponse.json<ErrorBody>({ message: 'Code inconnu' }, { status: 404 })
    }),
}

export const homeHandlers = {
  /** The rows; with a position in the query the nearest partners too, as the server answers. */
  success: (rows: HomeRows = homeRows) =>
    mockApi('getMyHome', ({ request }) => {
      const query = new URL(request.url).searchParams
      return HttpResponse.json<HomeRows>(query.has('lat') ? rows : { ...rows, near: [] })
    }),
  empty: () =>
    mockApi('getMyHome', () =>
      HttpResponse.json<HomeRows>({ near: [], expiring: [], favorites: [], news: [] }),
    ),
  loading: () => mockApi('getMyHome', endless),
  error: () => mockApi('getMyHome', serverError),
}
