import { useState } from 'react'
import { useDrag } from '@use-gesture/react'
import { format, isBefore, parseISO, startOfToday } from 'date-fns'
import styled from 'styled-components'
import type { DiscountOffer, OfferStatus } from '../../../../contract/schemas.ts'
import { deactivateOffer } from '../../../api/users/deactivateOffer.ts'
import { Icon, mdiCheckCircle, mdiChevronRight } from '../../../design-system/icons/index.ts'
import { useNotification } from '../../../notifications/index.ts'
import { useSession } from '../../../session/index.ts'

export const COUPON_HINT = 'Glissez à droite pour utiliser'
export const COUPON_SUCCESS_MESSAGE = 'Bravo! Vous avez utilisé vote offre!'

/** Spec section 4: the drag must exceed the coupon's width (window width - 32) divided by 1.5. */
export const swipeThreshold = () => (window.innerWidth - 32) / 1.5

const Track = styled.div`
  position: relative;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.successBg};
  overflow: hidden;
`

const Behind = styled.div`
  position: absolute;
  inset: 0;
  display: flex;
  align-items: center;
  gap: 8px;
  padding: 0 16px;
  color: ${({ theme }) => theme.colors.success};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
`

const Card = styled.article`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: 4px;
  padding: 14px 16px 14px 20px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows[1]};
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
    background: ${({ theme }) => theme.colors.primary};
  }
  &[data-dragging='true'] {
    transition: none;
  }
  &[data-swipeable='true'] {
    cursor: grab;
  }
  &[data-state='used'],
  &[data-state='expired'] {
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
  &[data-state='used']::before,
  &[data-state='expired']::before {
    background: ${({ theme }) => theme.colors.textMuted};
  }
`

const Label = styled.h3`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.md};
  line-height: ${({ theme }) => theme.lineHeights.tight};
`

const Line = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`

const Hint = styled.p`
  display: flex;
  align-items: center;
  gap: 2px;
  margin: 4px 0 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  color: ${({ theme }) => theme.colors.primary};
`

const State = styled.p`
  margin: 4px 0 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  color: ${({ theme }) => theme.colors.textMuted};
`

export interface CouponCardProps {
  offer: DiscountOffer
  partnerId: number
  /** Swiping is active only on a clickable card (the end user's own coupons). */
  clickable?: boolean
  /** After the server accepted the use. */
  onUsed?: (offer: DiscountOffer) => void
}

const isExpired = (expirationDate: string | null) =>
  expirationDate !== null && isBefore(parseISO(expirationDate), startOfToday())

/**
 * A coupon. Swiping it right past the threshold uses it: DISABLED at once, then the server is asked; if that
 * fails it is ENABLED again (the error toast comes from the app's providers). A used card cannot be swiped.
 */
export function CouponCard({ offer, partnerId, clickable = false, onUsed }: CouponCardProps) {
  const { user } = useSession()
  const { notify } = useNotification()
  const [status, setStatus] = useState<OfferStatus>(offer.status)
  const [offset, setOffset] = useState(0)
  const [dragging, setDragging] = useState(false)
  const expired = isExpired(offer.expirationDate)
  const swipeable = clickable && status === 'ENABLED' && !expired && user !== null

  const use = async () => {
    if (!user) return
    setStatus('DISABLED')
    try {
      await deactivateOffer(user.userId.id, partnerId, offer.id.id)
      notify(COUPON_SUCCESS_MESSAGE, 'success')
      onUsed?.(offer)
    } catch {
      setStatus('ENABLED')
    }
  }

  const bind = useDrag(
    ({ active, movement: [mx] }) => {
      if (active) {
        setDragging(true)
        setOffset(Math.max(0, mx))
        return
      }
      setDragging(false)
      setOffset(0)
      if (mx > swipeThreshold()) void use()
    },
    // No pointer capture: moves are followed on the window, so a finger leaving the card still counts.
    { axis: 'x', filterTaps: true, enabled: swipeable, pointer: { capture: false } },
  )

  const state = status === 'DISABLED' ? 'used' : expired ? 'expired' : 'available'
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
        data-testid="coupon-card"
        data-state={state}
        data-swipeable={swipeable}
        data-dragging={dragging}
        aria-label={offer.libelle}
        style={{ transform: `translateX(${offset}px)` }}
      >
        <Label>{offer.libelle}</Label>
        {offer.expirationDate ? (
          <Line>{`Valable jusqu'au ${format(parseISO(offer.expirationDate), 'dd/MM/yyyy')}`}</Line>
        ) : null}
        {state === 'used' ? <State>Offre utilisée</State> : null}
        {state === 'expired' ? <State>Offre expirée</State> : null}
        {swipeable ? (
          <Hint>
            {COUPON_HINT}
            <Icon path={mdiChevronRight} size={18} />
          </Hint>
        ) : null}
      </Card>
    </Track>
  )
}
