import type { IconPath } from '@/contract/schemas.ts'
import { isIconName, mdiExportName as exportNameOf } from '@/contract/icons.ts'
import { apiPaths } from '@/contract/paths.ts'

const resolved = new Map<string, string | null>()
const pending = new Map<string, Promise<string | null>>()

/** 'Silverware-Fork-Knife' or 'mdi-silverware-fork-knife' → 'silverware-fork-knife'; null when not a valid name. */
export function normalizeIconName(name: string): string | null {
  const normalized = name
    .trim()
    .toLowerCase()
    .replace(/^mdi[-:]/, '')
    .replace(/[_\s]+/g, '-')
  return isIconName(normalized) ? normalized : null
}

/** 'silverware-fork-knife' → 'mdiSilverwareForkKnife', the @mdi/js export name (shown in the icon dialog). */
export function mdiExportName(name: string): string {
  return exportNameOf(normalizeIconName(name) ?? '')
}

/** The icon's path if it is already loaded (undefined: not looked up yet; null: unknown name). */
export function cachedMdiIcon(name: string): string | null | undefined {
  const key = normalizeIconName(name)
  return key === null ? null : resolved.get(key)
}

/**
 * The SVG path of a Material Design Icons name, or null for an unknown name. Paths come one at a time from
 * GET /api/icons/{name} (HTTP-cached for a day): the whole set is ~3 MB and never reaches the browser.
 */
export function loadMdiIcon(name: string): Promise<string | null> {
  const key = normalizeIconName(name)
  if (key === null) return Promise.resolve(null)
  const known = resolved.get(key)
  if (known !== undefined) return Promise.resolve(known)
  let request = pending.get(key)
  if (!request) {
    request = fetch(apiPaths.icon(key), { headers: { Accept: 'application/json' } })
      .then(async (response) => {
        if (response.status === 404) return null
        if (!response.ok) throw new Error(`HTTP ${response.status}`)
        return ((await response.json()) as IconPath).path
      })
      .then((path) => {
        resolved.set(key, path)
        return path
      })
      .catch(() => null)
      .finally(() => pending.delete(key))
    pending.set(key, request)
  }
  return request
}
