import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { EARLY_SEARCH_SCRIPT } from '@/contract/earlySearch.ts'
import { ApiError } from './client.ts'
import { forgetEarlySearch } from './earlySearch.ts'
import { findSearchKey, searchPartners, type PartnerSearchCriteria } from './partners/searchPartners.ts'

const user = { access_token: 'jeton-a', roles: ['ROLE_USER'], userId: { id: 7 } }
const page = [{ partnerId: { id: 1 }, name: 'Boulangerie' }]

let stored: string | null
const fetched: { url: string; headers: Record<string, string> }[] = []

type Fetch = (url: string, init?: { headers?: Record<string, string> }) => Promise<Response>

/** A fetch answering `body` with `status`, recording what was asked. */
const answering =
  (status: number, body: unknown): Fetch =>
  (url, init) => {
    fetched.push({ url, headers: init?.headers ?? {} })
    return Promise.resolve(new Response(JSON.stringify(body), { status }))
  }

/** Runs the HTML's inline script as the browser would, on the address `search`. */
function runInlineScript(search: string, fetch: Fetch) {
  new Function('window', 'localStorage', 'location', 'fetch', EARLY_SEARCH_SCRIPT)(
    globalThis,
    { getItem: () => stored },
    { search },
    fetch,
  )
}

/** Find's first search as the app makes it at start-up (app/routes/preloadData.ts). */
const firstSearch = (criteria: PartnerSearchCriteria) =>
  searchPartners(findSearchKey(criteria)[1], { shownByCaller: true, silent: true, early: true })

beforeEach(() => {
  stored = JSON.stringify(user)
  fetched.length = 0
  vi.stubGlobal('localStorage', { getItem: () => stored })
})

afterEach(() => {
  forgetEarlySearch()
  vi.unstubAllGlobals()
})

describe("Find's early search", () => {
  it.each([
    ['', { userId: 7 }],
    ['?c=3&v=Saint-%C3%89tienne', { categoryId: 3, city: 'Saint-Étienne', userId: 7 }],
  ])(
    'is the request of the first search (%s), which takes its answer instead of asking again',
    async (search, criteria) => {
      runInlineScript(search, answering(200, page))
      expect(fetched).toHaveLength(1)
      expect(fetched[0].headers).toEqual({ Accept: 'application/json', Authorization: 'Bearer jeton-a' })
      vi.stubGlobal('fetch', answering(200, []))
      await expect(firstSearch(criteria)).resolves.toEqual(page)
      expect(fetched).toHaveLength(1)
      // Taken once: the next search asks the server.
      await expect(firstSearch(criteria)).resolves.toEqual([])
      expect(fetched).toHaveLength(2)
      expect(fetched[1].url).toBe(fetched[0].url)
    },
  )

  it('is not taken by a search with other criteria or another token', async () => {
    runInlineScript('?c=3', answering(200, page))
    vi.stubGlobal('fetch', answering(200, []))
    await expect(firstSearch({ categoryId: 4, userId: 7 })).resolves.toEqual([])
    runInlineScript('', answering(200, page))
    stored = JSON.stringify({ ...user, access_token: 'jeton-b' })
    await expect(firstSearch({ userId: 7 })).resolves.toEqual([])
    expect(fetched.map((f) => f.headers.Authorization)).toEqual([
      'Bearer jeton-a',
      'Bearer jeton-a',
      'Bearer jeton-a',
      'Bearer jeton-b',
    ])
  })

  it('asks nothing when the address holds a typed name (its first page is another list)', () => {
    runInlineScript('?n=boulang&v=Marseille', answering(200, page))
    expect(fetched).toHaveLength(0)
  })

  it('asks nothing under a Home row’s filter (Tout voir: its first page is the filtered list)', () => {
    runInlineScript('?filtre=expire-bientot', answering(200, page))
    expect(fetched).toHaveLength(0)
  })

  it('answers a 401 as the first search’s error (the app then signs out)', async () => {
    runInlineScript('', answering(401, { message: 'Session expirée' }))
    const error = await firstSearch({ userId: 7 }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 401, message: 'Session expirée' })
  })

  it('asks nothing without a stored session, and is dropped when nothing took it', async () => {
    stored = null
    runInlineScript('', answering(200, page))
    expect(fetched).toHaveLength(0)
    stored = JSON.stringify(user)
    runInlineScript('', answering(200, page))
    forgetEarlySearch()
    vi.stubGlobal('fetch', answering(200, []))
    await expect(firstSearch({ userId: 7 })).resolves.toEqual([])
  })
})
