import { Outlet } from 'react-router'
import styled from 'styled-components'
import {
  BottomNavigation,
  BOTTOM_NAV_HEIGHT,
  LAPTOP_CONTENT_WIDTH,
  type BottomNavItem,
} from '@/src/design-system/components/BottomNavigation/index.ts'
import { mdiHome, mdiMagnify, mdiMap, mdiMenu } from '@/src/design-system/icons/index.ts'
import { UserLocationProvider } from '@/src/location/index.ts'
import { MapsProvider, type MapsService } from '@/src/maps/index.ts'
import { useOfflineWalletFilling } from '@/src/api/offlineWallet/fillOfflineWallet.ts'
import { useSession } from '@/src/session/index.ts'
import { OfflineBanner } from './OfflineBanner.tsx'
import { theme } from '@/src/design-system/theme/index.ts'

/** Spec: Accueil, Rechercher, Carte and the menu button. */
export const bottomNavItems: BottomNavItem[] = [
  { to: '/', label: 'Accueil', icon: mdiHome, end: true },
  { to: '/rechercher', label: 'Rechercher', icon: mdiMagnify },
  { to: '/map', label: 'Carte', icon: mdiMap },
  { to: '/menu', label: 'Menu', icon: mdiMenu },
]

const Shell = styled.div`
  --bottom-nav-height: ${BOTTOM_NAV_HEIGHT}px;
  min-height: 100dvh;
  padding-bottom: calc(var(--bottom-nav-height) + env(safe-area-inset-bottom));
  background: ${theme.colors.background};
  /* Laptops: the tab bar is on top (in the flow) and the pages keep to a centred column, not a stretched phone. */
  ${theme.media.lg} {
    display: flex;
    flex-direction: column;
    padding-bottom: 0;
  }
`

const Content = styled.div`
  ${theme.media.lg} {
    flex: 1;
    width: 100%;
    max-width: ${LAPTOP_CONTENT_WIDTH}px;
    margin: 0 auto;
    box-shadow: ${theme.shadows[1]};
  }
`

export interface PublicLayoutProps {
  /** A maps service to use instead of Google's (stories, tests). */
  mapsService?: MapsService
}

/**
 * The end-user area: each page above the bottom navigation, with the maps service (loaded only when a page
 * asks for it) and the user's location (asked only by the pages that use it).
 */
export function PublicLayout({ mapsService }: PublicLayoutProps) {
  const { user } = useSession()
  useOfflineWalletFilling(user?.userId.id ?? null)
  return (
    <MapsProvider service={mapsService}>
      <UserLocationProvider>
        <Shell>
          <OfflineBanner />
          <Content>
            <Outlet />
          </Content>
          <BottomNavigation items={bottomNavItems} />
        </Shell>
      </UserLocationProvider>
    </MapsProvider>
  )
}

export default PublicLayout
