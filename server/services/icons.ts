import * as mdi from '@mdi/js'

const icons = mdi as unknown as Record<string, string>

/** 'silverware-fork-knife' → 'mdiSilverwareForkKnife' (the @mdi/js export of that icon). */
export function mdiExportName(name: string): string {
  return `mdi${name
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('')}`
}

const paths = new Map<string, string | null>()

/**
 * The SVG path (viewBox 24x24) of a Material Design Icons name, null for an unknown name. Remembered per name:
 * a search page asks for its categories' icons once per row, and the lookup in @mdi/js's namespace of 7,000
 * exports, with the name's conversion, cost more than the rest of building a row.
 */
export function mdiIconPath(name: string): string | null {
  let path = paths.get(name)
  if (path === undefined) {
    const found = icons[mdiExportName(name)]
    path = typeof found === 'string' ? found : null
    // Names come from the categories table: a handful, but bounded in case of many distinct unknown ones.
    if (paths.size < 10_000) paths.set(name, path)
  }
  return path
}
