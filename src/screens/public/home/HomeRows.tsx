import { useEffect, useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import styled from 'styled-components'
import type { HomeRows as HomeRowsData } from '@/contract/offerUses.ts'
import { useMyHome, type Position } from '@/src/api/offerUses/getMyHome.ts'
import { Button } from '@/src/design-system/components/Button/index.ts'
import { unstyledList } from '@/src/design-system/theme/mixins.ts'
import { useSession } from '@/src/session/index.ts'
import { formatDistance } from '../formatDistance.ts'
import { findFilterPath, FIND_FILTERS } from '../find/findFilters.ts'
import { expiryDay } from '../partner/expiryDay.ts'
import { HomeRowsPlaceholder } from './HomeRowsPlaceholder.tsx'
import { theme } from '@/src/design-system/theme/index.ts'

export const NEAR_TITLE = 'Près de vous'
export const EXPIRING_TITLE = FIND_FILTERS['expire-bientot'].label
export const FAVORITES_TITLE = 'Vos favoris'
export const NEWS_TITLE = FIND_FILTERS.nouveautes.label
export const SEE_ALL_LABEL = 'Tout voir'
export const ENABLE_LOCATION_LABEL = 'Activer la localisation'
export const LOCATION_REFUSED_MESSAGE =
  'La localisation est refusée pour ce site : autorisez-la dans les réglages de votre navigateur, puis réessayez.'
export const LOCATION_UNAVAILABLE_MESSAGE =
  'Votre position n’a pas pu être trouvée. Vérifiez que la localisation de l’appareil est activée, puis réessayez.'
export const NEW_OFFER_MARK = 'Nouvelle offre'

/** When the person last saw Home: a favourite with an offer newer than this is marked. */
export const LAST_VISIT_KEY = 'home-last-visit'

/** The previous visit's time (read once per mount), and this visit written for the next one. */
function useLastVisit(): number | null {
  const [previous] = useState(() => {
    const stored = Number(localStorage.getItem(LAST_VISIT_KEY))
    return Number.isFinite(stored) && stored > 0 ? stored : null
  })
  useEffect(() => {
    localStorage.setItem(LAST_VISIT_KEY, String(Date.now()))
  }, [])
  return previous
}

type LocationState = 'idle' | 'asking' | 'refused' | 'unavailable'

/**
 * The person's position for 'Près de vous': asked only when they press 'Activer la localisation', or at once
 * when the browser says it is granted already (no prompt then).
 */
function usePosition() {
  const [position, setPosition] = useState<Position | null>(null)
  const [state, setState] = useState<LocationState>('idle')
  const ask = () => {
    if (!('geolocation' in navigator)) {
      setState('unavailable')
      return
    }
    setState('asking')
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setPosition({ lat: coords.latitude, lng: coords.longitude })
        setState('idle')
      },
      (error) => setState(error.code === error.PERMISSION_DENIED ? 'refused' : 'unavailable'),
      { maximumAge: 10 * 60 * 1000, timeout: 15_000 },
    )
  }
  useEffect(() => {
    let active = true
    navigator.permissions
      ?.query({ name: 'geolocation' })
      .then((status) => {
        if (active && status.state === 'granted') ask()
      })
      .catch(() => {})
    return () => {
      active = false
    }
  }, [])
  return { position, state, ask }
}

const Section = styled.section`
  padding: 16px 0 4px;
`

const Header = styled.div`
  display: flex;
  align-items: baseline;
  justify-content: space-between;
  gap: 8px;
  padding: 0 16px 8px;
  & > h2 {
    margin: 0;
    font-size: ${theme.fontSizes.lg};
  }
  & > a {
    font-size: ${theme.fontSizes.sm};
    font-weight: ${theme.fontWeights.medium};
    color: ${theme.colors.primary};
  }
`

const Tiles = styled.ul`
  ${unstyledList}
  display: flex;
  gap: 12px;
  padding: 0 16px 12px;
  overflow-x: auto;
  scrollbar-width: none;
  & > li {
    flex: none;
    width: 168px;
  }
`

const Tile = styled(Link)`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: 4px;
  height: 100%;
  min-height: 88px;
  box-sizing: border-box;
  padding: 12px;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};
  color: ${theme.colors.text};
  text-decoration: none;
  & > strong {
    overflow-wrap: anywhere;
  }
  & > span {
    font-size: ${theme.fontSizes.sm};
    color: ${theme.colors.textMuted};
    overflow-wrap: anywhere;
  }
`

const Mark = styled.span`
  align-self: flex-start;
  padding: 2px 8px;
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.warningBg};
  color: ${theme.colors.warningText} !important;
  font-weight: ${theme.fontWeights.bold};
  font-size: ${theme.fontSizes.xs} !important;
`

const Prompt = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: 8px;
  padding: 0 16px 12px;
  & > p {
    margin: 0;
    font-size: ${theme.fontSizes.sm};
    color: ${theme.colors.textMuted};
  }
