import { useEffect, useRef, useState, type ReactNode } from 'react'
import styled from 'styled-components'
import { MAIN_PICTURE_SIZES } from '@/contract/prerender.ts'
import { unstyledList } from '@/src/design-system/index.ts'
import type { DiscountOffer, Partner } from '@/contract/schemas.ts'
import { Button } from '@/src/design-system/components/Button/index.ts'
import { Carousel } from '@/src/design-system/components/Carousel/index.ts'
import { CategoryIcon } from '@/src/design-system/components/CategoryIcon/index.ts'
import { Chip } from '@/src/design-system/components/Chip/index.ts'
import { DeferredDialog } from '@/src/design-system/components/Dialog/DeferredDialog.tsx'
import { ResponsiveImage } from '@/src/design-system/components/ResponsiveImage/index.ts'
import { StarRating } from '@/src/design-system/components/StarRating/index.ts'
import { Icon, mdiDirections, mdiImageOff, mdiMapMarker, mdiPhone } from '@/src/design-system/icons/index.ts'
import { distanceKm, useUserLocation } from '@/src/location/index.ts'
import { releasePagePicture } from '@/src/prerender/pagePicture.ts'
import { formatDistance } from '../formatDistance.ts'
import { CouponCard } from './CouponCard.tsx'
import { expiryDay } from './expiryDay.ts'
import { theme } from '@/src/design-system/theme/index.ts'

export const OFFERS_TITLE = 'Offres disponibles'
export const USE_OFFER_DIALOG_TITLE = 'Utiliser cette offre ?'
export const NO_OFFERS_MESSAGE = 'De nouvelles offres bientôt disponibles!'

/** Spec section 9: the details carousel is 200 px high. */
export const DETAILS_CAROUSEL_HEIGHT = 200

const Root = styled.div`
  display: flex;
  flex-direction: column;
`

const Photo = styled(ResponsiveImage)`
  width: 100%;
  height: 100%;
  object-fit: cover;
  display: block;
`

const NoPhoto = styled.div`
  height: ${DETAILS_CAROUSEL_HEIGHT}px;
  display: flex;
  align-items: center;
  justify-content: center;
  background: ${theme.colors.surfaceMuted};
  color: ${theme.colors.textMuted};
`

const Content = styled.div`
  display: flex;
  flex-direction: column;
  gap: 12px;
  padding: 16px;
`

/* The heart beside the name: it says what the user thinks of this partner, so it sits with its name. */
const TitleRow = styled.div`
  display: flex;
  align-items: flex-start;
  gap: 8px;
  & > :first-child {
    flex: 1;
    min-width: 0;
    align-self: center;
  }
`

const Name = styled.h1`
  margin: 0;
  font-size: ${theme.fontSizes.xl};
  line-height: ${theme.lineHeights.tight};
`

const Categories = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  ${unstyledList}
`

const Place = styled.p`
  display: flex;
  align-items: flex-start;
  gap: 6px;
  margin: 0;
  color: ${theme.colors.textMuted};
  overflow-wrap: anywhere;
  & > svg {
    flex: none;
    margin-top: 2px;
  }
`

const Distance = styled.span`
  white-space: nowrap;
  font-weight: ${theme.fontWeights.medium};
  color: ${theme.colors.text};
`

const Description = styled.p`
  margin: 0;
  line-height: ${theme.lineHeights.normal};
  white-space: pre-line;
`

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`

const OffersTitle = styled.h2`
  margin: 8px 0 0;
  font-size: ${theme.fontSizes.lg};
`

const Offers = styled.ul`
  display: flex;
  flex-direction: column;
  gap: 12px;
  ${unstyledList}
`

const Summary = styled.span`
  display: flex;
  flex-direction: column;
  gap: 4px;
  & > strong {
    font-size: ${theme.fontSizes.md};
  }
`

export interface PartnerDetailsProps {
  partner: Partner
  /** Coupons can be swiped (the signed-in user's own view). */
  clickableCoupons?: boolean
  /** 'h1' on the partner page, 'h3' inside the map's sheet (whose title is the h2). */
  headingLevel?: 'h1' | 'h2' | 'h3'
  /** Carousel auto-cycle delay (0: off). */
  carouselInterval?: number
  /** Uses an offer (a swipe, or the button once confirmed); the screen owns the call and the cached status. */
  onUseOffer?: (offer: DiscountOffer) => void
  /** Beside the name: the user's own mark on this partner (the favourite heart). */
  titleAction?: ReactNode
  /** After 'Itinéraire' and the phone (e.g. 'Partager'). */
  actions?: ReactNode
}

/** Maps search for the partner's name plus city, in a new tab (spec: 'Itinéraire'). */
export const directionsUrl = (partner: Partner) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${partner.name} ${partner.location.city}`)}`

