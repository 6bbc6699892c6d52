import { useLocation } from 'react-router'
import { useGoBack } from '@/src/navigation/index.ts'

/** The list a back-office page belongs to: its section's first segment (/bo/partenaires/edit/7 → /bo/partenaires). */
export const backofficeListPath = (pathname: string): string =>
  /^\/bo\/[^/]+/.exec(pathname)?.[0] ?? '/bo/gerer-accueil'

/**
 * The way back from a back-office page (a load failure, 'Annuler', a saved edit): one step back when the app
 * brought the user here, else the page's own list, for a consult or edit page opened from a bookmark, a typed
 * address or a new tab.
 */
export function useBackofficeGoBack(): () => void {
  const { pathname } = useLocation()
  return useGoBack(backofficeListPath(pathname))
}
