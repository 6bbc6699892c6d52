import { useDeferredValue, useEffect } from 'react'
import { useParams } from 'react-router'
import styled from 'styled-components'
import { stickyTopBar } from '@/src/design-system/index.ts'
import type { Partner } from '@/contract/schemas.ts'
import { ApiError } from '@/src/api/client.ts'
import {
  PARTNER_NOT_FOUND_STATUSES,
  usePartnerDiscountsForUser,
} from '@/src/api/partners/getPartnerDiscountsForUser.ts'
import { PlainIconButton } from '@/src/design-system/components/IconButton/PlainIconButton.tsx'
import { SkeletonRows } from '@/src/design-system/components/SkeletonRows/index.ts'
import { mdiArrowLeft } from '@/src/design-system/icons/index.ts'
import { useGoBack } from '@/src/navigation/index.ts'
import { useSession } from '@/src/session/index.ts'
import { NotFoundScreen } from '@/src/screens/errors/NotFoundScreen.tsx'
import { DETAILS_CAROUSEL_HEIGHT } from './PartnerDetails.tsx'
import { UsablePartnerDetails } from './UsablePartnerDetails.tsx'
import { usePageTitle } from '@/src/pageTitle/index.ts'
import { theme } from '@/src/design-system/theme/index.ts'

const Main = styled.main`
  position: relative;
  min-height: 100%;
  background: ${theme.colors.surface};
`

/* A bar of its own above the photos: 'Retour' never sits on the carousel's 'previous' arrow, at any text size. */
const TopBar = styled.div`
  ${stickyTopBar}
  min-height: 48px;
  padding: 4px;
  background: ${theme.colors.surface};
  box-shadow: ${theme.shadows[1]};
`

const PhotoPlaceholder = styled.div`
  height: ${DETAILS_CAROUSEL_HEIGHT}px;
  background: ${theme.colors.skeleton};
`

export interface PartnerDetailsScreenProps {
  /** Carousel auto-cycle delay (stories turn it off). */
  carouselInterval?: number
}

const isPartnerId = (id: string | undefined): id is string => id !== undefined && /^[1-9]\d{0,9}$/.test(id)

const isNotFound = (error: unknown) =>
  error instanceof ApiError && (PARTNER_NOT_FOUND_STATUSES as readonly number[]).includes(error.status)

/**
 * /partenaire/:id — the partner as the signed-in user sees it (GET discounts-user, so used coupons stay used
 * after a reload). A partner that does not exist or is not active is the not-found page, whatever page came
 * before; any other failed load goes back one page (spec section 8), never out of the app.
 */
export function PartnerDetailsScreen({ carouselInterval }: PartnerDetailsScreenProps) {
  const { id } = useParams()
  if (!isPartnerId(id)) return <NotFoundScreen />
  return <PartnerPage id={id} carouselInterval={carouselInterval} />
}

function PartnerPage({ id, carouselInterval }: PartnerDetailsScreenProps & { id: string }) {
  const goBack = useGoBack()
  const { user } = useSession()
  const { data: partner, error } = usePartnerDiscountsForUser(id, user?.userId.id ?? null, {
    notFoundShownByCaller: true,
  })
  const notFound = !partner && isNotFound(error)

  useEffect(() => {
    if (error && !partner && !isNotFound(error)) goBack()
  }, [error, partner, goBack])

  // SWR hands the answer over in a synchronous update: rendering the whole page from it was one long task
  // (≈100 ms at 4× CPU). The first answer is rendered from a deferred copy, in a transition React cuts into
  // slices, the skeleton staying up until then. Later answers (a used coupon) show at once: deferred, they
  // would wait for the swipe's own updates to stop. A cached partner is shown at once (no initial value).
  const deferred = useDeferredValue(partner)
  const shown = deferred === undefined ? undefined : partner
  if (notFound) return <NotFoundScreen />
  return <PartnerView partner={shown} carouselInterval={carouselInterval} onBack={goBack} />
}

interface PartnerViewProps {
  partner: Partner | undefined
  carouselInterval?: number
  onBack: () => void
}

/** The page once the partner is known or loading; its title is the partner's name. */
function PartnerView({ partner, carouselInterval, onBack }: PartnerViewProps) {
  usePageTitle(partner?.name ?? null)
  return (
    <Main aria-busy={!partner}>
      <TopBar>
        <PlainIconButton label="Retour" icon={mdiArrowLeft} onClick={onBack} />
      </TopBar>
      {partner ? (
        <UsablePartnerDetails partner={partner} carouselInterval={carouselInterval} />
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
