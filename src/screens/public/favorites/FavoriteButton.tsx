import type { Partner, PartnerSearchResult } from '@/contract/schemas.ts'
import { useFavorites } from '@/src/api/favorites/getFavorites.ts'
import { useSetFavorite } from '@/src/api/favorites/setFavorite.ts'
import { FavoriteToggle } from '@/src/design-system/components/FavoriteToggle/index.ts'
import { useSession } from '@/src/session/index.ts'

/**
 * The heart of a partner for the signed-in user (details, Find rows, the map's sheet, /favoris): pressed when
 * the partner is in their list. Every heart reads the same cached list, so they all follow a change.
 */
export function FavoriteButton({
  partner,
  size,
}: {
  partner: Partner | PartnerSearchResult
  size?: 'medium' | 'large'
}) {
  const { user } = useSession()
  const userId = user?.userId.id ?? null
  const { data: favorites } = useFavorites(userId)
  const setFavorite = useSetFavorite(userId)
  if (userId === null) return null
  const pressed = favorites?.some((p) => p.partnerId.id === partner.partnerId.id) ?? false
  return (
    <FavoriteToggle
      pressed={pressed}
      size={size}
      // Until the list is known a press could not tell add from remove.
      disabled={favorites === undefined}
      onToggle={(next) => void setFavorite(partner, next)}
    />
  )
}
