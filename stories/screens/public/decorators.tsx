import type { Decorator } from '@storybook/react-vite'
import { UserLocationProvider, type UserLocation } from '../../../src/location/index.ts'

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
