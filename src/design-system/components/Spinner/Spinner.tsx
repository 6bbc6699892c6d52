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
  /** Diameter in px. */
  size?: number
  /** Accessible name; without it the spinner is decorative (the caller announces the busy state). */
  label?: string
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
