import { getResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { apiPaths } from '@/contract/paths.ts'
import { favoritesHandlers } from './me.ts'
import { searchHandlers } from './public.ts'
import { resetHandlerState } from './storyState.ts'

const origin = 'http://localhost'
const favoriteIds = async (handlers: ReturnType<typeof favoritesHandlers.stateful>) => {
  const response = await getResponse(handlers, new Request(origin + apiPaths.myFavorites()), {
    baseUrl: origin,
  })
  const rows = (await response?.json()) as { partnerId: { id: number } }[]
  return rows.map((row) => row.partnerId.id)
}

describe('stateful msw handlers start afresh with each story (a retry, a second visit)', () => {
  it('a favourites list changed by one run is the initial list again for the next', async () => {
    const handlers = favoritesHandlers.stateful([])
    const added = await getResponse(
      handlers,
      new Request(origin + apiPaths.myFavorite(1), { method: 'PUT' }),
      { baseUrl: origin },
    )
    expect(added?.status).toBe(204)
    expect(await favoriteIds(handlers)).toEqual([1])
    resetHandlerState()
    expect(await favoriteIds(handlers)).toEqual([])
  })

  it('a search that fails only the first time fails first again after the reset', async () => {
    const handler = searchHandlers.errorThenSuccess()
    const search = () =>
      getResponse([handler], new Request(origin + apiPaths.partnerSearch()), { baseUrl: origin })
    expect((await search())?.status).toBe(500)
    expect((await search())?.status).toBe(200)
    resetHandlerState()
    expect((await search())?.status).toBe(500)
  })
})
