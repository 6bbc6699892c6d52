import { Link } from 'react-router'
import type { PartnerSearchResult } from '@/contract/schemas.ts'
import { useFavorites } from '@/src/api/favorites/getFavorites.ts'
import { Button } from '@/src/design-system/components/Button/index.ts'
import { EmptyState, ErrorState } from '@/src/design-system/components/EmptyState/index.ts'
import { mdiHeartOutline } from '@/src/design-system/icons/index.ts'
import { distanceKm, useUserLocation } from '@/src/location/index.ts'
import { PAGE_TITLES, usePageTitle } from '@/src/pageTitle/index.ts'
import { useSession } from '@/src/session/index.ts'
import { AccountPage } from '../account/AccountPage.tsx'
import { PartnerRow } from '../find/PartnerRow.tsx'
import { FavoriteButton } from './FavoriteButton.tsx'
import { FavoritesLoadingRows } from './FavoritesSkeleton.tsx'

export const FAVORITES_TITLE = PAGE_TITLES.favorites
export const NO_FAVORITES_MESSAGE = 'Aucun favori pour le moment'
export const FAVORITES_ERROR_MESSAGE = 'Oups... Nous ne parvenons pas à récupérer vos favoris'

const favoriteButtonFor = (partner: PartnerSearchResult) => <FavoriteButton partner={partner} />

/** /favoris: the user's favourite partners as Find shows partners, newest first; each heart takes one out. */
export function FavoritesScreen() {
  usePageTitle(FAVORITES_TITLE)
  const { user } = useSession()
  const { position } = useUserLocation()
  const { data, error, isValidating, mutate } = useFavorites(user?.userId.id ?? null, {
    shownByCaller: true,
  })

  let content
  if (data) {
    content =
      data.length === 0 ? (
        <EmptyState
          message={NO_FAVORITES_MESSAGE}
          icon={mdiHeartOutline}
          action={
            <Button asChild variant="outlined">
              <Link to="/rechercher">Rechercher un partenaire</Link>
            </Button>
          }
        />
      ) : (
        <ul aria-label={FAVORITES_TITLE} style={{ margin: 0, padding: 0, listStyle: 'none' }}>
          {data.map((partner) => (
            <li key={partner.partnerId.id}>
              <PartnerRow
                // The server does not know where the user is: the distance is the app's, as on the partner page.
                partner={
                  position
                    ? { ...partner, distanceToUser: distanceKm(position, partner.location.position) }
                    : partner
                }
                actionFor={favoriteButtonFor}
              />
            </li>
          ))}
        </ul>
      )
  } else if (error) {
    content = (
      <ErrorState message={FAVORITES_ERROR_MESSAGE} onRetry={() => void mutate()} retrying={isValidating} />
    )
  } else {
    content = <FavoritesLoadingRows />
  }
  return (
    <AccountPage title={FAVORITES_TITLE} busy={!data && !error}>
      {content}
    </AccountPage>
  )
}

export default FavoritesScreen
