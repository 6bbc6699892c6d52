import { useEffect } from 'react'
import type { Decorator } from '@storybook/react-vite'
import { subscribeToApiErrors } from '@/src/api/client.ts'
import { useNotification } from '@/src/notifications/index.ts'
import { MapsProvider } from '@/src/maps/index.ts'
import { createFakeMapsService } from '@/src/maps/fakeMapsService.ts'

/**
 * The app's error bridge, reduced to the toast: a failed call shows the server's message, as in the app, unless
 * the screen shows it in place.
 */
function ApiErrorToast() {
  const { notify } = useNotification()
  useEffect(
    () =>
      subscribeToApiErrors((error) => {
        if (!error.shownByCaller) notify(error.message, 'error')
      }),
    [notify],
  )
  return null
}

/** Back-office stories show the server's errors in the global toast (which the preview renders), as the app does. */
export const withToast: Decorator = (Story) => (
  <>
    <Story />
    <ApiErrorToast />
  </>
)

/** The partner form's place search on the in-memory maps fake (no network, no key). */
export const withFakeMaps: Decorator = (Story) => (
  <MapsProvider service={createFakeMapsService()}>
    <Story />
  </MapsProvider>
)
