import { useCallback } from 'react'
import { useLocation, useNavigate } from 'react-router'

/**
 * Whether this tab reached the current page through the app, so one step back stays in it. The browser router
 * numbers the entries it makes in `history.state.idx`: 0 is the page the tab opened on (a link from elsewhere,
 * a typed address, a bookmark, a new tab), and a redirect's replace keeps it 0 (the sign-in that sends back to
 * the address asked for), where the location's key changes. A memory router (stories) writes no index; it keys
 * its first location 'default'.
 */
function cameThroughApp(key: string): boolean {
  const index = (window.history.state as { idx?: unknown } | null)?.idx
  return typeof index === 'number' ? index > 0 : key !== 'default'
}

/** 'Retour' that never leaves the app: one step back when the app brought the user here, else to `fallback`. */
export function useGoBack(fallback = '/'): () => void {
  const navigate = useNavigate()
  const { key } = useLocation()
  return useCallback(() => {
    if (cameThroughApp(key)) void navigate(-1)
    else void navigate(fallback, { replace: true })
  }, [key, navigate, fallback])
}
