type MdiModule = Record<string, string>

let mdiModule: Promise<MdiModule> | null = null
const resolved = new Map<string, string | null>()

/** 'silverware-fork-knife' (or 'mdi-silverware-fork-knife') → 'mdiSilverwareForkKnife'. */
export function mdiExportName(name: string): string {
  const parts = name
    .trim()
    .toLowerCase()
    .replace(/^mdi[-:]/, '')
    .split(/[-_\s]+/)
    .filter(Boolean)
  return `mdi${parts.map((part) => part.charAt(0).toUpperCase() + part.slice(1)).join('')}`
}

/** The icon's path if it is already loaded (undefined: not looked up yet; null: unknown name). */
export function cachedMdiIcon(name: string): string | null | undefined {
  return resolved.get(name)
}

/**
 * The SVG path of a Material Design Icons name, or null for an unknown name. The whole set (~3 MB) is a
 * separate chunk fetched on first use, never part of the first load.
 */
export async function loadMdiIcon(name: string): Promise<string | null> {
  const cached = resolved.get(name)
  if (cached !== undefined) return cached
  mdiModule ??= import('@mdi/js') as unknown as Promise<MdiModule>
  try {
    const mdi = await mdiModule
    const path = mdi[mdiExportName(name)]
    const result = typeof path === 'string' ? path : null
    resolved.set(name, result)
    return result
  } catch {
    // A failed chunk download: allow a later retry, show the fallback meanwhile.
    mdiModule = null
    return null
  }
}