/** The partner's page content, also shown in the map's bottom sheet. */
export function PartnerDetails({
  partner,
  clickableCoupons = true,
  headingLevel = 'h1',
  carouselInterval,
  onUseOffer,
  titleAction,
  actions,
}: PartnerDetailsProps) {
  const hasOffers = partner.discountOffers.length > 0
  const { position } = useUserLocation()
  const distance = position ? distanceKm(position, partner.location.position) : null
  // The asked offer stays set while the dialog closes, so its text does not vanish during the fade-out.
  const [asked, setAsked] = useState<DiscountOffer | null>(null)
  const [dialogOpen, setDialogOpen] = useState(false)
  const cards = useRef(new Map<number, HTMLElement>())
  const hasPhotos = partner.images.length > 0
  // The first photo takes over from the one the page's HTML painted; without photos there is none to wait for.
  useEffect(() => {
    if (!hasPhotos) releasePagePicture()
  }, [hasPhotos])
  const takeOver = () => releasePagePicture(true)
  return (
    <Root>
      {hasPhotos ? (
        <Carousel
          label={`Photos de ${partner.name}`}
          height={DETAILS_CAROUSEL_HEIGHT}
          interval={carouselInterval}
          slides={partner.images.map((image, index) => (
            <Photo
              key={image.id}
              image={image}
              sizes={MAIN_PICTURE_SIZES}
              alt={`${partner.name}, photo ${index + 1}`}
              priority={index === 0}
              onLoad={index === 0 ? takeOver : undefined}
              onError={index === 0 ? takeOver : undefined}
            />
          ))}
        />
      ) : (
        <NoPhoto>
          <Icon path={mdiImageOff} size={48} title="Pas de photo" />
        </NoPhoto>
      )}
      <Content>
        <TitleRow>
          <Name as={headingLevel}>{partner.name}</Name>
          {titleAction}
        </TitleRow>
        {partner.categories.length > 0 ? (
          <Categories aria-label="Catégories">
            {partner.categories.map((category) => (
              <li key={category.id}>
                <Chip
                  label={category.label}
                  size="small"
                  icon={<CategoryIcon path={category.iconPath} size={16} />}
                />
              </li>
            ))}
          </Categories>
        ) : null}
        {partner.rating != null ? (
          <StarRating value={partner.rating} count={partner.userRatingsTotal ?? undefined} showValue />
        ) : null}
        <Place>
          <Icon path={mdiMapMarker} size={18} />
          <span>
            {`${partner.location.address}, ${partner.location.city}`}
            {distance !== null ? (
              <>
                {' · à '}
                <Distance data-testid="partner-distance">{formatDistance(distance)}</Distance>
              </>
            ) : null}
          </span>
        </Place>
        {partner.description ? <Description>{partner.description}</Description> : null}
        <Actions>
          <Button
            as="a"
            href={directionsUrl(partner)}
            target="_blank"
            rel="noopener noreferrer"
            variant="contained"
            startIcon={<Icon path={mdiDirections} size={20} />}
          >
            Itinéraire
          </Button>
          {partner.phone ? (
            <Button
              as="a"
              href={`tel:${partner.phone.replace(/\s+/g, '')}`}
              variant="outlined"
              startIcon={<Icon path={mdiPhone} size={20} />}
              aria-label={`Appeler le ${partner.phone}`}
            >
              {partner.phone}
            </Button>
          ) : null}
          {actions}
        </Actions>
        <OffersTitle as={headingLevel === 'h1' ? 'h2' : 'h4'}>
          {hasOffers ? OFFERS_TITLE : NO_OFFERS_MESSAGE}
        </OffersTitle>
        {hasOffers ? (
          <Offers>
            {partner.discountOffers.map((offer) => (
              <li key={offer.id.id}>
                <CouponCard
                  ref={(card) => {
                    if (card) cards.current.set(offer.id.id, card)
                    else cards.current.delete(offer.id.id)
                  }}
                  offer={offer}
                  clickable={clickableCoupons}
                  onUse={onUseOffer}
                  onUseRequest={(requested) => {
                    setAsked(requested)
                    setDialogOpen(true)
                  }}
                />
              </li>
            ))}
          </Offers>
        ) : null}
      </Content>
      <DeferredDialog
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        title={USE_OFFER_DIALOG_TITLE}
        description={
          asked ? (
            <Summary>
              <strong>{partner.name}</strong>
              <span>{asked.libelle}</span>
              {asked.expirationDate ? (
                <span>{`Valable jusqu'au ${expiryDay(asked.expirationDate)}`}</span>
              ) : null}
            </Summary>
          ) : undefined
        }
        confirmLabel="Confirmer"
        onConfirm={() => {
          setDialogOpen(false)
          if (asked) onUseOffer?.(asked)
        }}
        // Confirming removes the button that opened the dialog: the focus stays on the coupon it used.
        fallbackFocus={() => (asked ? cards.current.get(asked.id.id) : null)}
      />
    </Root>
  )
}
