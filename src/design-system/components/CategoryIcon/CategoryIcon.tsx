import { useEffect, useState } from 'react'
import { Icon, mdiShapeOutline } from '../../icons/index.ts'
import { cachedMdiIcon, loadMdiIcon } from './loadMdiIcon.ts'

export interface CategoryIconProps {
  /** A Material Design Icons name, e.g. 'silverware-fork-knife' (https://pictogrammers.com/library/mdi/). */
  name: string | null | undefined
  size?: number
  /** Accessible name; without it the icon is decorative. */
  title?: string
  className?: string
}

/**
 * A category's icon by its MDI name, loaded lazily. Shows a neutral shape icon while loading and for an
 * unknown name (data-icon-state tells which: loading, ready, fallback).
 */
export function CategoryIcon({ name, size = 20, title, className }: CategoryIconProps) {
  const [loaded, setLoaded] = useState<{ name: string; path: string | null } | null>(null)
  const key = name ?? ''
  const cached = key ? cachedMdiIcon(key) : null
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
  const path = cached !== undefined ? cached : loaded?.name === key ? loaded.path : undefined
  const state = path === undefined ? 'loading' : path === null ? 'fallback' : 'ready'
  return (
    <Icon
      path={path ?? mdiShapeOutline}
      size={size}
      title={title}
      className={className}
      data-icon-state={state}
      data-icon-name={key}
    />
  )
}
