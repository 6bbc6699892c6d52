import { css, keyframes } from 'styled-components'
import type { Theme } from './theme.ts'
import { theme } from './theme.ts'

/** Overlays and tooltips fade in. */
export const fadeIn = keyframes`
  from { opacity: 0; }
  to { opacity: 1; }
`

/** The dimmed layer behind a modal (dialog, bottom sheet), at the modal's own layer. */
export const modalOverlay = (layer: keyof Theme['zIndices']) => css`
  position: fixed;
  inset: 0;
  z-index: ${theme.zIndices[layer]};
  background: ${theme.colors.overlay};
  animation: ${fadeIn} ${theme.transitions.normal};
`

/** A round button that holds one icon (close, clear, arrows); colours are the caller's. */
export const roundIconButton = (size: number) => css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: ${size}px;
  height: ${size}px;
  padding: 0;
  border: 0;
  border-radius: 50%;
  cursor: pointer;
`

/** A round icon button drawn only on hover, in the muted text colour (close a sheet, clear a field, show a password). */
export const quietIconButton = (size: number) => css`
  ${roundIconButton(size)}
  background: transparent;
  color: ${theme.colors.textMuted};
  &:hover {
    background: ${theme.colors.surfaceMuted};
  }
`

/** A bar that stays at the top of the page while it scrolls (page headers, 'Retour' bars). */
export const stickyTopBar = css`
  position: sticky;
  top: 0;
  z-index: ${theme.zIndices.appBar};
  display: flex;
  align-items: center;
`

/** A list without bullets or indentation (lists of chips, rows, cards). */
export const unstyledList = css`
  margin: 0;
  padding: 0;
  list-style: none;
`
