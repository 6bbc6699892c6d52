import { beforeEach, describe, expect, it } from 'vitest'
import { readCachedUserCity, USER_CITY_KEY, writeCachedUserCity } from './userCityCache.ts'

class MemoryStorage {
  private items = new Map<string, string>()
  getItem = (key: string) => this.items.get(key) ?? null
  setItem = (key: string, value: string) => void this.items.set(key, value)
  removeItem = (key: string) => void this.items.delete(key)
}

describe('user-city cache', () => {
  beforeEach(() => {
    Object.defineProperty(globalThis, 'localStorage', { value: new MemoryStorage(), configurable: true })
  })

  it('stores cityName, postalCode and timestamp under user-city', () => {
    writeCachedUserCity({ cityName: 'Marseille', postalCode: '13001' }, 1_000)
    expect(JSON.parse(localStorage.getItem(USER_CITY_KEY) ?? '')).toEqual({
      cityName: 'Marseille',
      postalCode: '13001',
      timestamp: 1_000,
    })
  })

  it('answers for one hour, then forgets', () => {
    writeCachedUserCity({ cityName: 'Aubagne', postalCode: '13400' }, 0)
    expect(readCachedUserCity(60 * 60 * 1000)).toEqual({ cityName: 'Aubagne', postalCode: '13400' })
    expect(readCachedUserCity(60 * 60 * 1000 + 1)).toBeNull()
  })

  it('ignores a value it did not write', () => {
    localStorage.setItem(USER_CITY_KEY, '{pas du json')
    expect(readCachedUserCity()).toBeNull()
  })
})
