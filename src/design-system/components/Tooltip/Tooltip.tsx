import type { ReactNode } from 'react'
import { Tooltip as RadixTooltip } from 'radix-ui'
import styled from 'styled-components'
import { fadeIn } from '@/src/design-system/theme/mixins.ts'
import { theme } from '@/src/design-system/theme/theme.ts'

const Content = styled(RadixTooltip.Content)`
  z-index: ${theme.zIndices.tooltip};
  max-width: 280px;
  padding: 6px 10px;
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.inverseSurface};
  color: ${theme.colors.onDark};
  font-size: ${theme.fontSizes.xs};
  line-height: ${theme.lineHeights.normal};
  box-shadow: ${theme.shadows[2]};
  animation: ${fadeIn} ${theme.transitions.fast};
  white-space: pre-line;
`

export interface TooltipProps {
  /** Le texte de l’infobulle, quelques mots. */
  content: ReactNode
  /** L’élément qui déclenche l’infobulle : un seul élément qui peut recevoir le focus (bouton, lien…). */
  children: ReactNode
  /** Côté où l’infobulle apparaît : `bottom` (par défaut), `top`, `left` ou `right`. */
  side?: 'top' | 'right' | 'bottom' | 'left'
  /** Délai avant l’apparition au survol, en millisecondes (300 par défaut). */
  delayDuration?: number
}

/**
 * A radix tooltip on hover and keyboard focus. Carries its own provider, so it works anywhere; the text must
 * not be the trigger's only name (give the trigger an aria-label too, as IconButton does).
 */
export function Tooltip({ content, children, side = 'bottom', delayDuration = 300 }: TooltipProps) {
  return (
    <RadixTooltip.Provider delayDuration={delayDuration}>
      <RadixTooltip.Root>
        <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <Content side={side} sideOffset={6} collisionPadding={8}>
            {content}
          </Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  )
}
