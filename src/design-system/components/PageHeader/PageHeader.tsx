import type { ReactNode } from 'react'
import styled from 'styled-components'
import { stickyTopBar } from '@/src/design-system/theme/mixins.ts'
import { theme } from '@/src/design-system/theme/theme.ts'

const Root = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 16px;
  padding: 16px 0;
`

const Titles = styled.div`
  display: flex;
  flex: 1;
  flex-direction: column;
  /* Long actions go to the next line rather than squeeze the title to a letter per line (a phone). */
  min-width: min(100%, 10rem);
`

const Title = styled.h1`
  margin: 0;
  font-size: ${theme.fontSizes.xxl};
  font-weight: ${theme.fontWeights.bold};
  line-height: ${theme.lineHeights.tight};
  overflow-wrap: anywhere;
`

const Subtitle = styled.p`
  margin: 2px 0 0;
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.md};
`

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`

export interface PageHeaderProps {
  /** Le titre principal de la page (niveau 1), par exemple le nom du partenaire. */
  title: ReactNode
  /** Sous-titre, par exemple « Consultation ». */
  subtitle?: ReactNode
  /** Avant le titre, par exemple un bouton icône « Retour ». */
  leading?: ReactNode
  /** Après le titre, par exemple « Editer » ou « Nouveau ». */
  actions?: ReactNode
  /** Classe CSS ajoutée à l’en-tête. */
  className?: string
}

/** A page's title block with optional subtitle and actions (back-office pages). */
export function PageHeader({ title, subtitle, leading, actions, className }: PageHeaderProps) {
  return (
    <Root className={className}>
      {leading}
      <Titles>
        <Title>{title}</Title>
        {subtitle ? <Subtitle>{subtitle}</Subtitle> : null}
      </Titles>
      {actions ? <Actions>{actions}</Actions> : null}
    </Root>
  )
}

const Bar = styled.header`
  ${stickyTopBar}
  gap: 8px;
  min-height: 56px;
  padding: 4px 8px;
  background: ${theme.colors.primary};
  color: ${theme.colors.onPrimary};
  box-shadow: ${theme.shadows[1]};
  &[data-color='surface'] {
    background: ${theme.colors.surface};
    color: ${theme.colors.text};
  }
`

const BarTitle = styled.div`
  flex: 1;
  min-width: 0;
  padding: 0 8px;
  font-size: ${theme.fontSizes.lg};
  font-weight: ${theme.fontWeights.bold};
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`

export interface AppBarProps {
  /** Le titre de la barre. */
  title?: ReactNode
  /** À gauche du titre (par exemple un bouton menu ou retour de couleur `inherit`). */
  leading?: ReactNode
  /** À droite (par exemple des boutons icônes de couleur `inherit`). */
  actions?: ReactNode
  /** `primary` (bleu, par défaut) ou `surface` (blanc, par exemple l’en-tête de recherche). */
  color?: 'primary' | 'surface'
  /** Remplace le titre (par exemple un champ de recherche). */
  children?: ReactNode
  /** Classe CSS ajoutée à la barre. */
  className?: string
}

/** A sticky top bar. */
export function AppBar({ title, leading, actions, color = 'primary', children, className }: AppBarProps) {
  return (
    <Bar data-color={color} className={className}>
      {leading}
      {children ?? <BarTitle>{title}</BarTitle>}
      {actions}
    </Bar>
  )
}
