// The tooltip's module first, then the button's: the order styled-components numbers their components in.
import { Tooltip } from '../Tooltip/index.ts'
import { PlainIconButton, type PlainIconButtonProps } from './PlainIconButton.tsx'

export interface IconButtonProps extends PlainIconButtonProps {
  /** Accessible name and tooltip text, in French (e.g. 'Déconnexion'). */
  label: string
  /** Set false to drop the tooltip (the aria-label stays). */
  tooltip?: boolean
  tooltipSide?: 'top' | 'right' | 'bottom' | 'left'
}

/** A round icon-only button whose French label is both its accessible name and its tooltip. */
export function IconButton({ tooltip = true, tooltipSide = 'bottom', ...button }: IconButtonProps) {
  return tooltip ? (
    <Tooltip content={button.label} side={tooltipSide}>
      <PlainIconButton {...button} />
    </Tooltip>
  ) : (
    <PlainIconButton {...button} />
  )
}
