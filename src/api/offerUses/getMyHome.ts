import useSWR from 'swr'
import { apiPaths } from '@/contract/paths.ts'
import { callApi } from '../client.ts'

export interface Position {
  lat: number
  lng: number
}

/** GET /api/users/me/home: the signed-in person's four Home rows; the nearest partners only with a position. */
export const getMyHome = (position: Position | null) =>
  callApi('getMyHome', { query: position ?? {} }, { shownByCaller: true, silent: true })

/**
 * null (signed out, or not yet: Home asks once its carousel has its data) fetches nothing. The position, rounded
 * to about 100 m, is part of the key: a step does not read the rows again.
 */
export function useMyHome(userId: number | null, position: Position | null) {
  const rounded = position && { lat: Number(position.lat.toFixed(3)), lng: Number(position.lng.toFixed(3)) }
  return useSWR(
    userId === null
      ? null
      : ([apiPaths.myHome(), userId, rounded?.lat ?? null, rounded?.lng ?? null] as const),
    () => getMyHome(rounded),
    // The rows stay while the position's rows load (no grey flash when the position comes).
    { revalidateOnFocus: false, keepPreviousData: true },
  )
}
