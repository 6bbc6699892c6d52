import { useState } from 'react'
import type { Decorator } from '@storybook/react-vite'
import { createFakeMapsService, type FakeMapsOptions } from '@/src/maps/fakeMapsService.ts'
import { MapsProvider } from '@/src/maps/index.ts'

function FakeMaps({ options, children }: { options: FakeMapsOptions; children: React.ReactNode }) {
  // One fake per story render: its map, markers and events belong to this story only.
  const [service] = useState(() => createFakeMapsService(options))
  return <MapsProvider service={service}>{children}</MapsProvider>
}

/** The in-memory maps service instead of Google's: no network, same behaviour. */
export const withFakeMaps =
  (options: FakeMapsOptions = {}): Decorator =>
  (Story) => (
    <FakeMaps options={options}>
      <Story />
    </FakeMaps>
  )

/** Google Maps as in the app, configured from GET /api/config (the stories serve a config without key). */
export const withGoogleMaps: Decorator = (Story) => (
  <MapsProvider>
    <Story />
  </MapsProvider>
)
