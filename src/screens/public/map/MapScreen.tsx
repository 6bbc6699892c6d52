import { lazy, Suspense, useEffect, useLayoutEffect } from 'react'
import styled from 'styled-components'
import { Spinner } from '@/src/design-system/components/Spinner/index.ts'
import { Icon, mdiMap } from '@/src/design-system/icons/index.ts'
import { VisuallyHidden } from '@/src/design-system/components/VisuallyHidden/index.ts'
import { useMaps, useMapsLoader } from '@/src/maps/index.ts'
import { NearbyPartners } from './NearbyPartners.tsx'
import { PAGE_TITLES, usePageTitle } from '@/src/pageTitle/index.ts'
import { releasePageMessage } from '@/src/prerender/pageMessage.ts'

import { LOAD_ERROR_MESSAGE, NO_KEY_MESSAGE } from './messages.ts'
import { theme } from '@/src/design-system/theme/index.ts'

export { LOAD_ERROR_MESSAGE, NO_KEY_MESSAGE, REFRESH_LABEL } from './messages.ts'

// The map, its filters and the marker's sheet (radix Dialog, the partner's details): only when there is a map.
// Without a key (or when the library fails) the page evaluates none of it at start-up.
const loadPartnersMap = () => import('./PartnersMap.tsx')
const PartnersMap = lazy(() => loadPartnersMap().then((module) => ({ default: module.PartnersMap })))

const Main = styled.main`
  position: relative;
  height: calc(100dvh - var(--bottom-nav-height, 0px));
  overflow: hidden;
  background: ${theme.colors.surfaceMuted};
`

/** Without a map the page scrolls like the others: a message, then the nearest partners. */
const Fallback = styled.div`
  height: 100%;
  overflow-y: auto;
  background: ${theme.colors.surface};
`

const FallbackMessage = styled.div`
  display: flex;
  align-items: flex-start;
  gap: 12px;
  padding: 16px;
  background: ${theme.colors.infoBg};
  color: ${theme.colors.text};
  & > svg {
    flex: none;
    color: ${theme.colors.info};
  }
  & > p {
    margin: 0;
  }
`

const Notice = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 12px;
  height: 100%;
  padding: 24px;
  text-align: center;
  color: ${theme.colors.textMuted};
  & > p {
    margin: 0;
    max-width: 320px;
    color: ${theme.colors.text};
  }
`

/** /map: the partners on a full-screen map, filtered by area and category; a marker opens the details. */
export function MapScreen() {
  usePageTitle(PAGE_TITLES.map)
  const maps = useMaps()
  // The HTML's no-key message (server without a key) covers the skeleton until the screen knows what to show.
  const known = maps.status !== 'loading'
  useLayoutEffect(() => {
    if (known) releasePageMessage()
  }, [known])
  // With a key, the map's code loads while the library does; 'loading' alone also covers the wait for the
  // configuration, which may say there is no key.
  const { hasKey } = useMapsLoader()
  useEffect(() => {
    if (hasKey) void loadPartnersMap()
  }, [hasKey])
  const loading = maps.status === 'loading'
  const spinner = (
    <Notice role="status">
      <Spinner size={32} label="Chargement de la carte" />
    </Notice>
  )
  return (
    <Main>
      <VisuallyHidden as="h1">Carte des partenaires</VisuallyHidden>
      {maps.status === 'ready' ? (
        <Suspense fallback={spinner}>
          <PartnersMap service={maps.service} />
        </Suspense>
      ) : loading ? (
        spinner
      ) : (
        <Fallback>
          {/* A failed load is news to the user; a missing key is simply how this site is set up. */}
          <FallbackMessage role={maps.status === 'error' ? 'alert' : undefined}>
            <Icon path={mdiMap} size={24} />
            <p>{maps.status === 'no-key' ? NO_KEY_MESSAGE : LOAD_ERROR_MESSAGE}</p>
          </FallbackMessage>
          <NearbyPartners />
        </Fallback>
      )}
    </Main>
  )
}

export default MapScreen
