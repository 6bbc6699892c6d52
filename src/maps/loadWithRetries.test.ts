import { describe, expect, it, vi } from 'vitest'
import { loadWithRetries, MAPS_RETRY_DELAYS_MS } from './loadWithRetries.ts'

describe('loadWithRetries', () => {
  it('retries after 2, 8 and 24 s, then gives up with the last error', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const waits: number[] = []
    const load = vi.fn(() => Promise.reject(new Error('script bloqué')))
    await expect(
      loadWithRetries(load, MAPS_RETRY_DELAYS_MS, async (ms) => void waits.push(ms)),
    ).rejects.toThrow('script bloqué')
    expect(load).toHaveBeenCalledTimes(4)
    expect(waits).toEqual([2000, 8000, 24000])
  })

  it('resolves as soon as an attempt succeeds', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const load = vi.fn().mockRejectedValueOnce(new Error('réseau')).mockResolvedValueOnce('chargé')
    await expect(loadWithRetries(load, MAPS_RETRY_DELAYS_MS, async () => undefined)).resolves.toBe('chargé')
    expect(load).toHaveBeenCalledTimes(2)
  })
})
