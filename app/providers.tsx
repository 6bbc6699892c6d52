import { useEffect, type ReactNode } from 'react'
import type { AuthUser } from '../contract/schemas.ts'
import { Outlet, useLocation, useNavigate } from 'react-router'
import { SWRConfig } from 'swr'
import { subscribeToApiErrors } from '../src/api/client.ts'
import { DesignSystemProvider } from '../src/design-system/theme/index.ts'
import { idleComponent } from '../src/design-system/lazy/idleComponent.ts'
import { UpdatePrompt } from '../src/design-system/components/UpdatePrompt/index.ts'
import { NotificationProvider, useNotification } from '../src/notifications/index.ts'
import { PageTitleAnnouncer } from '../src/pageTitle/index.ts'
import { SessionProvider, useSession } from '../src/session/index.ts'
import { useAppUpdate } from './serviceWorker.ts'

/** 'Nouvelle version disponible' once the service worker has a new release waiting (production builds). */
function AppUpdatePrompt() {
  const { available, updating, update } = useAppUpdate()
  return available ? <UpdatePrompt onUpdate={update} updating={updating} /> : null
}

/** Providers that need no router: theme, session, notifications, SWR; and the update prompt. */
export function AppProviders({
  children,
  initialUser,
}: {
  children: ReactNode
  initialUser?: AuthUser | null
}) {
  return (
    <DesignSystemProvider>
      <SessionProvider initialUser={initialUser}>
        <NotificationProvider>
          <SWRConfig value={{ revalidateOnFocus: false, shouldRetryOnError: false }}>{children}</SWRConfig>
        </NotificationProvider>
      </SessionProvider>
      <AppUpdatePrompt />
    </DesignSystemProvider>
  )
}

/**
 * Any failed call shows its message in the toast, unless the screen already shows it in place (one message, not
 * two); a 401 also ends the session and goes to Login (spec section 8). Lives inside the router: it navigates.
 */
function ApiErrorBridge() {
  const { notify } = useNotification()
  const { signOut, isAuthenticated } = useSession()
  const navigate = useNavigate()
  const { pathname, search, hash } = useLocation()
  useEffect(
    () =>
      subscribeToApiErrors((error) => {
        if (!error.shownByCaller) notify(error.message, 'error')
        if (error.status === 401 && isAuthenticated) {
          signOut()
          // As the guard does: signing in again leads back to the page the session ended on.
          navigate('/login', { replace: true, state: { from: `${pathname}${search}${hash}` } })
        }
      }),
    [notify, signOut, navigate, isAuthenticated, pathname, search, hash],
  )
  return null
}

/*
 * The toast's code (radix Toast and its layers) loads at the page's first press or once start-up is over
 * (idleComponent), or at the first notification if that comes sooner: no page shows one on its first render,
 * and every page's entry evaluated it before (bytes and start-up CPU on a phone). Loaded then rather than on
 * demand, so that a notification about a lost network does not need the network to be drawn, and its live
 * region is on the page before a message comes.
 */
const useNotificationToast = idleComponent(() =>
  import('../src/notifications/NotificationToast.tsx').then((module) => module.NotificationToast),
)

function GlobalToast() {
  const { notification } = useNotification()
  const [NotificationToast, load] = useNotificationToast()
  useEffect(() => {
    if (notification && !NotificationToast) load()
  }, [notification, NotificationToast, load])
  return NotificationToast ? <NotificationToast /> : null
}

/**
 * The root route's element: the error bridge, the global toast and the page-title announcer around every page.
 * Each screen sets its title (usePageTitle); the announcer reads the new one out after a route change.
 */
export function RootLayout() {
  return (
    <>
      <PageTitleAnnouncer />
      <ApiErrorBridge />
      <Outlet />
      <GlobalToast />
    </>
  )
}
