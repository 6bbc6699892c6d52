import { useEffect, useMemo, useRef, useState } from 'react'
import styled from 'styled-components'
import type { Category, Partner, PartnerSearchResult } from '@/contract/schemas.ts'
import { usePartnerDiscountsForUser } from '@/src/api/partners/getPartnerDiscountsForUser.ts'
import { useCategories } from '@/src/api/partners/getCategories.ts'
import { usePartnersInArea } from '@/src/api/partners/searchPartners.ts'
import { BottomSheet } from '@/src/design-system/components/BottomSheet/index.ts'
import { Button } from '@/src/design-system/components/Button/index.ts'
import { CategoryIcon } from '@/src/design-system/components/CategoryIcon/index.ts'
import { Chip } from '@/src/design-system/components/Chip/index.ts'
import { LoadingBar } from '@/src/design-system/components/LoadingBar/index.ts'
import { Icon, mdiRefresh } from '@/src/design-system/icons/index.ts'
import {
  MAP_DEFAULTS,
  boundsToQuery,
  type Bounds,
  type CityPlace,
  type MapsService,
  type MapView,
} from '@/src/maps/index.ts'
import { useSession } from '@/src/session/index.ts'
import { UsablePartnerDetails } from '../partner/UsablePartnerDetails.tsx'
import { CitySearch } from './CitySearch.tsx'
import { REFRESH_LABEL } from './messages.ts'
import { theme } from '@/src/design-system/theme/index.ts'

/*
 * The map itself, its filters and the marker's sheet (the partner's details, radix Dialog): a module of its own,
 * loaded by MapScreen once the Maps library is on its way. A server without a key never loads it.
 */

const Canvas = styled.div`
  position: absolute;
  inset: 0;
`

const Top = styled.div`
  position: absolute;
  top: 0;
  left: 0;
  right: 0;
  z-index: 2;
  display: flex;
  flex-direction: column;
  gap: 8px;
  padding: 12px 12px 0;
  pointer-events: none;
  & > * {
    pointer-events: auto;
  }
`

const Chips = styled.ul`
  display: flex;
  gap: 8px;
  margin: 0;
  padding: 0 0 4px;
  overflow-x: auto;
  list-style: none;
  scrollbar-width: none;
  & > li {
    flex: none;
  }
  & button {
    box-shadow: ${theme.shadows[1]};
  }
`

const Refresh = styled.div`
  align-self: center;
  & > button {
    box-shadow: ${theme.shadows[2]};
  }
`

export function PartnersMap({ service }: { service: MapsService }) {
  const { user } = useSession()
  const categories = useCategories()
  const canvasRef = useRef<HTMLDivElement>(null)
  const [view, setView] = useState<MapView | null>(null)
  const [searchBounds, setSearchBounds] = useState<Bounds | null>(null)
  const [refreshNeeded, setRefreshNeeded] = useState(false)
  const [categoryId, setCategoryId] = useState<number | null>(null)
  const [selected, setSelected] = useState<PartnerSearchResult | null>(null)
  const latestBounds = useRef<Bounds | null>(null)
  // Spec section 4: picking a city moves the map but does not ask for a refresh (once).
  const suppressNextRefresh = useRef(false)

  useEffect(() => {
    const element = canvasRef.current
    if (!element) return
    const created = service.createMap(element, MAP_DEFAULTS)
    let searched = false
    const unsubscribe = created.onBoundsChanged((bounds) => {
      latestBounds.current = bounds
      if (!searched || suppressNextRefresh.current) {
        searched = true
        suppressNextRefresh.current = false
        setSearchBounds(bounds)
        setRefreshNeeded(false)
      } else {
        setRefreshNeeded(true)
      }
    })
    setView(created)
    return () => {
      unsubscribe()
      created.destroy()
      setView(null)
    }
  }, [service])

  const criteria = useMemo(
    () =>
      searchBounds
        ? {
            bounds: boundsToQuery(searchBounds),
            categoryId: categoryId ?? undefined,
            userId: user?.userId.id,
          }
        : null,
    [searchBounds, categoryId, user],
  )
  const { data: partners, isValidating } = usePartnersInArea(criteria)

  useEffect(() => {
    view?.setMarkers(
      (partners ?? []).map((partner) => ({
        id: partner.partnerId.id,
        title: partner.name,
        position: partner.location.position,
        data: partner,
      })),
      (marker) => setSelected(marker.data),
    )
  }, [view, partners])

  const onCityPick = (city: CityPlace) => {
    if (!view) return
    suppressNextRefresh.current = true
    view.setCenter(city.position)
    view.setZoom(MAP_DEFAULTS.zoom)
  }

  const refresh = () => {
    if (latestBounds.current) setSearchBounds(latestBounds.current)
    setRefreshNeeded(false)
  }

  return (
    <>
      <Canvas ref={canvasRef} />
      <Top>
        <CitySearch service={service} onPick={onCityPick} />
        {categories.data && categories.data.length > 0 ? (
          <Chips aria-label="Catégories">
            {categories.data.map((category) => (
              <li key={category.id}>
                <Chip
                  label={category.label}
                  icon={<CategoryIcon path={category.iconPath} size={18} />}
                  selected={categoryId === category.id}
                  variant="filled"
                  onClick={() => setCategoryId((current) => (current === category.id ? null : category.id))}
                />
              </li>
            ))}
          </Chips>
        ) : null}
        <LoadingBar active={isValidating} label="Chargement des partenaires" />
        {refreshNeeded ? (
          <Refresh>
            <Button size="small" startIcon={<Icon path={mdiRefresh} size={18} />} onClick={refresh}>
              {REFRESH_LABEL}
            </Button>
          </Refresh>
        ) : null}
      </Top>
      <PartnerSheet partner={selected} onClose={() => setSelected(null)} />
    </>
  )
}

/**
 * A search result drawn as a partner's details: the search sends no icon paths (CategoryRef), so each
 * category's comes from the categories list the chips already loaded (the shape icon until it has).
 */
function withIconPaths(partner: PartnerSearchResult, categories: Category[] | undefined): Partner {
  const pathOf = new Map(categories?.map((c) => [c.id, c.iconPath]))
  return {
    ...partner,
    categories: partner.categories.map((c) => ({ ...c, iconPath: pathOf.get(c.id) ?? null })),
  }
}

/** The bottom sheet (at most half the screen): the partner as this user sees it, coupons included. */
function PartnerSheet({ partner, onClose }: { partner: PartnerSearchResult | null; onClose: () => void }) {
  const { user } = useSession()
  const { data: categories } = useCategories()
  const { data: details } = usePartnerDiscountsForUser(partner?.partnerId.id ?? null, user?.userId.id ?? null)
  const fromSearch = useMemo(
    () => (partner ? withIconPaths(partner, categories) : null),
    [partner, categories],
  )
  const shown = details && partner && details.partnerId.id === partner.partnerId.id ? details : fromSearch
  return (
    <BottomSheet
      open={partner !== null}
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
      title={partner?.name ?? ''}
      hideTitle
      flush
    >
      {shown ? (
        <UsablePartnerDetails
          key={shown.partnerId.id}
          partner={shown}
          headingLevel="h3"
          clickableCoupons={shown === details}
          carouselInterval={0}
        />
      ) : null}
    </BottomSheet>
  )
}
