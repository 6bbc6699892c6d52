import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react'
import { Slot } from 'radix-ui'
import styled from 'styled-components'
import { Icon } from '@/src/design-system/icons/index.ts'

export interface PlainIconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  /** Accessible name, in French (e.g. 'Retour'). */
  label: string
  /** An MDI path (e.g. `mdiLogout`) or any node. */
  icon: string | ReactNode
  size?: 'small' | 'medium' | 'large'
  color?: 'default' | 'primary' | 'danger' | 'inherit'
  /** Renders the single child element (e.g. a router Link) instead of a button; the icon goes inside it. */
  asChild?: boolean
  children?: ReactNode
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
  border-radius: ${({ theme }) => theme.radii.round};
  background: transparent;
  cursor: pointer;
  text-decoration: none;
  -webkit-tap-highlight-color: transparent;
  transition: background ${({ theme }) => theme.transitions.fast};
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
    color: ${({ theme }) => theme.colors.textMuted};
  }
  &[data-color='primary'] {
    color: ${({ theme }) => theme.colors.primary};
  }
  &[data-color='danger'] {
    color: ${({ theme }) => theme.colors.danger};
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
