import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react'
import type { LatLng, UserCity } from '../maps/types.ts'
import { useMapsLoader } from '../maps/MapsProvider.tsx'
import { readCachedUserCity, writeCachedUserCity } from './userCityCache.ts'

export interface UserLocation {
  /** The browser's position, null when unknown, denied or unsupported. */
  position: LatLng | null
  /** The position's city and postal code, null until known or when geocoding failed. */
  city: UserCity | null
}

/** What a screen reads: the location, and whether the browser is still being asked for the position. */
export interface UserLocationState extends UserLocation {
  /** True from the request until the browser answers (a position, a refusal or a time-out). */
  locating: boolean
}

interface UserLocationContextValue extends UserLocationState {
  /** Asks the browser for the position; called by the screens that use it, so Home never prompts. */
  request: () => void
}

const UserLocationContext = createContext<UserLocationContextValue | null>(null)

/** Asks the browser once for the position: denied, unsupported or timed out is logged and answered with null. */
export function requestUserPosition(): Promise<LatLng | null> {
  return new Promise((resolve) => {
    if (!('geolocation' in navigator)) {
      console.info('Géolocalisation non prise en charge par ce navigateur')
      resolve(null)
      return
    }
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => resolve({ lat: coords.latitude, lng: coords.longitude }),
      (error) => {
        console.info('Position de l’utilisateur indisponible', error.message)
        resolve(null)
      },
      { maximumAge: 10 * 60 * 1000, timeout: 15_000 },
    )
  })
}

/**
 * The user's position and city, looked up once: geolocation, then reverse geocoding through the maps service
 * (only when the one-hour 'user-city' cache has nothing). Failures are logged; the screens carry on without.
 * `value` fixes the location (stories, tests).
 */
export function UserLocationProvider({ value, children }: { value?: UserLocation; children: ReactNode }) {
  const { load, hasKey } = useMapsLoader()
  const [position, setPosition] = useState<LatLng | null>(null)
  const [city, setCity] = useState<UserCity | null>(() => readCachedUserCity())
  const [requested, setRequested] = useState(false)
  const [answered, setAnswered] = useState(false)
  const fixed = value !== undefined
  const request = useCallback(() => setRequested(true), [])

  // One request for the provider's lifetime (the whole session in the app): the browser is asked only once.
  const positionRequest = useRef<Promise<LatLng | null> | null>(null)
  useEffect(() => {
    if (fixed || !requested) return
    let active = true
    positionRequest.current ??= requestUserPosition()
    positionRequest.current.then((found) => {
      if (!active) return
      setPosition(found)
      setAnswered(true)
    })
    return () => {
      active = false
    }
  }, [fixed, requested])

  useEffect(() => {
    if (fixed || !position || city || !hasKey) return
    let active = true
    load()
      .then((service) => service.reverseGeocode(position))
      .then(
        (found) => {
          writeCachedUserCity(found)
          if (active) setCity(found)
        },
        (error: unknown) => console.info('Ville de l’utilisateur introuvable', error),
      )
    return () => {
      active = false
    }
  }, [fixed, position, city, hasKey, load])

  // Every reader asks (useUserLocation's effect), so before the answer a reader is always waiting for one.
  const locating = !fixed && !answered
  const context = useMemo(
    () => ({ ...(value ?? { position, city }), locating, request }),
    [value, position, city, locating, request],
  )
  return <UserLocationContext.Provider value={context}>{children}</UserLocationContext.Provider>
}

const unknownLocation: UserLocationState = { position: null, city: null, locating: false }

/** The user's location, requested on first use. Without a provider it is simply unknown. */
export function useUserLocation(): UserLocationState {
  const context = useContext(UserLocationContext)
  const request = context?.request
  useEffect(() => request?.(), [request])
  if (!context) return unknownLocation
  return { position: context.position, city: context.city, locating: context.locating }
}
