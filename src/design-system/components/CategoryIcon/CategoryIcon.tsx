import { Icon, mdiShapeOutline } from '@/src/design-system/icons/index.ts'

export interface CategoryIconProps {
  /**
   * The icon's SVG path (viewBox 24x24), as the API sends it with each category (Category.iconPath); null for
   * an unknown icon name, undefined while a path is still being looked up.
   */
  path: string | null | undefined
  size?: number
  /** Accessible name; without it the icon is decorative. */
  title?: string
  className?: string
}

/**
 * A category's icon, drawn from the path it comes with (no request of its own). Shows a neutral shape icon
 * while a path is looked up and for an unknown name (data-icon-state tells which: loading, ready, fallback).
 */
export function CategoryIcon({ path, size = 20, title, className }: CategoryIconProps) {
  const state = path === undefined ? 'loading' : path === null ? 'fallback' : 'ready'
  return (
    <Icon
      path={path ?? mdiShapeOutline}
      size={size}
      title={title}
      className={className}
      data-icon-state={state}
    />
  )
}
