import { Icon, mdiShapeOutline } from '@/src/design-system/icons/index.ts'

export interface CategoryIconProps {
  /**
   * Le tracé de l’icône (24 × 24) fourni avec la catégorie ; `null` pour un nom d’icône inconnu (icône de
   * repli), `undefined` tant qu’il est cherché.
   */
  path: string | null | undefined
  /** Taille en pixels (20 par défaut). */
  size?: number
  /** Nom lu par le lecteur d’écran ; sans lui, l’icône est décorative. */
  title?: string
  /** Classe CSS ajoutée à l’icône. */
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
