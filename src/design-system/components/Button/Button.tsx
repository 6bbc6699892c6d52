import type { ButtonHTMLAttributes, ElementType, ReactNode, Ref } from 'react'
import { Slot } from 'radix-ui'
import styled, { css } from 'styled-components'
import { theme } from '@/src/design-system/theme/theme.ts'
import { Spinner } from '../Spinner/index.ts'

export type ButtonVariant = 'contained' | 'outlined' | 'text'
export type ButtonColor = 'primary' | 'secondary' | 'danger'
export type ButtonSize = 'small' | 'medium' | 'large'

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /**
   * Apparence : `contained` (plein, par défaut) pour l’action principale, `outlined` (contour) pour une action
   * secondaire, `text` pour une action discrète.
   */
  variant?: ButtonVariant
  /**
   * Couleur : `primary` (bleu, par défaut), `secondary` (bleu-gris) ou `danger` (rouge, action qui détruit).
   */
  color?: ButtonColor
  /** Taille : `small`, `medium` (par défaut) ou `large`. */
  size?: ButtonSize
  /** Le bouton prend toute la largeur de son conteneur (formulaires sur téléphone). */
  fullWidth?: boolean
  /**
   * Envoi en cours : un indicateur tourne sur le libellé (le bouton garde sa largeur), le bouton est annoncé
   * occupé et ne répond plus.
   */
  loading?: boolean
  /** Icône (ou élément) avant le libellé. */
  startIcon?: ReactNode
  /** Icône (ou élément) après le libellé. */
  endIcon?: ReactNode
  /**
   * Donne l’apparence du bouton à l’unique élément enfant (par exemple un lien de navigation) au lieu de
   * dessiner un bouton.
   */
  asChild?: boolean
  /** Autre façon d’en faire un lien : l’élément à dessiner, par exemple `as="a"` avec `href`. */
  as?: ElementType
  /** Destination, quand `as` est un lien de navigation de l’application. */
  to?: string
  /** Adresse, quand `as="a"` (lien externe, `tel:`, `mailto:`). */
  href?: string
  /** Où ouvrir le lien (`_blank` : nouvel onglet), quand le bouton est un lien. */
  target?: string
  /** Relation du lien (`noopener noreferrer` avec `_blank`), quand le bouton est un lien. */
  rel?: string
  /** Référence vers l’élément bouton (pour lui donner le focus). */
  ref?: Ref<HTMLButtonElement>
}

// Foreground/background pairs chosen for WCAG AA contrast on the surface colour; `border` is the button's edge,
// at least 3:1 on white (WCAG 1.4.11): the secondary fill alone is 1.75:1.
const { colors } = theme
const palette = {
  primary: {
    main: colors.primary,
    hover: colors.primaryDark,
    border: colors.primary,
    on: colors.onPrimary,
    tint: 'rgba(21, 101, 192, 0.08)',
    text: colors.primary,
  },
  secondary: {
    main: colors.secondary,
    hover: colors.secondaryHover,
    border: colors.secondaryBorder,
    on: colors.onSecondary,
    tint: 'rgba(144, 202, 249, 0.25)',
    text: colors.onSecondary,
  },
  danger: {
    main: colors.danger,
    hover: colors.dangerDark,
    border: colors.danger,
    on: colors.onDark,
    tint: 'rgba(198, 40, 40, 0.08)',
    text: colors.danger,
  },
} as const

const sizes = {
  small: css`
    min-height: 32px;
    padding: 4px 12px;
    font-size: ${theme.fontSizes.sm};
  `,
  medium: css`
    min-height: 40px;
    padding: 8px 16px;
    font-size: ${theme.fontSizes.md};
  `,
  large: css`
    min-height: 48px;
    padding: 10px 22px;
    font-size: ${theme.fontSizes.lg};
  `,
}

