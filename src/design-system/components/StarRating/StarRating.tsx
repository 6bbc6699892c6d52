import styled from 'styled-components'
import { Icon, mdiStar, mdiStarHalfFull, mdiStarOutline } from '@/src/design-system/icons/index.ts'
import { theme } from '@/src/design-system/theme/index.ts'

// Static CSS (tokens from the theme module): the stars repeat in every search result row.
const Root = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
`

const Stars = styled.span`
  display: inline-flex;
  color: ${theme.colors.star};
`

export interface StarRatingProps {
  /** The rating; rounded to the nearest half star and clamped to 0..max. */
  value: number
  max?: number
  /** Star size in px. */
  size?: number
  /** Shows the number next to the stars (e.g. '4,5'). */
  showValue?: boolean
  /** Shows a count in brackets after the stars (e.g. the number of reviews). */
  count?: number
  className?: string
}

// A half step in French ('4,5', '4') without Intl: a page's first Intl.NumberFormat loads the locale's data,
// a long task on a phone.
const format = (halfStep: number) => String(halfStep).replace('.', ',')

/** Read-only stars in half steps, announced as e.g. 'Note : 4,5 sur 5'. */
export function StarRating({
  value,
  max = 5,
  size = 18,
  showValue = false,
  count,
  className,
}: StarRatingProps) {
  const rounded = Math.min(max, Math.max(0, Math.round(value * 2) / 2))
  const label = `Note : ${format(rounded)} sur ${max}${count !== undefined ? ` (${count} avis)` : ''}`
  return (
    <Root role="img" aria-label={label} className={className}>
      {showValue ? <span aria-hidden>{format(rounded)}</span> : null}
      <Stars aria-hidden>
        {Array.from({ length: max }, (_, i) => {
          const path = rounded >= i + 1 ? mdiStar : rounded >= i + 0.5 ? mdiStarHalfFull : mdiStarOutline
          return (
            <Icon
              key={i}
              path={path}
              size={size}
              data-star={path === mdiStar ? 'full' : path === mdiStarHalfFull ? 'half' : 'empty'}
            />
          )
        })}
      </Stars>
      {count !== undefined ? <span aria-hidden>({count})</span> : null}
    </Root>
  )
}
