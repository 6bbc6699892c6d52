import { useEffect } from 'react'
import { useNavigate, useParams } from 'react-router'
import styled from 'styled-components'
import { usePartnerDiscountsForUser } from '../../../api/partners/getPartnerDiscountsForUser.ts'
import { IconButton } from '../../../design-system/components/IconButton/index.ts'
import { SkeletonRows } from '../../../design-system/components/SkeletonRows/index.ts'
import { mdiArrowLeft } from '../../../design-system/icons/index.ts'
import { useSession } from '../../../session/index.ts'
import { DETAILS_CAROUSEL_HEIGHT, PartnerDetails } from './PartnerDetails.tsx'
import { usePageTitle } from '../../../pageTitle/index.ts'

const Main = styled.main`
  position: relative;
  min-height: 100%;
  background: ${({ theme }) => theme.colors.surface};
`

const Back = styled.div`
  position: absolute;
  top: 8px;
  left: 8px;
  z-index: 2;
  border-radius: ${({ theme }) => theme.radii.round};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows[2]};
`

const PhotoPlaceholder = styled.div`
  height: ${DETAILS_CAROUSEL_HEIGHT}px;
  background: ${({ theme }) => theme.colors.skeleton};
`

export interface PartnerDetailsScreenProps {
  /** Carousel auto-cycle delay (stories turn it off). */
  carouselInterval?: number
}

/**
 * /partenaire/:id — the partner as the signed-in user sees it (GET discounts-user, so used coupons stay used
 * after a reload). A failed load goes back one page (spec section 8).
 */
export function PartnerDetailsScreen({ carouselInterval }: PartnerDetailsScreenProps) {
  const { id } = useParams()
  const navigate = useNavigate()
  const { user } = useSession()
  const { data: partner, error, mutate } = usePartnerDiscountsForUser(id ?? null, user?.userId.id ?? null)
  usePageTitle(partner?.name ?? null)

  useEffect(() => {
    if (error) navigate(-1)
  }, [error, navigate])

  return (
    <Main aria-busy={!partner}>
      <Back>
        <IconButton label="Retour" icon={mdiArrowLeft} tooltip={false} onClick={() => navigate(-1)} />
      </Back>
      {partner ? (
        <PartnerDetails
          partner={partner}
          carouselInterval={carouselInterval}
          // The cache learns the use too, so coming back to this page shows the coupon used without a reload.
          onOfferUsed={(used) =>
            void mutate(
              (current) =>
                current && {
                  ...current,
                  discountOffers: current.discountOffers.map((offer) =>
                    offer.id.id === used.id.id ? { ...offer, status: 'DISABLED' as const } : offer,
                  ),
                },
              { revalidate: false },
            )
          }
        />
      ) : (
        <>
          <PhotoPlaceholder />
          <SkeletonRows rows={4} lines={2} label="Chargement du partenaire" />
        </>
      )}
    </Main>
  )
}

export default PartnerDetailsScreen
