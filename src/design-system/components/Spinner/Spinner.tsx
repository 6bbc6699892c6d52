import styled, { keyframes } from 'styled-components'

const spin = keyframes`
  to { transform: rotate(360deg); }
`

const Ring = styled.span<{ $size: number }>`
  display: inline-block;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border: 2px solid currentColor;
  border-right-color: transparent;
  border-radius: 50%;
  animation: ${spin} 0.8s linear infinite;
  flex: none;
`

export interface SpinnerProps {
  /** Diamètre en pixels (20 par défaut). */
  size?: number
  /**
   * Nom lu par le lecteur d’écran (par exemple « Chargement ») ; sans lui l’indicateur est décoratif et c’est
   * l’élément autour qui annonce l’attente.
   */
  label?: string
  /** Classe CSS ajoutée à l’indicateur. */
  className?: string
}

/** A small circular spinner in the current text colour. */
export function Spinner({ size = 20, label, className }: SpinnerProps) {
  return label ? (
    <Ring $size={size} role="status" aria-label={label} className={className} />
  ) : (
    <Ring $size={size} aria-hidden className={className} />
  )
}
