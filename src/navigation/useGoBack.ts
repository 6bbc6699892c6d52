import { useCallback } from 'react'
import { useLocation, useNavigate } from 'react-router'

/**
 * 'Retour' that never leaves the app: one step back when this tab came here through the app, else to `fallback`
 * (the home page). React Router keys the first location of a tab's history 'default' (opened from a link,
 * typed, bookmarked); every location the app navigated to has its own key, kept across reloads.
 */
export function useGoBack(fallback = '/'): () => void {
  const navigate = useNavigate()
  const { key } = useLocation()
  return useCallback(() => {
    if (key === 'default') void navigate(fallback, { replace: true })
    else void navigate(-1)
  }, [key, navigate, fallback])
}
