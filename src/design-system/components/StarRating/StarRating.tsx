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
  /** La note, arrondie à la demi-étoile et ramenée entre 0 et le maximum. */
  value: number
  /** Nombre d’étoiles (5 par défaut). */
  max?: number
  /** Taille d’une étoile en pixels. */
  size?: number
  /** Affiche la note en chiffres à côté des étoiles (par exemple « 4,5 »). */
  showValue?: boolean
  /** Affiche un nombre entre parenthèses après les étoiles (par exemple le nombre d’avis). */
  count?: number
  /** Classe CSS ajoutée à l’élément racine. */
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
