import { useEffect, useState } from 'react'
import { cachedMdiIcon, loadMdiIcon } from './loadMdiIcon.ts'

/**
 * The SVG path of an icon name typed in the back-office (its preview, a category not saved yet): undefined while
 * it loads, null for an unknown name. Saved categories carry their path (Category.iconPath): use that instead.
 */
export function useMdiIconPath(name: string | null | undefined): string | null | undefined {
  const key = name ?? ''
  const [loaded, setLoaded] = useState<{ name: string; path: string | null } | null>(null)
  useEffect(() => {
    if (!key || cachedMdiIcon(key) !== undefined) return
    let active = true
    void loadMdiIcon(key).then((path) => {
      if (active) setLoaded({ name: key, path })
    })
    return () => {
      active = false
    }
  }, [key])
  if (!key) return null
  const cached = cachedMdiIcon(key)
  if (cached !== undefined) return cached
  return loaded?.name === key ? loaded.path : undefined
}
