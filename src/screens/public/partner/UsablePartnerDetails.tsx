import { lazy, Suspense } from 'react'
import { FavoriteButton } from '../favorites/FavoriteButton.tsx'
import { PartnerDetails, type PartnerDetailsProps } from './PartnerDetails.tsx'
import { SharePartnerButton } from './SharePartnerButton.tsx'
import { useOfferUse } from './useOfferUse.ts'

// Its own chunk (with date-fns' French words), fetched by the first use only: the partner page's first load
// stays what it was.
const UseProof = lazy(() => import('../proof/UseProof.tsx').then((module) => ({ default: module.UseProof })))

/**
 * The partner's details whose coupons the signed-in user can use (the partner page and the map's sheet):
 * PartnerDetails composed with the offer-use mutation and its proof, the user's favourite heart and 'Partager'.
 */
export function UsablePartnerDetails({
  clickableCoupons = true,
  ...props
}: Omit<PartnerDetailsProps, 'onUseOffer' | 'titleAction' | 'actions'>) {
  const offerUse = useOfferUse(props.partner.partnerId.id, props.partner.name)
  return (
    <>
      <PartnerDetails
        {...props}
        clickableCoupons={clickableCoupons && offerUse.canUse}
        onUseOffer={(offer) => void offerUse.use(offer)}
        titleAction={<FavoriteButton partner={props.partner} />}
        actions={<SharePartnerButton partner={props.partner} />}
      />
      {offerUse.proofLoaded ? (
        <Suspense fallback={null}>
          <UseProof proof={offerUse.proof} onClose={offerUse.closeProof} />
        </Suspense>
      ) : null}
    </>
  )
}
