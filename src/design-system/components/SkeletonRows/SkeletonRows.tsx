import styled, { keyframes } from 'styled-components'
import { theme } from '@/src/design-system/theme/theme.ts'

const pulse = keyframes`
  0% { opacity: 1; }
  50% { opacity: 0.45; }
  100% { opacity: 1; }
`

const List = styled.div`
  display: flex;
  flex-direction: column;
  gap: 12px;
  width: 100%;
  padding: 8px 0;
`

const Row = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  min-height: var(--skeleton-row-height);
`

const Block = styled.span`
  display: block;
  background: ${theme.colors.skeleton};
  border-radius: ${theme.radii.sm};
  animation: ${pulse} 1.5s ease-in-out infinite;
`

const Media = styled(Block)`
  width: var(--skeleton-row-height);
  height: var(--skeleton-row-height);
  flex: none;
  border-radius: ${theme.radii.md};
`

const Lines = styled.div`
  display: flex;
  flex: 1;
  flex-direction: column;
  gap: 8px;
  min-width: 0;
`

const Line = styled(Block)`
  height: 14px;
  width: 100%;
  &:nth-child(2) {
    width: 70%;
  }
  &:nth-child(3) {
    width: 45%;
  }
`

export interface SkeletonRowsProps {
  /** Nombre de lignes d’attente. */
  rows?: number
  /** Lignes de texte par ligne d’attente. */
  lines?: number
  /** Une vignette carrée à gauche de chaque ligne (comme les lignes de Rechercher). */
  withMedia?: boolean
  /** Hauteur d’une ligne en pixels. */
  rowHeight?: number
  /** Nom de la zone en chargement pour le lecteur d’écran, « Chargement » par défaut. */
  label?: string
  /** Classe CSS ajoutée à l’élément racine. */
  className?: string
}

/** Pulsing placeholder rows while a list or form loads; announced as 'Chargement'. */
export function SkeletonRows({
  rows = 3,
  lines = 2,
  withMedia = false,
  rowHeight = 48,
  label = 'Chargement',
  className,
}: SkeletonRowsProps) {
  return (
    <List
      role="status"
      aria-label={label}
      aria-busy="true"
      className={className}
      style={{ ['--skeleton-row-height' as string]: `${rowHeight}px` }}
    >
      {Array.from({ length: rows }, (_, row) => (
        <Row key={row} data-testid="skeleton-row" aria-hidden>
          {withMedia ? <Media /> : null}
          <Lines>
            {Array.from({ length: lines }, (_, line) => (
              <Line key={line} />
            ))}
          </Lines>
        </Row>
      ))}
    </List>
  )
}
