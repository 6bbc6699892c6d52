import { SkeletonRows } from '@/src/design-system/components/SkeletonRows/index.ts'
import { PAGE_TITLES } from '@/src/pageTitle/index.ts'
import { AccountPage } from '../account/AccountPage.tsx'

/** The rows UsedOffersScreen shows while the used coupons load. */
export function UsedOffersLoadingRows() {
  return <SkeletonRows rows={4} lines={3} label="Chargement des coupons utilisés" />
}

/**
 * /mes-coupons before its screen's code has loaded (the route's fallback, prerendered into the page's HTML):
 * the screen's own loading state, so its bar and title paint at once and nothing moves when the screen takes over.
 */
export function UsedOffersSkeleton() {
  return (
    <AccountPage title={PAGE_TITLES.usedOffers} busy>
      <UsedOffersLoadingRows />
    </AccountPage>
  )
}
