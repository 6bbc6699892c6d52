import type { ReactNode } from 'react'
import styled from 'styled-components'
import { theme } from '@/src/design-system/theme/theme.ts'

const Anchor = styled.span`
  position: relative;
  display: inline-flex;
`

const Root = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 20px;
  height: 20px;
  padding: 0 6px;
  border-radius: ${theme.radii.pill};
  font-size: ${theme.fontSizes.xs};
  font-weight: ${theme.fontWeights.bold};
  line-height: 1;
  white-space: nowrap;
  &[data-color='primary'] {
    background: ${theme.colors.primary};
    color: ${theme.colors.onPrimary};
  }
  &[data-color='success'] {
    background: ${theme.colors.success};
    color: ${theme.colors.onDark};
  }
  &[data-color='danger'] {
    background: ${theme.colors.danger};
    color: ${theme.colors.onDark};
  }
  &[data-color='warning'] {
    background: ${theme.colors.warningFill};
    color: ${theme.colors.text};
  }
  &[data-color='neutral'] {
    background: ${theme.colors.surfaceMuted};
    color: ${theme.colors.text};
  }
  ${Anchor} > & {
    position: absolute;
    top: 0;
    right: 0;
    transform: translate(40%, -40%);
    box-shadow: 0 0 0 2px ${theme.colors.surface};
  }
`

export interface BadgeProps {
  /** Le texte ou le nombre de la pastille. */
  content: ReactNode
  /**
   * Couleur : `primary` (bleu, par défaut), `success` (vert), `danger` (rouge), `warning` (orange) ou `neutral`
   * (gris).
   */
  color?: 'primary' | 'success' | 'danger' | 'warning' | 'neutral'
  /**
   * L’élément sur lequel la pastille se pose, dans son coin en haut à droite ; sans lui, la pastille est seule.
   */
  children?: ReactNode
  /**
   * Texte lu par le lecteur d’écran quand le contenu seul n’est pas clair (par exemple « 3 nouvelles offres »).
   */
  'aria-label'?: string
  /** Classe CSS ajoutée à l’élément racine. */
  className?: string
}

/** A small pill label (e.g. 'Publié'), alone or on the corner of another element. */
export function Badge({
  content,
  color = 'primary',
  children,
  'aria-label': ariaLabel,
  className,
}: BadgeProps) {
  const badge = (
    <Root
      data-color={color}
      className={className}
      {...(ariaLabel ? { role: 'img', 'aria-label': ariaLabel } : {})}
    >
      {content}
    </Root>
  )
  return children ? (
    <Anchor>
      {children}
      {badge}
    </Anchor>
  ) : (
    badge
  )
}
