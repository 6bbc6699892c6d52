import { Link } from 'react-router'
import styled from 'styled-components'
import { useNearestPartners } from '@/src/api/partners/searchPartners.ts'
import { Button } from '@/src/design-system/components/Button/index.ts'
import { EmptyState } from '@/src/design-system/components/EmptyState/index.ts'
import { Icon, mdiMagnify, mdiMapMarkerOff } from '@/src/design-system/icons/index.ts'
import { useUserLocation } from '@/src/location/index.ts'
import { useSession } from '@/src/session/index.ts'
import { PartnerRow, PartnerRowsSkeleton } from '../find/PartnerRow.tsx'
import { SearchFailure } from '../find/SearchFailure.tsx'
import { useUsedOfferIds } from '../find/useUsedOfferIds.ts'
import { theme } from '@/src/design-system/theme/index.ts'

/** How many of the nearest partners the list shows; Rechercher has the rest. */
export const NEAREST_COUNT = 20
export const NEAREST_TITLE = 'Les partenaires les plus proches'
export const NO_POSITION_MESSAGE =
  'Autorisez la localisation dans votre navigateur pour voir les partenaires les plus proches de vous.'
export const NO_NEARBY_MESSAGE = 'Aucun partenaire à proximité pour le moment.'
export const NEARBY_ERROR_MESSAGE = 'Oups... Nous ne parvenons pas à récupérer les partenaires proches'
export const SEARCH_LINK_LABEL = 'Rechercher un partenaire'

const Section = styled.section`
  display: flex;
  flex-direction: column;
  background: ${theme.colors.surface};
`

const Heading = styled.h2`
  margin: 0;
  padding: 16px 16px 8px;
  font-size: ${theme.fontSizes.lg};
`

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`

const Message = styled.p`
  margin: 0;
  padding: 8px 16px 16px;
  color: ${theme.colors.text};
`

const SearchLink = styled.div`
  display: flex;
  justify-content: center;
  padding: 16px;
`

/**
 * The map's stand-in when it cannot show (no key, failed load): the partners nearest to the user, nearest
 * first (the search with the user's position), and a way to Rechercher.
 */
export function NearbyPartners() {
  const { user } = useSession()
  const { position, locating } = useUserLocation()
  const nearest = useNearestPartners(
    position ? `${position.lat},${position.lng}` : null,
    user?.userId.id,
    NEAREST_COUNT,
  )
  const usedOfferIds = useUsedOfferIds()

  const loading = locating || Boolean(position && nearest.isLoading)
  let content
  if (loading) {
    content = <PartnerRowsSkeleton rows={4} label="Recherche des partenaires proches" />
  } else if (!position) {
    content = <EmptyState icon={mdiMapMarkerOff} message={NO_POSITION_MESSAGE} />
  } else if (nearest.error && !nearest.data) {
    content = (
      <SearchFailure
        error={nearest.error as Error}
        message={NEARBY_ERROR_MESSAGE}
        onRetry={() => void nearest.mutate()}
        retrying={nearest.isValidating}
      />
    )
  } else if (!nearest.data || nearest.data.length === 0) {
    content = <Message>{NO_NEARBY_MESSAGE}</Message>
  } else {
    content = (
      <List>
        {nearest.data.map((partner) => (
          <li key={partner.partnerId.id}>
            <PartnerRow partner={partner} usedOfferIds={usedOfferIds} />
          </li>
        ))}
      </List>
    )
  }

  return (
    <Section aria-labelledby="nearest-partners-title">
      <Heading id="nearest-partners-title">{NEAREST_TITLE}</Heading>
      {content}
      {/* Shown with the answer, not under the skeleton: the skeleton's height is not the answer's, and the
          link moving up or down when the answer came was the map page's layout shift (CLS 0.051). */}
      {loading ? null : (
        <SearchLink>
          <Button asChild variant="outlined" startIcon={<Icon path={mdiMagnify} size={20} />}>
            <Link to="/rechercher">{SEARCH_LINK_LABEL}</Link>
          </Button>
        </SearchLink>
      )}
    </Section>
  )
}
