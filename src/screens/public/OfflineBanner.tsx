import { useSyncExternalStore } from 'react'
import styled from 'styled-components'
import { isServerUnreachable, subscribeToReachability } from '@/src/api/client.ts'
import { theme } from '@/src/design-system/theme/index.ts'

const Banner = styled.p`
  margin: 0;
  padding: 8px 16px;
  background: ${theme.colors.text};
  color: ${theme.colors.onDark};
  font-size: ${theme.fontSizes.sm};
  text-align: center;
`

const subscribe = (onChange: () => void) => {
  window.addEventListener('online', onChange)
  window.addEventListener('offline', onChange)
  const unsubscribe = subscribeToReachability(onChange)
  return () => {
    window.removeEventListener('online', onChange)
    window.removeEventListener('offline', onChange)
    unsubscribe()
  }
}

/**
 * Says clearly that the app is offline (the installed app opens from the service worker's cache): the
 * browser says so, or the last API call could not reach the server.
 */
export function OfflineBanner() {
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine && !isServerUnreachable(),
    () => true,
  )
  if (online) return null
  return (
    <Banner role="status">
      Vous êtes hors ligne : les informations affichées peuvent ne pas être à jour.
    </Banner>
  )
}
