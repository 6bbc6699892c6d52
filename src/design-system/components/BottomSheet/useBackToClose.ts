import { useCallback, useEffect, useRef } from 'react'

const KEY = '__bottomSheet'

function ownsTopEntry(token: string | null): boolean {
  return token !== null && (window.history.state as Record<string, unknown> | null)?.[KEY] === token
}

/**
 * While `open`, keeps one extra history entry (same URL, the router's state kept) so the browser's back action
 * closes the sheet instead of leaving the page. Returns `requestClose`: closing by any other means pops that
 * entry first, and `onClose` runs on the resulting popstate, so a caller navigating in `onClose` never
 * races the pop.
 */
export function useBackToClose(open: boolean, onClose: () => void): () => void {
  const tokenRef = useRef<string | null>(null)
  const pendingBack = useRef<number | null>(null)
  const onCloseRef = useRef(onClose)
  useEffect(() => {
    onCloseRef.current = onClose
  })

  useEffect(() => {
    if (!open) return
    if (pendingBack.current !== null) {
      // StrictMode re-ran the effect: keep the entry pushed by the first run.
      window.clearTimeout(pendingBack.current)
      pendingBack.current = null
    }
    if (!ownsTopEntry(tokenRef.current)) {
      const token = `${Date.now()}-${Math.random()}`
      tokenRef.current = token
      window.history.pushState({ ...(window.history.state as object | null), [KEY]: token }, '')
    }
    const onPopState = () => {
      if (ownsTopEntry(tokenRef.current)) return
      tokenRef.current = null
      onCloseRef.current()
    }
    window.addEventListener('popstate', onPopState)
    return () => {
      window.removeEventListener('popstate', onPopState)
      // Closed by the parent (or unmounted): drop our entry unless someone navigated on top of it.
      pendingBack.current = window.setTimeout(() => {
        pendingBack.current = null
        if (ownsTopEntry(tokenRef.current)) {
          tokenRef.current = null
          window.history.back()
        }
      }, 0)
    }
  }, [open])

  return useCallback(() => {
    if (ownsTopEntry(tokenRef.current)) window.history.back()
    else {
      tokenRef.current = null
      onCloseRef.current()
    }
  }, [])
}
