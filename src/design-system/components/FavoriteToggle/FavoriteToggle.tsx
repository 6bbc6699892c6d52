import { PlainIconButton } from '../IconButton/PlainIconButton.tsx'
import { mdiHeart, mdiHeartOutline } from '@/src/design-system/icons/index.ts'

export const ADD_FAVORITE_LABEL = 'Ajouter aux favoris'
export const REMOVE_FAVORITE_LABEL = 'Retirer des favoris'

export interface FavoriteToggleProps {
  /** Le partenaire est dans les favoris de l’utilisateur (cœur plein). */
  pressed: boolean
  /** Appelée avec l’état demandé, l’inverse de `pressed`. */
  onToggle: (next: boolean) => void
  /** Taille : `medium` (listes) ou `large` (fiche, par défaut). */
  size?: 'medium' | 'large'
  /** Le cœur ne répond pas (tant que les favoris ne sont pas connus). */
  disabled?: boolean
}

/**
 * A heart that adds a partner to the favourites or takes it out: a toggle button whose aria-pressed tells the
 * state and whose name tells what a press does.
 */
export function FavoriteToggle({ pressed, onToggle, size = 'large', disabled }: FavoriteToggleProps) {
  return (
    <PlainIconButton
      label={pressed ? REMOVE_FAVORITE_LABEL : ADD_FAVORITE_LABEL}
      icon={pressed ? mdiHeart : mdiHeartOutline}
      aria-pressed={pressed}
      color={pressed ? 'danger' : 'default'}
      size={size}
      disabled={disabled}
      data-testid="favorite-toggle"
      onClick={() => onToggle(!pressed)}
    />
  )
}
