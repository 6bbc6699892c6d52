import styled from 'styled-components'
import type { ReactNode } from 'react'
import { SkeletonRows } from '@/src/design-system/components/SkeletonRows/index.ts'
import { CHIPS_ROW_HEIGHT, ChipsPlaceholder } from '@/src/screens/public/home/ChipsPlaceholder.tsx'
import { HomeRowsPlaceholder } from '@/src/screens/public/home/HomeRowsPlaceholder.tsx'
import { theme } from '@/src/design-system/theme/index.ts'

/*
 * What a public screen shows while its code loads: the build renders these into each signed-in route's HTML
 * (app/prerender), and react-router shows the same element (the route's HydrateFallback) while it hydrates
 * that HTML and fetches the screen's chunk. They depend on nothing the browser knows (session, location),
 * so the server's HTML and the first client render agree.
 */

const Main = styled.main`
  min-height: calc(100dvh - var(--bottom-nav-height, 0px));
  background: ${theme.colors.surface};
`

const Padded = styled.div`
  padding: 8px 16px;
`

const HomeStage = styled.div`
  height: calc(100dvh - var(--bottom-nav-height, 0px) - ${CHIPS_ROW_HEIGHT}px);
  min-height: 320px;
  background: ${theme.colors.skeleton};
`

/** Find's search field and pickers, as a block of the header's height. */
const SearchHeader = styled.div`
  height: 104px;
  box-shadow: ${theme.shadows[1]};
`

const MapCanvas = styled.div`
  height: calc(100dvh - var(--bottom-nav-height, 0px));
  background: ${theme.colors.skeleton};
`

const PhotoBlock = styled.div`
  aspect-ratio: 16 / 9;
  background: ${theme.colors.skeleton};
`

function Busy({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Main aria-busy="true" aria-label={label}>
      {children}
    </Main>
  )
}

export function HomeSkeleton() {
  return (
    <Busy label="Chargement de l’accueil">
      <ChipsPlaceholder />
      <HomeStage aria-hidden />
      <HomeRowsPlaceholder />
    </Busy>
  )
}

export function FindSkeleton() {
  return (
    <Busy label="Chargement de la recherche">
      <SearchHeader aria-hidden />
      <Padded>
        <SkeletonRows rows={6} lines={3} withMedia rowHeight={96} label="Chargement des partenaires" />
      </Padded>
    </Busy>
  )
}

export function PartnerSkeleton() {
  return (
    <Busy label="Chargement du partenaire">
      <PhotoBlock aria-hidden />
      <Padded>
        <SkeletonRows rows={4} lines={2} label="Chargement du partenaire" />
      </Padded>
    </Busy>
  )
}

export function MapSkeleton() {
  return (
    <Busy label="Chargement de la carte">
      <MapCanvas aria-hidden />
    </Busy>
  )
}

export function MenuSkeleton() {
  return (
    <Busy label="Chargement du menu">
      <Padded>
        <SkeletonRows rows={6} lines={1} label="Chargement du menu" />
      </Padded>
    </Busy>
  )
}