`

function Row({
  id,
  title,
  seeAll,
  children,
}: {
  id: string
  title: string
  seeAll: string
  children: ReactNode
}) {
  return (
    <Section aria-labelledby={id} data-testid="home-row">
      <Header>
        <h2 id={id}>{title}</h2>
        <Link to={seeAll} aria-label={`${SEE_ALL_LABEL} : ${title}`}>
          {SEE_ALL_LABEL}
        </Link>
      </Header>
      {children}
    </Section>
  )
}

export interface HomeRowsViewProps {
  /** Les rangées ; `undefined` pendant le chargement (rangées grises). */
  data: HomeRowsData | undefined
  /** La position est connue : la rangée « Près de vous » montre les partenaires, sinon le bouton. */
  located: boolean
  /** Où en est la demande de position. */
  locationState: LocationState
  /** Le bouton « Activer la localisation ». */
  onEnableLocation: () => void
  /** La dernière visite de l’accueil (ms), pour marquer les favoris qui ont une offre plus récente. */
  lastVisit: number | null
}

/** The four rows, props in (the stories render it with each state); a row with nothing to show is left out. */
export function HomeRowsView({
  data,
  located,
  locationState,
  onEnableLocation,
  lastVisit,
}: HomeRowsViewProps) {
  if (!data) return <HomeRowsPlaceholder />
  // 'Près de vous' opens Find as it is: nearest first from the person's position once known (its own sort).
  const isNew = (at: string | null) => at !== null && lastVisit !== null && Date.parse(at) > lastVisit
  return (
    <div data-testid="home-rows">
      {located && data.near.length > 0 ? (
        <Row id="home-near" title={NEAR_TITLE} seeAll="/rechercher">
          <Tiles>
            {data.near.map((p) => (
              <li key={p.partnerId.id}>
                <Tile to={`/partenaire/${p.partnerId.id}`}>
                  <strong>{p.name}</strong>
                  <span>
                    {p.city} · {formatDistance(p.distance)}
                  </span>
                </Tile>
              </li>
            ))}
          </Tiles>
        </Row>
      ) : !located ? (
        <Row id="home-near" title={NEAR_TITLE} seeAll="/rechercher">
          <Prompt>
            <p>Activez la localisation pour voir les partenaires les plus proches de vous.</p>
            <Button
              size="small"
              variant="outlined"
              loading={locationState === 'asking'}
              onClick={onEnableLocation}
            >
              {ENABLE_LOCATION_LABEL}
            </Button>
            {locationState === 'refused' || locationState === 'unavailable' ? (
              <p role="alert">
                {locationState === 'refused' ? LOCATION_REFUSED_MESSAGE : LOCATION_UNAVAILABLE_MESSAGE}
              </p>
            ) : null}
          </Prompt>
        </Row>
      ) : null}
      {data.expiring.length > 0 ? (
        <Row id="home-expiring" title={EXPIRING_TITLE} seeAll={findFilterPath('expire-bientot')}>
          <Tiles>
            {data.expiring.map((o) => (
              <li key={o.offerId.id}>
                <Tile to={`/partenaire/${o.partnerId.id}`}>
                  <strong>{o.libelle}</strong>
                  <span>{o.partnerName}</span>
                  <span>{`Valable jusqu'au ${expiryDay(o.expirationDate)}`}</span>
                </Tile>
              </li>
            ))}
          </Tiles>
        </Row>
      ) : null}
      {data.favorites.length > 0 ? (
        <Row id="home-favorites" title={FAVORITES_TITLE} seeAll="/favoris">
          <Tiles>
            {data.favorites.map((f) => (
              <li key={f.partnerId.id}>
                <Tile to={`/partenaire/${f.partnerId.id}`}>
                  {isNew(f.latestOfferAt) ? <Mark>{NEW_OFFER_MARK}</Mark> : null}
                  <strong>{f.name}</strong>
                  <span>{f.city}</span>
                </Tile>
              </li>
            ))}
          </Tiles>
        </Row>
      ) : null}
      {data.news.length > 0 ? (
        <Row id="home-news" title={NEWS_TITLE} seeAll={findFilterPath('nouveautes')}>
          <Tiles>
            {data.news.map((n) => (
              <li key={`${n.kind}-${n.partnerId.id}-${n.createdAt}`}>
                <Tile to={`/partenaire/${n.partnerId.id}`}>
                  <span>{n.kind === 'partner' ? 'Nouveau partenaire' : 'Nouvelle offre'}</span>
                  <strong>{n.libelle ?? n.partnerName}</strong>
                  {n.libelle ? <span>{n.partnerName}</span> : null}
                </Tile>
              </li>
            ))}
          </Tiles>
        </Row>
      ) : null}
    </div>
  )
}

/**
 * Home for this person (issue 41), under the carousel: 'Près de vous', 'Expire bientôt', 'Vos favoris' and
 * 'Nouveautés' from one call (GET /api/users/me/home), in a chunk of its own loaded once the carousel has its
 * data, so Home's first load is what it was. A failed call leaves the rows out: Home works without them.
 */
export function HomeRows() {
  const { user } = useSession()
  const { position, state, ask } = usePosition()
  const lastVisit = useLastVisit()
  const { data, error } = useMyHome(user?.userId.id ?? null, position)
  if (error || !user) return null
  return (
    <HomeRowsView
      data={data}
      located={position !== null}
      locationState={state}
      onEnableLocation={ask}
      lastVisit={lastVisit}
    />
  )
}

export default HomeRows
