import type { HTMLAttributes, ReactNode } from 'react'
import styled from 'styled-components'
import { theme } from '@/src/design-system/theme/theme.ts'

/** A fixed-ratio image area at the top of a card (e.g. the 400x550 article images). */
export const CardMedia = styled.img`
  display: block;
  width: 100%;
  height: auto;
  object-fit: cover;
  background: ${theme.colors.surfaceMuted};
`

export const CardRoot = styled.article`
  display: flex;
  flex-direction: column;
  min-width: 0;
  overflow: hidden;
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};
  box-shadow: ${theme.shadows[1]};
  color: ${theme.colors.text};
  /* Dimmed (drafts): a faded image and a muted surface; the text keeps a readable contrast. */
  &[data-dimmed='true'] {
    background: ${theme.colors.surfaceMuted};
  }
  &[data-dimmed='true'] ${CardMedia} {
    opacity: 0.45;
    filter: grayscale(1);
  }
  &[data-interactive='true'] {
    cursor: pointer;
    transition: box-shadow ${theme.transitions.fast};
  }
  &[data-interactive='true']:hover {
    box-shadow: ${theme.shadows[2]};
  }
`

export const CardContent = styled.div`
  display: flex;
  flex-direction: column;
  gap: 4px;
  padding: 16px;
  flex: 1;
`

export const CardTitle = styled.h3`
  margin: 0;
  font-size: ${theme.fontSizes.lg};
  font-weight: ${theme.fontWeights.bold};
  line-height: ${theme.lineHeights.tight};
  overflow-wrap: anywhere;
`

export const CardActions = styled.div`
  display: flex;
  align-items: center;
  justify-content: flex-end;
  gap: 4px;
  padding: 4px 8px 8px;
`

export interface CardProps extends HTMLAttributes<HTMLElement> {
  /** Le contenu : image, titre, texte, actions (CardMedia, CardContent, CardTitle, CardActions). */
  children: ReactNode
  /** Apparence estompée (par exemple un article non publié). */
  dimmed?: boolean
  /**
   * Apparence de carte cliquable (ombre au survol). Mettre le vrai lien ou bouton à l’intérieur, pour le
   * clavier.
   */
  interactive?: boolean
}

/** A surface with a slight elevation; compose with CardMedia, CardContent, CardTitle and CardActions. */
export function Card({ children, dimmed = false, interactive = false, ...rest }: CardProps) {
  return (
    <CardRoot data-dimmed={dimmed} data-interactive={interactive} {...rest}>
      {children}
    </CardRoot>
  )
}
