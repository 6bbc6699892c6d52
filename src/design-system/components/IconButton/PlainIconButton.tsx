import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react'
import { Slot } from 'radix-ui'
import styled from 'styled-components'
import { Icon } from '@/src/design-system/icons/index.ts'
import { theme } from '@/src/design-system/theme/theme.ts'

export interface PlainIconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  /** Nom du bouton pour le lecteur d’écran, en français (par exemple « Retour »). */
  label: string
  /** Un tracé d’icône (par exemple `mdiLogout`) ou un élément. */
  icon: string | ReactNode
  /** Taille : `small`, `medium` (par défaut) ou `large`. */
  size?: 'small' | 'medium' | 'large'
  /**
   * Couleur de l’icône : `default` (gris foncé), `primary` (bleu), `danger` (rouge) ou `inherit` (celle du
   * texte autour, sur une barre colorée).
   */
  color?: 'default' | 'primary' | 'danger' | 'inherit'
  /** Dessine l’unique élément enfant (par exemple un lien) au lieu d’un bouton ; l’icône va dedans. */
  asChild?: boolean
  /** L’élément enfant habillé en bouton icône, avec `asChild`. */
  children?: ReactNode
  /** Référence vers le bouton (pour lui donner le focus). */
  ref?: Ref<HTMLButtonElement>
}

const iconSizes = { small: 18, medium: 22, large: 26 } as const

const Root = styled.button`
  display: inline-flex;
  flex: none;
  align-items: center;
  justify-content: center;
  padding: 0;
  border: 0;
  border-radius: ${theme.radii.round};
  background: transparent;
  cursor: pointer;
  text-decoration: none;
  -webkit-tap-highlight-color: transparent;
  transition: background ${theme.transitions.fast};
  &[data-size='small'] {
    width: 32px;
    height: 32px;
  }
  &[data-size='medium'] {
    width: 40px;
    height: 40px;
  }
  &[data-size='large'] {
    width: 48px;
    height: 48px;
  }
  &[data-color='default'] {
    color: ${theme.colors.textMuted};
  }
  &[data-color='primary'] {
    color: ${theme.colors.primary};
  }
  &[data-color='danger'] {
    color: ${theme.colors.danger};
  }
  &[data-color='inherit'] {
    color: inherit;
  }
  &:hover:not(:disabled) {
    background: rgba(0, 0, 0, 0.06);
  }
  &:disabled {
    cursor: not-allowed;
    opacity: 0.5;
  }
`

/**
 * IconButton without a tooltip, in a module of its own: a screen whose icon buttons have no tooltip (Find, the
 * partner details) then does not load radix Tooltip and its positioning library (about 14 KB compressed).
 */
export function PlainIconButton({
  label,
  icon,
  size = 'medium',
  color = 'default',
  asChild = false,
  type = 'button',
  children,
  ...rest
}: PlainIconButtonProps) {
  const glyph = typeof icon === 'string' ? <Icon path={icon} size={iconSizes[size]} /> : icon
  return asChild ? (
    <Root as={Slot.Root} aria-label={label} data-size={size} data-color={color} {...rest}>
      {glyph}
      <Slot.Slottable>{children}</Slot.Slottable>
    </Root>
  ) : (
    <Root type={type} aria-label={label} data-size={size} data-color={color} {...rest}>
      {glyph}
    </Root>
  )
}
