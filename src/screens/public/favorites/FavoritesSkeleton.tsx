import { SkeletonRows } from '@/src/design-system/components/SkeletonRows/index.ts'
import { PAGE_TITLES } from '@/src/pageTitle/index.ts'
import { AccountPage } from '../account/AccountPage.tsx'

/** The rows FavoritesScreen shows while the favourites load. */
export function FavoritesLoadingRows() {
  return <SkeletonRows rows={4} lines={3} withMedia rowHeight={96} label="Chargement des favoris" />
}

/**
 * /favoris before its screen's code has loaded (the route's fallback, prerendered into the page's HTML): the
 * screen's own loading state, so its bar and title paint at once and nothing moves when the screen takes over.
 */
export function FavoritesSkeleton() {
  return (
    <AccountPage title={PAGE_TITLES.favorites} busy>
      <FavoritesLoadingRows />
    </AccountPage>
  )
}
