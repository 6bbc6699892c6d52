import type { SVGProps } from 'react'

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'ref'> {
  /** An SVG path, e.g. `mdiMagnify` from the icons module. */
  path: string
  /** Size in px (or any CSS length); defaults to 24. */
  size?: number | string
  /** Accessible name; without it the icon is decorative and hidden from assistive technology. */
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
