import { useId, useState, type Ref } from 'react'
import { useDrag } from '@use-gesture/react'
import { differenceInCalendarDays, isBefore, parseISO, startOfToday } from 'date-fns'
import { expiryDay } from './expiryDay.ts'
import styled from 'styled-components'
import type { DiscountOffer } from '@/contract/schemas.ts'
import { Badge } from '@/src/design-system/components/Badge/index.ts'
import { Button } from '@/src/design-system/components/Button/index.ts'
import { Icon, mdiCheckCircle, mdiChevronRight } from '@/src/design-system/icons/index.ts'
import { theme } from '@/src/design-system/theme/index.ts'

export const COUPON_HINT = 'Glissez à droite pour utiliser'
export const COUPON_SUCCESS_MESSAGE = 'Bravo! Vous avez utilisé vote offre!'
export const USE_OFFER_LABEL = "Utiliser l'offre"
export const EXPIRES_SOON_LABEL = 'Expire bientôt'

/** An offer still valid that ends within 7 days, today included (days 0 to 6 from today). */
export const EXPIRES_SOON_DAYS = 7

/** Spec section 4: the drag must exceed the coupon's width (window width - 32) divided by 1.5. */
export const swipeThreshold = () => (window.innerWidth - 32) / 1.5

const Track = styled.div`
  position: relative;
  border-radius: ${theme.radii.md};
  background: ${theme.colors.successBg};
  overflow: hidden;
`

const Behind = styled.div`
  position: absolute;
  inset: 0;
  display: flex;
  align-items: center;
  gap: 8px;
  padding: 0 16px;
  color: ${theme.colors.success};
  font-weight: ${theme.fontWeights.bold};
`

const Card = styled.article`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: 4px;
  padding: 14px 16px 14px 20px;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};
  box-shadow: ${theme.shadows[1]};
  touch-action: pan-y;
  user-select: none;
  transition: transform 220ms ease-out;
  &::before {
    content: '';
    position: absolute;
    left: 0;
    top: 0;
    bottom: 0;
    width: 6px;
    background: ${theme.colors.primary};
  }
  &[data-dragging='true'] {
    transition: none;
  }
  &[data-swipeable='true'] {
    cursor: grab;
  }
  /* Inside the track's clipped corners: the focus ring would be cut off outside. */
  &:focus-visible {
    outline-offset: -3px;
  }
  &[data-state='used'],
  &[data-state='expired'] {
    background: ${theme.colors.surfaceMuted};
  }
  &[data-state='used']::before,
  &[data-state='expired']::before {
    background: ${theme.colors.textMuted};
  }
`

const Label = styled.h3`
  margin: 0;
  font-size: ${theme.fontSizes.md};
  line-height: ${theme.lineHeights.tight};
`

const Line = styled.p`
  margin: 0;
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.textMuted};
`

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  margin-top: 4px;
`

const Expiry = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
`

const Hint = styled.p`
  display: flex;
  align-items: center;
  gap: 2px;
  margin: 0;
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.medium};
  color: ${theme.colors.primary};
`

const State = styled.p`
  margin: 4px 0 0;
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.bold};
  color: ${theme.colors.textMuted};
`

export interface CouponCardProps {
  /** The offer as the screen's data has it: its status turns DISABLED as soon as it is used. */
  offer: DiscountOffer
  /** Swiping and the use button are active only on a clickable card (the signed-in user's own coupons). */
  clickable?: boolean
  /** A swipe past the threshold: use the offer now. */
  onUse?: (offer: DiscountOffer) => void
  /** The 'Utiliser l'offre' button: the screen asks for confirmation, then uses it as a swipe does. */
  onUseRequest?: (offer: DiscountOffer) => void
  /** The card itself (focusable from script), e.g. to keep the focus here once its button is gone. */
  ref?: Ref<HTMLElement>
}

const isExpired = (expirationDate: string | null) =>
  expirationDate !== null && isBefore(parseISO(expirationDate), startOfToday())

export const expiresSoon = (expirationDate: string | null) => {
  if (expirationDate === null) return false
  const days = differenceInCalendarDays(parseISO(expirationDate), startOfToday())
  return days >= 0 && days < EXPIRES_SOON_DAYS
}

/**
 * A coupon, props in and events out: it makes no call. A swipe right past the threshold emits `onUse`; the
 * 'Utiliser l'offre' button (the same action without dragging, WCAG 2.5.7) emits `onUseRequest`. A used or
 * expired card offers neither.
 */
export function CouponCard({ offer, clickable = false, onUse, onUseRequest, ref }: CouponCardProps) {
  const [offset, setOffset] = useState(0)
  const [dragging, setDragging] = useState(false)
  const labelId = useId()
  const expired = isExpired(offer.expirationDate)
  const swipeable = clickable && offer.status === 'ENABLED' && !expired

  const bind = useDrag(
    ({ active, movement: [mx] }) => {
      if (active) {
        setDragging(true)
        setOffset(Math.max(0, mx))
        return
      }
      setDragging(false)
      setOffset(0)
      if (mx > swipeThreshold()) onUse?.(offer)
    },
    // No pointer capture: moves are followed on the window, so a finger leaving the card still counts.
    // filterTaps also swallows the click that ends a drag, so a drag started on the button never opens it.
    { axis: 'x', filterTaps: true, enabled: swipeable, pointer: { capture: false } },
  )

  const state = offer.status === 'DISABLED' ? 'used' : expired ? 'expired' : 'available'
  const soon = state === 'available' && expiresSoon(offer.expirationDate)
  return (
    <Track>
      {swipeable ? (
        <Behind aria-hidden>
          <Icon path={mdiCheckCircle} size={22} />
          Utiliser
        </Behind>
      ) : null}
      <Card
        {...(swipeable ? bind() : {})}
        ref={ref}
        tabIndex={-1}
        data-testid="coupon-card"
        data-state={state}
        data-swipeable={swipeable}
        data-dragging={dragging}
        aria-label={offer.libelle}
        style={{ transform: `translateX(${offset}px)` }}
      >
        <Label id={labelId}>{offer.libelle}</Label>
        {offer.expirationDate ? (
          <Expiry>
            <Line>{`Valable jusqu'au ${expiryDay(offer.expirationDate)}`}</Line>
            {soon ? <Badge content={EXPIRES_SOON_LABEL} color="warning" /> : null}
          </Expiry>
        ) : null}
        {state === 'used' ? <State>Offre utilisée</State> : null}
        {state === 'expired' ? <State>Offre expirée</State> : null}
        {swipeable ? (
          <Footer>
            <Hint>
              {COUPON_HINT}
              <Icon path={mdiChevronRight} size={18} />
            </Hint>
            <Button
              size="small"
              variant="outlined"
              aria-describedby={labelId}
              onClick={() => onUseRequest?.(offer)}
            >
              {USE_OFFER_LABEL}
            </Button>
          </Footer>
        ) : null}
      </Card>
    </Track>
  )
}