const variants = {
  contained: (c: ButtonColor) => css`
    background: ${palette[c].main};
    color: ${palette[c].on};
    border-color: ${palette[c].border};
    box-shadow: ${theme.shadows[1]};
    &:hover:not(:disabled, [aria-disabled='true']) {
      background: ${palette[c].hover};
      border-color: ${c === 'secondary' ? palette.secondary.border : palette[c].hover};
    }
  `,
  outlined: (c: ButtonColor) => css`
    background: transparent;
    color: ${palette[c].text};
    border-color: ${palette[c].border};
    &:hover:not(:disabled, [aria-disabled='true']) {
      background: ${palette[c].tint};
    }
  `,
  text: (c: ButtonColor) => css`
    background: transparent;
    color: ${palette[c].text};
    border-color: transparent;
    &:hover:not(:disabled, [aria-disabled='true']) {
      background: ${palette[c].tint};
    }
  `,
}

interface StyleProps {
  $variant: ButtonVariant
  $color: ButtonColor
  $size: ButtonSize
  $fullWidth: boolean
}

export const ButtonRoot = styled.button<StyleProps>`
  position: relative;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  width: ${({ $fullWidth }) => ($fullWidth ? '100%' : 'auto')};
  border: 1px solid transparent;
  border-radius: ${theme.radii.md};
  font-family: inherit;
  font-weight: ${theme.fontWeights.medium};
  line-height: ${theme.lineHeights.tight};
  /* Spec: buttons keep their text case. */
  text-transform: none;
  text-decoration: none;
  cursor: pointer;
  user-select: none;
  transition:
    background ${theme.transitions.fast},
    border-color ${theme.transitions.fast};
  -webkit-tap-highlight-color: transparent;
  ${({ $size }) => sizes[$size]}
  ${({ $variant, $color }) => variants[$variant]($color)}

  &:disabled,
  &[aria-disabled='true'] {
    cursor: not-allowed;
    box-shadow: none;
  }
  &:disabled:not([aria-busy='true']) {
    background: ${({ $variant }) => ($variant === 'contained' ? theme.colors.surfaceMuted : 'transparent')};
    border-color: ${({ $variant }) => ($variant === 'outlined' ? theme.colors.border : 'transparent')};
    color: ${theme.colors.textMuted};
  }
  &[aria-busy='true'] {
    cursor: progress;
  }
  & > svg {
    flex: none;
  }
`

const Label = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  [aria-busy='true'] > & {
    /* Transparent rather than hidden: the button keeps its width and its accessible name. */
    opacity: 0;
  }
`

const BusySpinner = styled(Spinner)`
  position: absolute;
  inset: 0;
  margin: auto;
`

/**
 * The app's button: contained/outlined/text, primary/secondary/danger, three sizes, an optional loading state.
 * As a link: `<Button asChild><Link to="/">Accueil</Link></Button>` or `<Button as="a" href="…">`.
 */
export function Button({
  variant = 'contained',
  color = 'primary',
  size = 'medium',
  fullWidth = false,
  loading = false,
  startIcon,
  endIcon,
  asChild = false,
  as,
  disabled,
  type,
  children,
  onClick,
  ...rest
}: ButtonProps) {
  const styleProps: StyleProps = { $variant: variant, $color: color, $size: size, $fullWidth: fullWidth }
  if (asChild) {
    return (
      <ButtonRoot
        as={Slot.Root}
        {...styleProps}
        aria-disabled={disabled || undefined}
        onClick={onClick}
        {...rest}
      >
        {startIcon}
        <Slot.Slottable>{children}</Slot.Slottable>
        {endIcon}
      </ButtonRoot>
    )
  }
  const isNativeButton = as === undefined || as === 'button'
  return (
    <ButtonRoot
      as={as}
      {...styleProps}
      type={isNativeButton ? (type ?? 'button') : undefined}
      disabled={isNativeButton ? disabled || loading : undefined}
      aria-disabled={!isNativeButton && (disabled || loading) ? true : undefined}
      aria-busy={loading || undefined}
      onClick={loading ? undefined : onClick}
      {...rest}
    >
      <Label>
        {startIcon}
        {children}
        {endIcon}
      </Label>
      {loading ? <BusySpinner size={size === 'small' ? 16 : 20} /> : null}
    </ButtonRoot>
  )
}
