import type { UserCity } from '../maps/types.ts'

/** Spec: the user's city is cached in localStorage under 'user-city' for one hour. */
export const USER_CITY_KEY = 'user-city'
export const USER_CITY_TTL_MS = 60 * 60 * 1000

interface CachedUserCity {
  cityName: string
  postalCode: string | null
  timestamp: number
}

export function readCachedUserCity(now = Date.now()): UserCity | null {
  try {
    const raw = localStorage.getItem(USER_CITY_KEY)
    if (!raw) return null
    const cached = JSON.parse(raw) as Partial<CachedUserCity>
    if (typeof cached.cityName !== 'string' || typeof cached.timestamp !== 'number') return null
    if (now - cached.timestamp > USER_CITY_TTL_MS) return null
    return { cityName: cached.cityName, postalCode: cached.postalCode ?? null }
  } catch {
    return null
  }
}

export function writeCachedUserCity(city: UserCity, now = Date.now()): void {
  const value: CachedUserCity = { cityName: city.cityName, postalCode: city.postalCode, timestamp: now }
  try {
    localStorage.setItem(USER_CITY_KEY, JSON.stringify(value))
  } catch {
    // Private mode or a full storage: the city is simply looked up again next time.
  }
}
