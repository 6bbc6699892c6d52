import type { SVGProps } from 'react'

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'ref'> {
  /** Le tracé de l’icône, par exemple `mdiMagnify` du module des icônes. */
  path: string
  /** Taille en pixels (ou toute longueur CSS) ; 24 par défaut. */
  size?: number | string
  /** Nom lu par le lecteur d’écran ; sans lui, l’icône est décorative et ignorée. */
  title?: string
}

/** A 24x24 Material Design icon drawn with the current text colour. */
export function Icon({ path, size = 24, title, ...rest }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="currentColor"
      focusable="false"
      {...(title ? { role: 'img', 'aria-label': title } : { 'aria-hidden': true })}
      {...rest}
    >
      {title ? <title>{title}</title> : null}
      <path d={path} />
    </svg>
  )
}
