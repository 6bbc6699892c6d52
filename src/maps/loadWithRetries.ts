/** Spec section 8: the maps script is retried after 2, 8 and 24 seconds, then the load fails. */
export const MAPS_RETRY_DELAYS_MS = [2000, 8000, 24000] as const

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

export async function loadWithRetries<T>(
  load: () => Promise<T>,
  delays: readonly number[] = MAPS_RETRY_DELAYS_MS,
  wait: (ms: number) => Promise<void> = sleep,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await load()
    } catch (error) {
      if (attempt >= delays.length) throw error
      console.warn(`Chargement de la carte impossible, nouvel essai dans ${delays[attempt] / 1000} s`, error)
      await wait(delays[attempt])
    }
  }
}
