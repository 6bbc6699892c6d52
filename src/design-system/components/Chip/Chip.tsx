import type { MouseEventHandler, ReactNode } from 'react'
import { Slot } from 'radix-ui'
import styled from 'styled-components'
import { Icon, mdiCloseCircle } from '@/src/design-system/icons/index.ts'
import { theme } from '@/src/design-system/theme/index.ts'

// Tokens read from the theme module, not from props: static CSS is hashed once, not on every render of every
// chip (they are repeated in list rows and table cells).
const Root = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  max-width: 100%;
  min-height: 32px;
  padding: 0 12px;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.surface};
  color: ${theme.colors.text};
  font-size: ${theme.fontSizes.sm};
  line-height: 1.2;
  white-space: nowrap;
  text-decoration: none;
  flex: none;
  &[data-size='small'] {
    min-height: 24px;
    padding: 0 8px;
    gap: 4px;
    font-size: ${theme.fontSizes.xs};
  }
  &[data-deletable='true'] {
    padding-right: 4px;
  }
  /* Long labels and large text sizes: the label wraps instead of being cut (the chip grows in height). */
  &[data-wrap='true'] {
    white-space: normal;
    overflow-wrap: anywhere;
    padding-block: 2px;
  }
  &[data-wrap='true'] > span {
    overflow: visible;
  }
  &[data-variant='filled'] {
    border-color: transparent;
    background: ${theme.colors.surfaceMuted};
  }
  &[data-variant='primary'] {
    border-color: transparent;
    background: ${theme.colors.primaryLight};
    color: ${theme.colors.primaryDark};
  }
  &[data-interactive='true'] {
    cursor: pointer;
    -webkit-tap-highlight-color: transparent;
  }
  &[data-interactive='true']:hover {
    background: ${theme.colors.surfaceMuted};
  }
  &[aria-pressed='true'],
  &[aria-pressed='true']:hover {
    border-color: ${theme.colors.primary};
    background: ${theme.colors.primary};
    color: ${theme.colors.onPrimary};
  }
  &:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }
  & > svg {
    flex: none;
  }
`

const Text = styled.span`
  overflow: hidden;
  text-overflow: ellipsis;
`

const Delete = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 24px;
  height: 24px;
  padding: 0;
  border: 0;
  border-radius: ${theme.radii.round};
  background: transparent;
  color: inherit;
  opacity: 0.75;
  cursor: pointer;
  flex: none;
  &:hover {
    opacity: 1;
  }
`

export interface ChipProps {
  /** Le texte de la puce, un ou deux mots. */
  label: ReactNode
  /** Icône au début : un tracé d’icône ou un élément (par exemple une icône de catégorie). */
  icon?: string | ReactNode
  /** Fait de la puce un bouton. */
  onClick?: MouseEventHandler<HTMLButtonElement>
  /** Puce à bascule (filtre) : sélectionnée ou non, annoncée comme bouton enfoncé. */
  selected?: boolean
  /** Ajoute une croix « Retirer … » qui appelle cette fonction. */
  onDelete?: () => void
  /** Nom de la croix pour le lecteur d’écran ; par défaut « Retirer » suivi du libellé. */
  deleteLabel?: string
  /** Apparence : `outlined` (contour, par défaut), `filled` (fond gris) ou `primary` (fond bleu). */
  variant?: 'outlined' | 'filled' | 'primary'
  /** Taille : `small` ou `medium` (par défaut). */
  size?: 'small' | 'medium'
  /** La puce ne répond plus et paraît estompée. */
  disabled?: boolean
  /** Donne l’apparence de la puce à l’unique élément enfant (par exemple un lien). */
  asChild?: boolean
  /** L’élément enfant habillé en puce, avec `asChild`. */
  children?: ReactNode
  /** Texte complet affiché au survol (utile quand le libellé est tronqué). */
  title?: string
  /** Le libellé passe à la ligne au lieu d’être coupé par « … » (texte qui doit rester lisible à 200 %). */
  wrap?: boolean
  /** Classe CSS ajoutée à la puce. */
  className?: string
}

/** A compact label: static, clickable, toggle (aria-pressed), deletable or a link (asChild). */
export function Chip({
  label,
  icon,
  onClick,
  selected,
  onDelete,
  deleteLabel,
  variant = 'outlined',
  size = 'medium',
  disabled,
  asChild = false,
  children,
  title,
  wrap = false,
  className,
}: ChipProps) {
  const glyph = typeof icon === 'string' ? <Icon path={icon} size={size === 'small' ? 14 : 18} /> : icon
  const common = {
    'data-size': size,
    'data-variant': variant,
    'data-deletable': Boolean(onDelete),
    'data-wrap': wrap,
    title,
    className,
  }
  if (asChild) {
    return (
      <Root as={Slot.Root} data-interactive {...common}>
        {glyph}
        <Slot.Slottable>{children}</Slot.Slottable>
      </Root>
    )
  }
  const interactive = Boolean(onClick) || selected !== undefined
  if (interactive && !onDelete) {
    return (
      <Root
        as="button"
        type="button"
        data-interactive
        aria-pressed={selected}
        disabled={disabled}
        onClick={onClick}
        {...common}
      >
        {glyph}
        <Text>{label}</Text>
      </Root>
    )
  }
  return (
    <Root {...common}>
      {glyph}
      <Text>{label}</Text>
      {onDelete ? (
        <Delete
          type="button"
          disabled={disabled}
          aria-label={deleteLabel ?? `Retirer ${typeof label === 'string' ? label : ''}`.trim()}
          onClick={onDelete}
        >
          <Icon path={mdiCloseCircle} size={18} />
        </Delete>
      ) : null}
    </Root>
  )
}
