import * as mdi from '@mdi/js'

const icons = mdi as unknown as Record<string, string>

/** 'silverware-fork-knife' → 'mdiSilverwareForkKnife' (the @mdi/js export of that icon). */
export function mdiExportName(name: string): string {
  return `mdi${name
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('')}`
}

/** The SVG path (viewBox 24x24) of a Material Design Icons name, null for an unknown name. */
export function mdiIconPath(name: string): string | null {
  const path = icons[mdiExportName(name)]
  return typeof path === 'string' ? path : null
}
