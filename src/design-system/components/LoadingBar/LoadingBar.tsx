import styled, { keyframes } from 'styled-components'
import { theme } from '@/src/design-system/theme/theme.ts'

const slide = keyframes`
  0% { transform: translateX(-100%) scaleX(0.4); }
  50% { transform: translateX(30%) scaleX(0.6); }
  100% { transform: translateX(100%) scaleX(0.4); }
`

const Track = styled.div`
  position: relative;
  width: 100%;
  height: 4px;
  overflow: hidden;
  background: transparent;
  &[data-active='true'] {
    background: ${theme.colors.primaryLight};
  }
`

const Bar = styled.span`
  position: absolute;
  inset: 0;
  background: ${theme.colors.primary};
  transform-origin: left;
  animation: ${slide} 1.2s ease-in-out infinite;
  @media (prefers-reduced-motion: reduce) {
    animation: none;
    opacity: 0.6;
  }
`

export interface LoadingBarProps {
  /** Affiche la barre ; sinon sa place de 4 px reste, pour que la page ne saute pas. */
  active?: boolean
  /** Nom de la barre pour le lecteur d’écran, « Chargement » par défaut. */
  label?: string
  /** Classe CSS ajoutée à la barre. */
  className?: string
}

/** A thin indeterminate progress bar (role progressbar, 'Chargement'). */
export function LoadingBar({ active = true, label = 'Chargement', className }: LoadingBarProps) {
  return active ? (
    <Track role="progressbar" aria-label={label} data-active className={className}>
      <Bar />
    </Track>
  ) : (
    <Track aria-hidden className={className} />
  )
}
