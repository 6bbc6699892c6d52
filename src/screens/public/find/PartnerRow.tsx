import { memo, type ReactNode } from 'react'
import { Link } from 'react-router'
import styled from 'styled-components'
import { imageFromList } from '@/contract/images.ts'
import type { PartnerSearchResult } from '@/contract/schemas.ts'
import { Chip } from '@/src/design-system/components/Chip/index.ts'
import { ResponsiveImage } from '@/src/design-system/components/ResponsiveImage/index.ts'
import { SkeletonRows } from '@/src/design-system/components/SkeletonRows/index.ts'
import { StarRating } from '@/src/design-system/components/StarRating/index.ts'
import { Icon, mdiCheckCircle, mdiImageOff, mdiMapMarker } from '@/src/design-system/icons/index.ts'
import { theme } from '@/src/design-system/theme/index.ts'
import { formatDistance } from '../formatDistance.ts'

/** A row's photo (square) and the row's padding around it: its skeleton rows take the same. */
const THUMB_SIZE = 72
const ROW_PADDING = '12px 16px'

// Static styles only: hundreds of rows mount while scrolling, and styled-components re-evaluates and re-hashes
// the CSS of any component with a function interpolation on every render. Theme tokens are read once, here.
const RowLink = styled(Link)`
  /* A row's layout and paint never affect the others: mounting one does not re-lay out the list. */
  contain: content;
  display: flex;
  gap: 12px;
  padding: ${ROW_PADDING};
  color: ${theme.colors.text};
  text-decoration: none;
  border-bottom: 1px solid ${theme.colors.divider};
  background: ${theme.colors.surface};
  &:hover {
    background: ${theme.colors.surfaceMuted};
  }
  &:focus-visible {
    outline: 2px solid ${theme.colors.focus};
    outline-offset: -2px;
  }
`

const Thumb = styled.div`
  flex: none;
  width: ${THUMB_SIZE}px;
  height: ${THUMB_SIZE}px;
  border-radius: ${theme.radii.md};
  overflow: hidden;
  background: ${theme.colors.surfaceMuted};
  color: ${theme.colors.textMuted};
  display: flex;
  align-items: center;
  justify-content: center;
  & img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`

const Body = styled.div`
  flex: 1;
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: 2px;
`

const Name = styled.h2`
  margin: 0;
  font-size: ${theme.fontSizes.md};
  font-weight: ${theme.fontWeights.bold};
  line-height: ${theme.lineHeights.tight};
`

const Muted = styled.p`
  margin: 0;
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.textMuted};
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`

/* The address wraps: at large text sizes an ellipsis would cut the city off (WCAG 1.4.4). */
const Address = styled.p`
  margin: 0;
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.textMuted};
  overflow-wrap: anywhere;
`

const Meta = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.textMuted};
`

const Distance = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 2px;
`

const Offers = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 4px;
  margin: 4px 0 0;
  padding: 0;
  list-style: none;
`

/* A used offer's label, struck through; the chip also says 'Utilisée' in words, which is what is read out. */
const UsedLabel = styled.s`
  text-decoration-thickness: 1px;
`

/* The row's own button (the favourite heart) sits beside the link, never inside it: one control per target. */
const WithAction = styled.div`
  position: relative;
  & > a {
    padding-right: 60px;
  }
`

const Action = styled.div`
  position: absolute;
  top: 8px;
  right: 8px;
`

const noPhoto = <Icon path={mdiImageOff} size={28} title="Pas de photo" />

/** A result's height in px without offers, the shortest usual row: the first pass fills the viewport. */
export const PARTNER_ROW_HEIGHT = 113

export const USED_OFFER_LABEL = 'Utilisée'

export interface PartnerRowProps {
  partner: PartnerSearchResult
  /**
   * Offers the signed-in user has used, as the app knows them now (its list of used offers): a search answer
   * kept from before a use still says ENABLED. An offer the answer says DISABLED is used too.
   */
  usedOfferIds?: ReadonlySet<number>
  /**
   * A control of the row's own (the favourite heart), at its top right, outside the link. A function defined
   * once (not an element made per render), so the memoised rows do not render again with the list.
   */
  actionFor?: (partner: PartnerSearchResult) => ReactNode
}

/**
 * One search result: first photo (or placeholder), name, categories, address, rating, distance, offers (a used
 * one greyed, struck and marked 'Utilisée'); and the row's action when given.
 */
export const PartnerRow = memo(function PartnerRow({ partner, usedOfferIds, actionFor }: PartnerRowProps) {
  const image = partner.images[0]
  const hasRating = partner.rating != null && partner.userRatingsTotal != null
  const link = (
    <RowLink to={`/partenaire/${partner.partnerId.id}`} data-testid="partner-row">
      <Thumb>
        {image ? (
          // 72 px wide: the browser takes the 320 px copy, not the photo. One that cannot be loaded (offline, not
          // kept) is drawn as a partner without photos, not as a broken image.
          <ResponsiveImage image={imageFromList(image)} sizes="72px" alt="" fallback={noPhoto} />
        ) : (
          noPhoto
        )}
      </Thumb>
      <Body>
        <Name>{partner.name}</Name>
        <Muted>{partner.categories.map((category) => category.label).join(' • ')}</Muted>
        <Address>{`${partner.location.address}, ${partner.location.city}`}</Address>
        {hasRating || partner.distanceToUser != null ? (
          <Meta>
            {hasRating ? (
              <StarRating value={partner.rating ?? 0} count={partner.userRatingsTotal ?? 0} size={16} />
            ) : null}
            {partner.distanceToUser != null ? (
              <Distance>
                <Icon path={mdiMapMarker} size={16} />
                {formatDistance(partner.distanceToUser)}
              </Distance>
            ) : null}
          </Meta>
        ) : null}
        {partner.discountOffers.length > 0 ? (
          <Offers aria-label="Offres">
            {partner.discountOffers.map((offer) =>
              offer.status === 'DISABLED' || usedOfferIds?.has(offer.id.id) ? (
                <li key={offer.id.id} data-state="used">
                  <Chip
                    icon={<Icon path={mdiCheckCircle} size={14} />}
                    label={
                      <>
                        <UsedLabel>{offer.libelle}</UsedLabel>
                        {` · ${USED_OFFER_LABEL}`}
                      </>
                    }
                    size="small"
                    variant="filled"
                    wrap
                  />
                </li>
              ) : (
                <li key={offer.id.id}>
                  <Chip label={offer.libelle} size="small" variant="primary" wrap />
                </li>
              ),
            )}
          </Offers>
        ) : null}
      </Body>
    </RowLink>
  )
  if (!actionFor) return link
  return (
    <WithAction>
      {link}
      <Action>{actionFor(partner)}</Action>
    </WithAction>
  )
})

/*
 * Placeholder rows laid out as PartnerRow's: the same padding, the photo's size and place, one row's height
 * apart. With the design system's default spacing they began at the screen's edge and the page jumped when the
 * rows came.
 */
const RowsSkeleton = styled(SkeletonRows)`
  gap: ${PARTNER_ROW_HEIGHT - THUMB_SIZE}px;
  padding: ${ROW_PADDING};
`

/** `rows` placeholders of partner rows while a list of them loads, under the busy region's name `label`. */
export function PartnerRowsSkeleton({ rows, label }: { rows: number; label: string }) {
  return <RowsSkeleton rows={rows} lines={3} withMedia rowHeight={THUMB_SIZE} label={label} />
}
