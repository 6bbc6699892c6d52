import { PartnerDetails, type PartnerDetailsProps } from './PartnerDetails.tsx'
import { useOfferUse } from './useOfferUse.ts'

/**
 * The partner's details whose coupons the signed-in user can use (the partner page and the map's sheet):
 * PartnerDetails composed with the offer-use mutation.
 */
export function UsablePartnerDetails({
  clickableCoupons = true,
  ...props
}: Omit<PartnerDetailsProps, 'onUseOffer'>) {
  const offerUse = useOfferUse(props.partner.partnerId.id)
  return (
    <PartnerDetails
      {...props}
      clickableCoupons={clickableCoupons && offerUse.canUse}
      onUseOffer={(offer) => void offerUse.use(offer)}
    />
  )
}
