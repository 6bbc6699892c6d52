// The tooltip's module first, then the button's: styled-components orders their rules as they are created.
import { Tooltip } from '../Tooltip/index.ts'
import { PlainIconButton, type PlainIconButtonProps } from './PlainIconButton.tsx'

export interface IconButtonProps extends PlainIconButtonProps {
  /**
   * Nom du bouton pour le lecteur d’écran et texte de son infobulle, en français (par exemple « Déconnexion »).
   */
  label: string
  /** `false` retire l’infobulle (le nom reste). */
  tooltip?: boolean
  /** Côté où l’infobulle apparaît : `bottom` (par défaut), `top`, `left` ou `right`. */
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
