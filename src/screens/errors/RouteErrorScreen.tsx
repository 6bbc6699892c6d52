import { Link, useLocation, useNavigate, useNavigation, useRouteError } from 'react-router'
import { Button } from '@/src/design-system/index.ts'
import { Icon, mdiAlertCircle, mdiRefresh } from '@/src/design-system/icons/index.ts'
import { usePageTitle } from '@/src/pageTitle/index.ts'
import { isChunkLoadError } from './chunkLoadError.ts'
import { ErrorPage } from './ErrorPage.tsx'

export const PAGE_UNAVAILABLE_OFFLINE = {
  title: 'Page indisponible hors connexion',
  message: 'Vérifiez votre connexion puis réessayez.',
}

export const UNEXPECTED_ERROR = {
  title: 'Une erreur est survenue',
  message: "Cette page n'a pas pu s'afficher. Réessayez, ou revenez à l'accueil.",
}

export interface RouteErrorScreenProps {
  /** 'offline': the page's code could not be fetched; 'unexpected': anything else went wrong while rendering. */
  kind: 'offline' | 'unexpected'
  onRetry: () => void
  /** The retry is under way. */
  retrying?: boolean
}

/**
 * What a route shows instead of React Router's English default when it fails: its code could not be fetched
 * (the page opened offline before the app was kept on the device) or it failed to render. Drawn where the
 * screen would have been, so the tab bar or the back-office's menu stays around it.
 */
export function RouteErrorScreen({ kind, onRetry, retrying = false }: RouteErrorScreenProps) {
  const { title, message } = kind === 'offline' ? PAGE_UNAVAILABLE_OFFLINE : UNEXPECTED_ERROR
  usePageTitle(title)
  return (
    <ErrorPage
      icon={mdiAlertCircle}
      title={title}
      message={message}
      actions={
        <>
          <Button
            variant="contained"
            startIcon={<Icon path={mdiRefresh} size={20} />}
            loading={retrying}
            onClick={onRetry}
          >
            Réessayer
          </Button>
          {kind === 'unexpected' ? (
            <Button variant="text" asChild>
              <Link to="/">Retour à l'accueil</Link>
            </Button>
          ) : null}
        </>
      }
    />
  )
}

/**
 * A route's errorElement: the router's error as a French page. 'Réessayer' runs the same navigation again,
 * which fetches a page's code anew (the router forgets a failed lazy route); after a render error the page is
 * loaded afresh instead, as its code is there and only a new start can help.
 */
export function RouteErrorBoundary() {
  const error = useRouteError()
  const navigate = useNavigate()
  const location = useLocation()
  const navigation = useNavigation()
  const offline = isChunkLoadError(error)
  const retry = () => {
    if (offline) void navigate(location, { replace: true, state: location.state })
    else window.location.reload()
  }
  return (
    <RouteErrorScreen
      kind={offline ? 'offline' : 'unexpected'}
      onRetry={retry}
      retrying={navigation.state !== 'idle'}
    />
  )
}
