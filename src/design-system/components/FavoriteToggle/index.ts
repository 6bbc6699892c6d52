export {
  ADD_FAVORITE_LABEL,
  FavoriteToggle,
  REMOVE_FAVORITE_LABEL,
  type FavoriteToggleProps,
} from './FavoriteToggle.tsx'
