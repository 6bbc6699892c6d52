import type { Decorator } from '@storybook/react-vite'
import { UserLocationProvider, type UserLocation } from '@/src/location/index.ts'

/** Near the Vieux-Port, with its city already known: no geolocation prompt, no geocoding in stories. */
export const vieuxPortLocation: UserLocation = {
  position: { lat: 43.2951, lng: 5.3739 },
  city: { cityName: 'Marseille', postalCode: '13001' },
}

/** A user whose position and city are unknown (denied or unsupported geolocation). */
export const unknownLocation: UserLocation = { position: null, city: null }

export const withUserLocation =
  (location: UserLocation = unknownLocation): Decorator =>
  (Story) => (
    <UserLocationProvider value={location}>
      <Story />
    </UserLocationProvider>
  )

/** The app's location provider: browser geolocation (stubbed per story) and reverse geocoding by the maps service. */
export const withLiveLocation: Decorator = (Story) => (
  <UserLocationProvider>
    <Story />
  </UserLocationProvider>
)

/** Replaces the browser's geolocation for one story: a position, or a refusal. Returns the restore function. */
export function stubGeolocation(answer: { lat: number; lng: number } | 'denied'): () => void {
  const original = Object.getOwnPropertyDescriptor(Navigator.prototype, 'geolocation')
  const geolocation = {
    getCurrentPosition: (success: PositionCallback, failure?: PositionErrorCallback | null) => {
      if (answer === 'denied') {
        failure?.({
          code: 1,
          message: 'User denied Geolocation',
          PERMISSION_DENIED: 1,
          POSITION_UNAVAILABLE: 2,
          TIMEOUT: 3,
        })
        return
      }
      success({
        coords: { latitude: answer.lat, longitude: answer.lng, accuracy: 20 },
        timestamp: Date.now(),
      } as GeolocationPosition)
    },
  }
  Object.defineProperty(navigator, 'geolocation', { configurable: true, get: () => geolocation })
  localStorage.removeItem('user-city')
  return () => {
    delete (navigator as { geolocation?: Geolocation }).geolocation
    if (original) Object.defineProperty(Navigator.prototype, 'geolocation', original)
    localStorage.removeItem('user-city')
  }
}
